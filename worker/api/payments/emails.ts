// Billing emails in the user's language (issue 13): receipt with the invoice, trial ends in 3 days,
// renewal reminder (providers without recurring charges), payment failed, subscription ended; their
// texts are in locales/ (RECEIPT_MAIL_*, TRIAL_MAIL_*, VOUCHER_MAIL_*, VOUCHER_SMS…).
import { isLang, type Lang } from '../../rules/lang';
import { translate } from '../../i18n';
import { intlLocale } from '../../rules/translate';
import { groupDigits } from '../../rules/payment-methods';
import { formatMoney } from '../../rules/money';
import { paymentErrorText, type Bought, type Currency } from '../../rules/subscription';
import type { Mailer } from '../../messaging';
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
  /**
   * Money was given back (the back office): how much of what, its credit note (and the invoice it
   * corrects), whether it goes back to the card or by hand, and what became of the subscription
   * (`ended` now, or `until` the period end without renewal; null: not a subscription payment).
   */
  | { kind: 'refunded'; bought: Bought; what: string; amount: number; currency: Currency; creditNote: string; invoice: string | null; manual: boolean; subscription: { ended: true } | { ended: false; until: string } | null }
  /** A ticket pack was paid: how many tickets were added and the balance now. */
  | { kind: 'tickets_receipt'; pack: string; amount: number; currency: Currency; tickets: number; credits: number; invoice: string | null };

type Text = { subject: string; lines: string[]; button: string; path: string };

/** English billing emails write the month first ("December 24, 2026"); every other language as the site does. */
const locale = (lang: Lang): string => (lang === 'en' ? 'en' : intlLocale(lang));
const date = (lang: Lang, iso: string): string => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const dateTime = (lang: Lang, iso: string): string =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Casablanca' }).format(new Date(iso));

