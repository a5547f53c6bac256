import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decideHeartbeat, decideStart, DEFAULT_MAX_STREAMS, liveSlots, maxStreams, STREAM_STALE_SECONDS, streamIdFor, streamLimiter } from './streams';

// DO storage may be shared between test files: every test uses a fresh account.
const owner = () => ({ userId: crypto.randomUUID() });
const stubFor = () => env.STREAMS.get(env.STREAMS.idFromName(`account:${crypto.randomUUID()}`));
const id = () => crypto.randomUUID();

const SECOND = 1000;
const STALE = STREAM_STALE_SECONDS * SECOND;

describe('stream slot decisions (pure)', () => {
  it('keeps slots heard from within 60 s and frees older ones', () => {
    const now = 1_000_000;
    expect(liveSlots({ a: now - STALE, b: now - STALE - 1, c: now }, now)).toEqual({ a: now - STALE, c: now });
  });

  it('allows starts up to the limit, then refuses with the limit', () => {
    const now = 5_000_000;
    const first = decideStart({}, 'a', 2, now);
    const second = decideStart(first.slots, 'b', 2, now);
    const third = decideStart(second.slots, 'c', 2, now);
    expect([first.result, second.result]).toEqual([{ allowed: true, active: 1 }, { allowed: true, active: 2 }]);
    expect(third.result).toEqual({ allowed: false, active: 2, limit: 2 });
    expect(third.slots).toEqual({ a: now, b: now });
  });

  it('a stale slot no longer counts: a new stream takes its place', () => {
    const now = 5_000_000;
    const { result, slots } = decideStart({ a: now - STALE - 1, b: now - 10 * SECOND }, 'c', 2, now);
    expect(result).toEqual({ allowed: true, active: 2 });
    expect(slots).toEqual({ b: now - 10 * SECOND, c: now });
  });

  it('a heartbeat refreshes its slot; a freed slot is taken again only when there is room', () => {
    const now = 5_000_000;
    expect(decideHeartbeat({ a: now - 30 * SECOND }, 'a', 1, now)).toEqual({ result: { alive: true, active: 1 }, slots: { a: now } });
    expect(decideHeartbeat({ a: now - STALE - 1, b: now }, 'a', 2, now).result).toEqual({ alive: true, active: 2 });
    expect(decideHeartbeat({ a: now - STALE - 1, b: now }, 'a', 1, now).result).toEqual({ alive: false, active: 1 });
  });

  it('reads MAX_STREAMS: a positive integer, else 2', () => {
    expect(maxStreams({ MAX_STREAMS: '3' })).toBe(3);
    expect(maxStreams({ MAX_STREAMS: ' 1 ' })).toBe(1);
    for (const bad of ['', '0', '-1', '2.5', 'two', undefined]) expect(maxStreams({ MAX_STREAMS: bad })).toBe(DEFAULT_MAX_STREAMS);
    expect(maxStreams(env)).toBe(2);
  });
});

describe('StreamLimiter object', () => {
  it('is exact under parallel starts: 5 simultaneous starts with a limit of 2 allow exactly 2', async () => {
    const limits = streamLimiter(env);
    expect(limits.limit).toBe(2);
    const account = owner();
    const results = await Promise.all(Array.from({ length: 5 }, () => limits.start(account, id())));
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
    expect(results.filter((r) => !r.allowed)).toEqual(Array.from({ length: 3 }, () => ({ allowed: false, active: 2, limit: 2 })));
  });

  it('is exact under 20 parallel starts with a limit of 3', async () => {
    const stub = stubFor();
    const results = await Promise.all(Array.from({ length: 20 }, () => stub.start(id(), 3)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(Object.keys(await stub.active())).toHaveLength(3);
  });

  it('counts accounts (and guest devices) separately', async () => {
    const limits = streamLimiter(env);
    const a = owner();
    const b = owner();
    const device = { deviceId: crypto.randomUUID() };
    for (const who of [a, a, b, device, device]) expect((await limits.start(who, id())).allowed).toBe(true);
    expect((await limits.start(a, id())).allowed).toBe(false);
    expect((await limits.start(device, id())).allowed).toBe(false);
  });

  it('stop frees a slot at once (and is idempotent)', async () => {
    const limits = streamLimiter(env);
    const account = owner();
    const [first, second] = [id(), id()];
    await limits.start(account, first);
    await limits.start(account, second);
    expect((await limits.start(account, id())).allowed).toBe(false);
    await limits.stop(account, first);
    await limits.stop(account, first);
    expect((await limits.start(account, id())).allowed).toBe(true);
  });

  it('heartbeats keep a slot past 60 s; a slot without heartbeat for 60 s is freed', async () => {
    const stub = stubFor();
    const t = Date.now();
    const [kept, dropped] = [id(), id()];
    await stub.start(kept, 2, t);
    await stub.start(dropped, 2, t);
    // Heartbeats every 30 s keep `kept` alive; `dropped` (a closed tab) sends none.
    expect(await stub.heartbeat(kept, 2, t + 30 * SECOND)).toEqual({ alive: true, active: 2 });
    expect(await stub.heartbeat(kept, 2, t + 60 * SECOND)).toEqual({ alive: true, active: 2 });
    expect((await stub.start(id(), 2, t + 60 * SECOND)).allowed).toBe(false);
    // 60 s and a moment after its last sign of life, the closed tab's slot is free.
    expect(await stub.active(t + 60 * SECOND + 1)).toEqual({ [kept]: t + 60 * SECOND });
    expect(await stub.start(id(), 2, t + 61 * SECOND)).toEqual({ allowed: true, active: 2 });
    // The freed stream cannot come back while the account is full: its heartbeat says it is lost.
    expect(await stub.heartbeat(dropped, 2, t + 62 * SECOND)).toEqual({ alive: false, active: 2 });
  });

  it('schedules the alarm at the next expiry; the alarm keeps live slots', async () => {
    const stub = stubFor();
    const t = Date.now();
    const stream = id();
    await stub.start(stream, 2, t);
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBe(t + STALE + 1);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(Object.keys(await stub.active())).toEqual([stream]);
  });

  it('the alarm prunes stale slots and leaves nothing behind once every slot is free', async () => {
    const stub = stubFor();
    await stub.start(id(), 2, Date.now() - 2 * STALE); // stale by the wall clock the alarm uses
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, async (_i, state) => ({ slots: state.storage.kv.get('slots'), alarm: await state.storage.getAlarm() }))).toEqual({
      slots: undefined,
      alarm: null,
    });
  });
});

describe('one device, one slot', () => {
  it('lets a reload on the same device replace its stream, while another device is refused', () => {
    const now = 1_000_000;
    const phone = streamIdFor('device-phone');
    const laptop = streamIdFor('device-laptop');
    const full = decideStart(decideStart({}, phone, 2, now).slots, laptop, 2, now).slots;
    const reload = streamIdFor('device-phone');
    const replaced = decideStart(full, reload, 2, now);
    expect(replaced.result.allowed).toBe(true);
    expect(Object.keys(replaced.slots).sort()).toEqual([laptop, reload].sort());
    expect(decideStart(replaced.slots, streamIdFor('device-tv'), 2, now).result.allowed).toBe(false);
  });
});
