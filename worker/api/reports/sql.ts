import type { Granularity } from '../../rules/reports.ts';

/**
 * The bucket of an ISO 8601 column in SQL, as `bucketOf` (worker/rules/reports.ts) names it: the
 * day, the Monday of its week, or the month.
 */
export function bucketSql(column: string, granularity: Granularity): string {
  if (granularity === 'day') return `substr(${column}, 1, 10)`;
  if (granularity === 'month') return `substr(${column}, 1, 7)`;
  return `date(substr(${column}, 1, 10), '-6 days', 'weekday 1')`;
}
