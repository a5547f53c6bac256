// The buyer is told when money was taken and nothing delivered: a payment accepted for a checkout
// closed here (worker/api/payments/settle.ts) or an event order whose seats were gone
// (worker/api/events/settlement.ts) ends refund_due, and its buyer gets one email, in their language,
// naming what was bought. Called by the one write that made the transaction (or order) refund_due,
// so a replayed callback sends nothing more.
import { boughtBy } from '../../rules/subscription';
import { recipientOf, sendBillingEmail } from './emails';
import { fulfilmentOf, type FulfilmentDeps } from './fulfilment';
import { findPlan } from './plans';
import { findTransaction } from './transactions';

export async function sendRefundDueEmail(deps: Pick<FulfilmentDeps, 'db' | 'mail' | 'origin'>, transactionId: string): Promise<void> {
  const { db } = deps;
  const tx = await findTransaction(db, transactionId);
  if (!tx) return;
  const to = await recipientOf(db, tx.user_id);
  const lang = to?.lang ?? 'ar';
  const bought = boughtBy(tx.purpose);
  // What another area sold (an event order: the show) is named by that area (worker/api/payments/fulfilment.ts).
  const fulfilment = fulfilmentOf(tx.purpose);
  const named = fulfilment ? await fulfilment.named(db, tx.id, lang) : null;
  const what = named ?? ((await findPlan(db, tx.plan_id))?.name[lang] ?? '');
  await sendBillingEmail(deps, to, { kind: 'refund_due', bought, what, amount: tx.amount, currency: tx.currency });
}
