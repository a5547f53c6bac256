import type { HelpSeed } from './types.ts';

/** Help centre: Profiles and kids. */
export const PROFILES: readonly HelpSeed[] = [
  {
    slug: 'profiles',
    question: {
      en: 'How many profiles can I have?',
      fr: 'Combien de profils puis-je avoir ?',
      ar: 'كم عدد الملفات الشخصية المسموح بها؟',
      es: '¿Cuántos perfiles puedo tener?',
    },
    answer: {
      en: 'An account can have up to 5 profiles, each with its own name, picture, My List, likes, history and age limit. Manage them at /profiles. Extra profiles come with a Premium subscription: without one, only your first profile is shown. The others are hidden, never deleted, and come back when you subscribe again.',
      fr: 'Un compte peut avoir jusqu’à 5 profils, chacun avec son nom, son image, Ma liste, ses j’aime, son historique et sa limite d’âge. Gérez-les sur /profiles. Les profils supplémentaires viennent avec l’abonnement Premium : sans abonnement, seul votre premier profil s’affiche. Les autres sont masqués, jamais supprimés, et reviennent quand vous vous réabonnez.',
      ar: 'يمكن أن يضم الحساب حتى 5 ملفات شخصية، لكل منها اسمه وصورته وقائمته وإعجاباته وسجله وحدّه العمري. أدِرها من /profiles. تأتي الملفات الإضافية مع اشتراك بريميوم: بدون اشتراك يظهر ملفك الأول فقط، أما الملفات الأخرى فتُخفى ولا تُحذف أبداً، وتعود عندما تشترك من جديد.',
      es: 'Una cuenta puede tener hasta 5 perfiles, cada uno con su nombre, su imagen, Mi lista, sus me gusta, su historial y su límite de edad. Gestiónalos en /profiles. Los perfiles adicionales vienen con la suscripción Premium: sin ella, solo se ve tu primer perfil. Los demás se ocultan, nunca se borran, y vuelven cuando te suscribes de nuevo.',
    },
    keywords: { en: 'add profile family members who is watching', fr: 'ajouter un profil famille', ar: 'إضافة ملف العائلة من يشاهد بروفايل', es: 'añadir perfil familia' },
  },
  {
    slug: 'lock-a-profile-with-a-pin',
    question: {
      en: 'How do I lock a profile with a PIN?',
      fr: 'Comment verrouiller un profil avec un code PIN ?',
      ar: 'كيف أقفل ملفاً شخصياً برمز PIN؟',
      es: '¿Cómo bloqueo un perfil con un PIN?',
    },
    answer: {
      en: 'Open /settings/lock, choose the profile, type a 4-digit PIN and confirm with your account password. From then on, anyone who picks that profile in "Who is watching?" must type its PIN. After 5 wrong PINs, tries are paused for 15 minutes. To remove the PIN, go back to the same page; the password is asked again.',
      fr: 'Ouvrez /settings/lock, choisissez le profil, saisissez un code PIN à 4 chiffres et confirmez avec le mot de passe du compte. Dès lors, quiconque choisit ce profil dans « Qui regarde ? » doit saisir son PIN. Après 5 codes erronés, les essais sont suspendus 15 minutes. Pour retirer le PIN, revenez sur la même page ; le mot de passe est demandé à nouveau.',
      ar: 'افتح /settings/lock واختر الملف الشخصي وأدخل رمز PIN من 4 أرقام ثم أكّد بكلمة مرور الحساب. من الآن فصاعداً، على كل من يختار هذا الملف في صفحة «من يشاهد؟» إدخال الرمز. بعد 5 محاولات خاطئة تتوقف المحاولات لمدة 15 دقيقة. لإزالة الرمز عد إلى الصفحة نفسها، وستُطلب كلمة المرور مرة أخرى.',
      es: 'Abre /settings/lock, elige el perfil, escribe un PIN de 4 cifras y confirma con la contraseña de la cuenta. A partir de entonces, quien elija ese perfil en «¿Quién está viendo?» tendrá que escribir su PIN. Tras 5 PIN erróneos, los intentos se pausan 15 minutos. Para quitar el PIN, vuelve a la misma página; se vuelve a pedir la contraseña.',
    },
    keywords: { en: 'pin code lock protect profile', fr: 'code pin verrou protéger', ar: 'رمز سري قفل حماية الملف', es: 'código pin candado proteger' },
  },
  {
    slug: 'kids-profiles',
    question: {
      en: 'How do kids profiles work?',
      fr: 'Comment fonctionnent les profils enfants ?',
      ar: 'كيف تعمل ملفات الأطفال؟',
      es: '¿Cómo funcionan los perfiles infantiles?',
    },
    answer: {
      en: 'When you add a profile at /profiles, tick "Kids profile" and choose an age limit of 12 or under (12 by default). A kids profile only sees titles, channels and programmes rated for its age, everywhere: home, categories, search and live TV. It cannot manage profiles or open the account settings, so to leave it, switch to another profile. The first profile of an account cannot be a kids profile; lock the adult profiles with a PIN so children cannot switch to them.',
      fr: 'Quand vous ajoutez un profil sur /profiles, cochez « Profil enfant » et choisissez une limite d’âge de 12 ans ou moins (12 par défaut). Un profil enfant ne voit que les titres, chaînes et programmes adaptés à son âge, partout : accueil, catégories, recherche et TV en direct. Il ne peut ni gérer les profils ni ouvrir les réglages du compte : pour en sortir, passez à un autre profil. Le premier profil d’un compte ne peut pas être un profil enfant ; verrouillez les profils adultes avec un PIN pour que les enfants ne puissent pas y passer.',
      ar: 'عند إضافة ملف من /profiles ضع علامة على «ملف طفل» واختر حداً عمرياً من 12 سنة أو أقل (12 افتراضياً). لا يرى ملف الطفل إلا العناوين والقنوات والبرامج المناسبة لسنّه في كل مكان: الرئيسية والفئات والبحث والبث المباشر. ولا يمكنه إدارة الملفات ولا فتح إعدادات الحساب، فللخروج منه انتقل إلى ملف آخر. لا يمكن أن يكون الملف الأول في الحساب ملف طفل، واقفل ملفات الكبار برمز PIN حتى لا ينتقل إليها الأطفال.',
      es: 'Al añadir un perfil en /profiles, marca «Perfil infantil» y elige un límite de edad de 12 años o menos (12 por defecto). Un perfil infantil solo ve los títulos, canales y programas aptos para su edad, en todas partes: inicio, categorías, búsqueda y TV en directo. No puede gestionar perfiles ni abrir los ajustes de la cuenta: para salir, cambia a otro perfil. El primer perfil de una cuenta no puede ser infantil; bloquea los perfiles adultos con un PIN para que los niños no puedan entrar en ellos.',
    },
    keywords: { en: 'children child age limit', fr: 'enfant jeunesse âge', ar: 'أطفال طفل العمر صغار', es: 'niños infantil edad' },
  },
  {
    slug: 'parental-control',
    question: {
      en: 'How do I set an age limit on a profile?',
      fr: 'Comment fixer une limite d’âge sur un profil ?',
      ar: 'كيف أضع حداً عمرياً لملف شخصي؟',
      es: '¿Cómo pongo un límite de edad a un perfil?',
    },
    answer: {
      en: 'Parental control is at /settings/restrictions: choose the profile, pick an age limit or "All public", and confirm with the account password. Titles rated above the limit disappear from that profile, including from My List, search and recommendations, and their pages say "content not available". Titles without a rating stay visible.',
      fr: 'Le contrôle parental se trouve sur /settings/restrictions : choisissez le profil, une limite d’âge ou « Tout public », et confirmez avec le mot de passe du compte. Les titres classés au-dessus de la limite disparaissent de ce profil, y compris de Ma liste, de la recherche et des recommandations, et leur page indique « contenu non disponible ». Les titres sans classification restent visibles.',
      ar: 'الرقابة الأبوية في /settings/restrictions: اختر الملف الشخصي ثم حداً عمرياً أو «لكل الجمهور»، وأكّد بكلمة مرور الحساب. تختفي العناوين المصنفة فوق هذا الحد من ذلك الملف، بما فيها قائمتي والبحث والاقتراحات، وتعرض صفحاتها عبارة «المحتوى غير متاح». أما العناوين غير المصنفة فتبقى ظاهرة.',
      es: 'El control parental está en /settings/restrictions: elige el perfil, un límite de edad o «Todos los públicos» y confirma con la contraseña de la cuenta. Los títulos clasificados por encima del límite desaparecen de ese perfil, también de Mi lista, de la búsqueda y de las recomendaciones, y su página indica «contenido no disponible». Los títulos sin clasificación siguen visibles.',
    },
    keywords: { en: 'parental control restriction rating', fr: 'contrôle parental restriction', ar: 'رقابة أبوية تقييد التصنيف العمري', es: 'control parental restricción' },
  },
  {
    slug: 'my-list-and-likes',
    question: {
      en: 'How do My List and likes work?',
      fr: 'Comment fonctionnent Ma liste et les j’aime ?',
      ar: 'كيف تعمل «قائمتي» والإعجابات؟',
      es: '¿Cómo funcionan Mi lista y los me gusta?',
    },
    answer: {
      en: 'Use the + button on a title to add it to My List, and the heart to like it; press again to remove. Both belong to the profile watching, so each member of the family keeps their own. Find your list at /favs. Without an account, up to 20 titles are kept in this browser, and they are added to your profile when you log in or sign up.',
      fr: 'Utilisez le bouton + d’un titre pour l’ajouter à Ma liste, et le cœur pour l’aimer ; appuyez de nouveau pour retirer. Les deux appartiennent au profil qui regarde : chaque membre de la famille garde les siens. Retrouvez votre liste sur /favs. Sans compte, jusqu’à 20 titres sont gardés dans ce navigateur et ajoutés à votre profil quand vous vous connectez ou vous inscrivez.',
      ar: 'استعمل زر + على أي عنوان لإضافته إلى «قائمتي»، والقلب للإعجاب به، واضغط مرة أخرى للإزالة. كلاهما خاص بالملف الذي يشاهد، فيحتفظ كل فرد من العائلة بقائمته. تجد قائمتك في /favs. وبدون حساب يُحفظ حتى 20 عنواناً في هذا المتصفح، وتُضاف إلى ملفك عند تسجيل الدخول أو إنشاء حساب.',
      es: 'Usa el botón + de un título para añadirlo a Mi lista y el corazón para darle me gusta; pulsa otra vez para quitarlo. Ambos pertenecen al perfil que está viendo, así que cada miembro de la familia tiene los suyos. Encuentra tu lista en /favs. Sin cuenta, se guardan hasta 20 títulos en este navegador, que se añaden a tu perfil al iniciar sesión o registrarte.',
    },
    keywords: { en: 'favourites favorites watchlist like', fr: 'favoris liste aimer', ar: 'المفضلة قائمة المشاهدة أعجبني', es: 'favoritos lista me gusta' },
  },
  {
    slug: 'history-and-continue-watching',
    question: {
      en: 'How do history and Continue watching work?',
      fr: 'Comment fonctionnent l’historique et « Reprendre la lecture » ?',
      ar: 'كيف يعمل سجل المشاهدة و«متابعة المشاهدة»؟',
      es: '¿Cómo funcionan el historial y «Seguir viendo»?',
    },
    answer: {
      en: 'Where you stop a film or an episode is saved for the profile watching, on any device. The home page shows the titles you started in "Continue watching", and they resume where you left off; a title watched to 95 % counts as finished. On your account page (/profile) you can hide your viewing history from the home page, or erase the history of the current profile; the other profiles keep theirs.',
      fr: 'L’endroit où vous arrêtez un film ou un épisode est enregistré pour le profil qui regarde, sur tous vos appareils. L’accueil montre les titres commencés dans « Reprendre la lecture », et ils reprennent là où vous vous étiez arrêté ; un titre regardé à 95 % compte comme terminé. Sur la page de votre compte (/profile), vous pouvez masquer l’historique de l’accueil ou effacer l’historique du profil actuel ; les autres profils gardent le leur.',
      ar: 'يُحفظ الموضع الذي توقفت عنده في فيلم أو حلقة للملف الذي يشاهد، وعلى أي جهاز. تعرض الصفحة الرئيسية العناوين التي بدأتها في «متابعة المشاهدة»، فتستأنف من حيث توقفت، ويُعد العنوان منتهياً عند مشاهدة 95 % منه. ومن صفحة حسابك (/profile) يمكنك إخفاء سجل المشاهدة من الصفحة الرئيسية أو مسح سجل الملف الحالي، بينما تحتفظ الملفات الأخرى بسجلاتها.',
      es: 'El punto en que paras una película o un episodio se guarda para el perfil que está viendo, en cualquier dispositivo. El inicio muestra los títulos empezados en «Seguir viendo», que se reanudan donde lo dejaste; un título visto al 95 % cuenta como terminado. En la página de tu cuenta (/profile) puedes ocultar el historial del inicio o borrar el historial del perfil actual; los demás perfiles conservan el suyo.',
    },
    keywords: { en: 'resume recently watched erase history', fr: 'reprendre historique effacer déjà vu', ar: 'استئناف المشاهدة سجل مسح شاهدت مؤخراً', es: 'reanudar historial borrar visto recientemente' },
  },
];
