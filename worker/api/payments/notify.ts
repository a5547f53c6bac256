// Emails that follow a settled payment (receipt, failed renewal, money taken for nothing delivered).
import { boughtBy } from '../../rules/subscription';
import type { SmsSender } from '../../messaging';
import { recipientOf, sendBillingEmail, voucherSms } from './emails';
import { formatInvoiceNumber } from './invoices';
import { findPlan } from './plans';
import type { Settlement } from './settle';
import { loadBilling } from './store';
import { ticketsOf } from './tickets';
import { findTransaction } from './transactions';
import { sendRefundDueEmail } from './refund-notice';
import { fulfilmentOf, type FulfilmentDeps } from './fulfilment';

/**
 * What the messages after a payment use (built once from the environment: `noticeDeps`,
 * worker/api/payments/deps.ts): the database, the mailer and SMS sender, the site's origin, the
 * invoice numbers' prefix, the cash agencies named in a voucher, and what the areas that sell through
 * payments deliver with (FulfilmentDeps).
 */
export type NoticeDeps = FulfilmentDeps & { sms: SmsSender; invoicePrefix: string; cashAgencies: string };

/** `now`: the settlement's clock (an event order's hold is checked against it). */
export async function notifySettlement(deps: NoticeDeps, s: Settlement, now: Date): Promise<void> {
  if (s.outcome === 'refund_due') return sendRefundDueEmail(deps, s.transactionId);
  if (s.outcome !== 'applied' || !s.transactionId) return;
  const { db } = deps;
  const tx = await findTransaction(db, s.transactionId);
  if (!tx || tx.purpose === 'card') return;
  // What another area sold (an event order: seats confirmed, e-tickets valid and emailed, or its hold released) sends its own messages.
  const fulfilment = fulfilmentOf(tx.purpose);
  if (fulfilment) return fulfilment.settled(deps, tx.id, now);
  const [plan, billing, to] = await Promise.all([findPlan(db, tx.plan_id), loadBilling(db, tx.user_id), recipientOf(db, tx.user_id)]);
  if (!plan || !billing) return;
  const name = plan.name[to?.lang ?? 'ar'];
  const invoice = tx.invoice_number === null ? null : formatInvoiceNumber(deps.invoicePrefix, tx.invoice_number, tx.updated_at);
  if (tx.state === 'accepted' && tx.purpose === 'tickets') {
    await sendBillingEmail(deps, to, { kind: 'tickets_receipt', pack: name, amount: tx.amount, currency: tx.currency, tickets: plan.tickets, credits: await ticketsOf(db, tx.user_id), invoice });
  } else if (tx.state === 'accepted' && s.invoice && billing.end) {
    await sendBillingEmail(deps, to, { kind: 'receipt', plan: name, amount: tx.amount, currency: tx.currency, end: billing.end, invoice });
  } else if (tx.state === 'failed' && tx.purpose === 'renew') {
    await sendBillingEmail(deps, to, { kind: 'payment_failed', plan: name, reason: tx.error ?? 'CARD_DECLINED' });
  }
}

/** The Workers execution context of a request, or null when the app is called directly (tests). */
export function executionContext(c: { executionCtx: { waitUntil(p: Promise<unknown>): void } }): { waitUntil(p: Promise<unknown>): void } | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}

/** Runs work after the answer when the runtime allows it (Workers), else awaits it (tests calling the app directly). */
export async function afterAnswer(ctx: { waitUntil(p: Promise<unknown>): void } | null, work: Promise<unknown>): Promise<void> {
  const safe = work.catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', event: 'after_answer_failed', error: String(error) })));
  if (ctx) ctx.waitUntil(safe);
  else await safe;
}

/** A cash voucher was issued: its reference, amount and end by email and by SMS (to whichever the user has). */
export async function notifyVoucher(deps: Pick<NoticeDeps, 'db' | 'mail' | 'origin' | 'sms' | 'cashAgencies'>, transactionId: string): Promise<void> {
  const tx = await findTransaction(deps.db, transactionId);
  if (!tx?.voucher_ref || !tx.expires_at) return;
  const [plan, to] = await Promise.all([findPlan(deps.db, tx.plan_id), recipientOf(deps.db, tx.user_id)]);
  const lang = to?.lang ?? 'ar';
  const voucher = { amount: tx.amount, currency: tx.currency, reference: tx.voucher_ref, end: tx.expires_at };
  await sendBillingEmail(deps, to, { kind: 'voucher', plan: plan?.name[lang] ?? '', bought: boughtBy(tx.purpose), ...voucher, agencies: deps.cashAgencies, transactionId: tx.id });
  if (to?.phone) {
    await deps.sms
      .send({ to: to.phone, text: voucherSms(lang, voucher) })
      .catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', event: 'voucher_sms_failed', transactionId, error: String(error) })));
  }
}
