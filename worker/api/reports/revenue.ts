// Revenue (issue 32): what was sold per day, week or month, per currency, and per method, provider
// or plan: the settled days and months from their roll-up (revenue-days.ts), the rest from the
// payments and refunds themselves. Imports carry their extension so the bench
// (scripts/bench/back-office.ts) runs this very code in Node against its million payments.
import type { Lang } from '../../rules/lang';
import { bucketsOf, daysBetween, periodRange, type Period } from '../../rules/reports.ts';
import type { Currency } from '../../rules/subscription';
import { pickText } from '../../rules/texts.ts';
import { moneyParts, REFUND_LEDGER, type MoneyKey, type RefundLedger } from './ledger.ts';
import { MADE_COUNT_SQL, nextMonth, rolledUpBefore, rollUpMissing, rollUpMonthsMissing, wholeMonths } from './revenue-days.ts';
import type { BucketFigures, Figures, RevenueGroup, RevenueReport } from './schemas';
import { bucketSql } from './sql.ts';

/** What each grouping reads of a payment `t` or of a rolled-up row `d` (a day's) or `m` (a month's): their columns have the same names. */
const GROUP_COLUMN: Record<RevenueGroup, string | null> = { total: null, method: 'method', provider: 'provider', plan: 'plan_id' };
const groupOf = (by: RevenueGroup, table: 't' | 'd' | 'm'): string => (GROUP_COLUMN[by] ? `${table}.${GROUP_COLUMN[by]}` : "''");

/**
 * One statement: the money of the period per bucket, currency and group. `?1`, `?2`: the period's
 * instants; `?3`: one currency or NULL for all; `?4`: the instant (a day's start, between the two)
 * before which the days are read from their roll-up (revenue-days.ts, by its primary key), after
 * which from the payments and the refunds themselves (ledger.ts); `?5`, `?6`: the days [?5, ?6)
 * within [?1, ?4) that whole months cover, read from the months' roll-up (both ?4 when none). With
 * `?4`, `?5`, `?6` = `?1`, everything is read from the payments.
 */
export function revenueSql(period: Period, by: RevenueGroup, refunds: RefundLedger): string {
  const keys: MoneyKey[] = [[(at) => bucketSql(at, period.granularity), 'bucket'], [() => 't.currency', 'currency'], [() => groupOf(by, 't'), 'key']];
  return `SELECT bucket, currency, key, SUM(payments) AS payments, SUM(gross) AS gross, SUM(refunds) AS refunds
    FROM (
      SELECT m.month AS bucket, m.currency, ${groupOf(by, 'm')} AS key, SUM(m.payments) AS payments, SUM(m.gross) AS gross, SUM(m.refunds) AS refunds
        FROM revenue_months m
        WHERE m.month >= substr(?5, 1, 7) AND m.month < substr(?6, 1, 7) AND (?3 IS NULL OR m.currency = ?3)
        GROUP BY 1, 2, 3
      UNION ALL
      SELECT ${bucketSql('d.day', period.granularity)} AS bucket, d.currency, ${groupOf(by, 'd')} AS key, SUM(d.payments) AS payments, SUM(d.gross) AS gross, SUM(d.refunds) AS refunds
        FROM revenue_days d
        WHERE ((d.day >= substr(?1, 1, 10) AND d.day < substr(?5, 1, 10)) OR (d.day >= substr(?6, 1, 10) AND d.day < substr(?4, 1, 10))) AND (?3 IS NULL OR d.currency = ?3)
        GROUP BY 1, 2, 3
      UNION ALL
      ${moneyParts(keys, { from: '?4', to: '?2' }, '(?3 IS NULL OR t.currency = ?3)', refunds)}
    )
    GROUP BY bucket, currency, key`;
}

/**
 * Where a report of [start, end) stops reading roll-ups: the first day not settled at `now`, kept
 * within the period. Roll-ups hold what the refunds table gave back: a report handed another
 * ledger reads every day from the payments.
 */
export function rolledUpUntil(range: { start: string; end: string }, now: Date, refunds: RefundLedger): string {
  if (refunds !== REFUND_LEDGER) return range.start;
  const before = rolledUpBefore(now);
  return before < range.start ? range.start : before > range.end ? range.end : before;
}

