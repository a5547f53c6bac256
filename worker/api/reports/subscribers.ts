// Subscribers, monthly recurring revenue, trials and churn (issue 32), read from what payments
// record: an invoice carries the period it paid for (worker/api/payments/settle.ts), a trial is an
// accepted zero-amount payment with its trial days and no invoice. Who was a subscriber at a moment
// is therefore known for any past date, not only now. Every statement names the covering index it
// reads (INDEXED BY; see revenue.ts). Imports carry their extension so the bench runs this very
// code in Node. The trends over many moments read daily snapshots (snapshots.ts, trends.ts).
import { bucketsOf, MONTH_MINUTES, periodRange, ratio, type Period } from '../../rules/reports.ts';
import type { Currency } from '../../rules/subscription.ts';
import type { TrialsReport } from './schemas';
import { SETTLED_SALE } from './ledger.ts';
import { bucketSql } from './sql.ts';

/** What a plan is bought with (a ticket pack or an event order is no subscription). */
const PLAN_PURPOSES = "('subscribe', 'renew', 'change')";

/** The moment a trial of payment `t` ends (as the state machine writes it: its days after it was accepted). */
const TRIAL_END = "strftime('%Y-%m-%dT%H:%M:%fZ', t.updated_at, '+' || t.trial_days || ' days')";

/** Payment `t` is an accepted trial (the partial index transactions_trials holds exactly these). */
const IS_TRIAL = "t.trial_days > 0 AND t.state = 'accepted'";

/** Trial `t` was running at `at`. */
const trialing = (at: string) => `${IS_TRIAL} AND t.updated_at <= ${at} AND ${TRIAL_END} > ${at}`;

/**
 * Invoice `i` was issued by `at` for a period running at `at`. A ticket pack's or an event order's
 * invoice carries the subscription period running when it was bought (or none), so every such
 * invoice stands for a period its account really had: who had a period running needs no lookup.
 */
const covering = (at: string) => `i.period_end > ${at} AND i.period_start <= ${at} AND i.issued_at <= ${at}`;

/**
 * One statement per moment `?1`: each account whose plan period runs then, by the latest sale that
 * covers it (paying when it took money, free when it took none: a coupon, a grant), and each account
 * in a trial and covered by no sale; counted per standing, currency and plan, with the paying ones'
 * plan prices in their currency brought to a month (MONTH_MINUTES / the plan's minutes). Each
 * invoice's sale is found in transactions_sales by its instant and id: that index is in time order,
 * so the sales of invoices issued close together sit together (a lookup by id alone would read the
 * whole table's worth of pages, in random order).
 */
export const SUBSCRIBERS_AT_SQL = `WITH sold AS (
    SELECT i.user_id, MAX(i.issued_at) AS issued, t.plan_id, t.currency, t.amount
      FROM invoices i INDEXED BY invoices_period JOIN transactions t INDEXED BY transactions_sales ON t.updated_at = i.issued_at AND t.id = i.transaction_id
      WHERE ${covering('?1')} AND ${SETTLED_SALE} AND t.purpose IN ${PLAN_PURPOSES}
      GROUP BY i.user_id
  ), trials AS (
    SELECT t.user_id, MAX(t.updated_at) AS started, t.plan_id, t.currency
      FROM transactions t INDEXED BY transactions_trials
      WHERE ${trialing('?1')} AND t.user_id NOT IN (SELECT user_id FROM sold)
      GROUP BY t.user_id
  )
  SELECT CASE WHEN s.amount > 0 THEN 'paying' ELSE 'free' END AS standing, s.currency, s.plan_id, COUNT(*) AS n,
      ROUND(SUM(CASE WHEN s.amount > 0 THEN CASE s.currency WHEN 'MAD' THEN pl.price_mad WHEN 'EUR' THEN pl.price_eur ELSE pl.price_usd END * ${MONTH_MINUTES}.0 / pl.duration ELSE 0 END)) AS mrr
    FROM sold s JOIN plans pl ON pl.id = s.plan_id
    GROUP BY standing, s.currency, s.plan_id
  UNION ALL
  SELECT 'trialing', currency, plan_id, COUNT(*), 0 FROM trials GROUP BY currency, plan_id`;

