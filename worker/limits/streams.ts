/**
 * Maximum simultaneous streams per account (issue 5, spec §8 "maximum simultaneous devices reached").
 *
 * One StreamLimiter instance per account (`account:{userId}`; guests: `device:{deviceId}`), so all
 * the account's players meet in one single-threaded object: a start is one synchronous
 * read-check-write of the slot table in the object's SQLite-backed KV, and parallel starts are
 * counted exactly (5 simultaneous starts with a limit of 2: exactly 2 allowed).
 *
 * A slot is `streamId → last heartbeat (ms)`. The player sends a heartbeat every
 * STREAM_HEARTBEAT_SECONDS; a slot not heard from for STREAM_STALE_SECONDS is free (checked on every
 * access), so a closed tab or a crashed device gives its slot back within a minute. An alarm at the
 * next expiry prunes stale slots and wipes the object once it holds none.
 *
 * The decisions are pure functions of (slots, now) below, tested without waiting; the object's
 * methods take an optional `now` (ms) for the same reason. Callers use `streamLimiter(env)`.
 */
import { DurableObject } from 'cloudflare:workers';
import { meteringEnv } from '../metering/meter';
import { objectName } from './names';
import { afterFlush, flushDue, forgetPositions, keepPosition, watchedUpsert, type Pending, type Position } from './positions';

/** How often the player confirms it is still playing. */
export const STREAM_HEARTBEAT_SECONDS = 30;
/** A slot without heartbeat for longer than this is free. */
export const STREAM_STALE_SECONDS = 60;
/** Used when the MAX_STREAMS var is empty or not a positive integer. */
export const DEFAULT_MAX_STREAMS = 2;

const STALE_MS = STREAM_STALE_SECONDS * 1000;
const SLOTS = 'slots';
const POSITIONS = 'positions';

/** streamId → time (ms) of its start or last heartbeat. */
export type Slots = Record<string, number>;

export type StreamStart = { allowed: true; active: number } | { allowed: false; active: number; limit: number };
export type StreamBeat = { alive: boolean; active: number };

/** The slots still held at `now`: heard from within the last STREAM_STALE_SECONDS. */
export function liveSlots(slots: Slots, now: number): Slots {
  return Object.fromEntries(Object.entries(slots).filter(([, at]) => now - at <= STALE_MS));
}

/**
 * A stream id is `{device tag}.{uuid}` (streamIdFor): one device holds one slot. A reload, or the
 * jump to the next episode, asks for a new stream before the old page's stop beacon is sent, so a
 * new stream replaces the live slot of the same device instead of counting twice.
 */
export function streamIdFor(deviceId: string): string {
  let hash = 0x811c9dc5; // FNV-1a: a short, stable tag, not a secret
  for (const char of deviceId) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return `${hash.toString(36)}.${crypto.randomUUID()}`;
}

const deviceOf = (streamId: string): string | null => (streamId.includes('.') ? streamId.slice(0, streamId.indexOf('.') + 1) : null);

/** A new stream takes a slot when fewer than `limit` are live (its device's older stream gives way). */
export function decideStart(slots: Slots, streamId: string, limit: number, now: number): { result: StreamStart; slots: Slots } {
  const device = deviceOf(streamId);
  const live = Object.fromEntries(
    Object.entries(liveSlots(slots, now)).filter(([id]) => id === streamId || device === null || !id.startsWith(device)),
  );
  const active = Object.keys(live).length;
  if (Object.hasOwn(live, streamId)) return { result: { allowed: true, active }, slots: { ...live, [streamId]: now } };
  if (active >= limit) return { result: { allowed: false, active, limit }, slots: live };
  return { result: { allowed: true, active: active + 1 }, slots: { ...live, [streamId]: now } };
}

/**
 * A heartbeat keeps a live slot. A slot already freed (more than STREAM_STALE_SECONDS without
 * heartbeat, e.g. a laptop that slept) is taken again if there is room, else the stream is lost.
 */
export function decideHeartbeat(slots: Slots, streamId: string, limit: number, now: number): { result: StreamBeat; slots: Slots } {
  const { result, slots: next } = decideStart(slots, streamId, limit, now);
  return { result: { alive: result.allowed, active: result.active }, slots: next };
}

/** Parses the MAX_STREAMS var: a positive integer, else DEFAULT_MAX_STREAMS. */
export function maxStreams(env: { MAX_STREAMS?: string }): number {
  const value = Number((env.MAX_STREAMS ?? '').trim());
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_STREAMS;
}

/**
 * One instance per account (or guest device): the account's stream slots, and its members' watch
 * positions waiting for D1 (./positions.ts). `now` (ms) is only for tests.
 */
export class StreamLimiter extends DurableObject<Env> {
  async start(streamId: string, limit: number, now: number = Date.now()): Promise<StreamStart> {
    const { result, slots } = decideStart(this.read(), streamId, limit, now);
    await this.write(slots);
    return result;
  }

  async heartbeat(streamId: string, limit: number, now: number = Date.now()): Promise<StreamBeat> {
    const { result, slots } = decideHeartbeat(this.read(), streamId, limit, now);
    await this.write(slots);
    return result;
  }

