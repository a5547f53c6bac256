// Revenue rolled up per day (issue 32, migration 0030): what each UTC day sold and gave back, per
// currency, method, provider and plan, so a report reads a few rows a day rather than every payment
// (a year is about 500,000 payments at the bench's million); and per month, summed from its days, so
// a report by month reads a few hundred rows for a year. A day is rolled up
// once it is settled (REVENUE_DAY_SETTLES_MS after its end: nothing dated in it is still being
// written), by the scheduled job (the newest missing days first) or by the first report that needs
// it. Its figures then no longer change: a sale is dated when it was settled (its invoice), a refund
// when it was made, so a refund made today of an older payment is in today's figures, never in its
// payment's day. Imports carry their extension so the bench runs this very code in Node.
import { addDays, daysBetween } from '../../rules/reports.ts';
import { moneyParts, REFUND_LEDGER, type MoneyKey } from './ledger.ts';
import { missingDays } from './sql.ts';

/**
 * How long after its end a day is rolled up. A sale is dated by its settlement's clock and a refund
 * by its request's, both read before their batch is written (a refund waits for its provider
 * first): an hour leaves every write dated in the day the time to land before the day is summed.
 */
export const REVENUE_DAY_SETTLES_MS = 3_600_000;

/** How far back the scheduled job rolls days up: the longest period a report covers, and a little more. */
export const REVENUE_DAYS = 800;

/** The start of a day (YYYY-MM-DD) as an instant. */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;

/** The first day not rolled up at `now`, as its start: the days before it are settled. */
export const rolledUpBefore = (now: Date): string => dayStart(new Date(now.getTime() - REVENUE_DAY_SETTLES_MS).toISOString().slice(0, 10));

/** What a day's row is keyed by: the day its money is dated in, and the payment's currency, method, provider and plan. */
const DAY_KEYS: readonly MoneyKey[] = [
  [(at) => `substr(${at}, 1, 10)`, 'day'],
  [() => 't.currency', 'currency'],
  [() => 't.method', 'method'],
  [() => 't.provider', 'provider'],
  [() => 't.plan_id', 'plan_id'],
];

/**
 * One statement: the rows of the days in [?1, ?2) (instants at 00:00 UTC), worked out from the
 * payments and the refunds table, stored unless stored already (the primary key: a parallel
 * report's rows for the same days are the same rows).
 */
export const ROLL_UP_SQL = `INSERT OR IGNORE INTO revenue_days (day, currency, method, provider, plan_id, payments, gross, refunds)
  SELECT day, currency, method, provider, plan_id, SUM(payments), SUM(gross), SUM(refunds)
  FROM (${moneyParts(DAY_KEYS, { from: '?1', to: '?2' }, '1', REFUND_LEDGER)})
  GROUP BY day, currency, method, provider, plan_id`;

