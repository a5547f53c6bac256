// The customer is told of a refund once, by the request that made it, in their language: how much of
// what, its credit note and the invoice it corrects, how the money comes back, and what became of the
// subscription (worker/api/payments/emails.ts, kind 'refunded').
import { boughtBy } from '../../../rules/subscription';
import { recipientOf, sendBillingEmail, type BillingMail } from '../emails';
import { purchaseName } from '../refund-notice';
import { findTransaction } from '../transactions';
import { creditNoteOf, type Prefixes } from './queries';
import type { Refunded } from './refund';

export type RefundNoticeDeps = BillingMail & { db: D1Database; prefixes: Prefixes };

export async function notifyRefund(deps: RefundNoticeDeps, refunded: Refunded): Promise<void> {
  if (!refunded.fresh) return;
  const { db } = deps;
  const { refund } = refunded;
  const [tx, to, note] = await Promise.all([findTransaction(db, refund.transaction_id), recipientOf(db, refund.user_id), creditNoteOf(db, refund.id, deps.prefixes)]);
  if (!tx || !note) return;
  const what = await purchaseName(db, tx, to?.lang ?? 'ar');
  await sendBillingEmail(deps, to, {
    kind: 'refunded',
    bought: boughtBy(tx.purpose),
    what,
    amount: refund.amount,
    currency: refund.currency,
    creditNote: note.number,
    invoice: note.invoice,
    manual: refund.manual,
    subscription: refunded.subscription,
  });
}