  /** Frees the stream's slot (idempotent). A viewing ended: the positions waiting go to D1 (else the alarm retries). */
  async stop(streamId: string, now: number = Date.now()): Promise<{ active: number }> {
    await this.flush().catch((error: unknown) => console.error(JSON.stringify({ level: 'warn', msg: 'positions not flushed at a stream stop', error: String(error) })));
    const slots = liveSlots(this.read(), now);
    delete slots[streamId];
    await this.write(slots);
    return { active: Object.keys(slots).length };
  }

  /** The live slots at `now` (tests, diagnostics). */
  async active(now: number = Date.now()): Promise<Slots> {
    return liveSlots(this.read(), now);
  }

  /** Keeps a member's position until the viewing ends or the flush is due. */
  async savePosition(position: Position): Promise<void> {
    this.ctx.storage.kv.put(POSITIONS, keepPosition(this.pending(), position));
    await this.write(this.read());
  }

  /** Drops what waits for `profileId` (every profile when null): the history was erased, or the account deleted. */
  async forget(profileId: number | null): Promise<void> {
    this.ctx.storage.kv.put(POSITIONS, forgetPositions(this.pending(), profileId));
    await this.write(this.read());
  }

  /**
   * Writes every waiting position to D1 in one batch: at a stream's stop, when the flush is due,
   * and before the API reads the account's watched times (`settle` of the facade). Answers the D1
   * bookmark of the write (null when nothing waited), so the request that asked reads it from a
   * replica at least that recent (worker/api/kernel/request-db.ts catchUp).
   */
  async flush(): Promise<string | null> {
    const written = Object.values(this.pending());
    if (written.length === 0) return null;
    const db = meteringEnv(this.env).DB.withSession('first-primary');
    await db.batch(written.map((p) => watchedUpsert(db, p)));
    // Saves that came in while D1 answered stay for the next flush.
    this.ctx.storage.kv.put(POSITIONS, afterFlush(this.pending(), written));
    return db.getBookmark();
  }

  /** At the earliest expiry or flush: prune, flush what is due, and leave nothing behind once nothing is held. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = flushDue(this.pending());
    if (due !== null && due <= now) await this.flush();
    await this.write(liveSlots(this.read(), now));
  }

  private read(): Slots {
    return this.ctx.storage.kv.get<Slots>(SLOTS) ?? {};
  }

  private pending(): Pending {
    return this.ctx.storage.kv.get<Pending>(POSITIONS) ?? {};
  }

  /**
   * Stores the slots and schedules the alarm for the first slot to expire or the flush that is due
   * (nothing held: wipe the object).
   */
  private async write(slots: Slots): Promise<void> {
    const times = Object.values(slots);
    const due = flushDue(this.pending());
    if (times.length === 0) this.ctx.storage.kv.delete(SLOTS);
    else this.ctx.storage.kv.put(SLOTS, slots);
    if (due === null) this.ctx.storage.kv.delete(POSITIONS);
    const next = [...(times.length > 0 ? [Math.min(...times) + STALE_MS + 1] : []), ...(due !== null ? [due] : [])];
    if (next.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...next));
  }
}

/**
 * Who streams count against: the account when logged in, else the guest's device. Guests are not
 * counted per network address: they only play free titles, and carrier-grade NATs, universities,
 * cafés and hotels put any number of real guests behind one address.
 */
export type StreamOwner = { userId: string } | { deviceId: string };

const ownerKey = (owner: StreamOwner): string => ('userId' in owner ? `account:${owner.userId}` : `device:${owner.deviceId}`);

/** The typed facade the API uses; the limit is the MAX_STREAMS var. */
export function streamLimiter(env: Env): {
  limit: number;
  start(owner: StreamOwner, streamId: string): Promise<StreamStart>;
  heartbeat(owner: StreamOwner, streamId: string): Promise<StreamBeat>;
  stop(owner: StreamOwner, streamId: string): Promise<void>;
  /** A member's watch position, kept by their account's object until it reaches D1 (./positions.ts). */
  savePosition(position: Position): Promise<void>;
  /**
   * Before reading the account's watched times from D1: the positions still waiting are written
   * first. Answers the bookmark of that write (null: nothing waited), for the reader's session.
   */
  settlePositions(userId: string): Promise<string | null>;
  /** Before erasing a profile's history (every profile: null): what waits for it is dropped, so it cannot come back. */
  forgetPositions(userId: string, profileId: number | null): Promise<void>;
} {
  const limit = maxStreams(env);
  const stub = (key: string) => env.STREAMS.get(env.STREAMS.idFromName(objectName(key)));
  return {
    limit,
    start: (owner, streamId) => stub(ownerKey(owner)).start(streamId, limit),
    heartbeat: (owner, streamId) => stub(ownerKey(owner)).heartbeat(streamId, limit),
    stop: async (owner, streamId) => {
      await stub(ownerKey(owner)).stop(streamId);
    },
    savePosition: (position) => stub(ownerKey({ userId: position.userId })).savePosition(position),
    settlePositions: (userId) => stub(ownerKey({ userId })).flush(),
    forgetPositions: (userId, profileId) => stub(ownerKey({ userId })).forget(profileId),
  };
}
