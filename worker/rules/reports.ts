/**
 * The back office's reports (issue 32): periods and their buckets, shared by the API (which groups
 * rows by them) and the console's charts (which label them). Days are UTC days, as ad counts and
 * library months are; a week starts on Monday and is named by that Monday (ISO 8601); a month is
 * named YYYY-MM.
 */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** A report's period: whole UTC days, `from` and `to` both included (YYYY-MM-DD). */
export type Period = { from: string; to: string; granularity: Granularity };

const DAY_MS = 86_400_000;
/** A period covers at most this many days… */
export const MAX_PERIOD_DAYS = 731;
/** …and this many buckets (a chart people can read, a CSV a spreadsheet opens at once). */
export const MAX_BUCKETS = 366;

const dayMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
const dayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * …and this many for the reports that work out each bucket's point on its own (subscribers, MRR,
 * churn: who had a period running at each moment), so one answer stays within a few seconds.
 */
export const MAX_POINTS = 60;

/** YYYY-MM-DD of a real calendar day. */
export const isDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayMs(text)) && dayKey(dayMs(text)) === text;

export const addDays = (day: string, days: number): string => dayKey(dayMs(day) + days * DAY_MS);

/** The Monday (YYYY-MM-DD) of the week of a day. */
export function weekOf(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The bucket of a moment or a day: the day, the Monday of its week, or its month. */
export function bucketOf(at: string, granularity: Granularity): string {
  const day = at.slice(0, 10);
  return granularity === 'day' ? day : granularity === 'week' ? weekOf(day) : day.slice(0, 7);
}

/** Every bucket of a period, in time order (the first week or month may start before `from`). */
export function bucketsOf(period: Period): string[] {
  const out: string[] = [];
  let day = period.granularity === 'week' ? weekOf(period.from) : period.granularity === 'month' ? `${period.from.slice(0, 7)}-01` : period.from;
  while (day <= period.to) {
    out.push(bucketOf(day, period.granularity));
    day = period.granularity === 'day' ? addDays(day, 1) : period.granularity === 'week' ? addDays(day, 7) : nextMonth(day);
  }
  return out;
}

/** The first day of the month after a day's month. */
const nextMonth = (day: string): string => {
  const d = new Date(dayMs(day));
  return dayKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/** Where a bucket starts and where the next one starts, as ISO instants ([start, end)). */
export function bucketRange(bucket: string, granularity: Granularity): { start: string; end: string } {
  const first = granularity === 'month' ? `${bucket}-01` : bucket;
  const next = granularity === 'day' ? addDays(first, 1) : granularity === 'week' ? addDays(first, 7) : nextMonth(first);
  return { start: `${first}T00:00:00.000Z`, end: `${next}T00:00:00.000Z` };
}

/** The instants a period covers: [from 00:00 UTC, the day after `to` 00:00 UTC). */
export const periodRange = (period: Pick<Period, 'from' | 'to'>): { start: string; end: string } => ({
  start: `${period.from}T00:00:00.000Z`,
  end: `${addDays(period.to, 1)}T00:00:00.000Z`,
});

/** Days from `from` to `to` (YYYY-MM-DD), `to` left out. */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** Days of a period, both ends included. */
export const periodDays = (period: Pick<Period, 'from' | 'to'>): number => daysBetween(period.from, period.to) + 1;

/**
 * The period a report shows when none is asked for, ending today: the last 30 days by day, the last
 * 12 weeks by week, the last 12 months by month (from the first of the month).
 */
export function defaultPeriod(granularity: Granularity, now: Date): Period {
  const to = dayKey(now.getTime());
  if (granularity === 'day') return { from: addDays(to, -29), to, granularity };
  if (granularity === 'week') return { from: addDays(weekOf(to), -77), to, granularity };
  const d = new Date(dayMs(to));
  return { from: dayKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)), to, granularity };
}

/** A ratio as a person reads it, rounded to 4 decimals (0.1234 = 12.34 %); null when there is nothing to divide by. */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** A plan's price for one month (30 days, as the plans' durations count a month: 43,200 minutes), in minor units. */
export const MONTH_MINUTES = 43_200;
export const monthlyPrice = (price: number, durationMinutes: number): number => Math.round((price * MONTH_MINUTES) / durationMinutes);