type Row = { bucket: string; currency: Currency; key: string | number; payments: number; gross: number; refunds: number };

const ZERO: Figures = { payments: 0, gross: 0, refunds: 0, net: 0 };
const add = (a: Figures, b: Pick<Figures, 'payments' | 'gross' | 'refunds'>): Figures => ({
  payments: a.payments + b.payments,
  gross: a.gross + b.gross,
  refunds: a.refunds + b.refunds,
  net: a.net + b.gross - b.refunds,
});

/** Every bucket of the period, each with the figures of the rows that fall in it (zero when none). */
function fill(buckets: readonly string[], rows: readonly Row[]): { totals: Figures; buckets: BucketFigures[] } {
  const byBucket = new Map<string, Figures>();
  let totals = ZERO;
  for (const row of rows) {
    byBucket.set(row.bucket, add(byBucket.get(row.bucket) ?? ZERO, row));
    totals = add(totals, row);
  }
  return { totals, buckets: buckets.map((bucket) => ({ bucket, ...(byBucket.get(bucket) ?? ZERO) })) };
}

export type RevenueQuery = { period: Period; by: RevenueGroup; currency: Currency | null; lang: Lang };

/**
 * Revenue of a period, one block per currency that had a sale or a refund in it (or the one asked
 * for): its totals and every bucket; with `by`, the same per method, provider or plan (named in
 * `lang`), largest first. Net = gross − refunds, in that currency only. The days settled at `now`
 * are read from their roll-up; those of them still missing are rolled up first (then the statement
 * runs again), so a report's answer is the same whichever way each day is read.
 */
export async function revenueReport(db: D1Database, query: RevenueQuery, now: Date, refunds: RefundLedger = REFUND_LEDGER): Promise<RevenueReport> {
  const range = periodRange(query.period);
  const split = rolledUpUntil(range, now, refunds);
  const days = { from: range.start.slice(0, 10), to: split.slice(0, 10) };
  const months = query.period.granularity === 'month' ? wholeMonths(days.from, days.to) : [];
  const [first, next] = months.length ? [`${months[0]}-01T00:00:00.000Z`, `${nextMonth(months.at(-1) as string)}-01T00:00:00.000Z`] : [split, split];
  const sales = db.prepare(revenueSql(query.period, query.by, refunds)).bind(range.start, range.end, query.currency, split, first, next);
  // One trip: the sales, whether every day and month read from a roll-up is made, the plans' names when grouped by plan.
  const [answered, made, plans] = await db.batch<Row | { days: number; months: number } | { id: number; name: string }>([
    sales,
    db.prepare(MADE_COUNT_SQL).bind(days.from, days.to, first.slice(0, 7), next.slice(0, 7)),
    ...(query.by === 'plan' ? [db.prepare('SELECT id, name FROM plans')] : []),
  ]);
  const counted = (made?.results[0] ?? { days: 0, months: 0 }) as { days: number; months: number };
  let rows = (answered?.results ?? []) as Row[];
  // Days or months of the period not rolled up yet: made now, then the statement reads them.
  if (counted.days < daysBetween(days.from, days.to) || counted.months < months.length) {
    await rollUpMissing(db, days.from, days.to, now);
    await rollUpMonthsMissing(db, months, now);
    rows = (await sales.all<Row>()).results;
  }
  const planNames = new Map(((plans?.results ?? []) as { id: number; name: string }[]).map((p) => [String(p.id), pickText(p.name, query.lang) || `#${p.id}`]));
  const buckets = bucketsOf(query.period);
  const currencies = query.currency ? [query.currency] : [...new Set(rows.map((r) => r.currency))].sort();
  return {
    period: query.period,
    by: query.by,
    currencies: currencies.map((currency) => {
      const mine = rows.filter((r) => r.currency === currency);
      const keys = query.by === 'total' ? [] : [...new Set(mine.map((r) => String(r.key)))];
      const groups = keys
        .map((key) => ({ key, label: planNames.get(key) ?? key, ...fill(buckets, mine.filter((r) => String(r.key) === key)) }))
        .sort((a, b) => b.totals.net - a.totals.net || a.key.localeCompare(b.key));
      return { currency, ...fill(buckets, mine), groups };
    }),
  };
}
