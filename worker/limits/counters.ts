/**
 * Counters the crowd adds to (issue 35): ad impressions and clicks per ad and day, help votes per
 * article. One UPSERT per count put every impression of a popular ad on one D1 row (about 2,800
 * writes per second at 100,000 viewers), and a D1 database runs one query at a time.
 *
 * So a count goes to one of the counted thing's SHARDS Durable Objects (`{kind}:{target}:{shard}`,
 * the shard picked at random per count): each is single-threaded, so its own tally is exact, and
 * the load spreads over the shards. A shard keeps its counts in its durable storage and adds them
 * to D1 by its alarm, COUNTER_FLUSH_SECONDS after the first one waiting, in ONE batch that also
 * records the flush's number in counter_flushes (worker/db/migrations/0033_counter_flushes.sql):
 * - the counts being flushed are set apart under that number (durably) before D1 is asked;
 * - D1 fails or its answer is lost: they stay, and the same number is sent again later (the alarm
 *   runs again); the batch's increments only apply while the number is not yet recorded, so a flush
 *   sent twice adds once: never a count twice, never a count lost;
 * - counts arriving meanwhile wait for the next flush; the object keeps its last number for ever
 *   (one key), so a number is never reused.
 * A D1 row is then written at most SHARDS times per COUNTER_FLUSH_SECONDS, whatever the crowd.
 *
 * The bucket of a count (the ad's day) is the count's own time, given by the caller, not the
 * flush's. With COUNTER_FLUSH_SECONDS "0" every count is flushed before it is answered (the route
 * tests read D1 right after counting). Callers use `counters(env)`, never the stub.
 */
import { DurableObject } from 'cloudflare:workers';
import { meteringEnv } from '../metering/meter';
import { objectName } from './names';

/** When the var is empty or not a whole number of seconds. */
export const DEFAULT_COUNTER_FLUSH_SECONDS = 60;

/** field → how many. */
export type Deltas = Record<string, number>;
/** bucket (an ad's day; '' for votes) → field → how many. */
export type Tally = Record<string, Deltas>;
/** The counts set apart for one flush, under its number. */
export type Inflight = { seq: number; tally: Tally };

type Guard = { shard: string; seq: number };

type KindDef = {
  fields: readonly [string, string];
  /** Shards per counted thing: the most one object and one D1 row take (docs/scale.md, Counters). */
  shards: number;
  /** Adds both fields' deltas, only while the flush `guard.seq` of `guard.shard` is not recorded. */
  add(db: D1Database, target: number, bucket: string, deltas: readonly [number, number], guard: Guard): D1PreparedStatement;
  /** The counts in D1 (one row or none). */
  read(db: D1Database, target: number, bucket: string): D1PreparedStatement;
};

/** True while the flush numbered `?{seq}` of the shard `?{shard}` is not recorded. */
const notFlushed = (shard: number, seq: number) => `NOT EXISTS (SELECT 1 FROM counter_flushes WHERE shard = ?${shard} AND seq >= ?${seq})`;

export const COUNTER_KINDS = {
  /** Impressions and clicks per ad and day (ad_counts, read by the reports): an ad deleted meanwhile gets nothing. */
  ad: {
    fields: ['impressions', 'clicks'],
    shards: 16,
    add: (db, target, bucket, [impressions, clicks], guard) =>
      db
        .prepare(`INSERT INTO ad_counts (ad_id, day, impressions, clicks) SELECT ?1, ?2, ?3, ?4
          WHERE EXISTS (SELECT 1 FROM ads WHERE id = ?1) AND ${notFlushed(5, 6)}
          ON CONFLICT (ad_id, day) DO UPDATE SET impressions = impressions + excluded.impressions, clicks = clicks + excluded.clicks`)
        .bind(target, bucket, impressions, clicks, guard.shard, guard.seq),
    read: (db, target, bucket) => db.prepare('SELECT impressions, clicks FROM ad_counts WHERE ad_id = ?1 AND day = ?2').bind(target, bucket),
  },
  /** "Was this helpful?" per article (help_articles' own columns); no bucket. */
  help: {
    fields: ['helpful_yes', 'helpful_no'],
    shards: 4,
    add: (db, target, _bucket, [yes, no], guard) =>
      db
        .prepare(`UPDATE help_articles SET helpful_yes = helpful_yes + ?2, helpful_no = helpful_no + ?3 WHERE id = ?1 AND ${notFlushed(4, 5)}`)
        .bind(target, yes, no, guard.shard, guard.seq),
    read: (db, target) => db.prepare('SELECT helpful_yes, helpful_no FROM help_articles WHERE id = ?1').bind(target),
  },
} as const satisfies Record<string, KindDef>;

export type CounterKind = keyof typeof COUNTER_KINDS;
export type CounterField<K extends CounterKind> = (typeof COUNTER_KINDS)[K]['fields'][number];

