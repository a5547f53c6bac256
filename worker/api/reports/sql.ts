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

/**
 * The days missing from a table of daily rows (its `day` column, YYYY-MM-DD) among the `span` days
 * ending with `newest`, the newest first, at most `max`: what a scheduled job, or a report over those days, makes next.
 */
export async function missingDays(db: D1Database, table: 'report_snapshots' | 'revenue_days_made', newest: string, span: number, max: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `WITH RECURSIVE days(day, n) AS (SELECT ?1, 1 UNION ALL SELECT date(day, '-1 day'), n + 1 FROM days WHERE n < ?2)
       SELECT day FROM days WHERE day NOT IN (SELECT day FROM ${table} WHERE day <= ?1) ORDER BY day DESC LIMIT ?3`,
    )
    .bind(newest, span, max)
    .all<{ day: string }>();
  return results.map((r) => r.day);
}
