// Subscribers, monthly recurring revenue, trials and churn (issue 32), read from what payments
// record: an invoice carries the period it paid for (worker/api/payments/settle.ts), a trial is an
// accepted zero-amount payment with its trial days and no invoice. Who was a subscriber at a moment
// is therefore known for any past date, not only now. Every statement names the covering index it
// reads (INDEXED BY; see revenue.ts). Imports carry their extension so the bench runs this very
// code in Node.
import type { Lang } from '../../rules/lang';
import { bucketRange, bucketsOf, MONTH_MINUTES, periodRange, ratio, type Period } from '../../rules/reports.ts';
import { CURRENCIES, type Currency } from '../../rules/subscription.ts';
import { pickText } from '../../rules/texts.ts';
import type { ChurnReport, SubscribersPoint, SubscribersReport, TrialsReport } from './schemas';
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

type CountRow = { standing: 'paying' | 'free' | 'trialing'; currency: Currency; plan_id: number; n: number; mrr: number };

const earlier = (a: string, b: string): string => (a < b ? a : b);
const later = (a: string, b: string): string => (a > b ? a : b);

/** The moment a bucket's point stands for: its end (cut to the period's), or now while it runs. */
const pointAt = (bucket: string, period: Period, now: Date): string => earlier(earlier(bucketRange(bucket, period.granularity).end, periodRange(period).end), now.toISOString());

/**
 * Subscribers and MRR at the end of each bucket of the period (now for the bucket running), and the
 * last point's subscribers per plan (named in `lang`).
 */
export async function subscribersReport(db: D1Database, query: { period: Period; lang: Lang }, now: Date): Promise<SubscribersReport> {
  const buckets = bucketsOf(query.period);
  const moments = buckets.map((b) => pointAt(b, query.period, now));
  const results = await db.batch<CountRow | { id: number; name: string }>([
    ...moments.map((at) => db.prepare(SUBSCRIBERS_AT_SQL).bind(at)),
    db.prepare("SELECT id, name FROM plans WHERE kind = 'subscription'"),
  ]);
  const names = new Map(((results[moments.length]?.results ?? []) as { id: number; name: string }[]).map((p) => [p.id, pickText(p.name, query.lang) || `#${p.id}`]));
  const points: SubscribersPoint[] = buckets.map((bucket, n) => {
    const rows = (results[n]?.results ?? []) as CountRow[];
    const count = (standing: CountRow['standing']) => rows.filter((r) => r.standing === standing).reduce((sum, r) => sum + r.n, 0);
    const paying = count('paying');
    const free = count('free');
    const trials = count('trialing');
    return {
      bucket,
      at: moments[n] as string,
      active: paying + free + trials,
      paying,
      free,
      trialing: trials,
      mrr: CURRENCIES.map((currency) => {
        const mine = rows.filter((r) => r.standing === 'paying' && r.currency === currency);
        return { currency, amount: mine.reduce((sum, r) => sum + r.mrr, 0), subscribers: mine.reduce((sum, r) => sum + r.n, 0) };
      }),
    };
  });
  const last = (results[moments.length - 1]?.results ?? []) as CountRow[];
  const plans = [...new Set(last.map((r) => r.plan_id))]
    .map((plan) => {
      const mine = last.filter((r) => r.plan_id === plan);
      const n = (standing: CountRow['standing']) => mine.filter((r) => r.standing === standing).reduce((sum, r) => sum + r.n, 0);
      return { plan, label: names.get(plan) ?? `#${plan}`, paying: n('paying'), free: n('free'), trialing: n('trialing') };
    })
    .sort((a, b) => b.paying + b.free + b.trialing - (a.paying + a.free + a.trialing) || a.plan - b.plan);
  return { period: query.period, points, plans };
}

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
 * moments `?1` (a JSON array: the buckets' boundaries in order, each bucket's end the next one's
 * start), read once each (CROSS JOIN: moment by moment, each a range of the index); per bucket,
 * the accounts at its start and how many of them have none running at its end.
 */
export const CHURN_SQL = `WITH moments AS (SELECT CAST(key AS INTEGER) AS k, value AS at FROM json_each(?1)),
    running AS MATERIALIZED (
      SELECT m.k, i.user_id FROM moments m CROSS JOIN invoices i INDEXED BY invoices_period ON ${covering('m.at')}
      UNION
      SELECT m.k, t.user_id FROM moments m CROSS JOIN transactions t INDEXED BY transactions_trials ON ${trialing('m.at')}
    )
  SELECT r.k AS bucket, COUNT(*) AS subscribers,
      SUM(NOT EXISTS (SELECT 1 FROM running n WHERE n.k = r.k + 1 AND n.user_id = r.user_id)) AS ended
    FROM running r WHERE r.k < (SELECT MAX(k) FROM moments)
    GROUP BY r.k`;

/** Accounts that asked to cancel and whose period still runs at `?1` (they end at its end, spec §4). */
const CANCELLING_SQL = 'SELECT COUNT(*) AS n FROM users WHERE cancel_subscription = 1 AND subscription_id IS NOT NULL AND subscription_end > ?1';

/** Each bucket of the period begun by `now`, cut to the period and to now. */
export async function churnReport(db: D1Database, period: Period, now: Date): Promise<ChurnReport> {
  const at = now.toISOString();
  const whole = periodRange(period);
  const buckets = bucketsOf(period)
    .map((bucket) => ({ bucket, ...bucketRange(bucket, period.granularity) }))
    .map((b) => ({ bucket: b.bucket, start: later(b.start, whole.start), end: earlier(earlier(b.end, whole.end), at) }))
    .filter((b) => b.start < b.end);
  const moments = [...buckets.map((b) => b.start), buckets.at(-1)?.end ?? at];
  const [counted, cancelling] = await db.batch<{ bucket: number; subscribers: number; ended: number } | { n: number }>([
    db.prepare(CHURN_SQL).bind(JSON.stringify(moments)),
    db.prepare(CANCELLING_SQL).bind(at),
  ]);
  const rows = (counted?.results ?? []) as { bucket: number; subscribers: number; ended: number }[];
  return {
    period,
    buckets: buckets.map((b, n) => {
      const row = rows.find((r) => r.bucket === n) ?? { subscribers: 0, ended: 0 };
      return { bucket: b.bucket, start: b.start, end: b.end, subscribers: row.subscribers, ended: row.ended, churn: ratio(row.ended, row.subscribers) };
    }),
    cancelling: ((cancelling?.results[0] ?? { n: 0 }) as { n: number }).n,
  };
}