export type CountRow = { standing: 'paying' | 'free' | 'trialing'; currency: Currency; plan_id: number; n: number; mrr: number };

/** Payment `p` paid money for a plan (the partial index transactions_paid holds these, by account). */
const PAID_FOR_PLAN = `p.state = 'accepted' AND p.amount > 0 AND p.purpose IN ${PLAN_PURPOSES}`;

/**
 * Trials started in each bucket (`?1`..`?2`): how many of those accounts paid for a plan after the
 * trial began, by now (`?3`), and how many are still running unpaid. One statement.
 */
export const trialsSql = (period: Period): string => `SELECT bucket, COUNT(*) AS started, SUM(converted) AS converted, SUM(NOT converted AND ends > ?3) AS running
  FROM (
    SELECT ${bucketSql('t.updated_at', period.granularity)} AS bucket, ${TRIAL_END} AS ends,
        EXISTS (SELECT 1 FROM transactions p INDEXED BY transactions_paid
          WHERE p.user_id = t.user_id AND ${PAID_FOR_PLAN} AND p.updated_at >= t.updated_at AND p.updated_at <= ?3) AS converted
      FROM transactions t INDEXED BY transactions_trials
      WHERE ${IS_TRIAL} AND t.updated_at >= ?1 AND t.updated_at < ?2
  )
  GROUP BY bucket`;

/** Trials per bucket of the period, every bucket listed, and the period's totals with its conversion rate. */
export async function trialsReport(db: D1Database, period: Period, now: Date): Promise<TrialsReport> {
  const { start, end } = periodRange(period);
  const { results } = await db.prepare(trialsSql(period)).bind(start, end, now.toISOString()).all<{ bucket: string; started: number; converted: number; running: number }>();
  const byBucket = new Map(results.map((r) => [r.bucket, r]));
  const buckets = bucketsOf(period).map((bucket) => {
    const row = byBucket.get(bucket) ?? { started: 0, converted: 0, running: 0 };
    return { bucket, started: row.started, converted: row.converted, running: row.running, conversion: ratio(row.converted, row.started) };
  });
  const sum = (key: 'started' | 'converted' | 'running') => buckets.reduce((total, b) => total + b[key], 0);
  return { period, totals: { started: sum('started'), converted: sum('converted'), running: sum('running'), conversion: ratio(sum('converted'), sum('started')) }, buckets };
}

/**
 * One statement for every bucket: the accounts with a plan period or a trial running at each of the
 * moments `?1` (a JSON array of instants in time order), read once each (CROSS JOIN: moment by
 * moment, each a range of the index); per moment but the last, the accounts then and how many of
 * them have none running at the moment they are compared with: the next one (`next`: consecutive
 * buckets, each one's end the next one's start) or the last one (`last`: buckets that all end at the
 * same instant, such as the day, week and month ending with a snapshot's day).
 */
export const churnSql = (against: 'next' | 'last'): string => `WITH moments AS (SELECT CAST(key AS INTEGER) AS k, value AS at FROM json_each(?1)),
    running AS MATERIALIZED (
      SELECT m.k, i.user_id FROM moments m CROSS JOIN invoices i INDEXED BY invoices_period ON ${covering('m.at')}
      UNION
      SELECT m.k, t.user_id FROM moments m CROSS JOIN transactions t INDEXED BY transactions_trials ON ${trialing('m.at')}
    )
  SELECT r.k AS bucket, COUNT(*) AS subscribers,
      SUM(NOT EXISTS (SELECT 1 FROM running n WHERE n.k = ${against === 'next' ? 'r.k + 1' : '(SELECT MAX(k) FROM moments)'} AND n.user_id = r.user_id)) AS ended
    FROM running r WHERE r.k < (SELECT MAX(k) FROM moments)
    GROUP BY r.k`;

/** Consecutive buckets' churn (see churnSql). */
export const CHURN_SQL = churnSql('next');

/** Accounts that asked to cancel and whose period still runs at `?1` (they end at its end, spec §4). */
export const CANCELLING_SQL = 'SELECT COUNT(*) AS n FROM users WHERE cancel_subscription = 1 AND subscription_id IS NOT NULL AND subscription_end > ?1';
