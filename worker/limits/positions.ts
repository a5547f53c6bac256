/**
 * Watch positions between the player and D1 (issue 35). The player saves a member's position every
 * 10 seconds (client/player/usePositionSaving.ts): 100,000 viewers would be 10,000 writes per second
 * to one database, which runs one query at a time. So a position goes to the account's
 * StreamLimiter (worker/limits/streams.ts: the object that already counts the account's streams and
 * hears their heartbeats) and waits there, in the object's durable storage, until the viewing ends
 * (the stream's stop), or POSITIONS_FLUSH_SECONDS have passed since the oldest one waiting (the
 * object's alarm), then reaches D1 in one batch.
 *
 * Reads stay right: before the API reads an account's watched times (GET auth/user, GET /actions/,
 * a stream's start), it asks the object to write what waits (`settlePositions`), so another device
 * resumes where this one is now; the player's own saves stay out of D1 until then. A save made as
 * the page goes away (POST, the beacon) is written at once. Erasing the history forgets what waits
 * (it must not come back). A crash of the object loses nothing: its storage is durable and its
 * alarm runs again.
 *
 * Pure functions of (pending, now) below, tested without waiting; the SQL is one statement.
 */

/** The longest a position waits in the object before D1 has it (while a viewing goes on). */
export const POSITIONS_FLUSH_SECONDS = 600;

export type Position = { userId: string; profileId: number; contentId: number; time: number; at: number };
/** `{profileId}:{contentId}` → the newest position saved for it. */
export type Pending = Record<string, Position>;

export const positionKey = (profileId: number, contentId: number): string => `${profileId}:${contentId}`;

/** `pending` with `position` kept (an older save arriving late never replaces a newer one). */
export function keepPosition(pending: Pending, position: Position): Pending {
  const key = positionKey(position.profileId, position.contentId);
  const held = pending[key];
  return held && held.at > position.at ? pending : { ...pending, [key]: position };
}

/** When the alarm must flush what waits: the oldest position plus POSITIONS_FLUSH_SECONDS, or null when nothing waits. */
export function flushDue(pending: Pending): number | null {
  const times = Object.values(pending).map((p) => p.at);
  return times.length === 0 ? null : Math.min(...times) + POSITIONS_FLUSH_SECONDS * 1000;
}

/** What waits once `written` reached D1: the entries saved again meanwhile stay (their `at` moved on). */
export function afterFlush(pending: Pending, written: readonly Position[]): Pending {
  const next = { ...pending };
  for (const w of written) {
    const key = positionKey(w.profileId, w.contentId);
    if (next[key]?.at === w.at) delete next[key];
  }
  return next;
}

/** `pending` without the positions of `profileId` (all of them when null). */
export const forgetPositions = (pending: Pending, profileId: number | null): Pending =>
  profileId === null ? {} : Object.fromEntries(Object.entries(pending).filter(([, p]) => p.profileId !== profileId));

/**
 * The statement that stores one position as the profile's `watched` action (spec §7 PUT
 * /actions/watched/{id}): the only writer of watched times, whether the API saves one at once or the
 * account's object flushes what waited. A profile deleted meanwhile gets nothing; an older time never
 * replaces a newer one.
 */
export function watchedUpsert(db: Pick<D1Database, 'prepare'>, p: Position): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO actions (user_id, profile_id, content_id, type, time, created_at, updated_at)
       SELECT ?1, ?2, ?3, 'watched', ?4, ?5, ?5 WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?2 AND user_id = ?1)
       ON CONFLICT (profile_id, content_id, type) DO UPDATE SET time = excluded.time, updated_at = excluded.updated_at
       WHERE excluded.updated_at > actions.updated_at`,
    )
    .bind(p.userId, p.profileId, p.contentId, p.time, new Date(p.at).toISOString());
}
