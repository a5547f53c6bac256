// Billing emails in the user's language (issue 13): receipt with the invoice, trial ends in 3 days,
// renewal reminder (providers without recurring charges), payment failed, subscription ended.
import type { Bindings } from '../../env';
import { isLang, type Lang } from '../../rules/lang';
import { translate } from '../../i18n';
import { groupDigits } from '../../rules/payment-methods';
import { formatMoney } from '../../rules/money';
import { paymentErrorText, type Bought, type Currency } from '../../rules/subscription';
import { mailer } from '../../messaging';
import { escapeHtml, page } from '../../messaging/templates';

export type BillingEmail =
  | { kind: 'receipt'; plan: string; amount: number; currency: Currency; end: string; /** The invoice's number as printed (TAF-2026-000042). */ invoice: string | null }
  | { kind: 'trial_ending'; plan: string; end: string; amount: number; currency: Currency; charged: boolean }
  | { kind: 'renewal_reminder'; plan: string; end: string }
  | { kind: 'payment_failed'; plan: string; reason: string }
  | { kind: 'ended'; plan: string }
  /** A cash voucher to pay at an agency within 4 days (also sent by SMS: `voucherSms`). */
  | { kind: 'voucher'; plan: string; bought: Bought; amount: number; currency: Currency; reference: string; end: string; agencies: string; transactionId: string }
  | { kind: 'voucher_expired' }
  /** A sales agent recorded cash for this account: it waits for the network's validation. */
  | { kind: 'agent_recorded'; plan: string; bought: Bought; amount: number; currency: Currency; agent: string }
  /** Money taken for something not delivered (a checkout or an order closed before the payment came): refunded. `what`: the plan's, the pack's or the show's name. */
  | { kind: 'refund_due'; bought: Bought; what: string; amount: number; currency: Currency }
  /** A ticket pack was paid: how many tickets were added and the balance now. */
  | { kind: 'tickets_receipt'; pack: string; amount: number; currency: Currency; tickets: number; credits: number; invoice: string | null };

type Text = { subject: string; lines: string[]; button: string; path: string };

const date = (lang: Lang, iso: string): string => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-MA' : lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const dateTime = (lang: Lang, iso: string): string =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-MA' : lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Casablanca' }).format(new Date(iso));

