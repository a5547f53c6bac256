// Daily snapshots of the trends (issue 32, migration 0026): the subscribers and MRR at the end of
// each UTC day, and the churn of the day, week and month that end with it. Working out who had a
// period running at a moment reads every invoice still running then (a few hundred milliseconds at
// 100,000 customers); a 12-month trend needs 13 such moments, a snapshot turns each into one row.
// A day's snapshot is made once it has ended (its figures no longer change): by the scheduled job,
// the newest missing days first, or by the first report that needs it. Imports carry their extension
// so the bench runs this very code in Node.
import { z } from 'zod';
import { addDays, bucketRange, GRANULARITIES, weekOf, type Granularity } from '../../rules/reports.ts';
import { CURRENCIES } from '../../rules/subscription.ts';
import { missingDays } from './sql.ts';
import { churnSql, SUBSCRIBERS_AT_SQL, type CountRow } from './subscribers.ts';

const Churned = z.object({ subscribers: z.number().int().nonnegative(), ended: z.number().int().nonnegative() });
export type Churned = z.infer<typeof Churned>;

const SnapshotJson = z.object({
  counts: z.array(z.object({ standing: z.enum(['paying', 'free', 'trialing']), currency: z.enum(CURRENCIES), plan_id: z.number().int(), n: z.number().int(), mrr: z.number() })),
  churn: z.object({ day: Churned.optional(), week: Churned.optional(), month: Churned.optional() }),
});

/** A day's figures at its end: the subscribers, and the churn of the buckets ending with it. */
export type Snapshot = { day: string; counts: CountRow[]; churn: Partial<Record<Granularity, Churned>> };

/** How far back the scheduled job keeps snapshots: the longest period a report covers, and a little more. */
export const SNAPSHOT_DAYS = 800;

/** The instant a day's snapshot stands for: its end. */
export const endOfDay = (day: string): string => `${addDays(day, 1)}T00:00:00.000Z`;
/** The day whose end is `at` (an instant at 00:00 UTC). */
export const dayEndingAt = (at: string): string => addDays(at.slice(0, 10), -1);

/** The buckets that end at the end of `day`: the day, its week when it is a Sunday, its month when it is the last day. */
export function bucketsEndingWith(day: string): { granularity: Granularity; start: string }[] {
  const end = endOfDay(day);
  return GRANULARITIES.map((granularity) => ({ granularity, ...bucketRange(granularity === 'week' ? weekOf(day) : granularity === 'month' ? day.slice(0, 7) : day, granularity) }))
    .filter((b) => b.end === end)
    .map(({ granularity, start }) => ({ granularity, start }));
}

/**
 * Works out a day's snapshot (two statements: the subscribers at its end, the churn of the buckets
 * ending with it) and stores it, unless a parallel call stored it first. The day must have ended.
 */
export async function makeSnapshot(db: D1Database, day: string, now: Date): Promise<Snapshot> {
  const end = endOfDay(day);
  if (end > now.toISOString()) throw new Error(`report snapshot: ${day} has not ended`);
  const buckets = bucketsEndingWith(day);
  const [counted, churned] = await db.batch<CountRow | { bucket: number; subscribers: number; ended: number }>([
    db.prepare(SUBSCRIBERS_AT_SQL).bind(end),
    db.prepare(churnSql('last')).bind(JSON.stringify([...buckets.map((b) => b.start), end])),
  ]);
  const churnRows = (churned?.results ?? []) as { bucket: number; subscribers: number; ended: number }[];
  const snapshot: Snapshot = {
    day,
    counts: (counted?.results ?? []) as CountRow[],
    churn: Object.fromEntries(buckets.map((b, k) => {
      const row = churnRows.find((r) => r.bucket === k);
      return [b.granularity, { subscribers: row?.subscribers ?? 0, ended: row?.ended ?? 0 }];
    })),
  };
  await db
    .prepare('INSERT OR IGNORE INTO report_snapshots (day, counts, churn, made_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(day, JSON.stringify(snapshot.counts), JSON.stringify(snapshot.churn), now.toISOString())
    .run();
  return snapshot;
}

/** The stored snapshots of `days` (one statement, by the primary key). */
async function storedSnapshots(db: D1Database, days: readonly string[]): Promise<Map<string, Snapshot>> {
  if (days.length === 0) return new Map();
  const { results } = await db
    .prepare('SELECT day, counts, churn FROM report_snapshots WHERE day IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(days))
    .all<{ day: string; counts: string; churn: string }>();
  return new Map(results.map((row) => {
    const parsed = SnapshotJson.parse({ counts: JSON.parse(row.counts), churn: JSON.parse(row.churn) });
    return [row.day, { day: row.day, ...parsed }];
  }));
}

/** The snapshots of `days` (each ended by `now`): read, and the missing ones made now. */
export async function snapshotsOf(db: D1Database, days: readonly string[], now: Date): Promise<Map<string, Snapshot>> {
  const wanted = [...new Set(days)];
  const found = await storedSnapshots(db, wanted);
  for (const day of wanted) if (!found.has(day)) found.set(day, await makeSnapshot(db, day, now));
  return found;
}

/**
 * The scheduled job: makes up to `max` missing snapshots among the SNAPSHOT_DAYS days ended by
 * `now`, the newest first (yesterday's as soon as it has ended, then older ones a few a run), and
 * answers the days made.
 */
export async function fillSnapshots(db: D1Database, now: Date, max = 2): Promise<string[]> {
  const yesterday = dayEndingAt(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const days = await missingDays(db, 'report_snapshots', yesterday, SNAPSHOT_DAYS, max);
  for (const day of days) await makeSnapshot(db, day, now);
  return days;
}
