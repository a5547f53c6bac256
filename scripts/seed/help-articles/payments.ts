import type { HelpSeed } from './types.ts';

/** Help centre: Subscriptions and payments (prices: scripts/seed/plans.ts; ways to pay: docs/operators/payments.md, "Moroccan ways to pay"). */
export const PAYMENTS: readonly HelpSeed[] = [
  {
    slug: 'free-and-premium',
    question: {
      en: 'What can I watch for free, and what does Premium add?',
      fr: 'Que puis-je regarder gratuitement, et qu’apporte Premium ?',
      ar: 'ماذا يمكنني أن أشاهد مجاناً، وماذا يضيف بريميوم؟',
      es: '¿Qué puedo ver gratis y qué añade Premium?',
    },
    answer: {
      en: 'Everyone can browse the whole catalogue, watch trailers and the free titles, and watch the free live channel, even without an account. Premium titles and the premium channel say "You have to be premium subscriber to access this content" until you subscribe. Premium also gives up to 5 profiles. You can also unlock a single premium title with a ticket, without subscribing.',
      fr: 'Tout le monde peut parcourir tout le catalogue, regarder les bandes-annonces, les titres gratuits et la chaîne en direct gratuite, même sans compte. Les titres premium et la chaîne premium indiquent « Vous devez être abonné premium pour accéder à ce contenu » tant que vous n’êtes pas abonné. Premium donne aussi jusqu’à 5 profils. Vous pouvez aussi débloquer un seul titre premium avec un ticket, sans abonnement.',
      ar: 'يمكن للجميع تصفح الكتالوج كله ومشاهدة الإعلانات التشويقية والعناوين المجانية والقناة المباشرة المجانية، حتى بدون حساب. أما العناوين المميزة والقناة المميزة فتعرض عبارة «يجب أن تكون مشتركاً في بريميوم للوصول إلى هذا المحتوى» إلى أن تشترك. ويمنحك بريميوم أيضاً حتى 5 ملفات شخصية. ويمكنك كذلك فتح عنوان مميز واحد بتذكرة دون اشتراك.',
      es: 'Todo el mundo puede explorar el catálogo entero, ver tráileres, los títulos gratuitos y el canal en directo gratuito, incluso sin cuenta. Los títulos premium y el canal premium indican «Debes ser suscriptor premium para acceder a este contenido» hasta que te suscribas. Premium también da hasta 5 perfiles. También puedes desbloquear un solo título premium con una entrada, sin suscribirte.',
    },
    keywords: { en: 'free tier subscription premium required', fr: 'gratuit offre abonnement', ar: 'مجاني اشتراك مدفوع العرض المجاني', es: 'gratis gratuito suscripción' },
  },
  {
    slug: 'plans-and-prices',
    question: {
      en: 'What plans are there and how much do they cost?',
      fr: 'Quelles sont les formules et combien coûtent-elles ?',
      ar: 'ما هي باقات الاشتراك وكم ثمنها؟',
      es: '¿Qué planes hay y cuánto cuestan?',
    },
    answer: {
      en: 'In dirhams, tax included: a day pass at 10 MAD, one week at 25 MAD, monthly at 59 MAD (with a one-month free trial), 3 months at 159 MAD, 6 months at 299 MAD and a year at 549 MAD. The /subscription page shows prices in dirhams in Morocco, in euros in the euro area (monthly 6.99 €) and in dollars elsewhere (monthly $7.49); you can switch the currency there. Every plan gives the same Premium catalogue.',
      fr: 'En dirhams, TVA comprise : un pass 1 jour à 10 MAD, une semaine à 25 MAD, le mensuel à 59 MAD (avec un mois d’essai gratuit), 3 mois à 159 MAD, 6 mois à 299 MAD et un an à 549 MAD. La page /subscription affiche les prix en dirhams au Maroc, en euros dans la zone euro (mensuel 6,99 €) et en dollars ailleurs (mensuel 7,49 $) ; vous pouvez y changer de devise. Toutes les formules donnent le même catalogue Premium.',
      ar: 'بالدرهم وشاملة للضريبة: تذكرة يوم بـ 10 دراهم، وأسبوع بـ 25 درهماً، والاشتراك الشهري بـ 59 درهماً (مع شهر تجريبي مجاني)، و3 أشهر بـ 159 درهماً، و6 أشهر بـ 299 درهماً، وسنة بـ 549 درهماً. تعرض صفحة /subscription الأسعار بالدرهم في المغرب، وباليورو في منطقة اليورو (الشهري 6.99 €)، وبالدولار في باقي البلدان (الشهري 7.49 $)، ويمكنك تغيير العملة فيها. كل الباقات تمنح كتالوج بريميوم نفسه.',
      es: 'En dírhams, impuestos incluidos: un pase de un día a 10 MAD, una semana a 25 MAD, el mensual a 59 MAD (con un mes de prueba gratis), 3 meses a 159 MAD, 6 meses a 299 MAD y un año a 549 MAD. La página /subscription muestra los precios en dírhams en Marruecos, en euros en la zona euro (mensual 6,99 €) y en dólares en el resto (mensual 7,49 $); allí puedes cambiar de moneda. Todos los planes dan el mismo catálogo Premium.',
    },
    keywords: { en: 'price cost offer dirham euro dollar', fr: 'prix tarif offre combien', ar: 'السعر الثمن العروض درهم باقة', es: 'precio tarifa oferta cuánto' },
  },
  {
    slug: 'free-trial',
    question: {
      en: 'How does the one-month free trial work?',
      fr: 'Comment fonctionne le mois d’essai gratuit ?',
      ar: 'كيف تعمل الفترة التجريبية المجانية لمدة شهر؟',
      es: '¿Cómo funciona el mes de prueba gratis?',
    },
    answer: {
      en: 'The monthly plan starts with one month free: you get Premium at once and are not billed during the trial. The /subscription page shows the date the trial ends, and we email you 3 days before. Cancel before that date at /profile?t=subscriptions and you pay nothing; otherwise the first month is charged when the trial ends.',
      fr: 'Le forfait mensuel commence par un mois offert : vous avez Premium tout de suite et rien n’est facturé pendant l’essai. La page /subscription affiche la date de fin de l’essai, et nous vous écrivons 3 jours avant. Résiliez avant cette date sur /profile?t=subscriptions et vous ne payez rien ; sinon le premier mois est facturé à la fin de l’essai.',
      ar: 'يبدأ الاشتراك الشهري بشهر مجاني: تحصل على بريميوم فوراً ولا يُقتطع أي مبلغ خلال الفترة التجريبية. تعرض صفحة /subscription تاريخ انتهاء التجربة، ونرسل إليك رسالة قبل 3 أيام من ذلك. ألغِ قبل هذا التاريخ من /profile?t=subscriptions فلا تدفع شيئاً، وإلا يُحتسب الشهر الأول عند انتهاء التجربة.',
      es: 'El plan mensual empieza con un mes gratis: tienes Premium al momento y no se cobra nada durante la prueba. La página /subscription muestra la fecha en que termina, y te escribimos 3 días antes. Cancela antes de esa fecha en /profile?t=subscriptions y no pagas nada; si no, el primer mes se cobra al terminar la prueba.',
    },
    keywords: { en: 'trial period free month', fr: 'période d’essai gratuit', ar: 'تجربة مجانية شهر مجاني', es: 'periodo de prueba gratis' },
  },
  {
    slug: 'pay-by-card',
    question: {
      en: 'How do I pay by bank card?',
      fr: 'Comment payer par carte bancaire ?',
      ar: 'كيف أدفع بالبطاقة البنكية؟',
      es: '¿Cómo pago con tarjeta bancaria?',
    },
    answer: {
      en: 'On /subscription, choose a plan, then "Bank card": you are taken to the bank’s secure payment page, which may ask for a 3-D Secure confirmation. In dirhams the card is charged once per period: we email you 3 days before the end so you can pay the next one. In euros and dollars the subscription renews automatically until you cancel. Replace or remove the saved card at /settings/managePayment.',
      fr: 'Sur /subscription, choisissez une formule puis « Carte bancaire » : vous arrivez sur la page de paiement sécurisée de la banque, qui peut demander une confirmation 3-D Secure. En dirhams, la carte est débitée une fois par période : nous vous écrivons 3 jours avant la fin pour payer la suivante. En euros et en dollars, l’abonnement se renouvelle automatiquement jusqu’à la résiliation. Remplacez ou supprimez la carte enregistrée sur /settings/managePayment.',
      ar: 'في /subscription اختر باقة ثم «بطاقة بنكية»: تنتقل إلى صفحة الدفع الآمنة للبنك، وقد تطلب منك تأكيداً عبر 3-D Secure. بالدرهم تُقتطع المبالغ مرة واحدة لكل فترة، ونرسل إليك رسالة قبل 3 أيام من نهايتها لتدفع الفترة التالية. أما باليورو والدولار فيتجدد الاشتراك تلقائياً إلى أن تلغيه. استبدل البطاقة المحفوظة أو احذفها من /settings/managePayment.',
      es: 'En /subscription, elige un plan y luego «Tarjeta bancaria»: llegas a la página de pago segura del banco, que puede pedir una confirmación 3-D Secure. En dírhams la tarjeta se cobra una vez por periodo: te escribimos 3 días antes del final para pagar el siguiente. En euros y dólares la suscripción se renueva automáticamente hasta que la canceles. Sustituye o elimina la tarjeta guardada en /settings/managePayment.',
    },
    keywords: { en: 'credit card visa mastercard cmi', fr: 'cb visa mastercard', ar: 'بطاقة ائتمان فيزا ماستركارد الدفع الإلكتروني', es: 'tarjeta de crédito visa' },
  },
  {
    slug: 'pay-by-mobile',
    question: {
      en: 'Can I pay with my mobile phone?',
      fr: 'Puis-je payer avec mon téléphone mobile ?',
      ar: 'هل يمكنني الدفع بهاتفي المحمول؟',
      es: '¿Puedo pagar con mi teléfono móvil?',
    },
    answer: {
      en: 'Yes, in dirhams with a Moroccan number: on /subscription choose "Mobile" and type your number without the leading zero. We send you a 6-digit code by SMS, valid 10 minutes: type it and the amount is taken from your phone bill or mobile wallet. If the operator refuses (not enough balance, line blocked or limit reached), the page tells you why and nothing is charged.',
      fr: 'Oui, en dirhams avec un numéro marocain : sur /subscription, choisissez « Mobile » et saisissez votre numéro sans le zéro initial. Nous vous envoyons un code à 6 chiffres par SMS, valable 10 minutes : saisissez-le et le montant est prélevé sur votre facture téléphonique ou votre portefeuille mobile. Si l’opérateur refuse (solde insuffisant, ligne bloquée ou plafond atteint), la page vous dit pourquoi et rien n’est débité.',
      ar: 'نعم، بالدرهم وبرقم مغربي: في /subscription اختر «الهاتف المحمول» وأدخل رقمك بدون الصفر الأول. نرسل إليك رمزاً من 6 أرقام في رسالة نصية صالحاً لمدة 10 دقائق، فتُدخله ويُقتطع المبلغ من فاتورة هاتفك أو من محفظتك الإلكترونية. وإذا رفض المشغل (رصيد غير كافٍ أو خط موقوف أو تجاوز السقف) تخبرك الصفحة بالسبب ولا يُقتطع شيء.',
      es: 'Sí, en dírhams con un número marroquí: en /subscription elige «Móvil» y escribe tu número sin el cero inicial. Te enviamos un código de 6 cifras por SMS, válido 10 minutos: escríbelo y el importe se carga en tu factura telefónica o tu monedero móvil. Si el operador lo rechaza (saldo insuficiente, línea bloqueada o límite alcanzado), la página te dice por qué y no se cobra nada.',
    },
    keywords: { en: 'phone bill mobile wallet sms', fr: 'facture opérateur portefeuille', ar: 'الدفع بالهاتف رصيد فاتورة الهاتف اتصالات المغرب أورنج إنوي', es: 'factura del móvil monedero' },
  },
  {
    slug: 'pay-cash-with-a-voucher',
    question: {
      en: 'How do I pay in cash?',
      fr: 'Comment payer en espèces ?',
      ar: 'كيف أدفع نقداً؟',
      es: '¿Cómo pago en efectivo?',
    },
    answer: {
      en: 'On /subscription choose "Cash at an agency": you get a voucher with a 12-digit reference, a QR code and the amount, also sent by email and SMS. Pay it within 4 days at a Wafacash, Cash Plus or Damane Cash agency. Premium is activated as soon as the agency confirms the payment; until then your account stays on the free offer, waiting for validation. An unpaid voucher can be cancelled, and it is cancelled automatically after 4 days.',
      fr: 'Sur /subscription, choisissez « Espèces en agence » : vous recevez un bon avec une référence à 12 chiffres, un QR code et le montant, envoyé aussi par e-mail et SMS. Payez-le dans les 4 jours dans une agence Wafacash, Cash Plus ou Damane Cash. Premium est activé dès que l’agence confirme le paiement ; d’ici là, votre compte reste sur l’offre gratuite, en attente de validation. Un bon non payé peut être annulé, et il l’est automatiquement après 4 jours.',
      ar: 'في /subscription اختر «الدفع نقداً في وكالة»: تحصل على وصل فيه مرجع من 12 رقماً ورمز QR والمبلغ، ويُرسل إليك أيضاً عبر البريد الإلكتروني والرسائل النصية. ادفعه خلال 4 أيام في إحدى وكالات وفاكاش أو كاش بلوس أو ضمان كاش. يُفعَّل بريميوم بمجرد تأكيد الوكالة للدفع، وإلى ذلك الحين يبقى حسابك على العرض المجاني في انتظار التحقق. يمكن إلغاء الوصل غير المدفوع، ويُلغى تلقائياً بعد 4 أيام.',
      es: 'En /subscription elige «Efectivo en una agencia»: recibes un vale con una referencia de 12 cifras, un código QR y el importe, también por correo y SMS. Págalo en 4 días en una agencia Wafacash, Cash Plus o Damane Cash. Premium se activa en cuanto la agencia confirma el pago; hasta entonces tu cuenta sigue en la oferta gratuita, pendiente de validación. Un vale sin pagar se puede cancelar, y se cancela solo pasados 4 días.',
    },
    keywords: { en: 'voucher cash agency wafacash cash plus', fr: 'bon espèces liquide agence', ar: 'وصل الدفع نقدا كاش وكالة وفاكاش كاش بلوس', es: 'vale efectivo agencia' },
  },
  {
    slug: 'coupon-codes',
    question: {
      en: 'How do I use a coupon code?',
      fr: 'Comment utiliser un code promo ?',
      ar: 'كيف أستعمل رمز القسيمة؟',
      es: '¿Cómo uso un código promocional?',
    },
    answer: {
      en: 'On /subscription, choose your plan and type the code in "Coupon code". A code can take a percentage or an amount off, or give free days of a plan; one that covers the whole price activates Premium at once, otherwise you pay the rest by card, mobile or cash. Each code works once per account, between its start and end dates, for some plans or currencies, and while uses remain; if it is refused, the message says why.',
      fr: 'Sur /subscription, choisissez votre formule et saisissez le code dans « Code promo ». Un code peut retirer un pourcentage ou un montant, ou offrir des jours d’une formule ; s’il couvre tout le prix, Premium est activé aussitôt, sinon vous payez le reste par carte, mobile ou espèces. Chaque code s’utilise une fois par compte, entre ses dates de début et de fin, pour certaines formules ou devises, et tant qu’il reste des utilisations ; s’il est refusé, le message dit pourquoi.',
      ar: 'في /subscription اختر باقتك واكتب الرمز في خانة «رمز القسيمة». قد يخصم الرمز نسبة أو مبلغاً، أو يمنح أياماً مجانية من باقة، فإذا غطّى الثمن كله فُعِّل بريميوم فوراً، وإلا تدفع الباقي بالبطاقة أو الهاتف أو نقداً. يُستعمل كل رمز مرة واحدة لكل حساب، بين تاريخي بدايته ونهايته، ولباقات أو عملات معينة، وما دامت استعمالاته متاحة، وإذا رُفض تخبرك الرسالة بالسبب.',
      es: 'En /subscription, elige tu plan y escribe el código en «Código promocional». Un código puede descontar un porcentaje o un importe, o regalar días de un plan; si cubre todo el precio, Premium se activa en el acto, y si no, pagas el resto con tarjeta, móvil o efectivo. Cada código sirve una vez por cuenta, entre sus fechas de inicio y fin, para ciertos planes o monedas y mientras queden usos; si se rechaza, el mensaje dice por qué.',
    },
    keywords: { en: 'coupon promo code discount voucher', fr: 'code promo réduction coupon', ar: 'كوبون رمز ترويجي تخفيض خصم', es: 'cupón código descuento' },
  },
  {
    slug: 'pay-a-sales-agent',
    question: {
      en: 'Can I pay a Tafrij sales agent?',
      fr: 'Puis-je payer un agent commercial Tafrij ?',
      ar: 'هل يمكنني الدفع لوكيل مبيعات تفرّج؟',
      es: '¿Puedo pagar a un agente comercial de Tafrij?',
    },
    answer: {
      en: 'Yes. Give the agent the email address or phone number of your account and choose a plan; the amount is always the plan’s price. We email you at once to confirm what the agent recorded; if you paid no one, reply to tell us. Your account stays on the free offer, "waiting for validation", until the agent’s deposit is confirmed, then Premium is activated.',
      fr: 'Oui. Donnez à l’agent l’adresse e-mail ou le numéro de votre compte et choisissez une formule ; le montant est toujours le prix de la formule. Nous vous écrivons aussitôt pour confirmer ce que l’agent a enregistré ; si vous n’avez payé personne, répondez-nous. Votre compte reste sur l’offre gratuite, « en attente de validation », jusqu’à la confirmation du dépôt de l’agent, puis Premium est activé.',
      ar: 'نعم. أعطِ الوكيل البريد الإلكتروني أو رقم الهاتف المرتبط بحسابك واختر باقة، والمبلغ هو دائماً ثمن الباقة. نرسل إليك رسالة فوراً لتأكيد ما سجله الوكيل، فإذا لم تدفع لأحد فأخبرنا بالرد عليها. يبقى حسابك على العرض المجاني «في انتظار التحقق» حتى يتأكد إيداع الوكيل، ثم يُفعَّل بريميوم.',
      es: 'Sí. Da al agente el correo o el número de teléfono de tu cuenta y elige un plan; el importe es siempre el precio del plan. Te escribimos al momento para confirmar lo que registró el agente; si no pagaste a nadie, respóndenos. Tu cuenta sigue en la oferta gratuita, «pendiente de validación», hasta que se confirme el depósito del agente, y entonces se activa Premium.',
    },
    keywords: { en: 'agent reseller seller', fr: 'agent revendeur commercial', ar: 'وكيل بائع موزع', es: 'agente vendedor revendedor' },
  },
  {
    slug: 'unlock-a-title-with-a-ticket',
    question: {
      en: 'How do tickets work?',
      fr: 'Comment fonctionnent les tickets ?',
      ar: 'كيف تعمل التذاكر؟',
      es: '¿Cómo funcionan las entradas?',
    },
    answer: {
      en: 'Tickets let you watch one premium title without a subscription. Buy a pack of 1, 5 or 10 tickets (15, 59 or 99 MAD) by card, mobile or cash. On a premium title, choose "Unlock with 1 ticket": one ticket is spent and the title opens on your account for a single viewing, which you can pause and resume for 48 hours. Your ticket balance and unlocks are listed at /settings/billingActivity.',
      fr: 'Les tickets permettent de regarder un titre premium sans abonnement. Achetez un pack de 1, 5 ou 10 tickets (15, 59 ou 99 MAD) par carte, mobile ou espèces. Sur un titre premium, choisissez « Débloquer avec 1 ticket » : un ticket est utilisé et le titre s’ouvre sur votre compte pour un seul visionnage, que vous pouvez interrompre et reprendre pendant 48 heures. Votre solde de tickets et vos déblocages sont listés sur /settings/billingActivity.',
      ar: 'تتيح لك التذاكر مشاهدة عنوان مميز واحد دون اشتراك. اشترِ باقة من تذكرة واحدة أو 5 أو 10 تذاكر (15 أو 59 أو 99 درهماً) بالبطاقة أو الهاتف أو نقداً. على العنوان المميز اختر «فتح بتذكرة واحدة»: تُستعمل تذكرة ويُفتح العنوان في حسابك لمشاهدة واحدة يمكنك إيقافها واستئنافها خلال 48 ساعة. يظهر رصيد تذاكرك والعناوين المفتوحة في /settings/billingActivity.',
      es: 'Las entradas permiten ver un título premium sin suscripción. Compra un paquete de 1, 5 o 10 entradas (15, 59 o 99 MAD) con tarjeta, móvil o efectivo. En un título premium, elige «Desbloquear con 1 entrada»: se gasta una entrada y el título se abre en tu cuenta para un solo visionado, que puedes pausar y reanudar durante 48 horas. Tu saldo de entradas y los desbloqueos aparecen en /settings/billingActivity.',
    },
    keywords: { en: 'ticket unlock pay per view rent', fr: 'ticket débloquer à l’unité location', ar: 'تذكرة فتح العنوان الدفع مقابل المشاهدة كراء', es: 'entrada desbloquear pago por visión alquiler' },
  },
  {
    slug: 'cancel-subscription',
    question: {
      en: 'How do I cancel my subscription?',
      fr: 'Comment résilier mon abonnement ?',
      ar: 'كيف ألغي اشتراكي؟',
      es: '¿Cómo cancelo mi suscripción?',
    },
    answer: {
      en: 'Open /profile?t=subscriptions and choose "Cancel my subscription". You keep Premium until the end of the period you paid for, and nothing more is charged; until then you can choose "Resume my subscription". A subscription set up for you by our team (not bought on the site) cannot be cancelled from this page: contact us and support will cancel it.',
      fr: 'Ouvrez /profile?t=subscriptions et choisissez « Résilier mon abonnement ». Vous gardez Premium jusqu’à la fin de la période payée, et plus rien n’est débité ; d’ici là, vous pouvez choisir « Reprendre mon abonnement ». Un abonnement créé pour vous par notre équipe (et non acheté sur le site) ne se résilie pas depuis cette page : contactez-nous et le support le résiliera.',
      ar: 'افتح /profile?t=subscriptions واختر «إلغاء اشتراكي». تحتفظ ببريميوم حتى نهاية الفترة التي دفعتها ولا يُقتطع أي مبلغ بعدها، ويمكنك قبل ذلك اختيار «استئناف اشتراكي». أما الاشتراك الذي أنشأه لك فريقنا (ولم يُشترَ من الموقع) فلا يُلغى من هذه الصفحة: تواصل معنا وسيلغيه فريق الدعم.',
      es: 'Abre /profile?t=subscriptions y elige «Cancelar mi suscripción». Conservas Premium hasta el final del periodo pagado y no se cobra nada más; hasta entonces puedes elegir «Reanudar mi suscripción». Una suscripción creada para ti por nuestro equipo (no comprada en el sitio) no se cancela desde esta página: contáctanos y el soporte la cancelará.',
    },
    keywords: { en: 'unsubscribe stop renewal', fr: 'désabonner arrêter résiliation annuler', ar: 'إلغاء الاشتراك إيقاف التجديد', es: 'darse de baja anular renovación' },
  },
  {
    slug: 'change-plan',
    question: {
      en: 'How do I change my plan?',
      fr: 'Comment changer de formule ?',
      ar: 'كيف أغيّر باقتي؟',
      es: '¿Cómo cambio de plan?',
    },
    answer: {
      en: 'Open /settings/changeSubscription and pick the new plan. A longer plan can start at once: the unused days of your current period are credited against its price. Otherwise the new plan starts at the end of the period you already paid for.',
      fr: 'Ouvrez /settings/changeSubscription et choisissez la nouvelle formule. Une formule plus longue peut commencer tout de suite : les jours non utilisés de votre période en cours sont déduits de son prix. Sinon, la nouvelle formule commence à la fin de la période déjà payée.',
      ar: 'افتح /settings/changeSubscription واختر الباقة الجديدة. يمكن أن تبدأ الباقة الأطول فوراً، وتُخصم الأيام غير المستعملة من فترتك الحالية من ثمنها. وإلا تبدأ الباقة الجديدة عند نهاية الفترة التي دفعتها.',
      es: 'Abre /settings/changeSubscription y elige el nuevo plan. Un plan más largo puede empezar en el acto: los días no usados de tu periodo actual se descuentan de su precio. Si no, el nuevo plan empieza al final del periodo que ya pagaste.',
    },
    keywords: { en: 'upgrade downgrade switch plan', fr: 'changer d’offre passer au forfait annuel', ar: 'ترقية تغيير الباقة', es: 'mejorar cambiar de plan' },
  },
  {
    slug: 'invoices-and-billing-activity',
    question: {
      en: 'Where are my invoices?',
      fr: 'Où sont mes factures ?',
      ar: 'أين أجد فواتيري؟',
      es: '¿Dónde están mis facturas?',
    },
    answer: {
      en: 'Every payment is listed at /settings/billingActivity with its date, amount, payment method, coupon or voucher, and an "Invoice" link to download a PDF. Invoices are numbered in one series (for example TAF-2026-000042), show the VAT included in the price and are written in the language you used when you paid, Arabic included.',
      fr: 'Chaque paiement est listé sur /settings/billingActivity avec sa date, son montant, son moyen de paiement, le code promo ou le bon, et un lien « Facture » pour télécharger le PDF. Les factures sont numérotées dans une seule série (par exemple TAF-2026-000042), indiquent la TVA comprise dans le prix et sont rédigées dans la langue utilisée lors du paiement, arabe compris.',
      ar: 'تظهر كل عملية دفع في /settings/billingActivity مع تاريخها ومبلغها ووسيلة الدفع والقسيمة أو الوصل، ورابط «فاتورة» لتنزيلها بصيغة PDF. تُرقَّم الفواتير في سلسلة واحدة (مثلاً TAF-2026-000042)، وتبيّن الضريبة على القيمة المضافة المشمولة في الثمن، وتُحرَّر باللغة التي استعملتها عند الدفع، بما فيها العربية.',
      es: 'Cada pago aparece en /settings/billingActivity con su fecha, importe, medio de pago, cupón o vale, y un enlace «Factura» para descargar el PDF. Las facturas se numeran en una sola serie (por ejemplo TAF-2026-000042), indican el IVA incluido en el precio y se redactan en el idioma que usaste al pagar, árabe incluido.',
    },
    keywords: { en: 'invoice receipt payment history transactions', fr: 'facture reçu historique des paiements', ar: 'فاتورة إيصال سجل المدفوعات المعاملات', es: 'factura recibo historial de pagos' },
  },
];
