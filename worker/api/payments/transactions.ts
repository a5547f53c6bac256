// Transactions (every payment is a row with its state) and invoices' numbers, in D1.
import type { PaymentMethod } from '../../rules/payment-methods';
import type { Currency } from '../../rules/subscription';
import type { Purpose } from './providers/types';
import { Transaction } from './schemas';

export type TransactionRow = Transaction & { user_id: string; provider_ref: string | null };

const SELECT = `SELECT t.*, i.number AS invoice_number FROM transactions t LEFT JOIN invoices i ON i.transaction_id = t.id`;

export async function findTransaction(db: D1Database, id: string): Promise<TransactionRow | null> {
  const row = await db.prepare(`${SELECT} WHERE t.id = ?`).bind(id).first<Record<string, unknown>>();
  return row ? { ...Transaction.parse(row), user_id: String(row.user_id), provider_ref: typeof row.provider_ref === 'string' ? row.provider_ref : null } : null;
}

/** The user's payments, newest first (billing activity). Checkouts never started are left out. */
export async function listTransactions(db: D1Database, userId: string, limit = 100): Promise<Transaction[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE t.user_id = ? AND t.state != 'created' AND t.purpose != 'card' ORDER BY t.created_at DESC, t.rowid DESC LIMIT ?`)
    .bind(userId, limit)
    .all();
  return results.map((r) => Transaction.parse(r));
}

export type NewTransaction = {
  id: string;
  userId: string;
  planId: number;
  purpose: Purpose;
  provider: string;
  amount: number;
  currency: Currency;
  trialDays: number;
  state: 'created' | 'pending';
  returnTo: string | null;
  at: string;
  /** How it is paid (default card); a coupon's code and the discount it gave; the agent who recorded it. */
  method?: PaymentMethod;
  couponCode?: string | null;
  discount?: number;
  agentId?: string | null;
  payerPhone?: string | null;
  /** An event order (purpose 'order'): the order it pays (worker/api/events). */
  orderId?: string | null;
};

export const insertTransaction = (db: D1Database, t: NewTransaction, guard = '', ...guardArgs: unknown[]): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, return_to, created_at, updated_at,
         coupon_code, discount, agent_id, payer_phone, order_id)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${guard ? `WHERE ${guard}` : ''}`,
    )
    .bind(
      t.id, t.userId, t.planId, t.purpose, t.provider, t.method ?? 'card', t.amount, t.currency, t.trialDays, t.state, t.returnTo, t.at, t.at,
      t.couponCode ?? null, t.discount ?? 0, t.agentId ?? null, t.payerPhone ?? null, t.orderId ?? null, ...guardArgs,
    );

/** Moves a transaction to its new state, only from the states it may leave (and only if `guard` holds). */
export const setTransactionState = (
  db: D1Database,
  change: { id: string; state: Transaction['state']; from: readonly Transaction['state'][]; providerRef?: string | null; error?: string | null; at: string },
  guard = '',
  ...guardArgs: unknown[]
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE transactions SET state = ?, provider_ref = COALESCE(?, provider_ref), error = ?, updated_at = ?
       WHERE id = ? AND state IN (${change.from.map(() => '?').join(', ')}) ${guard ? `AND ${guard}` : ''}`,
    )
    .bind(change.state, change.providerRef ?? null, change.error ?? null, change.at, change.id, ...change.from, ...guardArgs);

/**
 * Invoice number gap-free: the next number of the one continuous series, allocated inside the
 * batch that accepts the payment (batches run one at a time: no gap, no duplicate; the number is
 * the primary key).
 */
export const insertInvoice = (
  db: D1Database,
  invoice: { transactionId: string; userId: string; at: string; lang: string; periodStart: string; periodEnd: string },
  guard: string,
  ...guardArgs: unknown[]
): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end)
       SELECT n + 1, ?, ?, ?, ?, ?, ? FROM (SELECT COALESCE(MAX(number), 0) AS n FROM invoices) WHERE ${guard}`,
    )
    .bind(invoice.transactionId, invoice.userId, invoice.at, invoice.lang, invoice.periodStart, invoice.periodEnd, ...guardArgs);

/** Remembers a provider notification as handled, inside the batch that handles it (a replay then fails the batch). */
export const insertEventSeen = (db: D1Database, provider: string, eventId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement =>
  db.prepare(`INSERT INTO payment_events (provider, event_id, received_at) SELECT ?, ?, ? WHERE ${guard}`).bind(provider, eventId, at, ...guardArgs);

export const eventSeen = async (db: D1Database, provider: string, eventId: string): Promise<boolean> =>
  (await db.prepare('SELECT 1 AS x FROM payment_events WHERE provider = ? AND event_id = ?').bind(provider, eventId).first()) !== null;

/**
 * What was actually paid for the current period (minor units, in its currency): the accepted payments
 * of the subscription since the period began (a renewal paid ahead extends the same period). A coupon's
 * discount was not paid; a plan change's credit (its `discount`, without a coupon) was, earlier; what
 * the back office refunded of them was given back.
 */
export async function paidForPeriod(db: D1Database, userId: string, period: { start: string | null; currency: Currency | null }): Promise<number> {
  if (!period.start || !period.currency) return 0;
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(amount + CASE WHEN coupon_code IS NULL THEN discount ELSE 0 END
         - (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.transaction_id = transactions.id AND r.state = 'done')), 0) AS paid FROM transactions
       WHERE user_id = ? AND state = 'accepted' AND purpose IN ('subscribe', 'renew', 'change') AND trial_days = 0 AND currency = ? AND updated_at >= ?`,
    )
    .bind(userId, period.currency, period.start)
    .first<{ paid: number }>();
  return row?.paid ?? 0;
}