function text(lang: Lang, e: BillingEmail): Text {
  const t = translate(lang);
  const d = (iso: string) => date(lang, iso);
  const money = (amount: number, currency: Currency) => formatMoney(lang, amount, currency);
  switch (e.kind) {
    case 'receipt':
      return {
        subject: t('RECEIPT_MAIL_SUBJECT', { name: e.plan }),
        lines: [t('RECEIPT_MAIL_THANKS', { amount: money(e.amount, e.currency), name: e.plan }), t('RECEIPT_MAIL_PREMIUM_UNTIL', { date: d(e.end) }), ...(e.invoice ? [t('RECEIPT_MAIL_INVOICE', { invoice: e.invoice })] : [])],
        button: t('RECEIPT_MAIL_BUTTON'),
        path: '/settings/billingActivity',
      };
    case 'trial_ending': {
      const amount = money(e.amount, e.currency);
      return {
        subject: t('TRIAL_MAIL_SUBJECT'),
        lines: [t('TRIAL_MAIL_ENDS', { plan: e.plan, date: d(e.end) }), e.charged ? t('TRIAL_MAIL_CHARGED', { amount }) : t('TRIAL_MAIL_SUBSCRIBE', { amount })],
        button: t(e.charged ? 'TRIAL_MAIL_MANAGE_BUTTON' : 'TRIAL_MAIL_SUBSCRIBE_BUTTON'),
        path: e.charged ? '/profile?t=subscriptions' : '/subscription',
      };
    }
    case 'renewal_reminder':
      return { subject: t('RENEWAL_MAIL_SUBJECT'), lines: [t('RENEWAL_MAIL_ENDS', { plan: e.plan, date: d(e.end) }), t('RENEWAL_MAIL_PAY')], button: t('RENEWAL_MAIL_BUTTON'), path: '/subscription' };
    case 'payment_failed':
      return {
        subject: t('PAYMENT_FAILED_MAIL_SUBJECT'),
        lines: [t('PAYMENT_FAILED_MAIL_LINE', { plan: e.plan }), paymentErrorText(t, e.reason), t('PAYMENT_FAILED_MAIL_CARD')],
        button: t('PAYMENT_FAILED_MAIL_BUTTON'),
        path: '/settings/managePayment',
      };
    case 'voucher':
      return voucherText(lang, e);
    case 'voucher_expired':
      return { subject: t('VOUCHER_EXPIRED_MAIL_SUBJECT'), lines: [t('VOUCHER_EXPIRED_MAIL_LINE'), t('VOUCHER_EXPIRED_MAIL_AGAIN')], button: t('VOUCHER_EXPIRED_MAIL_BUTTON'), path: '/subscription' };
    case 'agent_recorded': {
      const after = t(e.bought === 'tickets' ? 'AGENT_MAIL_AFTER_TICKETS' : 'AGENT_MAIL_AFTER_PLAN');
      return {
        subject: t('AGENT_MAIL_SUBJECT', { agent: e.agent }),
        lines: [t('AGENT_MAIL_RECORDED', { agent: e.agent, amount: money(e.amount, e.currency), plan: e.plan }), `${after} ${t('AGENT_MAIL_NOT_YOU')}`],
        button: t('AGENT_MAIL_BUTTON'),
        path: '/profile?t=subscriptions',
      };
    }
    case 'tickets_receipt': {
      const added = t('TICKETS_ADDED', { count: e.tickets, credits: e.credits });
      return {
        subject: t('RECEIPT_MAIL_SUBJECT', { name: e.pack }),
        lines: [t('RECEIPT_MAIL_THANKS', { amount: money(e.amount, e.currency), name: e.pack }), `${added} ${t('TICKETS_MAIL_ONE_TICKET')}`, ...(e.invoice ? [t('RECEIPT_MAIL_INVOICE', { invoice: e.invoice })] : [])],
        button: t('TICKETS_MAIL_BUTTON'),
        path: '/settings/billingActivity',
      };
    }
    case 'refund_due':
      return refundText(lang, e);
    case 'refunded':
      return refundedText(lang, e);
    case 'ended':
      return { subject: t('ENDED_MAIL_SUBJECT'), lines: [t('ENDED_MAIL_LINE', { plan: e.plan }), t('ENDED_MAIL_KEPT')], button: t('ENDED_MAIL_BUTTON'), path: '/subscription' };
  }
}

function voucherText(lang: Lang, e: Extract<BillingEmail, { kind: 'voucher' }>): Text {
  const t = translate(lang);
  const reference = groupDigits(e.reference);
  const start = t(e.bought === 'tickets' ? 'VOUCHER_MAIL_START_TICKETS' : 'VOUCHER_MAIL_START_PLAN');
  return {
    subject: t('VOUCHER_MAIL_SUBJECT', { reference }),
    lines: [t('VOUCHER_MAIL_PAY', { amount: formatMoney(lang, e.amount, e.currency), plan: e.plan, reference, agencies: e.agencies }), `${t('VOUCHER_MAIL_VALID', { date: dateTime(lang, e.end) })} ${start}`],
    button: t('VOUCHER_MAIL_BUTTON'),
    path: `/payments/voucher/${e.transactionId}`,
  };
}

function refundText(lang: Lang, e: Extract<BillingEmail, { kind: 'refund_due' }>): Text {
  const t = translate(lang);
  const amount = formatMoney(lang, e.amount, e.currency);
  const order = e.bought === 'order';
  const what = t(e.bought === 'order' ? 'REFUND_MAIL_WHAT_ORDER' : e.bought === 'tickets' ? 'REFUND_MAIL_WHAT_TICKETS' : 'REFUND_MAIL_WHAT_PLAN', { name: e.what });
  return {
    subject: t('REFUND_MAIL_SUBJECT'),
    lines: [t(order ? 'REFUND_MAIL_RECEIVED_ORDER' : 'REFUND_MAIL_RECEIVED', { amount, what }), t('REFUND_MAIL_REFUNDED', { amount })],
    button: t(order ? 'REFUND_MAIL_BUTTON_ORDER' : 'REFUND_MAIL_BUTTON'),
    path: order ? '/my-tickets' : '/settings/billingActivity',
  };
}