/** Parses COUNTER_FLUSH_SECONDS: a whole number of seconds (0: at once), else DEFAULT_COUNTER_FLUSH_SECONDS. */
export function counterFlushSeconds(env: { COUNTER_FLUSH_SECONDS?: string }): number {
  const raw = (env.COUNTER_FLUSH_SECONDS ?? '').trim();
  const value = Number(raw);
  return raw !== '' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_COUNTER_FLUSH_SECONDS;
}

/** `tally` with `n` more of `field` in `bucket`. */
export function addTo(tally: Tally, bucket: string, field: string, n: number): Tally {
  const deltas = tally[bucket] ?? {};
  return { ...tally, [bucket]: { ...deltas, [field]: (deltas[field] ?? 0) + n } };
}

/** Both tallies added together. */
export function mergeTallies(a: Tally, b: Tally): Tally {
  let out = a;
  for (const [bucket, deltas] of Object.entries(b)) for (const [field, n] of Object.entries(deltas)) out = addTo(out, bucket, field, n);
  return out;
}

/** Both field's counts of one bucket (0 when absent). */
export const countsOf = (tally: Tally, bucket: string, fields: readonly string[]): Deltas => Object.fromEntries(fields.map((f) => [f, tally[bucket]?.[f] ?? 0]));

export const isEmptyTally = (tally: Tally): boolean => Object.values(tally).every((d) => Object.values(d).every((n) => n === 0));

/**
 * The batch that adds a flush to D1: every bucket's increments, guarded by the flush's number, then
 * the number recorded (a newer number only ever replaces an older one), then the optional read.
 */
export function flushBatch(db: D1Database, kind: CounterKind, target: number, shard: string, flush: Inflight, read: string | null): D1PreparedStatement[] {
  const def: KindDef = COUNTER_KINDS[kind];
  const guard = { shard, seq: flush.seq };
  return [
    ...Object.entries(flush.tally).map(([bucket, d]) => def.add(db, target, bucket, [d[def.fields[0]] ?? 0, d[def.fields[1]] ?? 0], guard)),
    db.prepare('INSERT INTO counter_flushes (shard, seq) VALUES (?1, ?2) ON CONFLICT (shard) DO UPDATE SET seq = excluded.seq WHERE excluded.seq > counter_flushes.seq').bind(shard, flush.seq),
    ...(read === null ? [] : [def.read(db, target, read)]),
  ];
}

/** What a count answers: the counts of its bucket waiting in this shard, and D1's when it was flushed at once (else null). */
export type CountAnswer = { pending: Deltas; flushed: Deltas | null };

/**
 * The counts a count answers: D1's (read in its flush when flushed at once, else `read` before
 * counting) plus those waiting in the shard that took it. `answer` null: nothing was counted.
 */
export function countsNow<T extends Deltas>(answer: CountAnswer | null, read: T): T {
  const base = answer?.flushed ?? read;
  return Object.fromEntries(Object.keys(read).map((f) => [f, (base[f] ?? 0) + (answer?.pending[f] ?? 0)])) as T;
}

type Meta = { shard: string; kind: CounterKind; target: number; flushSeconds: number };

const META = 'meta';
const PENDING = 'pending';
const INFLIGHT = 'inflight';
const SEQ = 'seq';
const DUE = 'due';

/** One shard of one counted thing (module comment). `now` (ms) is a parameter for the tests. */
export class ShardedCounter extends DurableObject<Env> {
  /** One flush at a time: a flush waits for the one running. */
  private flushing: Promise<unknown> = Promise.resolve();

  async count(meta: Meta, bucket: string, field: string, now: number = Date.now()): Promise<CountAnswer> {
    const { fields } = COUNTER_KINDS[meta.kind];
    if (!(fields as readonly string[]).includes(field)) throw new Error(`${meta.kind} counts ${fields.join(' and ')}, not ${field}`);
    const add = () => {
      this.ctx.storage.kv.put(META, meta);
      this.ctx.storage.kv.put(PENDING, addTo(this.pending(), bucket, field, 1));
    };
    if (meta.flushSeconds > 0) {
      add();
      await this.schedule(now);
      return { pending: countsOf(this.held(), bucket, fields), flushed: null };
    }
    // At once: each count is added and flushed alone, after the flush running, so its answer is the count it left in D1.
    return this.serially(async () => {
      add();
      const flushed = await this.flushAll(bucket).catch((error: unknown) => {
        console.error(JSON.stringify({ level: 'warn', msg: 'counts not flushed at once', shard: meta.shard, error: String(error) }));
        return null;
      });
      await this.schedule(now);
      return { pending: countsOf(this.held(), bucket, fields), flushed };
    });
  }

  /** Everything this shard holds for D1: waiting, and set apart for a flush not yet confirmed. */
  held(): Tally {
    const inflight = this.ctx.storage.kv.get<Inflight>(INFLIGHT);
    return inflight ? mergeTallies(inflight.tally, this.pending()) : this.pending();
  }

