// The trends of the back office's reports (issue 32): subscribers and MRR at the end of each bucket,
// and churn per bucket. A moment that is the end of a day already over is read from that day's
// snapshot (snapshots.ts: one row); only what is cut by the period or by now (the bucket running)
// is worked out on the spot, so a 12-month trend reads 12 snapshot rows and works out one or two
// moments. Imports carry their extension so the bench runs this very code in Node.
import type { Lang } from '../../rules/lang';
import { bucketRange, bucketsOf, periodRange, ratio, type Period } from '../../rules/reports.ts';
import { CURRENCIES } from '../../rules/subscription.ts';
import { pickText } from '../../rules/texts.ts';
import type { ChurnReport, SubscribersPoint, SubscribersReport } from './schemas';
import { dayEndingAt, snapshotsOf } from './snapshots.ts';
import { CANCELLING_SQL, CHURN_SQL, SUBSCRIBERS_AT_SQL, type CountRow } from './subscribers.ts';

const earlier = (a: string, b: string): string => (a < b ? a : b);
const later = (a: string, b: string): string => (a > b ? a : b);

/** The moment a bucket's point stands for: its end (cut to the period's), or now while it runs. */
const pointAt = (bucket: string, period: Period, now: Date): string => earlier(earlier(bucketRange(bucket, period.granularity).end, periodRange(period).end), now.toISOString());

/** A moment a snapshot stands for: the end of a day (00:00 UTC) that has come by now. */
const isDayEnd = (at: string, now: Date): boolean => at.endsWith('T00:00:00.000Z') && at <= now.toISOString();

/** Subscribers at each moment: snapshots where a day ended there, one batch of statements for the rest. */
async function countsAt(db: D1Database, moments: readonly string[], now: Date): Promise<CountRow[][]> {
  const snapshots = await snapshotsOf(db, moments.filter((at) => isDayEnd(at, now)).map(dayEndingAt), now);
  const live = moments.filter((at) => !isDayEnd(at, now));
  const results = live.length ? await db.batch<CountRow>(live.map((at) => db.prepare(SUBSCRIBERS_AT_SQL).bind(at))) : [];
  return moments.map((at) => (isDayEnd(at, now) ? (snapshots.get(dayEndingAt(at))?.counts ?? []) : (results[live.indexOf(at)]?.results ?? [])));
}

/**
 * Subscribers and MRR at the end of each bucket of the period (now for the bucket running), and the
 * last point's subscribers per plan (named in `lang`).
 */
export async function subscribersReport(db: D1Database, query: { period: Period; lang: Lang }, now: Date): Promise<SubscribersReport> {
  const buckets = bucketsOf(query.period);
  const moments = buckets.map((b) => pointAt(b, query.period, now));
  const [counts, plansRows] = await Promise.all([countsAt(db, moments, now), db.prepare("SELECT id, name FROM plans WHERE kind = 'subscription'").all<{ id: number; name: string }>()]);
  const names = new Map(plansRows.results.map((p) => [p.id, pickText(p.name, query.lang) || `#${p.id}`]));
  const points: SubscribersPoint[] = buckets.map((bucket, n) => {
    const rows = counts[n] ?? [];
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
  const last = counts.at(-1) ?? [];
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
 * Each bucket of the period begun by `now`, cut to the period and to now: the accounts with a period
 * or a trial running at its start and how many had none running at its end. A whole bucket ended
 * by now is read from the snapshot of its last day; a cut one is worked out (one statement each).
 */
export async function churnReport(db: D1Database, period: Period, now: Date): Promise<ChurnReport> {
  const at = now.toISOString();
  const whole = periodRange(period);
  const buckets = bucketsOf(period)
    .map((bucket) => ({ bucket, range: bucketRange(bucket, period.granularity) }))
    .map(({ bucket, range }) => {
      const start = later(range.start, whole.start);
      const end = earlier(earlier(range.end, whole.end), at);
      return { bucket, start, end, whole: start === range.start && end === range.end };
    })
    .filter((b) => b.start < b.end);
  const cut = buckets.filter((b) => !b.whole);
  const [snapshots, worked] = await Promise.all([
    snapshotsOf(db, buckets.filter((b) => b.whole).map((b) => dayEndingAt(b.end)), now),
    db.batch<{ bucket: number; subscribers: number; ended: number } | { n: number }>([
      ...cut.map((b) => db.prepare(CHURN_SQL).bind(JSON.stringify([b.start, b.end]))),
      db.prepare(CANCELLING_SQL).bind(at),
    ]),
  ]);
  return {
    period,
    buckets: buckets.map((b) => {
      const row = b.whole
        ? snapshots.get(dayEndingAt(b.end))?.churn[period.granularity]
        : ((worked[cut.indexOf(b)]?.results[0] ?? undefined) as { subscribers: number; ended: number } | undefined);
      const figures = { subscribers: row?.subscribers ?? 0, ended: row?.ended ?? 0 };
      return { bucket: b.bucket, start: b.start, end: b.end, ...figures, churn: ratio(figures.ended, figures.subscribers) };
    }),
    cancelling: ((worked[cut.length]?.results[0] ?? { n: 0 }) as { n: number }).n,
  };
}