function refundedText(lang: Lang, e: Extract<BillingEmail, { kind: 'refunded' }>): Text {
  const t = translate(lang);
  const amount = formatMoney(lang, e.amount, e.currency);
  const what = t(e.bought === 'order' ? 'REFUND_MAIL_WHAT_ORDER' : e.bought === 'tickets' ? 'REFUND_MAIL_WHAT_TICKETS' : 'REFUND_MAIL_WHAT_PLAN', { name: e.what });
  const subscription = e.subscription === null ? [] : [e.subscription.ended ? t('ADMIN_REFUNDS_MAIL_ENDED') : t('ADMIN_REFUNDS_MAIL_KEPT', { date: date(lang, e.subscription.until) })];
  return {
    subject: t('ADMIN_REFUNDS_MAIL_SUBJECT', { amount }),
    lines: [
      t('ADMIN_REFUNDS_MAIL_REFUNDED', { amount, what }),
      t(e.manual ? 'ADMIN_REFUNDS_MAIL_MANUAL' : 'ADMIN_REFUNDS_MAIL_CARD'),
      e.invoice ? t('ADMIN_REFUNDS_MAIL_CREDIT_NOTE', { number: e.creditNote, invoice: e.invoice }) : t('ADMIN_REFUNDS_MAIL_CREDIT_NOTE_ONLY', { number: e.creditNote }),
      ...subscription,
    ],
    button: t(e.bought === 'order' ? 'REFUND_MAIL_BUTTON_ORDER' : 'REFUND_MAIL_BUTTON'),
    path: e.bought === 'order' ? '/my-tickets' : '/settings/billingActivity',
  };
}

/** The voucher's SMS: the reference, the amount and the end, short enough for one message. */
export function voucherSms(lang: Lang, v: { amount: number; currency: Currency; reference: string; end: string }): string {
  return translate(lang)('VOUCHER_SMS', { amount: formatMoney(lang, v.amount, v.currency), reference: groupDigits(v.reference), date: dateTime(lang, v.end) });
}

export function billingEmail(lang: Lang, e: BillingEmail, origin: string): { subject: string; text: string; html: string } {
  const t = text(lang, e);
  const team = translate(lang)('MAIL_TEAM');
  const link = `${origin}${t.path}${t.path.includes('?') ? '&' : '?'}lang=${lang}`;
  const body = [...t.lines, link, team].join('\n\n') + '\n';
  const html = page(
    lang,
    t.subject,
    t.lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('') +
      `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c8002b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.button)}</a></p>` +
      `<p style="margin:0">${escapeHtml(team)}</p>`,
  );
  return { subject: t.subject, text: body, html };
}

/** Who a billing message goes to, read once: the address, the phone and the language (Arabic when unknown). */
export type Recipient = { id: string; email: string | null; phone: string | null; lang: Lang };

export async function recipientOf(db: D1Database, userId: string): Promise<Recipient | null> {
  const user = await db.prepare('SELECT email, phone, lang FROM users WHERE id = ?').bind(userId).first<{ email: string | null; phone: string | null; lang: string }>();
  return user ? { id: userId, email: user.email, phone: user.phone, lang: isLang(user.lang) ? user.lang : 'ar' } : null;
}

/** How billing emails go out: the mailer, and the site's public origin (no trailing slash) for their links. */
export type BillingMail = { mail: Mailer; origin: string };

/** Sends a billing email to a user who has an email address; failures are logged, never thrown (money already moved). */
export async function sendBillingEmail(out: BillingMail, to: Recipient | null, e: BillingEmail): Promise<void> {
  if (!to?.email) return;
  try {
    await out.mail.send({ to: to.email, ...billingEmail(to.lang, e, out.origin) });
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', event: 'billing_email_failed', kind: e.kind, userId: to.id, error: String(error) }));
  }
}
