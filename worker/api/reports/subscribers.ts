// Subscribers, monthly recurring revenue, trials and churn (issue 32), read from what payments
// record: an invoice carries the period it paid for (worker/api/payments/settle.ts), a trial is an
// accepted zero-amount payment with its trial days and no invoice. Who was a subscriber at a moment
// is therefore known for any past date, not only now. Imports carry their extension so the bench
// runs this very code in Node.
import type { Lang } from '../../rules/lang';
import { bucketRange, bucketsOf, MONTH_MINUTES, periodRange, ratio, type Period } from '../../rules/reports.ts';
import { CURRENCIES, type Currency } from '../../rules/subscription.ts';
import { pickText } from '../../rules/texts.ts';
import type { ChurnReport, SubscribersPoint, SubscribersReport, TrialsReport } from './schemas';
import { bucketSql } from './sql.ts';

/** What a plan is bought with (a ticket pack or an event order is no subscription). */
const PLAN_PURPOSES = "('subscribe', 'renew', 'change')";

/** The moment a trial of payment `t` ends (as the state machine writes it: its days after it was accepted). */
const TRIAL_END = "strftime('%Y-%m-%dT%H:%M:%fZ', t.updated_at, '+' || t.trial_days || ' days')";

/** Payment `t` is an accepted trial (the partial index transactions_trials holds exactly these). */
const IS_TRIAL = `t.trial_days > 0 AND t.state = 'accepted' AND t.purpose IN ${PLAN_PURPOSES}`;

/** Invoice `i` of payment `t` paid, by `at`, for a plan period running at `at`. */
const sold = (at: string) => `i.period_end > ${at} AND i.period_start <= ${at} AND i.issued_at <= ${at} AND t.purpose IN ${PLAN_PURPOSES}`;
/** Trial `t` was running at `at`. */
const trialing = (at: string) => `${IS_TRIAL} AND t.updated_at <= ${at} AND ${TRIAL_END} > ${at}`;

/**
 * One statement per moment `?1`: each account whose plan period runs then, by the latest sale that
 * covers it (paying when it took money, free when it took none: a coupon, a grant), and each account
 * in a trial and covered by no sale; counted per standing, currency and plan, with the paying ones' plan
 * prices in their currency brought to a month (MONTH_MINUTES / the plan's minutes).
 */
export const SUBSCRIBERS_AT_SQL = `WITH sold AS (
    SELECT i.user_id, MAX(i.issued_at) AS issued, t.plan_id, t.currency, t.amount
      FROM invoices i JOIN transactions t ON t.id = i.transaction_id
      WHERE ${sold('?1')}
      GROUP BY i.user_id
  ), trials AS (
    SELECT t.user_id, MAX(t.updated_at) AS started, t.plan_id, t.currency
      FROM transactions t
      WHERE ${trialing('?1')} AND t.user_id NOT IN (SELECT user_id FROM sold)
      GROUP BY t.user_id
  )
  SELECT CASE WHEN s.amount > 0 THEN 'paying' ELSE 'free' END AS standing, s.currency, s.plan_id, COUNT(*) AS n,
      ROUND(SUM(CASE WHEN s.amount > 0 THEN CASE s.currency WHEN 'MAD' THEN p.price_mad WHEN 'EUR' THEN p.price_eur ELSE p.price_usd END * ${MONTH_MINUTES}.0 / p.duration ELSE 0 END)) AS mrr
    FROM sold s JOIN plans p ON p.id = s.plan_id
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

/**
 * Trials started in each bucket (`?1`..`?2`): how many of those accounts paid for a plan after the
 * trial began, by now (`?3`), and how many are still running unpaid. One statement.
 */
export const trialsSql = (period: Period): string => `SELECT bucket, COUNT(*) AS started, SUM(converted) AS converted, SUM(NOT converted AND ends > ?3) AS running
  FROM (
    SELECT ${bucketSql('t.updated_at', period.granularity)} AS bucket, ${TRIAL_END} AS ends,
        EXISTS (SELECT 1 FROM invoices i JOIN transactions p ON p.id = i.transaction_id
          WHERE i.user_id = t.user_id AND i.issued_at >= t.updated_at AND i.issued_at <= ?3 AND p.amount > 0 AND p.purpose IN ${PLAN_PURPOSES}) AS converted
      FROM transactions t
      WHERE ${IS_TRIAL} AND t.updated_at >= ?1 AND t.updated_at < ?2
  )
  GROUP BY bucket`;

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
 * One statement per bucket: the accounts with a plan period or a trial running at its start (`?1`),
 * and how many of them have none running at its end (`?2`: the bucket's end, or now while it runs).
 */
export const CHURN_SQL = `WITH subscribers AS (
    SELECT i.user_id FROM invoices i JOIN transactions t ON t.id = i.transaction_id WHERE ${sold('?1')}
    UNION
    SELECT t.user_id FROM transactions t WHERE ${trialing('?1')}
  )
  SELECT COUNT(*) AS subscribers,
    COALESCE(SUM(NOT EXISTS (SELECT 1 FROM invoices i JOIN transactions t ON t.id = i.transaction_id WHERE i.user_id = c.user_id AND ${sold('?2')})
      AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = c.user_id AND ${trialing('?2')})), 0) AS ended
  FROM subscribers c`;

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
  const results = await db.batch<{ subscribers: number; ended: number } | { n: number }>([
    ...buckets.map((b) => db.prepare(CHURN_SQL).bind(b.start, b.end)),
    db.prepare(CANCELLING_SQL).bind(at),
  ]);
  return {
    period,
    buckets: buckets.map((b, n) => {
      const row = (results[n]?.results[0] ?? { subscribers: 0, ended: 0 }) as { subscribers: number; ended: number };
      return { bucket: b.bucket, start: b.start, end: b.end, subscribers: row.subscribers, ended: row.ended, churn: ratio(row.ended, row.subscribers) };
    }),
    cancelling: ((results[buckets.length]?.results[0] ?? { n: 0 }) as { n: number }).n,
  };
}
