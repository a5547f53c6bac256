// The buyer is told when money was taken and nothing delivered: a payment accepted for a checkout
// closed here (worker/api/payments/settle.ts) or an event order whose seats were gone
// (worker/api/events/settlement.ts) ends refund_due, and its buyer gets one email, in their language,
// naming what was bought. Called by the one write that made the transaction (or order) refund_due,
// so a replayed callback sends nothing more.
import type { Bindings } from '../../env';
import { isLang } from '../../rules/lang';
import { boughtBy } from '../../rules/subscription';
import { orderOfTransaction, pick, showById } from '../events/queries';
import { sendBillingEmail } from './emails';
import { findPlan } from './plans';
import { findTransaction } from './transactions';

export async function sendRefundDueEmail(env: Bindings, transactionId: string): Promise<void> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx) return;
  const user = await env.DB.prepare('SELECT lang FROM users WHERE id = ?').bind(tx.user_id).first<{ lang: string }>();
  const lang = isLang(user?.lang) ? user.lang : 'ar';
  const bought = boughtBy(tx.purpose);
  const order = bought === 'order' ? await orderOfTransaction(env.DB, tx.id) : null;
  const show = order ? await showById(env.DB, order.show_id) : null;
  const what = show ? pick(show.titles, lang) : ((await findPlan(env.DB, tx.plan_id))?.name[lang] ?? '');
  await sendBillingEmail(env, tx.user_id, { kind: 'refund_due', bought, what, amount: tx.amount, currency: tx.currency });
}
