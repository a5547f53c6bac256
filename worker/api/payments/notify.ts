// Emails that follow a settled payment (receipt, failed renewal, money taken for nothing delivered).
import type { Bindings } from '../../env';
import { isLang } from '../../rules/lang';
import { boughtBy } from '../../rules/subscription';
import { smsSender } from '../../messaging';
import { sendBillingEmail, voucherSms } from './emails';
import { formatInvoiceNumber } from './invoices';
import { findPlan } from './plans';
import type { Settlement } from './settle';
import { loadBilling } from './store';
import { ticketsOf } from './tickets';
import { findTransaction } from './transactions';
import { sendRefundDueEmail } from './refund-notice';
import { fulfilmentOf } from './fulfilment';

/** `now`: the settlement's clock (an event order's hold is checked against it). */
export async function notifySettlement(env: Bindings, s: Settlement, now: Date = new Date()): Promise<void> {
  if (s.outcome === 'refund_due') return sendRefundDueEmail(env, s.transactionId);
  if (s.outcome !== 'applied' || !s.transactionId) return;
  const tx = await findTransaction(env.DB, s.transactionId);
  if (!tx || tx.purpose === 'card') return;
  // What another area sold (an event order: seats confirmed, e-tickets valid and emailed, or its hold released) sends its own messages.
  const fulfilment = fulfilmentOf(tx.purpose);
  if (fulfilment) return fulfilment.settled(env, tx.id, now);
  const [plan, billing, user] = await Promise.all([
    findPlan(env.DB, tx.plan_id),
    loadBilling(env.DB, tx.user_id),
    env.DB.prepare('SELECT lang FROM users WHERE id = ?').bind(tx.user_id).first<{ lang: string }>(),
  ]);
  if (!plan || !billing) return;
  const name = plan.name[isLang(user?.lang) ? user.lang : 'ar'];
  const invoice = tx.invoice_number === null ? null : formatInvoiceNumber(env.INVOICE_PREFIX, tx.invoice_number, tx.updated_at);
  if (tx.state === 'accepted' && tx.purpose === 'tickets') {
    await sendBillingEmail(env, tx.user_id, { kind: 'tickets_receipt', pack: name, amount: tx.amount, currency: tx.currency, tickets: plan.tickets, credits: await ticketsOf(env.DB, tx.user_id), invoice });
  } else if (tx.state === 'accepted' && s.invoice && billing.end) {
    await sendBillingEmail(env, tx.user_id, { kind: 'receipt', plan: name, amount: tx.amount, currency: tx.currency, end: billing.end, invoice: tx.invoice_number === null ? null : formatInvoiceNumber(env.INVOICE_PREFIX, tx.invoice_number, tx.updated_at) });
  } else if (tx.state === 'failed' && tx.purpose === 'renew') {
    await sendBillingEmail(env, tx.user_id, { kind: 'payment_failed', plan: name, reason: tx.error ?? 'CARD_DECLINED' });
  }
}

/** Runs work after the answer when the runtime allows it (Workers), else awaits it (tests calling the app directly). */
export async function afterAnswer(ctx: { waitUntil(p: Promise<unknown>): void } | null, work: Promise<unknown>): Promise<void> {
  const safe = work.catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', event: 'after_answer_failed', error: String(error) })));
  if (ctx) ctx.waitUntil(safe);
  else await safe;
}

/** A cash voucher was issued: its reference, amount and end by email and by SMS (to whichever the user has). */
export async function notifyVoucher(env: Bindings, transactionId: string): Promise<void> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx?.voucher_ref || !tx.expires_at) return;
  const [plan, user] = await Promise.all([
    findPlan(env.DB, tx.plan_id),
    env.DB.prepare('SELECT lang, phone FROM users WHERE id = ?').bind(tx.user_id).first<{ lang: string; phone: string | null }>(),
  ]);
  const lang = isLang(user?.lang) ? user.lang : 'ar';
  const voucher = { amount: tx.amount, currency: tx.currency, reference: tx.voucher_ref, end: tx.expires_at };
  await sendBillingEmail(env, tx.user_id, { kind: 'voucher', plan: plan?.name[lang] ?? '', bought: boughtBy(tx.purpose), ...voucher, agencies: env.CASH_AGENCIES, transactionId: tx.id });
  if (user?.phone) {
    await smsSender(env)
      .send({ to: user.phone, text: voucherSms(lang, voucher) })
      .catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', event: 'voucher_sms_failed', transactionId, error: String(error) })));
  }
}
