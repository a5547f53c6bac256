import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { mainProfile, registeredUser } from '../test/accounts';
import { makeTitle } from '../test/catalogue';
import { afterFlush, flushDue, forgetPositions, keepPosition, POSITIONS_FLUSH_SECONDS, type Position } from './positions';
import { streamLimiter } from './streams';

const FLUSH_MS = POSITIONS_FLUSH_SECONDS * 1000;
const at = (time: number, when: number, contentId = 1, profileId = 7): Position => ({ userId: 'u', profileId, contentId, time, at: when });
const stubOf = (userId: string) => env.STREAMS.get(env.STREAMS.idFromName(`account:${userId}`));
const watchedRows = (contentId: number) =>
  env.DB.prepare("SELECT profile_id, time, updated_at FROM actions WHERE content_id = ? AND type = 'watched'")
    .bind(contentId)
    .all<{ profile_id: number; time: number; updated_at: string }>()
    .then((r) => r.results);

describe('positions waiting for D1 (pure)', () => {
  it('keeps the newest save of each profile and title; a late older one changes nothing', () => {
    const pending = keepPosition(keepPosition({}, at(10, 1000)), at(20, 2000));
    expect(Object.values(pending)).toEqual([at(20, 2000)]);
    expect(keepPosition(pending, at(15, 1500))).toBe(pending);
    expect(Object.keys(keepPosition(pending, at(5, 3000, 2)))).toEqual(['7:1', '7:2']);
  });

  it('is due POSITIONS_FLUSH_SECONDS after the oldest save; nothing waiting, nothing due', () => {
    expect(flushDue({})).toBeNull();
    expect(flushDue(keepPosition(keepPosition({}, at(1, 5000, 1)), at(1, 9000, 2)))).toBe(5000 + FLUSH_MS);
  });

  it('after a flush keeps what was saved again meanwhile, and forgets by profile', () => {
    const flushed = [at(20, 2000, 1), at(5, 2000, 2)];
    const meanwhile = keepPosition(keepPosition({}, flushed[1] as Position), at(30, 3000, 1));
    expect(Object.values(afterFlush(meanwhile, flushed))).toEqual([at(30, 3000, 1)]);
    const two = keepPosition(keepPosition({}, at(1, 1, 1, 7)), at(1, 1, 1, 8));
    expect(Object.keys(forgetPositions(two, 7))).toEqual(['8:1']);
    expect(forgetPositions(two, null)).toEqual({});
  });
});

describe("the account's object", () => {
  it('holds the saves, writes them at a stream stop, and leaves nothing behind', async () => {
    const account = await registeredUser();
    const profileId = await mainProfile(account);
    const title = await makeTitle();
    const limits = streamLimiter(env);
    const userId = account.id;
    for (const time of [10, 20, 30]) await limits.savePosition({ userId, profileId, contentId: title.id, time, at: Date.now() });
    expect(await watchedRows(title.id)).toEqual([]);
    await limits.start({ userId }, 'a.0b6c2a0e-9b5d-4b5e-8a8e-3c4f5d6e7f80');
    await limits.stop({ userId }, 'a.0b6c2a0e-9b5d-4b5e-8a8e-3c4f5d6e7f80');
    expect((await watchedRows(title.id)).map((r) => r.time)).toEqual([30]);
    const left = await runInDurableObject(stubOf(userId), async (_o, state) => ({ keys: [...state.storage.kv.list()].length, alarm: await state.storage.getAlarm() }));
    expect(left).toEqual({ keys: 0, alarm: null });
  });

  it('flushes by its alarm while a viewing goes on, after a restart of the object too', async () => {
    const account = await registeredUser();
    const profileId = await mainProfile(account);
    const title = await makeTitle();
    const userId = account.id;
    const stub = stubOf(userId);
    const saved = Date.now();
    await stub.savePosition({ userId, profileId, contentId: title.id, time: 42, at: saved });
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBe(saved + FLUSH_MS);
    // Due now (as if the minutes had passed): the alarm writes it.
    await runInDurableObject(stub, async (_o, state) => {
      await state.storage.setAlarm(Date.now());
    });
    const pending = await runInDurableObject(stub, (_o, state) => state.storage.kv.get<Record<string, Position>>('positions'));
    for (const p of Object.values(pending ?? {})) p.at -= FLUSH_MS;
    await runInDurableObject(stub, (_o, state) => state.storage.kv.put('positions', pending));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await watchedRows(title.id)).map((r) => r.time)).toEqual([42]);
  });

  it('forgets what waits for an erased profile, and never writes for a profile that is gone', async () => {
    const account = await registeredUser();
    const profileId = await mainProfile(account);
    const title = await makeTitle();
    const userId = account.id;
    const limits = streamLimiter(env);
    await limits.savePosition({ userId, profileId, contentId: title.id, time: 10, at: Date.now() });
    await limits.forgetPositions(userId, profileId);
    await limits.settlePositions(userId);
    expect(await watchedRows(title.id)).toEqual([]);
    await limits.savePosition({ userId, profileId: 987_654_321, contentId: title.id, time: 10, at: Date.now() });
    await limits.settlePositions(userId);
    expect(await watchedRows(title.id)).toEqual([]);
  });

  it('answers the bookmark of what it wrote, so the reader’s session starts from it (none when nothing waited)', async () => {
    const account = await registeredUser();
    const profileId = await mainProfile(account);
    const title = await makeTitle();
    const limits = streamLimiter(env);
    expect(await limits.settlePositions(account.id)).toBeNull();
    const before = env.DB.withSession('first-primary');
    await before.prepare('SELECT 1').first();
    await limits.savePosition({ userId: account.id, profileId, contentId: title.id, time: 33, at: Date.now() });
    const bookmark = await limits.settlePositions(account.id);
    expect(bookmark).toMatch(/^[0-9a-f]{8}-/);
    expect((bookmark ?? '') > (before.getBookmark() ?? '')).toBe(true);
    const reader = env.DB.withSession(bookmark ?? undefined);
    expect(await reader.prepare("SELECT time FROM actions WHERE profile_id = ?1 AND content_id = ?2 AND type = 'watched'").bind(profileId, title.id).first()).toEqual({ time: 33 });
  });
});

