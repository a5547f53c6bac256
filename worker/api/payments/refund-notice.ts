// The buyer is told when money was taken and nothing delivered: a payment accepted for a checkout
// closed here (worker/api/payments/settle.ts) or an event order whose seats were gone
// (worker/api/events/settlement.ts) ends refund_due, and its buyer gets one email, in their language,
// naming what was bought. Called by the one write that made the transaction (or order) refund_due,
// so a replayed callback sends nothing more.
import type { Bindings } from '../../env';
import { isLang } from '../../rules/lang';
import { boughtBy } from '../../rules/subscription';
import { sendBillingEmail } from './emails';
import { fulfilmentOf } from './fulfilment';
import { findPlan } from './plans';
import { findTransaction } from './transactions';

export async function sendRefundDueEmail(env: Bindings, transactionId: string): Promise<void> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx) return;
  const user = await env.DB.prepare('SELECT lang FROM users WHERE id = ?').bind(tx.user_id).first<{ lang: string }>();
  const lang = isLang(user?.lang) ? user.lang : 'ar';
  const bought = boughtBy(tx.purpose);
  // What another area sold (an event order: the show) is named by that area (worker/api/payments/fulfilment.ts).
  const fulfilment = fulfilmentOf(tx.purpose);
  const named = fulfilment ? await fulfilment.named(env.DB, tx.id, lang) : null;
  const what = named ?? ((await findPlan(env.DB, tx.plan_id))?.name[lang] ?? '');
  await sendBillingEmail(env, tx.user_id, { kind: 'refund_due', bought, what, amount: tx.amount, currency: tx.currency });
}