  /** Adds what the shard holds to D1 (`settle` of the facade, and the alarm), one flush at a time. */
  async flush(): Promise<void> {
    await this.serially(() => this.flushAll(null));
  }

  override async alarm(): Promise<void> {
    this.ctx.storage.kv.delete(DUE);
    await this.flush().catch((error: unknown) => console.error(JSON.stringify({ level: 'warn', msg: 'counts not flushed, tried again later', error: String(error) })));
    // Counts that came in meanwhile, or a flush that failed: the alarm comes again.
    await this.schedule(Date.now());
  }

  /** Runs `work` once the flush running (if any) has ended. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.flushing.then(work);
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /**
   * Adds what the shard holds to D1: what was set apart and never confirmed first (sent again under
   * its number), then what waits. With `read`, answers D1's counts of that bucket read in the last
   * batch (zeros when nothing was flushed, or no row).
   */
  private async flushAll(read: string | null): Promise<Deltas | null> {
    const meta = this.ctx.storage.kv.get<Meta>(META);
    if (!meta) return null;
    const { fields } = COUNTER_KINDS[meta.kind];
    let answer: Deltas | null = null;
    // At most two batches: a flush set apart earlier and never confirmed, then what waits.
    for (let round = 0; round < 2; round += 1) {
      const flush = this.inflight();
      if (!flush) break;
      const db = meteringEnv(this.env).DB;
      const results = await db.batch<Deltas>(flushBatch(db, meta.kind, meta.target, meta.shard, flush, read));
      if (this.ctx.storage.kv.get<Inflight>(INFLIGHT)?.seq === flush.seq) this.ctx.storage.kv.delete(INFLIGHT);
      if (read !== null) answer = countsOf({ [read]: results.at(-1)?.results[0] ?? {} }, read, fields);
    }
    return answer ?? (read === null ? null : countsOf({}, read, fields));
  }

  /** The flush to send: the one set apart and not confirmed, else what waits set apart under a new number; null when nothing is held. */
  private inflight(): Inflight | null {
    const kv = this.ctx.storage.kv;
    const held = kv.get<Inflight>(INFLIGHT);
    if (held) return held;
    const pending = this.pending();
    if (isEmptyTally(pending)) return null;
    const flush = { seq: (kv.get<number>(SEQ) ?? 0) + 1, tally: pending };
    kv.put(SEQ, flush.seq);
    kv.put(INFLIGHT, flush);
    kv.delete(PENDING);
    return flush;
  }

  private pending(): Tally {
    return this.ctx.storage.kv.get<Tally>(PENDING) ?? {};
  }

  /** The alarm at COUNTER_FLUSH_SECONDS after the first count waiting (none while nothing is held). */
  private async schedule(now: number): Promise<void> {
    const kv = this.ctx.storage.kv;
    const meta = kv.get<Meta>(META);
    if (!meta || isEmptyTally(this.held()) || kv.get<number>(DUE) !== undefined) return;
    const due = now + Math.max(meta.flushSeconds, 1) * 1000;
    kv.put(DUE, due);
    await this.ctx.storage.setAlarm(due);
  }
}

/**
 * The typed facade: counts go to a shard picked at random; `settle` flushes every shard of a counted
 * thing. The bucket carries the count's time (the request's clock); the alarm runs on the real one.
 */
export function counters(env: Pick<Env, 'COUNTERS' | 'COUNTER_FLUSH_SECONDS'>, random: () => number = Math.random): {
  count<K extends CounterKind>(kind: K, target: number, bucket: string, field: CounterField<K>, now?: number): Promise<CountAnswer>;
  /** Every shard of the thing adds what it holds to D1 (best effort: a failing shard keeps its counts for its alarm). */
  settle(kind: CounterKind, target: number): Promise<void>;
} {
  const flushSeconds = counterFlushSeconds(env);
  const shardKey = (kind: CounterKind, target: number, shard: number) => `${kind}:${target}:${shard}`;
  const stub = (key: string) => env.COUNTERS.get(env.COUNTERS.idFromName(objectName(key)));
  return {
    count: (kind, target, bucket, field, now = Date.now()) => {
      const key = shardKey(kind, target, Math.floor(random() * COUNTER_KINDS[kind].shards));
      // The shard's name in counter_flushes is its object's name.
      return stub(key).count({ shard: objectName(key), kind, target, flushSeconds }, bucket, field, now);
    },
    // A shard that cannot flush now keeps its counts for its alarm: the reader gets D1's counts as they are.
    settle: async (kind, target) => {
      await Promise.all(
        Array.from({ length: COUNTER_KINDS[kind].shards }, (_, i) =>
          stub(shardKey(kind, target, i))
            .flush()
            .catch((error: unknown) => console.error(JSON.stringify({ level: 'warn', msg: 'counter shard not settled', kind, target, shard: i, error: String(error) }))),
        ),
      );
    },
  };
}
