import type { HelpSeed } from './types.ts';

/** Help centre: Playback and devices (MAX_STREAMS: docs/operators/configuration.md; live TV: docs/operators/live-tv.md). */
export const PLAYBACK: readonly HelpSeed[] = [
  {
    slug: 'maximum-simultaneous-devices',
    question: {
      en: 'Why do I see "Maximum simultaneous devices reached"?',
      fr: 'Pourquoi ai-je le message « Nombre maximal d’appareils simultanés atteint » ?',
      ar: 'لماذا تظهر رسالة «تم بلوغ الحد الأقصى للأجهزة المتزامنة»؟',
      es: '¿Por qué veo «Se ha alcanzado el máximo de dispositivos simultáneos»?',
    },
    answer: {
      en: 'An account can play videos on 2 devices at the same time. When a third device starts a film, an episode or a live channel, it gets this message. Stop watching on another device, then press play again. A device that closed the player without stopping frees its place by itself after about a minute. Reloading the page or going to the next episode on the same device does not take another place, and trailers never count.',
      fr: 'Un compte peut lire des vidéos sur 2 appareils en même temps. Quand un troisième appareil lance un film, un épisode ou une chaîne en direct, il reçoit ce message. Arrêtez la lecture sur un autre appareil, puis relancez. Un appareil qui a fermé le lecteur sans arrêter libère sa place de lui-même après environ une minute. Recharger la page ou passer à l’épisode suivant sur le même appareil ne prend pas de place en plus, et les bandes-annonces ne comptent jamais.',
      ar: 'يمكن للحساب تشغيل الفيديوهات على جهازين في الوقت نفسه. وعندما يبدأ جهاز ثالث فيلماً أو حلقة أو قناة مباشرة تظهر له هذه الرسالة. أوقف المشاهدة على جهاز آخر ثم أعد التشغيل. والجهاز الذي أغلق المشغل دون إيقاف يحرر مكانه تلقائياً بعد دقيقة تقريباً. ولا تأخذ إعادة تحميل الصفحة أو الانتقال إلى الحلقة التالية على الجهاز نفسه مكاناً إضافياً، ولا تُحتسب الإعلانات التشويقية أبداً.',
      es: 'Una cuenta puede reproducir vídeos en 2 dispositivos a la vez. Cuando un tercer dispositivo inicia una película, un episodio o un canal en directo, recibe este mensaje. Deja de ver en otro dispositivo y vuelve a darle al play. Un dispositivo que cerró el reproductor sin parar libera su plaza solo al cabo de un minuto más o menos. Recargar la página o pasar al siguiente episodio en el mismo dispositivo no ocupa otra plaza, y los tráileres nunca cuentan.',
    },
    keywords: { en: 'screens streams limit too many devices', fr: 'écrans limite trop d’appareils', ar: 'عدد الشاشات الأجهزة الحد الأقصى', es: 'pantallas límite demasiados dispositivos' },
  },
  {
    slug: 'sign-out-a-device',
    question: {
      en: 'How do I sign out a device I don’t recognise?',
      fr: 'Comment déconnecter un appareil que je ne reconnais pas ?',
      ar: 'كيف أسجّل الخروج من جهاز لا أعرفه؟',
      es: '¿Cómo cierro la sesión en un dispositivo que no reconozco?',
    },
    answer: {
      en: 'Your account page (/profile) has a "Device history" listing the latest sign-ins with their date, browser and place, and marks the one you are using. Choose "Sign out" next to a device you do not recognise: it is signed out at once and must log in again. The device you are using is signed out with "Logout" in the profile menu. If you think someone knows your password, also change it at /settings/editLogin: every other device is then signed out.',
      fr: 'La page de votre compte (/profile) contient un « Historique des appareils » qui liste les dernières connexions avec leur date, leur navigateur et leur lieu, et signale celui que vous utilisez. Choisissez « Déconnecter » à côté d’un appareil que vous ne reconnaissez pas : il est déconnecté aussitôt et doit se reconnecter. L’appareil que vous utilisez se déconnecte avec « Se déconnecter » dans le menu du profil. Si vous pensez que quelqu’un connaît votre mot de passe, changez-le aussi sur /settings/editLogin : tous les autres appareils sont alors déconnectés.',
      ar: 'تحتوي صفحة حسابك (/profile) على «سجل الأجهزة» الذي يعرض آخر عمليات تسجيل الدخول بتاريخها ومتصفحها ومكانها، ويميّز الجهاز الذي تستعمله. اختر «تسجيل الخروج» بجانب أي جهاز لا تعرفه، فيُسجَّل خروجه فوراً ولا يعود إلا بتسجيل الدخول من جديد. أما الجهاز الذي تستعمله فيُسجَّل خروجه بـ«تسجيل الخروج» من قائمة الملف الشخصي. وإذا ظننت أن أحداً يعرف كلمة المرور فغيّرها أيضاً من /settings/editLogin، فيتم تسجيل الخروج من كل الأجهزة الأخرى.',
      es: 'La página de tu cuenta (/profile) tiene un «Historial de dispositivos» con los últimos inicios de sesión, su fecha, navegador y lugar, y marca el que estás usando. Elige «Cerrar sesión» junto a un dispositivo que no reconozcas: se desconecta en el acto y tendrá que volver a iniciar sesión. El dispositivo que estás usando se desconecta con «Cerrar sesión» en el menú del perfil. Si crees que alguien conoce tu contraseña, cámbiala también en /settings/editLogin: así se cierran todos los demás dispositivos.',
    },
    keywords: { en: 'device history log out sessions hacked', fr: 'historique des appareils déconnexion piraté', ar: 'سجل الأجهزة تسجيل الخروج اختراق', es: 'historial de dispositivos cerrar sesión hackeada' },
  },
  {
    slug: 'not-available-in-your-country',
    question: {
      en: 'Why is a title "not available in your country"?',
      fr: 'Pourquoi un titre est-il « non disponible dans votre pays » ?',
      ar: 'لماذا يظهر عنوان بأنه «غير متاح في بلدك»؟',
      es: '¿Por qué un título está «no disponible en tu país»?',
    },
    answer: {
      en: 'Broadcasting rights are bought country by country, so some titles and channels can only be played in certain countries. Your country is detected from your internet connection, and the page shows the location detected. The rest of the catalogue stays available; when you are back in a country where the title is licensed, it plays again. A VPN does not change what the rights allow.',
      fr: 'Les droits de diffusion s’achètent pays par pays : certains titres et chaînes ne peuvent être lus que dans certains pays. Votre pays est détecté d’après votre connexion internet, et la page indique la localisation détectée. Le reste du catalogue reste disponible ; de retour dans un pays où le titre est autorisé, il se lit à nouveau. Un VPN ne change pas ce que les droits permettent.',
      ar: 'تُشترى حقوق البث بلداً بلداً، لذلك لا يمكن تشغيل بعض العناوين والقنوات إلا في بلدان معينة. يُحدَّد بلدك انطلاقاً من اتصالك بالإنترنت، وتعرض الصفحة الموقع الذي تم رصده. يبقى باقي الكتالوج متاحاً، وعندما تعود إلى بلد يشمله الترخيص يُشغَّل العنوان من جديد. ولا تغيّر الشبكة الافتراضية الخاصة (VPN) ما تسمح به الحقوق.',
      es: 'Los derechos de emisión se compran país por país, así que algunos títulos y canales solo se pueden ver en ciertos países. Tu país se detecta a partir de tu conexión a internet, y la página muestra la ubicación detectada. El resto del catálogo sigue disponible; cuando vuelvas a un país donde el título tiene licencia, se podrá ver de nuevo. Una VPN no cambia lo que permiten los derechos.',
    },
    keywords: { en: 'geoblocked geoblocking region abroad travel', fr: 'géoblocage région étranger voyage', ar: 'الحجب الجغرافي المنطقة خارج المغرب السفر', es: 'geobloqueo región extranjero viaje' },
  },
  {
    slug: 'slow-network-and-video-quality',
    question: {
      en: 'The video is blurry or keeps stopping. What can I do?',
      fr: 'La vidéo est floue ou s’arrête sans cesse. Que faire ?',
      ar: 'الفيديو غير واضح أو يتوقف باستمرار. ماذا أفعل؟',
      es: 'El vídeo se ve borroso o se para todo el rato. ¿Qué hago?',
    },
    answer: {
      en: 'The player adapts to your connection: on "Auto" it picks a quality between 240p and 1080p and changes it as your speed changes, so a slow network lowers the picture rather than stopping. In the player’s Quality menu you can choose a lower quality to save data or a higher one on a good connection. If it still stops, move closer to your Wi-Fi, pause other downloads, or reload the page: the video resumes where you were.',
      fr: 'Le lecteur s’adapte à votre connexion : en « Auto », il choisit une qualité entre 240p et 1080p et la change selon votre débit, si bien qu’un réseau lent baisse l’image au lieu de s’arrêter. Dans le menu Qualité du lecteur, vous pouvez choisir une qualité plus basse pour économiser vos données, ou plus haute sur une bonne connexion. Si cela s’arrête encore, rapprochez-vous du Wi-Fi, suspendez les autres téléchargements ou rechargez la page : la vidéo reprend où vous étiez.',
      ar: 'يتكيف المشغل مع اتصالك: في وضع «تلقائي» يختار جودة بين 240p و1080p ويغيرها حسب سرعتك، فتنخفض جودة الصورة في الشبكة البطيئة بدل أن يتوقف الفيديو. ومن قائمة «الجودة» في المشغل يمكنك اختيار جودة أقل لتوفير البيانات أو أعلى إذا كان اتصالك جيداً. وإذا استمر التوقف فاقترب من شبكة الواي فاي، وأوقف التنزيلات الأخرى، أو أعد تحميل الصفحة: يُستأنف الفيديو من حيث كنت.',
      es: 'El reproductor se adapta a tu conexión: en «Auto» elige una calidad entre 240p y 1080p y la cambia según tu velocidad, de modo que una red lenta baja la imagen en lugar de pararse. En el menú Calidad del reproductor puedes elegir una calidad menor para ahorrar datos o mayor con una buena conexión. Si sigue parándose, acércate al wifi, pausa otras descargas o recarga la página: el vídeo continúa donde estabas.',
    },
    keywords: { en: 'buffering slow internet quality hd data', fr: 'chargement lent débit qualité hd', ar: 'تقطيع بطء الإنترنت الجودة التحميل', es: 'carga lenta internet calidad hd' },
  },
  {
    slug: 'subtitles-and-audio',
    question: {
      en: 'How do I turn on subtitles or change the audio?',
      fr: 'Comment activer les sous-titres ou changer l’audio ?',
      ar: 'كيف أشغّل الترجمة أو أغيّر لغة الصوت؟',
      es: '¿Cómo activo los subtítulos o cambio el audio?',
    },
    answer: {
      en: 'During playback, open the Subtitles menu of the player and pick a language, or turn them off. When a title has several audio tracks, the Audio menu lists them. The languages offered depend on each title; its page lists its languages and subtitles.',
      fr: 'Pendant la lecture, ouvrez le menu Sous-titres du lecteur et choisissez une langue, ou désactivez-les. Quand un titre a plusieurs pistes audio, le menu Audio les liste. Les langues proposées dépendent de chaque titre ; sa page indique ses langues et ses sous-titres.',
      ar: 'أثناء التشغيل افتح قائمة «الترجمة» في المشغل واختر لغة أو أوقفها. وعندما يتوفر العنوان على عدة مسارات صوتية تعرضها قائمة «الصوت». تختلف اللغات المتاحة من عنوان لآخر، وتعرض صفحة كل عنوان لغاته وترجماته.',
      es: 'Durante la reproducción, abre el menú Subtítulos del reproductor y elige un idioma, o desactívalos. Cuando un título tiene varias pistas de audio, el menú Audio las muestra. Los idiomas disponibles dependen de cada título; su página indica sus idiomas y subtítulos.',
    },
    keywords: { en: 'captions language dubbing', fr: 'sous titres vf vost doublage', ar: 'ترجمة مترجم دبلجة صوت', es: 'subtítulos doblaje idioma' },
  },
  {
    slug: 'live-tv-and-the-guide',
    question: {
      en: 'How do live TV and the programme guide work?',
      fr: 'Comment fonctionnent la TV en direct et le guide des programmes ?',
      ar: 'كيف يعمل البث المباشر ودليل البرامج؟',
      es: '¿Cómo funcionan la TV en directo y la guía de programación?',
    },
    answer: {
      en: 'Live TV (/tv) lists the channels with what is on now and next; open one to watch it live. You can pause and go back up to two hours, choose "Start over" to see the current programme from its beginning, and "Jump to live" to come back. The guide (/epg) shows 7 days back and 7 ahead in your time zone; recorded programmes can be watched again for 7 days. Premium channels need a subscription.',
      fr: 'La TV en direct (/tv) liste les chaînes avec le programme en cours et le suivant ; ouvrez-en une pour la regarder en direct. Vous pouvez mettre en pause et revenir jusqu’à deux heures en arrière, choisir « Reprendre au début » pour voir le programme en cours depuis son début, et « Revenir au direct ». Le guide (/epg) couvre 7 jours en arrière et 7 jours en avant, à votre heure locale ; les programmes enregistrés se revoient pendant 7 jours. Les chaînes premium demandent un abonnement.',
      ar: 'تعرض صفحة البث المباشر (/tv) القنوات مع البرنامج الحالي والتالي، فافتح إحداها لمشاهدتها مباشرة. يمكنك الإيقاف المؤقت والرجوع حتى ساعتين، واختيار «من البداية» لمشاهدة البرنامج الحالي من أوله، ثم «العودة إلى المباشر». ويعرض الدليل (/epg) سبعة أيام ماضية وسبعة قادمة بتوقيتك المحلي، ويمكن إعادة مشاهدة البرامج المسجلة طوال 7 أيام. وتتطلب القنوات المميزة اشتراكاً.',
      es: 'La TV en directo (/tv) muestra los canales con lo que se emite ahora y después; abre uno para verlo en directo. Puedes pausar y retroceder hasta dos horas, elegir «Ver desde el principio» para ver el programa actual desde su inicio y «Volver al directo». La guía (/epg) cubre 7 días atrás y 7 adelante en tu zona horaria; los programas grabados se pueden volver a ver durante 7 días. Los canales premium requieren suscripción.',
    },
    keywords: { en: 'tv channels epg schedule catch up replay', fr: 'chaînes direct programme tv replay', ar: 'القنوات التلفزيون المباشر البرامج إعادة', es: 'canales directo programación repetición' },
  },
  {
    slug: 'programme-reminders',
    question: {
      en: 'How do I get a reminder for a TV programme?',
      fr: 'Comment recevoir un rappel pour un programme TV ?',
      ar: 'كيف أحصل على تذكير ببرنامج تلفزيوني؟',
      es: '¿Cómo recibo un recordatorio de un programa de TV?',
    },
    answer: {
      en: 'In the guide (/epg), open a programme that has not started and choose "Remind me" (you need to be logged in). Five minutes before it starts, the reminder appears in the bell and, if notifications are on for your device, as a notification that opens the channel. Choose the button again to remove the reminder.',
      fr: 'Dans le guide (/epg), ouvrez un programme qui n’a pas commencé et choisissez « Me le rappeler » (il faut être connecté). Cinq minutes avant le début, le rappel apparaît dans la cloche et, si les notifications sont activées sur votre appareil, en notification qui ouvre la chaîne. Choisissez de nouveau le bouton pour retirer le rappel.',
      ar: 'في الدليل (/epg) افتح برنامجاً لم يبدأ بعد واختر «ذكّرني» (يجب أن تكون مسجّل الدخول). قبل بدايته بخمس دقائق يظهر التذكير في الجرس، وإذا كانت الإشعارات مفعلة على جهازك يصلك إشعار يفتح القناة. اختر الزر مرة أخرى لإزالة التذكير.',
      es: 'En la guía (/epg), abre un programa que no haya empezado y elige «Recordármelo» (debes haber iniciado sesión). Cinco minutos antes de que empiece, el recordatorio aparece en la campana y, si las notificaciones están activadas en tu dispositivo, como una notificación que abre el canal. Vuelve a pulsar el botón para quitar el recordatorio.',
    },
    keywords: { en: 'remind me alert programme', fr: 'rappel alerte émission', ar: 'تذكير تنبيه برنامج', es: 'recordatorio aviso programa' },
  },
  {
    slug: 'link-your-tv',
    question: {
      en: 'How do I sign in on my TV?',
      fr: 'Comment me connecter sur mon téléviseur ?',
      ar: 'كيف أسجّل الدخول على تلفازي؟',
      es: '¿Cómo inicio sesión en mi televisor?',
    },
    answer: {
      en: 'Open Tafrij on the TV and choose to sign in: it shows a code of 8 letters. On your phone or computer, logged in to your account, open /tv/link, type the code, choose the profile the TV opens (with its PIN if it has one) and press "Link the TV". The TV signs in by itself a few seconds later. A code is valid 15 minutes and works once. The TV then appears in your device history (/profile), where "Sign out" disconnects it.',
      fr: 'Ouvrez Tafrij sur le téléviseur et choisissez de vous connecter : il affiche un code de 8 lettres. Sur votre téléphone ou votre ordinateur, connecté à votre compte, ouvrez /tv/link, saisissez le code, choisissez le profil que le téléviseur ouvrira (avec son code PIN s’il en a un) et appuyez sur « Associer le téléviseur ». Le téléviseur se connecte tout seul quelques secondes plus tard. Un code est valable 15 minutes et ne sert qu’une fois. Le téléviseur apparaît ensuite dans l’historique des appareils (/profile), où « Déconnecter » le déconnecte.',
      ar: 'افتح تفريج على التلفاز واختر تسجيل الدخول: يظهر رمز من 8 أحرف. على هاتفك أو حاسوبك، وأنت مسجّل الدخول إلى حسابك، افتح ‎/tv/link‎ واكتب الرمز، ثم اختر الملف الشخصي الذي يفتحه التلفاز (مع رمز PIN إن كان له رمز) واضغط «ربط التلفاز». يتصل التلفاز تلقائياً بعد بضع ثوانٍ. الرمز صالح 15 دقيقة ولمرة واحدة. بعد ذلك يظهر التلفاز في سجل الأجهزة (‎/profile‎) حيث يفصله زر «تسجيل الخروج».',
      es: 'Abre Tafrij en el televisor y elige iniciar sesión: muestra un código de 8 letras. En tu móvil u ordenador, con tu cuenta iniciada, abre /tv/link, escribe el código, elige el perfil que abrirá el televisor (con su PIN si lo tiene) y pulsa «Vincular el televisor». El televisor inicia sesión solo unos segundos después. Un código vale 15 minutos y sirve una sola vez. Después, el televisor aparece en tu historial de dispositivos (/profile), donde «Cerrar sesión» lo desconecta.',
    },
    keywords: { en: 'tv code link smart tv console sign in', fr: 'télé code associer smart tv console connexion', ar: 'تلفاز رمز ربط تلفزيون ذكي جهاز تسجيل الدخول', es: 'tele código vincular smart tv consola iniciar sesión' },
  },
  {
    slug: 'video-does-not-play',
    question: {
      en: 'A video does not play. What should I check?',
      fr: 'Une vidéo ne se lance pas. Que vérifier ?',
      ar: 'الفيديو لا يشتغل. ماذا أتحقق منه؟',
      es: 'Un vídeo no se reproduce. ¿Qué compruebo?',
    },
    answer: {
      en: 'Read the message the player shows: a premium title needs a subscription or a ticket, a title above the profile’s age limit is "content not available", and some titles are not licensed in your country. "The video could not be loaded" means the connection dropped: check it and press play again. "Your browser cannot play this video" means the browser is too old: update it or use a recent Chrome, Firefox, Safari or Edge.',
      fr: 'Lisez le message du lecteur : un titre premium demande un abonnement ou un ticket, un titre au-dessus de la limite d’âge du profil est « contenu non disponible », et certains titres ne sont pas autorisés dans votre pays. « La vidéo n’a pas pu être chargée » signifie que la connexion a coupé : vérifiez-la et relancez. « Votre navigateur ne peut pas lire cette vidéo » signifie qu’il est trop ancien : mettez-le à jour ou utilisez un Chrome, Firefox, Safari ou Edge récent.',
      ar: 'اقرأ الرسالة التي يعرضها المشغل: العنوان المميز يتطلب اشتراكاً أو تذكرة، والعنوان الذي يتجاوز الحد العمري للملف يظهر «المحتوى غير متاح»، وبعض العناوين غير مرخصة في بلدك. أما «تعذر تحميل الفيديو» فتعني أن الاتصال انقطع: تحقق منه ثم أعد التشغيل. و«متصفحك لا يستطيع تشغيل هذا الفيديو» تعني أن المتصفح قديم: حدّثه أو استعمل نسخة حديثة من كروم أو فايرفوكس أو سفاري أو إيدج.',
      es: 'Lee el mensaje del reproductor: un título premium necesita suscripción o una entrada, un título por encima del límite de edad del perfil está «no disponible», y algunos títulos no tienen licencia en tu país. «No se pudo cargar el vídeo» significa que se cortó la conexión: compruébala y dale al play otra vez. «Tu navegador no puede reproducir este vídeo» significa que es demasiado antiguo: actualízalo o usa un Chrome, Firefox, Safari o Edge reciente.',
    },
    keywords: { en: 'playback error black screen not working', fr: 'erreur de lecture écran noir ne marche pas', ar: 'خطأ في التشغيل شاشة سوداء لا يعمل', es: 'error de reproducción pantalla negra no funciona' },
  },
];
