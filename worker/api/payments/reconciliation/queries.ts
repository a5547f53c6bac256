// Cash reconciliation's queries (issue 32). Each reads one method's transactions of a range of days
// from the index transactions_method_day alone (method, created_at, state, currency, amount, id) and
// sets them against the networks' confirmations (network_confirmations, by transaction, and by
// method and day). Amounts are summed per currency, never across.
import { z } from 'zod';
import { AgencyDay, AgentDay, Difference, MobileDay, VoucherDay, type DifferenceQuery, type Summary } from './schemas';

export type Range = { from: string; to: string };
/** The range as times: from the first day's start to the start of the day after the last. */
const bounds = (r: Range): [string, string] => [`${r.from}T00:00:00.000Z`, new Date(Date.parse(`${r.to}T00:00:00.000Z`) + 86_400_000).toISOString()];

const PAID = `t.state IN ('accepted', 'refunded', 'refund_due')`;

export const VOUCHERS_SQL = `SELECT substr(t.created_at, 1, 10) AS day, t.currency,
    COUNT(*) AS issued, SUM(t.amount) AS issued_amount,
    SUM(${PAID}) AS paid, SUM(CASE WHEN ${PAID} THEN t.amount ELSE 0 END) AS paid_amount,
    SUM(t.state = 'expired') AS expired, SUM(CASE WHEN t.state = 'expired' THEN t.amount ELSE 0 END) AS expired_amount,
    SUM(t.state = 'pending') AS waiting, SUM(CASE WHEN t.state = 'pending' THEN t.amount ELSE 0 END) AS waiting_amount,
    SUM(t.state = 'cancelled') AS cancelled
  FROM transactions t WHERE t.method = 'cash' AND t.created_at >= ?1 AND t.created_at < ?2 AND t.state != 'created'
  GROUP BY day, t.currency ORDER BY day DESC, t.currency`;

export const AGENCIES_SQL = `SELECT substr(n.confirmed_at, 1, 10) AS day, n.agency, n.currency, COUNT(*) AS paid, SUM(n.amount) AS amount
  FROM network_confirmations n WHERE n.method = 'cash' AND n.confirmed_at >= ?1 AND n.confirmed_at < ?2
  GROUP BY day, n.agency, n.currency ORDER BY day DESC, n.agency, n.currency`;

export const AGENTS_SQL = `SELECT substr(t.created_at, 1, 10) AS day, t.agent_id, a.name AS agent_name, t.currency,
    COUNT(*) AS collected, SUM(t.amount) AS collected_amount,
    COUNT(n.transaction_id) AS confirmed, COALESCE(SUM(n.amount), 0) AS confirmed_amount,
    SUM(t.state = 'pending') AS waiting
  FROM transactions t LEFT JOIN agents a ON a.user_id = t.agent_id
  LEFT JOIN network_confirmations n ON n.transaction_id = t.id AND n.currency = t.currency
  WHERE t.method = 'agent' AND t.created_at >= ?1 AND t.created_at < ?2 AND t.state NOT IN ('created', 'failed') AND t.agent_id IS NOT NULL
  GROUP BY day, t.agent_id, t.currency ORDER BY day DESC, agent_name, t.currency`;

export const MOBILE_SQL = `SELECT substr(t.created_at, 1, 10) AS day, t.currency,
    COUNT(*) AS started, SUM(${PAID}) AS accepted, SUM(CASE WHEN ${PAID} THEN t.amount ELSE 0 END) AS accepted_amount,
    SUM(t.state = 'failed') AS failed,
    COUNT(n.transaction_id) AS confirmed, COALESCE(SUM(n.amount), 0) AS confirmed_amount
  FROM transactions t LEFT JOIN network_confirmations n ON n.transaction_id = t.id AND n.currency = t.currency
  WHERE t.method = 'mobile' AND t.created_at >= ?1 AND t.created_at < ?2
  GROUP BY day, t.currency ORDER BY day DESC, t.currency`;

/** How a payment and its confirmation disagree (on the rows DISAGREE keeps). */
const KIND = `CASE WHEN n.transaction_id IS NULL THEN 'settled_unconfirmed' WHEN n.amount != t.amount OR n.currency != t.currency THEN 'amount_differs' ELSE 'paid_not_settled' END`;
/**
 * The payments of the range on which the two sides disagree (see Difference), read from the index
 * alone (each one's confirmation by its transaction id); ?3 a kind, ?4 a method, or NULL for all.
 */
export const DISAGREE_SQL = `FROM transactions t LEFT JOIN network_confirmations n ON n.transaction_id = t.id
  WHERE t.method IN ('cash', 'agent', 'mobile') AND t.created_at >= ?1 AND t.created_at < ?2
    AND ((n.transaction_id IS NULL AND ${PAID}) OR (n.transaction_id IS NOT NULL AND (n.amount != t.amount OR n.currency != t.currency OR NOT ${PAID})))
    AND (?3 IS NULL OR ${KIND} = ?3) AND (?4 IS NULL OR t.method = ?4)`;

const rows = async <T>(db: D1Database, sql: string, range: Range, schema: z.ZodType<T>): Promise<T[]> =>
  (await db.prepare(sql).bind(...bounds(range)).all()).results.map((r) => schema.parse(r));

export async function summary(db: D1Database, range: Range): Promise<Summary> {
  const [vouchers, agencies, agents, mobile, count] = await Promise.all([
    rows(db, VOUCHERS_SQL, range, VoucherDay),
    rows(db, AGENCIES_SQL, range, AgencyDay),
    rows(db, AGENTS_SQL, range, AgentDay),
    rows(db, MOBILE_SQL, range, MobileDay),
    db.prepare(`SELECT COUNT(*) AS n ${DISAGREE_SQL}`).bind(...bounds(range), null, null).first<{ n: number }>(),
  ]);
  return { ...range, vouchers, agencies, agents, mobile, differences: count?.n ?? 0 };
}

/** A page of differences, newest first: the page's ids from the index, then their details. */
export async function differences(db: D1Database, range: Range, q: Pick<DifferenceQuery, 'kind' | 'method' | 'limit' | 'offset'>) {
  const { results } = await db
    .prepare(
      `SELECT ${KIND} AS kind, t.id AS transaction_id, t.method, t.state, t.created_at, t.voucher_ref, t.agent_id, u.email, t.amount, t.currency,
         n.amount AS network_amount, n.currency AS network_currency, n.agency, n.confirmed_at
       FROM (SELECT t.id ${DISAGREE_SQL} ORDER BY t.created_at DESC, t.id LIMIT ?5 OFFSET ?6) page
       JOIN transactions t ON t.id = page.id LEFT JOIN network_confirmations n ON n.transaction_id = t.id LEFT JOIN users u ON u.id = t.user_id
       ORDER BY t.created_at DESC, t.id`,
    )
    .bind(...bounds(range), q.kind ?? null, q.method ?? null, q.limit + 1, q.offset)
    .all();
  return { differences: results.slice(0, q.limit).map((r) => Difference.parse(r)), next_offset: results.length > q.limit ? q.offset + q.limit : null };
}
