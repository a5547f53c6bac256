import { addDays, bucketsOf, defaultPeriod, MAX_BUCKETS, MAX_PERIOD_DAYS, periodDays, type Granularity, type Period } from '../../rules/reports';
import { done, refused, type Result } from '../kernel/refusals';

export type PeriodRefusal = 'REPORT_PERIOD_REVERSED' | 'REPORT_PERIOD_TOO_LONG';

/**
 * The period a report covers: the days asked for, or the default one ending today (`now`) when
 * neither end is given; one end alone keeps the default length from it. Refused when it ends before
 * it starts, or covers more than MAX_PERIOD_DAYS days or `maxBuckets` buckets.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined; granularity: Granularity },
  now: Date,
  maxBuckets = MAX_BUCKETS,
): Result<Period, PeriodRefusal> {
  const fallback = defaultPeriod(query.granularity, now);
  const length = periodDays(fallback) - 1;
  const from = query.from ?? (query.to ? addDays(query.to, -length) : fallback.from);
  const to = query.to ?? (query.from ? minDay(addDays(query.from, length), fallback.to, from) : fallback.to);
  const period: Period = { from, to, granularity: query.granularity };
  if (from > to) return refused('REPORT_PERIOD_REVERSED', `from ${from} is after to ${to}`);
  if (periodDays(period) > MAX_PERIOD_DAYS) return refused('REPORT_PERIOD_TOO_LONG', `at most ${MAX_PERIOD_DAYS} days`);
  if (bucketsOf(period).length > maxBuckets) return refused('REPORT_PERIOD_TOO_LONG', `at most ${maxBuckets} ${query.granularity}s`);
  return done(period);
}

/** The earlier of two days, never before `floor`. */
const minDay = (a: string, b: string, floor: string): string => {
  const earlier = a < b ? a : b;
  return earlier < floor ? floor : earlier;
};
