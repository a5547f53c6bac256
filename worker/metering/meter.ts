/**
 * Resource metering for the load simulation (issue 35, `npm run bench -- --only=scale`): what the
 * requests of a simulated crowd cost the platform — D1 queries (reads and writes, by table, rows
 * read and written), Durable Object requests, KV reads and writes, R2 reads and bytes. Cloudflare
 * bills and limits exactly these, and the local stack has no dashboard that counts them.
 *
 * The bindings are wrapped, not changed: a wrapped D1, KV, R2 or Durable Object namespace answers
 * what the real one answers and adds to the meter on the way. Pure module: no binding is touched
 * until a request uses it.
 */

export type Meter = {
  /** When counting started (ms), for the rates. */
  since: number;
  d1: { reads: number; writes: number; rowsRead: number; rowsWritten: number; byTable: Record<string, { reads: number; writes: number }> };
  /**
   * The same write (statement and arguments) repeated: a row written again and again with the same
   * values is a counter or a heartbeat on one hot row (D1 runs one query at a time per database).
   */
  repeatedWrites: Record<string, number>;
  durableObjects: Record<string, number>;
  kv: { reads: number; writes: number };
  r2: { reads: number; bytes: number };
};

export const newMeter = (now: number): Meter => ({
  since: now,
  d1: { reads: 0, writes: 0, rowsRead: 0, rowsWritten: 0, byTable: {} },
  repeatedWrites: {},
  durableObjects: {},
  kv: { reads: 0, writes: 0 },
  r2: { reads: 0, bytes: 0 },
});

/** How many distinct repeated writes are kept (the hottest are what matters; the rest would grow without end). */
const MAX_REPEATED_KEYS = 5_000;

