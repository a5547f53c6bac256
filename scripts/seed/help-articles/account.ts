import type { HelpSeed } from './types.ts';

/** Help centre: Account. */
export const ACCOUNT: readonly HelpSeed[] = [
  {
    slug: 'create-an-account',
    question: {
      en: 'How do I create an account?',
      fr: 'Comment créer un compte ?',
      ar: 'كيف أنشئ حساباً؟',
      es: '¿Cómo creo una cuenta?',
    },
    answer: {
      en: 'Go to /register and sign up with your email address or your mobile number (type a Moroccan number without its leading zero). Choose a password of at least 8 characters with an uppercase letter, a lowercase letter and a digit, and accept the terms of use. We send a 6-digit confirmation code by email or SMS: type it within 10 minutes to confirm your account. You are then signed in and can create your profiles.',
      fr: 'Rendez-vous sur /register et inscrivez-vous avec votre adresse e-mail ou votre numéro de mobile (un numéro marocain s’écrit sans le zéro initial). Choisissez un mot de passe d’au moins 8 caractères avec une majuscule, une minuscule et un chiffre, puis acceptez les conditions d’utilisation. Nous envoyons un code de confirmation à 6 chiffres par e-mail ou par SMS : saisissez-le dans les 10 minutes pour confirmer votre compte. Vous êtes alors connecté et pouvez créer vos profils.',
      ar: 'افتح الصفحة /register وسجّل ببريدك الإلكتروني أو برقم هاتفك المحمول (يُكتب الرقم المغربي بدون الصفر الأول). اختر كلمة مرور من 8 أحرف على الأقل فيها حرف كبير وحرف صغير ورقم، ثم وافق على شروط الاستخدام. نرسل إليك رمز تأكيد من 6 أرقام عبر البريد الإلكتروني أو رسالة نصية: أدخله خلال 10 دقائق لتأكيد حسابك. بعد ذلك يتم تسجيل دخولك ويمكنك إنشاء ملفاتك الشخصية.',
      es: 'Ve a /register y regístrate con tu correo electrónico o tu número de móvil (un número marroquí se escribe sin el cero inicial). Elige una contraseña de al menos 8 caracteres con una mayúscula, una minúscula y una cifra, y acepta las condiciones de uso. Te enviamos un código de confirmación de 6 cifras por correo o por SMS: escríbelo antes de 10 minutos para confirmar tu cuenta. Después ya tienes la sesión iniciada y puedes crear tus perfiles.',
    },
    keywords: { en: 'sign up register confirmation code verification', fr: 'inscription s’inscrire code de vérification', ar: 'تسجيل اشتراك رمز التحقق حساب جديد', es: 'registrarse alta código de verificación' },
  },
  {
    slug: 'forgot-password',
    question: {
      en: 'I forgot my password',
      fr: 'J’ai oublié mon mot de passe',
      ar: 'نسيت كلمة السر',
      es: 'He olvidado mi contraseña',
    },
    answer: {
      en: 'On the login page, choose "Forgot password?" (/forgot). With your email address, we send you a reset link: open it within one hour and choose a new password. With your mobile number, we send a 6-digit code by SMS, valid 10 minutes; at most 3 SMS a day can be sent to a number. When the password is changed, every device signed in to your account is signed out.',
      fr: 'Sur la page de connexion, choisissez « Mot de passe oublié ? » (/forgot). Avec votre adresse e-mail, nous vous envoyons un lien de réinitialisation : ouvrez-le dans l’heure et choisissez un nouveau mot de passe. Avec votre numéro de mobile, nous envoyons un code à 6 chiffres par SMS, valable 10 minutes ; 3 SMS au plus par jour peuvent être envoyés à un numéro. Une fois le mot de passe changé, tous les appareils connectés à votre compte sont déconnectés.',
      ar: 'في صفحة تسجيل الدخول اختر «نسيت كلمة السر؟» (/forgot). إذا أدخلت بريدك الإلكتروني نرسل إليك رابطاً لإعادة تعيين كلمة المرور: افتحه خلال ساعة واحدة واختر كلمة مرور جديدة. وإذا أدخلت رقم هاتفك نرسل رمزاً من 6 أرقام في رسالة نصية صالحاً لمدة 10 دقائق، ولا يمكن إرسال أكثر من 3 رسائل في اليوم إلى الرقم نفسه. بعد تغيير كلمة المرور يتم تسجيل الخروج من كل الأجهزة المتصلة بحسابك.',
      es: 'En la página de inicio de sesión, elige «¿Has olvidado la contraseña?» (/forgot). Con tu correo electrónico te enviamos un enlace de restablecimiento: ábrelo antes de una hora y elige una contraseña nueva. Con tu número de móvil te enviamos un código de 6 cifras por SMS, válido 10 minutos; se pueden enviar como mucho 3 SMS al día a un número. Al cambiar la contraseña se cierra la sesión en todos los dispositivos conectados a tu cuenta.',
    },
    keywords: {
      en: 'reset password lost password cannot log in',
      fr: 'mdp oublié réinitialiser mot de passe perdu connexion impossible',
      ar: 'كلمة المرور نسيت كلمة المرور استرجاع كلمة السر إعادة تعيين لا أستطيع الدخول',
      es: 'restablecer contraseña clave olvidada no puedo entrar',
    },
  },
  {
    slug: 'change-password',
    question: {
      en: 'How do I change my password?',
      fr: 'Comment changer mon mot de passe ?',
      ar: 'كيف أغيّر كلمة المرور؟',
      es: '¿Cómo cambio mi contraseña?',
    },
    answer: {
      en: 'Open /settings/editLogin, type your current password, then the new one twice. The new password must differ from the old one and have at least 8 characters with an uppercase letter, a lowercase letter and a digit. Your other devices are signed out at once; the one you are using stays signed in.',
      fr: 'Ouvrez /settings/editLogin, saisissez votre mot de passe actuel puis deux fois le nouveau. Le nouveau mot de passe doit être différent de l’ancien et compter au moins 8 caractères avec une majuscule, une minuscule et un chiffre. Vos autres appareils sont déconnectés aussitôt ; celui que vous utilisez reste connecté.',
      ar: 'افتح /settings/editLogin وأدخل كلمة المرور الحالية ثم كلمة المرور الجديدة مرتين. يجب أن تختلف الجديدة عن القديمة وأن تتكون من 8 أحرف على الأقل فيها حرف كبير وحرف صغير ورقم. يتم تسجيل الخروج من أجهزتك الأخرى فوراً، ويبقى الجهاز الذي تستعمله متصلاً.',
      es: 'Abre /settings/editLogin, escribe tu contraseña actual y luego dos veces la nueva. La nueva debe ser distinta de la anterior y tener al menos 8 caracteres con una mayúscula, una minúscula y una cifra. Tus otros dispositivos cierran sesión en el acto; el que estás usando sigue conectado.',
    },
    keywords: { fr: 'mdp modifier', ar: 'كلمة السر تعديل كلمة المرور', es: 'clave modificar' },
  },
  {
    slug: 'change-email-or-phone',
    question: {
      en: 'How do I change my email address or phone number?',
      fr: 'Comment changer mon adresse e-mail ou mon numéro de téléphone ?',
      ar: 'كيف أغيّر بريدي الإلكتروني أو رقم هاتفي؟',
      es: '¿Cómo cambio mi correo electrónico o mi número de teléfono?',
    },
    answer: {
      en: 'Open /settings/editLogin. To change your email address, type the new one and confirm with your current password. To change your phone number, type it without the leading zero: we send a code by SMS to the new number, and you type it to confirm. Only Moroccan numbers can be verified by SMS; with a number from another country, keep a verified email address on your account.',
      fr: 'Ouvrez /settings/editLogin. Pour changer d’adresse e-mail, saisissez la nouvelle et confirmez avec votre mot de passe actuel. Pour changer de numéro, saisissez-le sans le zéro initial : nous envoyons un code par SMS au nouveau numéro, que vous saisissez pour confirmer. Seuls les numéros marocains peuvent être vérifiés par SMS ; avec un numéro d’un autre pays, gardez une adresse e-mail vérifiée sur votre compte.',
      ar: 'افتح /settings/editLogin. لتغيير بريدك الإلكتروني أدخل العنوان الجديد وأكّد بكلمة المرور الحالية. ولتغيير رقم الهاتف أدخله بدون الصفر الأول: نرسل رمزاً في رسالة نصية إلى الرقم الجديد فتُدخله للتأكيد. لا يمكن التحقق عبر الرسائل النصية إلا من الأرقام المغربية، فإذا كان رقمك من بلد آخر فاحتفظ ببريد إلكتروني مؤكَّد في حسابك.',
      es: 'Abre /settings/editLogin. Para cambiar el correo, escribe el nuevo y confirma con tu contraseña actual. Para cambiar el número, escríbelo sin el cero inicial: enviamos un código por SMS al número nuevo y lo escribes para confirmar. Solo los números marroquíes se pueden verificar por SMS; con un número de otro país, mantén un correo verificado en tu cuenta.',
    },
    keywords: { en: 'update email mobile number', fr: 'modifier courriel mail portable', ar: 'تعديل الإيميل البريد رقم الجوال', es: 'modificar email móvil' },
  },
  {
    slug: 'delete-account',
    question: {
      en: 'How do I delete my account?',
      fr: 'Comment supprimer mon compte ?',
      ar: 'كيف أحذف حسابي؟',
      es: '¿Cómo elimino mi cuenta?',
    },
    answer: {
      en: 'On your account page (/profile), choose "Delete my account" and confirm with your password. All your profiles, My List and watch history are erased and you are signed out everywhere. Download your data first if you want to keep a copy. If you have a subscription, cancel it before deleting the account.',
      fr: 'Sur la page de votre compte (/profile), choisissez « Supprimer mon compte » et confirmez avec votre mot de passe. Tous vos profils, Ma liste et votre historique sont effacés et vous êtes déconnecté partout. Téléchargez d’abord vos données si vous voulez en garder une copie. Si vous avez un abonnement, résiliez-le avant de supprimer le compte.',
      ar: 'من صفحة حسابك (/profile) اختر «حذف حسابي» وأكّد بكلمة المرور. تُمحى كل ملفاتك الشخصية وقائمتي وسجل المشاهدة، ويتم تسجيل خروجك من كل الأجهزة. نزّل بياناتك أولاً إن أردت الاحتفاظ بنسخة منها. وإذا كان لديك اشتراك فألغه قبل حذف الحساب.',
      es: 'En la página de tu cuenta (/profile), elige «Eliminar mi cuenta» y confirma con tu contraseña. Se borran todos tus perfiles, Mi lista y el historial, y se cierra tu sesión en todas partes. Descarga antes tus datos si quieres conservar una copia. Si tienes una suscripción, cancélala antes de eliminar la cuenta.',
    },
    keywords: { en: 'close account remove', fr: 'fermer compte désinscription', ar: 'إغلاق الحساب إلغاء الحساب مسح', es: 'cerrar cuenta borrar darse de baja' },
  },
  {
    slug: 'download-my-data',
    question: {
      en: 'How do I download my data?',
      fr: 'Comment télécharger mes données ?',
      ar: 'كيف أنزّل بياناتي؟',
      es: '¿Cómo descargo mis datos?',
    },
    answer: {
      en: 'On your account page (/profile), in "Your data", choose "Download my data (CSV)". You get a CSV file of your activity: My List, likes and watch history of your profiles, with their dates. Your invoices are downloaded one by one from /settings/billingActivity.',
      fr: 'Sur la page de votre compte (/profile), dans « Vos données », choisissez « Télécharger mes données (CSV) ». Vous obtenez un fichier CSV de votre activité : Ma liste, les j’aime et l’historique de vos profils, avec leurs dates. Vos factures se téléchargent une à une depuis /settings/billingActivity.',
      ar: 'من صفحة حسابك (/profile)، في قسم «بياناتك»، اختر «تنزيل بياناتي (CSV)». تحصل على ملف CSV بنشاطك: قائمتي والإعجابات وسجل المشاهدة لملفاتك الشخصية مع تواريخها. أما الفواتير فتُنزَّل واحدة واحدة من /settings/billingActivity.',
      es: 'En la página de tu cuenta (/profile), en «Tus datos», elige «Descargar mis datos (CSV)». Obtienes un archivo CSV con tu actividad: Mi lista, los me gusta y el historial de tus perfiles, con sus fechas. Las facturas se descargan una a una desde /settings/billingActivity.',
    },
    keywords: { en: 'export personal data privacy gdpr', fr: 'exporter données personnelles rgpd', ar: 'تصدير البيانات الشخصية الخصوصية', es: 'exportar datos personales privacidad' },
  },
  {
    slug: 'change-language',
    question: {
      en: 'How do I change the language?',
      fr: 'Comment changer de langue ?',
      ar: 'كيف أغيّر اللغة؟',
      es: '¿Cómo cambio el idioma?',
    },
    answer: {
      en: 'Use the language menu in the top bar: Arabic, French, English or Spanish. The whole site switches at once, Arabic reads right to left, and titles show their name in that language when they have one. When you are signed in, your choice is saved to your account and is also used for our emails and notifications.',
      fr: 'Utilisez le menu des langues dans la barre du haut : arabe, français, anglais ou espagnol. Tout le site change aussitôt, l’arabe se lit de droite à gauche et les titres s’affichent dans cette langue quand ils ont un nom traduit. Lorsque vous êtes connecté, votre choix est enregistré sur votre compte et sert aussi pour nos e-mails et nos notifications.',
      ar: 'استعمل قائمة اللغات في الشريط العلوي: العربية أو الفرنسية أو الإنجليزية أو الإسبانية. يتغير الموقع كله فوراً، وتُقرأ العربية من اليمين إلى اليسار، وتظهر العناوين بتلك اللغة إن توفرت ترجمتها. وعندما تكون مسجّل الدخول يُحفظ اختيارك في حسابك ويُستعمل أيضاً في رسائلنا الإلكترونية وإشعاراتنا.',
      es: 'Usa el menú de idiomas de la barra superior: árabe, francés, inglés o español. Todo el sitio cambia en el acto, el árabe se lee de derecha a izquierda y los títulos aparecen en ese idioma cuando tienen nombre traducido. Si has iniciado sesión, tu elección se guarda en tu cuenta y se usa también en nuestros correos y notificaciones.',
    },
    keywords: { en: 'arabic french english spanish', fr: 'langue arabe anglais espagnol', ar: 'لغة العربية الفرنسية الإنجليزية', es: 'idioma árabe francés inglés' },
  },
  {
    slug: 'notifications-and-web-push',
    question: {
      en: 'How do notifications work?',
      fr: 'Comment fonctionnent les notifications ?',
      ar: 'كيف تعمل الإشعارات؟',
      es: '¿Cómo funcionan las notificaciones?',
    },
    answer: {
      en: 'The bell in the top bar lists new titles and your live TV reminders; a card you open is marked as read. To get notifications on this device even when Tafrij is closed, turn on the notifications switch on your account page (/profile) or choose "Get notifications on this device" in the bell, then allow notifications when your browser asks. Turn the switch off, or log out, to stop them on that device. If your browser blocked them, allow notifications in the site settings (the icon beside the address bar).',
      fr: 'La cloche dans la barre du haut liste les nouveaux titres et vos rappels de TV en direct ; une carte ouverte est marquée comme lue. Pour recevoir les notifications sur cet appareil même quand Tafrij est fermé, activez l’interrupteur des notifications sur la page de votre compte (/profile) ou choisissez « Recevoir les notifications sur cet appareil » dans la cloche, puis autorisez-les quand le navigateur le demande. Désactivez l’interrupteur, ou déconnectez-vous, pour les arrêter sur cet appareil. Si le navigateur les a bloquées, autorisez-les dans les paramètres du site (l’icône à côté de la barre d’adresse).',
      ar: 'يعرض الجرس في الشريط العلوي العناوين الجديدة وتذكيرات البث المباشر الخاصة بك، وكل بطاقة تفتحها تصبح مقروءة. لتصلك الإشعارات على هذا الجهاز حتى عندما يكون تفرّج مغلقاً، فعّل زر الإشعارات في صفحة حسابك (/profile) أو اختر «تلقي الإشعارات على هذا الجهاز» من الجرس، ثم اسمح بالإشعارات عندما يطلب المتصفح ذلك. أوقف الزر أو سجّل الخروج لإيقافها على ذلك الجهاز. وإذا حظرها المتصفح فاسمح بها من إعدادات الموقع (الرمز بجانب شريط العنوان).',
      es: 'La campana de la barra superior muestra los títulos nuevos y tus recordatorios de TV en directo; una tarjeta abierta queda como leída. Para recibir notificaciones en este dispositivo aunque Tafrij esté cerrado, activa el interruptor de notificaciones en la página de tu cuenta (/profile) o elige «Recibir notificaciones en este dispositivo» en la campana, y permítelas cuando el navegador lo pida. Desactiva el interruptor, o cierra sesión, para dejar de recibirlas en ese dispositivo. Si el navegador las bloqueó, permítelas en la configuración del sitio (el icono junto a la barra de direcciones).',
    },
    keywords: { en: 'web push bell alerts', fr: 'push cloche alertes', ar: 'تنبيهات الجرس إشعارات الدفع', es: 'push campana avisos alertas' },
  },
  {
    slug: 'account-suspended',
    question: {
      en: 'My account is suspended. What can I do?',
      fr: 'Mon compte est suspendu. Que faire ?',
      ar: 'حسابي موقوف. ماذا أفعل؟',
      es: 'Mi cuenta está suspendida. ¿Qué hago?',
    },
    answer: {
      en: 'A suspended account is signed out on every device and cannot log in; the login page then says "Account suspended, please contact support". Write to us through the contact form with the email address or phone number of the account: our support team will tell you why it was suspended and can reinstate it.',
      fr: 'Un compte suspendu est déconnecté sur tous les appareils et ne peut plus se connecter ; la page de connexion indique alors « Compte suspendu, veuillez contacter le support ». Écrivez-nous via le formulaire de contact avec l’adresse e-mail ou le numéro du compte : notre équipe vous dira pourquoi il a été suspendu et pourra le rétablir.',
      ar: 'يتم تسجيل خروج الحساب الموقوف من كل الأجهزة ولا يمكنه تسجيل الدخول، وتظهر في صفحة الدخول عبارة «الحساب موقوف، يرجى التواصل مع الدعم». راسلنا عبر نموذج الاتصال مع ذكر البريد الإلكتروني أو رقم الهاتف المرتبط بالحساب، وسيخبرك فريق الدعم بسبب الإيقاف ويمكنه إعادة تفعيله.',
      es: 'Una cuenta suspendida se desconecta en todos los dispositivos y no puede iniciar sesión; la página de acceso indica entonces «Cuenta suspendida, contacta con el soporte». Escríbenos desde el formulario de contacto con el correo o el número de la cuenta: nuestro equipo te dirá por qué se suspendió y podrá reactivarla.',
    },
    keywords: { en: 'blocked banned disabled', fr: 'bloqué désactivé', ar: 'محظور معطل موقوف', es: 'bloqueada desactivada' },
  },
];