/** Consecutive days, as runs [first, last]. */
function runsOf(days: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of [...new Set(days)].sort()) {
    const run = runs.at(-1);
    if (run && addDays(run[1], 1) === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * Rolls `days` up (each settled by `now`): one batch, so a day's rows and its mark that it is made
 * are stored together; one statement per run of consecutive days. Days already made are worked out
 * again and stored no twice.
 */
export async function makeRevenueDays(db: D1Database, days: readonly string[], now: Date): Promise<void> {
  const runs = runsOf(days);
  const before = rolledUpBefore(now);
  if (runs.some(([, last]) => dayStart(last) >= before)) throw new Error(`revenue days: ${days.join(', ')} not all settled at ${now.toISOString()}`);
  if (runs.length === 0) return;
  await db.batch([
    ...runs.map(([first, last]) => db.prepare(ROLL_UP_SQL).bind(dayStart(first), dayStart(addDays(last, 1)))),
    db.prepare('INSERT OR IGNORE INTO revenue_days_made (day, made_at) SELECT value, ?2 FROM json_each(?1)').bind(JSON.stringify(days), now.toISOString()),
  ]);
}

/** One statement counting the days made in [?1, ?2) (days YYYY-MM-DD) and the months made in [?3, ?4) (months YYYY-MM). */
export const MADE_COUNT_SQL = `SELECT (SELECT COUNT(*) FROM revenue_days_made WHERE day >= ?1 AND day < ?2) AS days,
  (SELECT COUNT(*) FROM revenue_months_made WHERE month >= ?3 AND month < ?4) AS months`;

/** Rolls up the days in [from, to) (days YYYY-MM-DD, settled by `now`) still missing; answers them. */
export async function rollUpMissing(db: D1Database, from: string, to: string, now: Date): Promise<string[]> {
  const span = daysBetween(from, to);
  const missing = span > 0 ? await missingDays(db, 'revenue_days_made', addDays(to, -1), span, span) : [];
  await makeRevenueDays(db, missing, now);
  return missing;
}

/**
 * The scheduled job: rolls up to `max` missing days among the REVENUE_DAYS settled by `now`, the
 * newest first (yesterday's an hour after it ended, then older ones a month a run), then their
 * months whose days are all made; answers the days.
 */
export async function fillRevenueDays(db: D1Database, now: Date, max = 31): Promise<string[]> {
  const newest = addDays(rolledUpBefore(now).slice(0, 10), -1);
  const days = await missingDays(db, 'revenue_days_made', newest, REVENUE_DAYS, max);
  await makeRevenueDays(db, days, now);
  // The months of those days, summed once all their days are made (the first report by month then finds them).
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].filter((month) => `${nextMonth(month)}-01` <= addDays(newest, 1)).sort();
  await rollUpMonthsMissing(db, months, now);
  return days;
}

/** The months (YYYY-MM) that start in [from, to) (days) and end by `to`: a report by month reads them from their own roll-up. */
export function wholeMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let month = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  while (`${nextMonth(month)}-01` <= to) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}

/** The month (YYYY-MM) after `month`. */
export const nextMonth = (month: string): string => addDays(`${month}-01`, 31).slice(0, 7);

/**
 * Rolls `months` up from their days, in one batch: each only once every one of its ?3 days is made
 * (its rows and its mark together, or neither); stored once under parallel reports (primary keys).
 */
async function makeRevenueMonths(db: D1Database, months: readonly string[], now: Date): Promise<void> {
  const complete = '(SELECT COUNT(*) FROM revenue_days_made WHERE day >= ?1 AND day < ?2) = ?3';
  await db.batch(
    months.flatMap((month) => {
      const [first, next] = [`${month}-01`, `${nextMonth(month)}-01`];
      const days = daysBetween(first, next);
      return [
        db
          .prepare(
            `INSERT OR IGNORE INTO revenue_months (month, currency, method, provider, plan_id, payments, gross, refunds)
             SELECT substr(day, 1, 7), currency, method, provider, plan_id, SUM(payments), SUM(gross), SUM(refunds) FROM revenue_days
             WHERE day >= ?1 AND day < ?2 AND ${complete} GROUP BY 1, currency, method, provider, plan_id`,
          )
          .bind(first, next, days),
        db.prepare(`INSERT OR IGNORE INTO revenue_months_made (month, made_at) SELECT ?4, ?5 WHERE ${complete}`).bind(first, next, days, month, now.toISOString()),
      ];
    }),
  );
}

/** Rolls up the `months` still missing (their days all made); answers them. */
export async function rollUpMonthsMissing(db: D1Database, months: readonly string[], now: Date): Promise<string[]> {
  if (months.length === 0) return [];
  const { results } = await db.prepare('SELECT month FROM revenue_months_made WHERE month >= ?1 AND month <= ?2').bind(months[0], months.at(-1)).all<{ month: string }>();
  const made = new Set(results.map((r) => r.month));
  const missing = months.filter((month) => !made.has(month));
  if (missing.length) await makeRevenueMonths(db, missing, now);
  return missing;
}
