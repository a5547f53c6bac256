/**
 * An event order after its payment (issue 17): the checkout's settlement (worker/api/payments/settle.ts)
 * flips the order to 'paid' (or 'failed', its tickets 'void') in the same guarded batch as the
 * transaction; then we **fulfil**: confirm the hold in the show's Durable Object, mark the e-tickets
 * 'valid', the order 'fulfilled', and email the e-tickets. Idempotent: a replayed or parallel
 * callback fulfils once (one guarded UPDATE decides who sends the mail). A paid order whose hold ran
 * out and whose seats are gone is 'refund_due' (logged, its buyer emailed once; My tickets says so) until the back office
 * refunds it ('refunded', worker/api/payments/refunds). The scheduled handler
 * expires held orders past hold_expires_at (tickets void, hold released) and finishes paid orders a
 * crash left unfulfilled.
 */
import type { FulfilmentDeps, FulfilmentHandlers } from '../payments/fulfilment';
import { takesSeat } from '../../rules/events';
import { sendRefundDueEmail } from '../payments/refund-notice';
import { sendETicketEmail } from './emails';
import { showInventory } from './inventory';
import { pickText } from '../../rules/texts';
import { orderById, orderOfTransaction, showById, ticketsOfOrder, type OrderRow } from './queries';

const ORDER_OF_TX = '(SELECT order_id FROM transactions WHERE id = ?1)';