const WRITE = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;
const TABLE = /\b(?:FROM|INTO|UPDATE|JOIN)\s+["`]?([A-Za-z_][A-Za-z0-9_]*)/i;

/** Whether a statement writes: INSERT, UPDATE, DELETE, REPLACE or DDL (a CTE in front included). */
export const isWrite = (sql: string): boolean => WRITE.test(sql);

/** The first table a statement names (after FROM, INTO, UPDATE or JOIN), '?' when none. */
export const tableOf = (sql: string): string => TABLE.exec(sql)?.[1]?.toLowerCase() ?? '?';

/** Adds one query to the meter; `args` key the repeated writes. */
export function countQuery(meter: Meter, sql: string, args: readonly unknown[], rows?: { rows_read?: number; rows_written?: number }): void {
  const write = isWrite(sql);
  const table = tableOf(sql);
  const entry = (meter.d1.byTable[table] ??= { reads: 0, writes: 0 });
  if (write) {
    meter.d1.writes++;
    entry.writes++;
    const key = `${sql.replace(/\s+/g, ' ').trim().slice(0, 200)} ${JSON.stringify(args)}`;
    if (key in meter.repeatedWrites || Object.keys(meter.repeatedWrites).length < MAX_REPEATED_KEYS) meter.repeatedWrites[key] = (meter.repeatedWrites[key] ?? 0) + 1;
  } else {
    meter.d1.reads++;
    entry.reads++;
  }
  meter.d1.rowsRead += rows?.rows_read ?? 0;
  meter.d1.rowsWritten += rows?.rows_written ?? 0;
}

type Meta = { meta?: { rows_read?: number; rows_written?: number } };
const metaOf = (result: unknown): Meta['meta'] => (typeof result === 'object' && result !== null && 'meta' in result ? (result as Meta).meta : undefined);

/** A statement as prepared: its SQL and the arguments bound so far, kept beside the real one. */
const statements = new WeakMap<object, { inner: D1PreparedStatement; sql: string; args: readonly unknown[] }>();

function meteredStatement(meter: Meter, inner: D1PreparedStatement, sql: string, args: readonly unknown[]): D1PreparedStatement {
  const wrapped = new Proxy(inner, {
    get(target, property) {
      if (property === 'bind') return (...values: unknown[]) => meteredStatement(meter, target.bind(...values), sql, values);
      if (property === 'first' || property === 'raw') {
        const method = target[property] as (...a: unknown[]) => Promise<unknown>;
        return (...a: unknown[]) => {
          countQuery(meter, sql, args);
          return method.apply(target, a);
        };
      }
      if (property === 'all' || property === 'run') {
        const method = target[property] as () => Promise<unknown>;
        return async () => {
          const result = await method.apply(target);
          countQuery(meter, sql, args, metaOf(result));
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  statements.set(wrapped, { inner, sql, args });
  return wrapped;
}

/** A D1 database that counts every query it runs (batches statement by statement). */
export function meteredD1<T extends D1Database>(meter: Meter, db: T): T {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return (sql: string) => meteredStatement(meter, target.prepare(sql), sql, []);
      if (property === 'batch')
        return async (list: D1PreparedStatement[]) => {
          const known = list.map((s) => statements.get(s));
          const results = await target.batch(list.map((s, i) => known[i]?.inner ?? s));
          known.forEach((k, i) => k && countQuery(meter, k.sql, k.args, metaOf(results[i])));
          return results;
        };
      if (property === 'withSession')
        return (...a: Parameters<D1Database['withSession']>) => meteredD1(meter, target.withSession(...a) as unknown as D1Database);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const KV_READS = new Set(['get', 'getWithMetadata', 'list']);
const KV_WRITES = new Set(['put', 'delete']);

/** A KV namespace that counts its reads (get, list) and writes (put, delete). */
export function meteredKv<T extends KVNamespace>(meter: Meter, kv: T): T {
  return new Proxy(kv, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      return (...a: unknown[]) => {
        if (typeof property === 'string' && KV_READS.has(property)) meter.kv.reads++;
        if (typeof property === 'string' && KV_WRITES.has(property)) meter.kv.writes++;
        return method.apply(target, a);
      };
    },
  });
}

/** An R2 bucket that counts its reads (get, head) and the bytes of the objects read. */
export function meteredR2<T extends R2Bucket>(meter: Meter, bucket: T): T {
  return new Proxy(bucket, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => Promise<unknown>;
      if (property !== 'get' && property !== 'head') return method.bind(target);
      return async (...a: unknown[]) => {
        const object = await method.apply(target, a);
        meter.r2.reads++;
        if (property === 'get' && typeof object === 'object' && object !== null && 'size' in object && typeof object.size === 'number') meter.r2.bytes += object.size;
        return object;
      };
    },
  });
}

/** A Durable Object namespace whose stubs count each call (RPC method or fetch) as one request to `name`. */
export function meteredNamespace<T extends DurableObjectNamespace<Rpc.DurableObjectBranded | undefined>>(meter: Meter, name: string, namespace: T): T {
  const stub = <S extends object>(inner: S): S =>
    new Proxy(inner, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function' || property === 'then') return value;
        const method = value as (...a: unknown[]) => unknown;
        // Reflect.apply: an RPC method is a stub itself, whose own `apply` would be a remote call.
        return (...a: unknown[]) => {
          meter.durableObjects[name] = (meter.durableObjects[name] ?? 0) + 1;
          return Reflect.apply(method, target, a);
        };
      },
    });
  return new Proxy(namespace, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      if (property === 'get' || property === 'getByName') return (...a: unknown[]) => stub(Reflect.apply(method, target, a) as object);
      return method.bind(target);
    },
  });
}

/** The environment with its D1, KV, R2 and Durable Object bindings metered; every other binding as it is. */
export function meteredEnv<E extends Env>(meter: Meter, env: E): E {
  return {
    ...env,
    DB: meteredD1(meter, env.DB),
    CACHE: meteredKv(meter, env.CACHE),
    MEDIA: meteredR2(meter, env.MEDIA),
    STREAMS: meteredNamespace(meter, 'STREAMS', env.STREAMS),
    LIMITER: meteredNamespace(meter, 'LIMITER', env.LIMITER),
    SHOWS: meteredNamespace(meter, 'SHOWS', env.SHOWS),
    COUNTERS: meteredNamespace(meter, 'COUNTERS', env.COUNTERS),
  };
}

/** The isolate's meter: `wrangler dev` runs the worker and its Durable Objects in one isolate, so both count into it. */
let meter = newMeter(Date.now());

export const currentMeter = (): Meter => meter;

export function resetMeter(now: number): void {
  meter = newMeter(now);
}

/**
 * `env` with metered bindings when METERING is "true" (the edge middleware also checks the host; a
 * Durable Object has none, so the var alone decides there), else `env` itself.
 */
export const meteringEnv = <E extends Env>(env: E): E => (env.METERING === 'true' ? meteredEnv(meter, env) : env);