function text(lang: Lang, e: BillingEmail): Text {
  const d = (iso: string) => date(lang, iso);
  const money = (amount: number, currency: Currency) => formatMoney(lang, amount, currency);
  switch (e.kind) {
    case 'receipt':
      return {
        en: { subject: `Your Tafrij receipt: ${e.plan}`, lines: [`Thank you! We received ${money(e.amount, e.currency)} for ${e.plan}.`, `Premium is yours until ${d(e.end)}.`, ...(e.invoice ? [`Your invoice ${e.invoice} is in your billing activity.`] : [])], button: 'See my invoice', path: '/settings/billingActivity' },
        fr: { subject: `Votre reçu Tafrij : ${e.plan}`, lines: [`Merci ! Nous avons bien reçu ${money(e.amount, e.currency)} pour ${e.plan}.`, `Premium est à vous jusqu'au ${d(e.end)}.`, ...(e.invoice ? [`Votre facture ${e.invoice} est dans votre historique de paiements.`] : [])], button: 'Voir ma facture', path: '/settings/billingActivity' },
        ar: { subject: `إيصالك من تفرّج: ${e.plan}`, lines: [`شكرًا لك! توصّلنا بمبلغ ${money(e.amount, e.currency)} مقابل ${e.plan}.`, `اشتراكك المميز ساري حتى ${d(e.end)}.`, ...(e.invoice ? [`فاتورتك ${e.invoice} موجودة في سجل الفوترة.`] : [])], button: 'عرض فاتورتي', path: '/settings/billingActivity' },
        es: { subject: `Tu recibo de Tafrij: ${e.plan}`, lines: [`¡Gracias! Hemos recibido ${money(e.amount, e.currency)} por ${e.plan}.`, `Premium es tuyo hasta el ${d(e.end)}.`, ...(e.invoice ? [`Tu factura ${e.invoice} está en tu actividad de pagos.`] : [])], button: 'Ver mi factura', path: '/settings/billingActivity' },
      }[lang];
    case 'trial_ending':
      return {
        en: { subject: 'Your free Tafrij trial ends in 3 days', lines: [`Your free trial of the ${e.plan} plan ends on ${d(e.end)}.`, e.charged ? `Your card will then be charged ${money(e.amount, e.currency)} unless you cancel before.` : `Subscribe before then to keep Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Manage my subscription' : 'Subscribe', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        fr: { subject: "Votre essai gratuit Tafrij se termine dans 3 jours", lines: [`Votre essai gratuit de l'offre ${e.plan} se termine le ${d(e.end)}.`, e.charged ? `Votre carte sera alors débitée de ${money(e.amount, e.currency)}, sauf si vous résiliez avant.` : `Abonnez-vous d'ici là pour garder Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Gérer mon abonnement' : "S'abonner", path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        ar: { subject: 'تنتهي فترتك التجريبية المجانية على تفرّج خلال 3 أيام', lines: [`تنتهي فترتك التجريبية المجانية لباقة ${e.plan} يوم ${d(e.end)}.`, e.charged ? `سيتم بعدها خصم ${money(e.amount, e.currency)} من بطاقتك ما لم تلغِ الاشتراك قبل ذلك.` : `اشترك قبل ذلك للاحتفاظ بالاشتراك المميز (${money(e.amount, e.currency)}).`], button: e.charged ? 'إدارة اشتراكي' : 'اشترك', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        es: { subject: 'Tu prueba gratuita de Tafrij termina en 3 días', lines: [`Tu prueba gratuita del plan ${e.plan} termina el ${d(e.end)}.`, e.charged ? `Entonces se cargarán ${money(e.amount, e.currency)} en tu tarjeta, salvo que canceles antes.` : `Suscríbete antes para conservar Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Gestionar mi suscripción' : 'Suscribirme', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
      }[lang];
    case 'renewal_reminder':
      return {
        en: { subject: 'Your Tafrij subscription ends soon', lines: [`Your ${e.plan} subscription ends on ${d(e.end)}.`, 'Pay for a new period to keep watching premium titles.'], button: 'Renew now', path: '/subscription' },
        fr: { subject: 'Votre abonnement Tafrij se termine bientôt', lines: [`Votre abonnement ${e.plan} se termine le ${d(e.end)}.`, 'Payez une nouvelle période pour continuer à regarder les titres premium.'], button: 'Renouveler', path: '/subscription' },
        ar: { subject: 'اشتراكك في تفرّج ينتهي قريبًا', lines: [`ينتهي اشتراكك ${e.plan} يوم ${d(e.end)}.`, 'ادفع لفترة جديدة لمواصلة مشاهدة العناوين المميزة.'], button: 'جدّد الآن', path: '/subscription' },
        es: { subject: 'Tu suscripción a Tafrij termina pronto', lines: [`Tu suscripción ${e.plan} termina el ${d(e.end)}.`, 'Paga un nuevo periodo para seguir viendo los títulos premium.'], button: 'Renovar ahora', path: '/subscription' },
      }[lang];
    case 'payment_failed': {
      const reason = paymentErrorText(translate(lang), e.reason);
      return {
        en: { subject: 'Your Tafrij payment failed', lines: [`We could not take the payment for ${e.plan}.`, reason, 'Check your card or use another one to keep Premium.'], button: 'Update my card', path: '/settings/managePayment' },
        fr: { subject: 'Votre paiement Tafrij a échoué', lines: [`Nous n'avons pas pu encaisser le paiement de ${e.plan}.`, reason, 'Vérifiez votre carte ou utilisez-en une autre pour garder Premium.'], button: 'Mettre à jour ma carte', path: '/settings/managePayment' },
        ar: { subject: 'تعذّر إتمام دفعتك على تفرّج', lines: [`لم نتمكن من تحصيل دفعة ${e.plan}.`, reason, 'تحقّق من بطاقتك أو استعمل بطاقة أخرى للاحتفاظ بالاشتراك المميز.'], button: 'تحديث بطاقتي', path: '/settings/managePayment' },
        es: { subject: 'Tu pago de Tafrij ha fallado', lines: [`No hemos podido cobrar ${e.plan}.`, reason, 'Revisa tu tarjeta o usa otra para conservar Premium.'], button: 'Actualizar mi tarjeta', path: '/settings/managePayment' },
      }[lang];
    }
    case 'voucher':
      return voucherText(lang, e);
    case 'voucher_expired':
      return VOUCHER_EXPIRED[lang];
    case 'agent_recorded': {
      const after = {
        en: e.bought === 'tickets' ? 'Your tickets are added as soon as the payment is validated; we will email you.' : 'Premium starts as soon as the payment is validated; we will email you.',
        fr: e.bought === 'tickets' ? 'Vos tickets sont ajoutés dès la validation du paiement ; nous vous enverrons un e-mail.' : 'Premium commence dès la validation du paiement ; nous vous enverrons un e-mail.',
        ar: e.bought === 'tickets' ? 'تُضاف تذاكرك فور التحقق من الدفعة، وسنراسلك بالبريد الإلكتروني.' : 'يبدأ الاشتراك المميز فور التحقق من الدفعة، وسنراسلك بالبريد الإلكتروني.',
        es: e.bought === 'tickets' ? 'Tus entradas se añaden en cuanto se valide el pago; te enviaremos un correo.' : 'Premium empieza en cuanto se valide el pago; te enviaremos un correo.',
      }[lang];
      return {
        en: { subject: `Tafrij: ${e.agent} recorded your payment`, lines: [`${e.agent} recorded ${money(e.amount, e.currency)} in cash for ${e.plan}.`, `${after} If you did not pay this agent, contact us.`], button: 'My subscription', path: '/profile?t=subscriptions' },
        fr: { subject: `Tafrij : ${e.agent} a enregistré votre paiement`, lines: [`${e.agent} a enregistré ${money(e.amount, e.currency)} en espèces pour ${e.plan}.`, `${after} Si vous n'avez pas payé cet agent, contactez-nous.`], button: 'Mon abonnement', path: '/profile?t=subscriptions' },
        ar: { subject: `تفرّج: سجّل ${e.agent} دفعتك`, lines: [`سجّل ${e.agent} مبلغ ${money(e.amount, e.currency)} نقدًا مقابل ${e.plan}.`, `${after} إن لم تدفع لهذا الوكيل، فاتصل بنا.`], button: 'اشتراكي', path: '/profile?t=subscriptions' },
        es: { subject: `Tafrij: ${e.agent} registró tu pago`, lines: [`${e.agent} registró ${money(e.amount, e.currency)} en efectivo por ${e.plan}.`, `${after} Si no pagaste a este agente, contáctanos.`], button: 'Mi suscripción', path: '/profile?t=subscriptions' },
      }[lang];
    }
    case 'tickets_receipt': {
      const inv = e.invoice;
      const added = translate(lang)('TICKETS_ADDED', { count: e.tickets, credits: e.credits });
      return {
        en: { subject: `Your Tafrij receipt: ${e.pack}`, lines: [`Thank you! We received ${money(e.amount, e.currency)} for ${e.pack}.`, `${added} One ticket unlocks one premium title for 48 hours.`, ...(inv ? [`Your invoice ${inv} is in your billing activity.`] : [])], button: 'See my tickets', path: '/settings/billingActivity' },
        fr: { subject: `Votre reçu Tafrij : ${e.pack}`, lines: [`Merci ! Nous avons bien reçu ${money(e.amount, e.currency)} pour ${e.pack}.`, `${added} Un ticket débloque un titre premium pendant 48 heures.`, ...(inv ? [`Votre facture ${inv} est dans votre historique de paiements.`] : [])], button: 'Voir mes tickets', path: '/settings/billingActivity' },
        ar: { subject: `إيصالك من تفرّج: ${e.pack}`, lines: [`شكرًا لك! توصّلنا بمبلغ ${money(e.amount, e.currency)} مقابل ${e.pack}.`, `${added} تفتح التذكرة الواحدة عنوانًا مميزًا لمدة 48 ساعة.`, ...(inv ? [`فاتورتك ${inv} موجودة في سجل الفوترة.`] : [])], button: 'عرض تذاكري', path: '/settings/billingActivity' },
        es: { subject: `Tu recibo de Tafrij: ${e.pack}`, lines: [`¡Gracias! Hemos recibido ${money(e.amount, e.currency)} por ${e.pack}.`, `${added} Una entrada desbloquea un título premium durante 48 horas.`, ...(inv ? [`Tu factura ${inv} está en tu actividad de pagos.`] : [])], button: 'Ver mis entradas', path: '/settings/billingActivity' },
      }[lang];
    }
    case 'refund_due':
      return refundText(lang, e);
    case 'ended':
      return {
        en: { subject: 'Your Tafrij subscription has ended', lines: [`Your ${e.plan} subscription has ended: you are back on the free offer.`, 'Your profiles and your list are kept; subscribe again whenever you like.'], button: 'Subscribe again', path: '/subscription' },
        fr: { subject: 'Votre abonnement Tafrij est terminé', lines: [`Votre abonnement ${e.plan} est terminé : vous revenez à l'offre gratuite.`, 'Vos profils et votre liste sont conservés ; réabonnez-vous quand vous voulez.'], button: "Se réabonner", path: '/subscription' },
        ar: { subject: 'انتهى اشتراكك في تفرّج', lines: [`انتهى اشتراكك ${e.plan}، وعدت إلى العرض المجاني.`, 'ملفاتك الشخصية وقائمتك محفوظة، ويمكنك الاشتراك من جديد متى شئت.'], button: 'اشترك من جديد', path: '/subscription' },
        es: { subject: 'Tu suscripción a Tafrij ha terminado', lines: [`Tu suscripción ${e.plan} ha terminado: vuelves a la oferta gratuita.`, 'Tus perfiles y tu lista se conservan; suscríbete de nuevo cuando quieras.'], button: 'Suscribirme de nuevo', path: '/subscription' },
      }[lang];
  }
}

function voucherText(lang: Lang, e: Extract<BillingEmail, { kind: 'voucher' }>): Text {
  const d = (iso: string) => dateTime(lang, iso);
  const money = (amount: number, currency: Currency) => formatMoney(lang, amount, currency);
  const ref = groupDigits(e.reference);
  const path = `/payments/voucher/${e.transactionId}`;
  const tickets = e.bought === 'tickets';
  return {
    en: { subject: `Your Tafrij cash voucher ${ref}`, lines: [`To pay ${money(e.amount, e.currency)} for ${e.plan} in cash, give the reference ${ref} at an agency (${e.agencies}).`, `The voucher is valid until ${d(e.end)}. ${tickets ? 'Your tickets are added' : 'Premium starts'} as soon as the agency confirms your payment.`], button: 'Show my voucher', path },
    fr: { subject: `Votre bon de paiement Tafrij ${ref}`, lines: [`Pour payer ${money(e.amount, e.currency)} en espèces pour ${e.plan}, donnez la référence ${ref} dans une agence (${e.agencies}).`, `Le bon est valable jusqu'au ${d(e.end)}. ${tickets ? 'Vos tickets sont ajoutés' : 'Premium commence'} dès que l'agence confirme votre paiement.`], button: 'Afficher mon bon', path },
    ar: { subject: `قسيمة الدفع نقدًا ${ref} من تفرّج`, lines: [`لدفع ${money(e.amount, e.currency)} نقدًا مقابل ${e.plan}، قدّم المرجع ${ref} في إحدى الوكالات (${e.agencies}).`, `القسيمة صالحة حتى ${d(e.end)}. ${tickets ? 'تُضاف تذاكرك' : 'يبدأ الاشتراك المميز'} فور تأكيد الوكالة لدفعتك.`], button: 'عرض قسيمتي', path },
    es: { subject: `Tu cupón de pago en efectivo de Tafrij ${ref}`, lines: [`Para pagar ${money(e.amount, e.currency)} en efectivo por ${e.plan}, da la referencia ${ref} en una agencia (${e.agencies}).`, `El cupón es válido hasta el ${d(e.end)}. ${tickets ? 'Tus entradas se añaden' : 'Premium empieza'} en cuanto la agencia confirma tu pago.`], button: 'Ver mi cupón', path },
  }[lang];
}

function refundText(lang: Lang, e: Extract<BillingEmail, { kind: 'refund_due' }>): Text {
  const m = formatMoney(lang, e.amount, e.currency);
  const order = e.bought === 'order';
  const label = {
    en: { plan: `the ${e.what} plan`, tickets: `the ticket pack ${e.what}`, order: `seats for ${e.what}` },
    fr: { plan: `l'offre ${e.what}`, tickets: `le pack de tickets ${e.what}`, order: `des places pour ${e.what}` },
    ar: { plan: `باقة ${e.what}`, tickets: `حزمة التذاكر ${e.what}`, order: `مقاعد لعرض ${e.what}` },
    es: { plan: `el plan ${e.what}`, tickets: `el paquete de entradas ${e.what}`, order: `entradas para ${e.what}` },
  }[lang][e.bought];
  const path = order ? '/my-tickets' : '/settings/billingActivity';
  return {
    en: { subject: 'Tafrij: your payment will be refunded', lines: [`We received your payment of ${m} for ${label} after the ${order ? 'order' : 'checkout'} was closed, so nothing was delivered.`, `The whole amount (${m}) will be refunded to you: there is nothing you need to do.`], button: order ? 'My tickets' : 'My billing activity', path },
    fr: { subject: 'Tafrij : votre paiement vous sera remboursé', lines: [`Nous avons reçu votre paiement de ${m} pour ${label} après la clôture de ${order ? 'la commande' : 'la transaction'} : rien n'a été livré.`, `La totalité (${m}) vous sera remboursée : vous n'avez rien à faire.`], button: order ? 'Mes billets' : 'Mon historique de paiements', path },
    ar: { subject: 'تفرّج: سيُردّ إليك مبلغ دفعتك', lines: [`توصّلنا بدفعتك البالغة ${m} مقابل ${label} بعد إغلاق ${order ? 'الطلب' : 'عملية الدفع'}، لذلك لم يُسلَّم أي شيء.`, `سيُردّ إليك المبلغ كاملًا (${m})، ولا يلزمك القيام بأي شيء.`], button: order ? 'تذاكري' : 'سجل الفوترة', path },
    es: { subject: 'Tafrij: te devolveremos tu pago', lines: [`Recibimos tu pago de ${m} por ${label} después de que ${order ? 'el pedido' : 'la compra'} se cerrara, así que no se ha entregado nada.`, `Te devolveremos el importe completo (${m}): no tienes que hacer nada.`], button: order ? 'Mis entradas' : 'Mi actividad de pagos', path },
  }[lang];
}

const VOUCHER_EXPIRED: Record<Lang, Text> = {
  en: { subject: 'Your Tafrij cash voucher has expired', lines: ['Your cash voucher was not paid within 4 days, so it was cancelled. Nothing was charged.', 'You can make a new one, or choose another way to pay.'], button: 'Choose a plan', path: '/subscription' },
  fr: { subject: 'Votre bon de paiement Tafrij a expiré', lines: ["Votre bon n'a pas été payé dans les 4 jours : il a été annulé. Rien n'a été débité.", 'Vous pouvez en créer un nouveau ou choisir un autre moyen de paiement.'], button: 'Choisir une offre', path: '/subscription' },
  ar: { subject: 'انتهت صلاحية قسيمة الدفع نقدًا من تفرّج', lines: ['لم تُدفع قسيمتك خلال 4 أيام، لذلك أُلغيت. لم يُخصم أي مبلغ.', 'يمكنك إنشاء قسيمة جديدة أو اختيار طريقة دفع أخرى.'], button: 'اختر عرضًا', path: '/subscription' },
  es: { subject: 'Tu cupón de pago de Tafrij ha caducado', lines: ['Tu cupón no se pagó en 4 días, así que se ha cancelado. No se ha cobrado nada.', 'Puedes crear uno nuevo o elegir otra forma de pago.'], button: 'Elegir un plan', path: '/subscription' },
};

/** The voucher's SMS: the reference, the amount and the end, short enough for one message. */
export function voucherSms(lang: Lang, v: { amount: number; currency: Currency; reference: string; end: string }): string {
  const ref = groupDigits(v.reference);
  const end = dateTime(lang, v.end);
  const amount = formatMoney(lang, v.amount, v.currency);
  return {
    en: `Tafrij: pay ${amount} in cash at an agency with reference ${ref} before ${end}.`,
    fr: `Tafrij : payez ${amount} en espèces en agence avec la référence ${ref} avant le ${end}.`,
    ar: `تفرّج: ادفع ${amount} نقدًا في وكالة بالمرجع ${ref} قبل ${end}.`,
    es: `Tafrij: paga ${amount} en efectivo en una agencia con la referencia ${ref} antes del ${end}.`,
  }[lang];
}

const TEAM: Record<Lang, string> = { en: 'The Tafrij team', fr: "L'équipe Tafrij", ar: 'فريق تفرّج', es: 'El equipo de Tafrij' };

export function billingEmail(lang: Lang, e: BillingEmail, origin: string): { subject: string; text: string; html: string } {
  const t = text(lang, e);
  const link = `${origin}${t.path}${t.path.includes('?') ? '&' : '?'}lang=${lang}`;
  const body = [...t.lines, link, TEAM[lang]].join('\n\n') + '\n';
  const html = page(
    lang,
    t.subject,
    t.lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('') +
      `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c8002b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.button)}</a></p>` +
      `<p style="margin:0">${escapeHtml(TEAM[lang])}</p>`,
  );
  return { subject: t.subject, text: body, html };
}

/** Sends a billing email to a user who has an email address; failures are logged, never thrown (money already moved). */
export async function sendBillingEmail(env: Bindings, userId: string, e: BillingEmail): Promise<void> {
  const user = await env.DB.prepare('SELECT email, lang FROM users WHERE id = ?').bind(userId).first<{ email: string | null; lang: string }>();
  if (!user?.email) return;
  const lang = isLang(user.lang) ? user.lang : 'ar';
  try {
    await mailer(env).send({ to: user.email, ...billingEmail(lang, e, env.PUBLIC_ORIGIN.replace(/\/+$/, '')) });
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', event: 'billing_email_failed', kind: e.kind, userId, error: String(error) }));
  }
}