/** In the batch that accepts the payment: the order is paid (also one the hold ran out on: fulfilment decides). */
export const orderPaidStatement = (db: D1Database, transactionId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement =>
  db
    .prepare(`UPDATE orders SET state = 'paid', updated_at = ?2 WHERE id = ${ORDER_OF_TX} AND state IN ('held', 'expired') AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs);

/** In the batch that records money taken for a payment already closed here: the order (failed or expired) is refund_due. */
export const orderRefundDueStatement = (db: D1Database, transactionId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement =>
  db
    .prepare(`UPDATE orders SET state = 'refund_due', updated_at = ?2 WHERE id = ${ORDER_OF_TX} AND state IN ('held', 'expired', 'failed') AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs);

/** In the batch that records a failed payment: the order failed, its tickets void. */
export const orderFailedStatements = (db: D1Database, transactionId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement[] => [
  db
    .prepare(`UPDATE orders SET state = 'failed', updated_at = ?2 WHERE id = ${ORDER_OF_TX} AND state IN ('held', 'expired') AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs),
  db
    .prepare(`UPDATE etickets SET state = 'void' WHERE order_id = ${ORDER_OF_TX} AND state = 'held' AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs),
];

/**
 * In the batch of a refund of the whole payment (worker/api/payments/refunds): the order is refunded
 * and its tickets void (a refund_due order is settled; a fulfilled one's tickets stop opening the door).
 */
export const orderRefundedStatements = (db: D1Database, transactionId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement[] => [
  db
    .prepare(`UPDATE orders SET state = 'refunded', updated_at = ?2 WHERE id = ${ORDER_OF_TX} AND state IN ('paid', 'fulfilled', 'refund_due') AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs),
  db
    .prepare(`UPDATE etickets SET state = 'void' WHERE order_id = ${ORDER_OF_TX} AND state != 'void' AND ${guard.replaceAll('?', '?3')}`)
    .bind(transactionId, at, ...guardArgs),
];

/** The refund-due queue's event orders: paid, but their seats were gone (oldest first). */
export async function ordersOwed(db: D1Database, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT transaction_id FROM orders WHERE state = 'refund_due' AND transaction_id IS NOT NULL ORDER BY updated_at LIMIT ?")
    .bind(limit)
    .all<{ transaction_id: string }>();
  return results.map((r) => r.transaction_id);
}

function log(level: 'info' | 'warn', event: string, fields: Record<string, unknown>): void {
  console[level === 'warn' ? 'warn' : 'log'](JSON.stringify({ level, event, ...fields }));
}

/** After a settled payment of purpose 'order' (worker/api/payments/notify.ts). */
export async function afterOrderSettlement(deps: FulfilmentDeps, transactionId: string, now: Date): Promise<void> {
  const order = await orderOfTransaction(deps.db, transactionId);
  if (!order) return;
  if (order.state === 'paid') await fulfilOrder(deps, order, now);
  else if (order.state === 'failed') await showInventory({ SHOWS: deps.shows }, order.show_id).release(order.id);
}

/**
 * What payments calls for a payment of purpose 'order' (registered in worker/api/index.ts): the
 * statements above in the settlement's batch, then fulfilment or the hold's release.
 */
export const orderFulfilment: FulfilmentHandlers = {
  paid: (db, transactionId, at, guard, ...guardArgs) => [orderPaidStatement(db, transactionId, at, guard, ...guardArgs)],
  failed: orderFailedStatements,
  refundDue: (db, transactionId, at, guard, ...guardArgs) => [orderRefundDueStatement(db, transactionId, at, guard, ...guardArgs)],
  refunded: orderRefundedStatements,
  owed: ordersOwed,
  settled: afterOrderSettlement,
  named: async (db, transactionId, lang) => {
    const order = await orderOfTransaction(db, transactionId);
    const show = order ? await showById(db, order.show_id) : null;
    return show ? pickText(show.titles, lang) : null;
  },
};

export type Fulfilment = 'fulfilled' | 'refund_due' | 'already' | 'not_paid';

/** Confirms the seats, makes the tickets valid and emails them, once; a paid order with no seat left is refund_due. */
export async function fulfilOrder(deps: FulfilmentDeps, order: OrderRow, now: Date): Promise<Fulfilment> {
  if (order.state === 'fulfilled' || order.state === 'refund_due') return 'already';
  if (order.state !== 'paid') return 'not_paid';
  const { db } = deps;
  const [show, tickets] = await Promise.all([showById(db, order.show_id), ticketsOfOrder(db, order.id)]);
  const seats = tickets.filter((k) => takesSeat(k.kind)).length;
  const at = now.toISOString();
  const confirmed = await showInventory({ SHOWS: deps.shows }, order.show_id).confirm(order.id, seats, show?.capacity ?? 0, now.getTime());
  if (!confirmed.sold) {
    const [refund] = await db.batch([
      db.prepare("UPDATE orders SET state = 'refund_due', updated_at = ? WHERE id = ? AND state = 'paid'").bind(at, order.id),
      db.prepare("UPDATE etickets SET state = 'void' WHERE order_id = ? AND state != 'void'").bind(order.id),
    ]);
    // The one write that made it refund_due tells the buyer (a replay or a parallel fulfilment finds it done).
    if ((refund?.meta.changes ?? 0) !== 1) return 'already';
    log('warn', 'order_refund_due', { orderId: order.id, transactionId: order.transaction_id, showId: order.show_id, seats, seatsLeft: confirmed.seatsLeft });
    if (order.transaction_id) await sendRefundDueEmail(deps, order.transaction_id);
    return 'refund_due';
  }
  const [won] = await db.batch([
    db.prepare("UPDATE orders SET state = 'fulfilled', updated_at = ? WHERE id = ? AND state = 'paid'").bind(at, order.id),
    db.prepare("UPDATE etickets SET state = 'valid' WHERE order_id = ?1 AND state IN ('held', 'void') AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND state = 'fulfilled')").bind(order.id),
  ]);
  if ((won?.meta.changes ?? 0) !== 1) return 'already';
  log('info', 'order_fulfilled', { orderId: order.id, showId: order.show_id, tickets: tickets.length, retaken: confirmed.retaken });
  await sendETicketEmail(deps, order.id);
  return 'fulfilled';
}

/** An unpaid order given up (its hold ran out): void tickets, seats back to the show. */
async function expireOrder(deps: Pick<FulfilmentDeps, 'db' | 'shows'>, order: OrderRow, at: string): Promise<boolean> {
  const { db } = deps;
  const [expired] = await db.batch([
    db.prepare("UPDATE orders SET state = 'expired', updated_at = ? WHERE id = ? AND state = 'held'").bind(at, order.id),
    db.prepare("UPDATE etickets SET state = 'void' WHERE order_id = ?1 AND state = 'held' AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND state = 'expired')").bind(order.id),
  ]);
  if ((expired?.meta.changes ?? 0) !== 1) return false;
  await showInventory({ SHOWS: deps.shows }, order.show_id).release(order.id);
  return true;
}

/**
 * The scheduled job (worker/index.ts, every minute): held orders past hold_expires_at expire, and
 * paid orders still unfulfilled a minute on (fulfilment interrupted) are fulfilled.
 */
export async function runOrders(deps: FulfilmentDeps, now: Date): Promise<{ expired: number; fulfilled: number }> {
  const at = now.toISOString();
  const { db } = deps;
  const stale = await db.prepare("SELECT id FROM orders WHERE state = 'held' AND hold_expires_at <= ? ORDER BY hold_expires_at LIMIT 200").bind(at).all<{ id: string }>();
  let expired = 0;
  for (const { id } of stale.results) {
    const order = await orderById(db, id);
    if (order && (await expireOrder(deps, order, at))) expired++;
  }
  const before = new Date(now.getTime() - 60_000).toISOString();
  const paid = await db.prepare("SELECT id FROM orders WHERE state = 'paid' AND updated_at <= ? LIMIT 100").bind(before).all<{ id: string }>();
  let fulfilled = 0;
  for (const { id } of paid.results) {
    const order = await orderById(db, id);
    if (order && (await fulfilOrder(deps, order, now)) === 'fulfilled') fulfilled++;
  }
  return { expired, fulfilled };
}
