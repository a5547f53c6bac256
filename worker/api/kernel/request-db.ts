/**
 * The database of one visitor's request: D1's Sessions API (`withSession`), so read replicas can
 * answer while the visitor still reads their own writes. The session starts from the bookmark the
 * visitor brought (the proxy keeps it in a cookie, worker/proxy/bookmark-cookie.ts) or, without
 * one, anywhere (`first-unconstrained`); its bookmark after the request is handed back to be kept.
 *
 * Reads a request repeats (the caller's session check and profiles, asked once by each in-process
 * API call of a page) are remembered for that request only (`remember`), and forgotten as soon as
 * the request writes anything: a page never reuses a row it may have changed.
 */

/** Where a request's session starts: the visitor's bookmark, else the first replica at hand. */
export const FIRST_READ = 'first-unconstrained' as const;

/** D1 bookmarks (`<hex>-<hex>-…`, lexicographically ordered, oldest first): what a cookie may carry. */
export const BOOKMARK = /^[0-9a-f]{8,}(?:-[0-9a-f]{8,}){1,7}$/i;

export type RequestDb = {
  /** What the request's API calls use as `env.DB`. */
  db: D1Database;
  /** The session's bookmark after what ran (null: nothing ran, or sessions are not supported). */
  bookmark: () => string | null;
  /** Whether a statement that writes was prepared through this request. */
  wrote: () => boolean;
};

/** A statement that is not a plain read: anything but a SELECT, or a WITH … that names no writing verb. */
const writes = (sql: string): boolean => !/^\s*SELECT\b/i.test(sql) && !(/^\s*WITH\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql));

type Memo = Map<string, Promise<unknown>>;
const memos = new WeakMap<object, Memo>();

/**
 * The request's database over `db`: a D1 session from `bookmark` (a malformed one is ignored and
 * the session starts unconstrained). A binding without `withSession` (an older runtime, a test
 * double) is used as it is, and no bookmark comes back.
 */
export function requestDb(db: D1Database, bookmark: string | null | undefined): RequestDb {
  const from = bookmark && BOOKMARK.test(bookmark) ? bookmark : FIRST_READ;
  const sessions = typeof db.withSession === 'function';
  let session: D1DatabaseSession | null = sessions ? db.withSession(from) : null;
  const memo: Memo = new Map();
  let wrote = false;
  const markWritten = (): void => {
    wrote = true;
    memo.clear();
  };
  const wrapped: D1Database = {
    prepare(sql: string) {
      if (writes(sql)) markWritten();
      return (session ?? db).prepare(sql);
    },
    batch: <T,>(statements: D1PreparedStatement[]) => (session ?? db).batch<T>(statements),
    exec: (sql) => {
      markWritten();
      return db.exec(sql);
    },
    withSession: (constraint) => db.withSession(constraint),
    dump: () => db.dump(),
  };
  memos.set(wrapped, memo);
  primaries.set(wrapped, db);
  // Another writer's bookmark (a Durable Object that wrote for this visitor): the reads that follow start from it.
  catchUps.set(wrapped, (later) => {
    if (!sessions || !BOOKMARK.test(later)) return;
    const now = session?.getBookmark() ?? (from === FIRST_READ ? null : from);
    if (now !== null && now >= later) return;
    session = db.withSession(later);
    memo.clear();
  });
  return { db: wrapped, bookmark: () => session?.getBookmark() ?? null, wrote: () => wrote };
}

const catchUps = new WeakMap<object, (bookmark: string) => void>();
const primaries = new WeakMap<object, D1Database>();

/**
 * The binding under a request's database (D1 without a session answers from the primary), for the
 * reads that must be exact whoever wrote last: the caller's session check (worker/api/kernel/auth.ts),
 * so a session revoked from another device is refused at once even while a replica lags.
 */
export const primaryOf = (db: D1Database): D1Database => primaries.get(db) ?? db;

/**
 * After another writer (the account's Durable Object writing waiting watch positions) answered
 * with the bookmark of its write: the request's reads that follow see it. A no-op for the binding
 * itself (it reads the primary) and when `bookmark` is null (nothing was written).
 */
export function catchUp(db: D1Database, bookmark: string | null): void {
  if (bookmark !== null) catchUps.get(db)?.(bookmark);
}

/**
 * `read()` once per request for `key` when `db` is a request's database (requestDb), else every
 * time (the cron jobs, the Durable Objects, tests calling the API with the binding). Keys name
 * the statement and its arguments; a failed read is not remembered.
 */
export function remember<T>(db: D1Database, key: string, read: () => Promise<T>): Promise<T> {
  const memo = memos.get(db);
  if (!memo) return read();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = read();
  memo.set(key, pending);
  pending.catch(() => memo.get(key) === pending && memo.delete(key));
  return pending;
}

/** The `remember` key of a session's current profile (sessions.profile_id), which the caller's check reads along. */
export const sessionProfileKey = (sessionId: string): string => `session-profile:${sessionId}`;
