// Billing emails in the user's language (issue 13): receipt with the invoice, trial ends in 3 days,
// renewal reminder (providers without recurring charges), payment failed, subscription ended.
import type { Bindings } from '../../env';
import { isLang, type Lang } from '../../rules/lang';
import { translate } from '../../i18n';
import { formatAmount, paymentErrorText, type Currency } from '../../rules/subscription';
import { mailer } from '../../messaging';
import { escapeHtml, page } from '../../messaging/templates';

export type BillingEmail =
  | { kind: 'receipt'; plan: string; amount: number; currency: Currency; end: string; /** The invoice's number as printed (TAF-2026-000042). */ invoice: string | null }
  | { kind: 'trial_ending'; plan: string; end: string; amount: number; currency: Currency; charged: boolean }
  | { kind: 'renewal_reminder'; plan: string; end: string }
  | { kind: 'payment_failed'; plan: string; reason: string }
  | { kind: 'ended'; plan: string };

type Text = { subject: string; lines: string[]; button: string; path: string };

const date = (lang: Lang, iso: string): string => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-MA' : lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const money = (amount: number, currency: Currency): string => `${formatAmount(amount)} ${currency}`;

function text(lang: Lang, e: BillingEmail): Text {
  const d = (iso: string) => date(lang, iso);
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
        en: { subject: 'Your free Tafrij trial ends in 3 days', lines: [`Your free trial of ${e.plan} ends on ${d(e.end)}.`, e.charged ? `Your card will then be charged ${money(e.amount, e.currency)} unless you cancel before.` : `Subscribe before then to keep Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Manage my subscription' : 'Subscribe', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        fr: { subject: "Votre essai gratuit Tafrij se termine dans 3 jours", lines: [`Votre essai gratuit de ${e.plan} se termine le ${d(e.end)}.`, e.charged ? `Votre carte sera alors débitée de ${money(e.amount, e.currency)}, sauf si vous résiliez avant.` : `Abonnez-vous d'ici là pour garder Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Gérer mon abonnement' : "S'abonner", path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        ar: { subject: 'تنتهي فترتك التجريبية المجانية على تفرّج خلال 3 أيام', lines: [`تنتهي فترتك التجريبية المجانية لـ${e.plan} يوم ${d(e.end)}.`, e.charged ? `سيتم بعدها خصم ${money(e.amount, e.currency)} من بطاقتك ما لم تلغِ الاشتراك قبل ذلك.` : `اشترك قبل ذلك للاحتفاظ بالاشتراك المميز (${money(e.amount, e.currency)}).`], button: e.charged ? 'إدارة اشتراكي' : 'اشترك', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
        es: { subject: 'Tu prueba gratuita de Tafrij termina en 3 días', lines: [`Tu prueba gratuita de ${e.plan} termina el ${d(e.end)}.`, e.charged ? `Entonces se cargarán ${money(e.amount, e.currency)} en tu tarjeta, salvo que canceles antes.` : `Suscríbete antes para conservar Premium (${money(e.amount, e.currency)}).`], button: e.charged ? 'Gestionar mi suscripción' : 'Suscribirme', path: e.charged ? '/profile?t=subscriptions' : '/subscription' },
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
    case 'ended':
      return {
        en: { subject: 'Your Tafrij subscription has ended', lines: [`Your ${e.plan} subscription has ended: you are back on the free offer.`, 'Your profiles and your list are kept; subscribe again whenever you like.'], button: 'Subscribe again', path: '/subscription' },
        fr: { subject: 'Votre abonnement Tafrij est terminé', lines: [`Votre abonnement ${e.plan} est terminé : vous revenez à l'offre gratuite.`, 'Vos profils et votre liste sont conservés ; réabonnez-vous quand vous voulez.'], button: "Se réabonner", path: '/subscription' },
        ar: { subject: 'انتهى اشتراكك في تفرّج', lines: [`انتهى اشتراكك ${e.plan}، وعدت إلى العرض المجاني.`, 'ملفاتك الشخصية وقائمتك محفوظة، ويمكنك الاشتراك من جديد متى شئت.'], button: 'اشترك من جديد', path: '/subscription' },
        es: { subject: 'Tu suscripción a Tafrij ha terminado', lines: [`Tu suscripción ${e.plan} ha terminado: vuelves a la oferta gratuita.`, 'Tus perfiles y tu lista se conservan; suscríbete de nuevo cuando quieras.'], button: 'Suscribirme de nuevo', path: '/subscription' },
      }[lang];
  }
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
