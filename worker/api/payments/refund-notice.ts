// The buyer is told when money was taken and nothing delivered: a payment accepted for a checkout
// closed here (worker/api/payments/settle.ts) or an event order whose seats were gone
// (worker/api/events/settlement.ts) ends refund_due, and its buyer gets one email, in their language,
// naming what was bought. Called by the one write that made the transaction (or order) refund_due,
// so a replayed callback sends nothing more.
import type { Lang } from '../../rules/lang';
import { boughtBy } from '../../rules/subscription';
import { recipientOf, sendBillingEmail } from './emails';
import { fulfilmentOf, type FulfilmentDeps } from './fulfilment';
import { findPlan } from './plans';
import { findTransaction, type TransactionRow } from './transactions';

/** What a payment bought, named in `lang`: the plan's or the pack's name, or what the area that sold it says (an event order: the show). */
export async function purchaseName(db: D1Database, tx: Pick<TransactionRow, 'id' | 'purpose' | 'plan_id'>, lang: Lang): Promise<string> {
  const fulfilment = fulfilmentOf(tx.purpose);
  const named = fulfilment ? await fulfilment.named(db, tx.id, lang) : null;
  return named ?? ((await findPlan(db, tx.plan_id))?.name[lang] ?? '');
}

export async function sendRefundDueEmail(deps: Pick<FulfilmentDeps, 'db' | 'mail' | 'origin'>, transactionId: string): Promise<void> {
  const { db } = deps;
  const tx = await findTransaction(db, transactionId);
  if (!tx) return;
  const to = await recipientOf(db, tx.user_id);
  const what = await purchaseName(db, tx, to?.lang ?? 'ar');
  await sendBillingEmail(deps, to, { kind: 'refund_due', bought: boughtBy(tx.purpose), what, amount: tx.amount, currency: tx.currency });
}
