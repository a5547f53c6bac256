import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedHelpArticles } from '../api/help/testing';
import { addTo, COUNTER_KINDS, counterFlushSeconds, counters, countsNow, countsOf, flushBatch, isEmptyTally, mergeTallies, type Inflight, type Tally } from './counters';
import { objectName } from './names';

/** The counters as production runs them: counts wait in their shard for a minute. */
const deferred = { ...env, COUNTER_FLUSH_SECONDS: '60' };
const MINUTE = 60_000;
/** 1 June 2031, 23:59:58 UTC: two seconds before the day ends. */
const T = Date.UTC(2031, 5, 1, 23, 59, 58);

let ad = 0;
let article = 0;
beforeAll(async () => {
  const row = await env.DB.prepare(
    `INSERT INTO ads (kind, placement, title, link_url, starts_at, ends_at, position, updated_at)
     VALUES ('house', 'home', '{"en":"Counted"}', '/partners', 0, NULL, 0, '2031-01-01T00:00:00Z') RETURNING id`,
  ).first<{ id: number }>();
  ad = row?.id ?? 0;
  await seedHelpArticles();
  article = (await env.DB.prepare('SELECT id FROM help_articles ORDER BY id LIMIT 1').first<{ id: number }>())?.id ?? 0;
});

const adRows = (id: number) =>
  env.DB.prepare('SELECT day, impressions, clicks FROM ad_counts WHERE ad_id = ?1 ORDER BY day').bind(id).all<{ day: string; impressions: number; clicks: number }>().then((r) => r.results);
const votes = (id: number) => env.DB.prepare('SELECT helpful_yes, helpful_no FROM help_articles WHERE id = ?1').bind(id).first<{ helpful_yes: number; helpful_no: number }>();
const shardOf = (name: string) => ({ shard: objectName(name), stub: env.COUNTERS.get(env.COUNTERS.idFromName(objectName(name))) });

describe('tallies (pure)', () => {
  it('adds per bucket and field, merges, reads zeros for what is absent', () => {
    const a = addTo(addTo(addTo({}, '2031-06-01', 'impressions', 1), '2031-06-01', 'impressions', 1), '2031-06-02', 'clicks', 1);
    expect(a).toEqual({ '2031-06-01': { impressions: 2 }, '2031-06-02': { clicks: 1 } });
    expect(mergeTallies(a, { '2031-06-02': { clicks: 2, impressions: 1 } })).toEqual({ '2031-06-01': { impressions: 2 }, '2031-06-02': { clicks: 3, impressions: 1 } });
    expect(countsOf(a, '2031-06-01', COUNTER_KINDS.ad.fields)).toEqual({ impressions: 2, clicks: 0 });
    expect(countsOf(a, 'other', COUNTER_KINDS.ad.fields)).toEqual({ impressions: 0, clicks: 0 });
    expect(isEmptyTally({})).toBe(true);
    expect(isEmptyTally(a)).toBe(false);
  });

  it("answers D1's counts (read in the flush, else before counting) plus the shard's waiting ones", () => {
    const read = { impressions: 10, clicks: 2 };
    expect(countsNow(null, read)).toEqual(read);
    expect(countsNow({ pending: { impressions: 3, clicks: 0 }, flushed: null }, read)).toEqual({ impressions: 13, clicks: 2 });
    expect(countsNow({ pending: { impressions: 0, clicks: 0 }, flushed: { impressions: 12, clicks: 3 } }, read)).toEqual({ impressions: 12, clicks: 3 });
  });

  it('reads COUNTER_FLUSH_SECONDS as whole seconds, 0 included, else 60', () => {
    expect(counterFlushSeconds({ COUNTER_FLUSH_SECONDS: '0' })).toBe(0);
    expect(counterFlushSeconds({ COUNTER_FLUSH_SECONDS: ' 30 ' })).toBe(30);
    for (const bad of ['', '-1', '1.5', 'soon', undefined]) expect(counterFlushSeconds({ COUNTER_FLUSH_SECONDS: bad })).toBe(60);
  });
});

describe('a shard (Durable Object, with time)', () => {
  it('keeps counts until its alarm, a minute after the first one, then adds them in one batch on the day each was counted', async () => {
    const { shard, stub } = shardOf(`ad:${ad}:alarm`);
    const meta = { shard, kind: 'ad' as const, target: ad, flushSeconds: 60 };
    expect(await stub.count(meta, '2031-06-01', 'impressions', T)).toEqual({ pending: { impressions: 1, clicks: 0 }, flushed: null });
    await stub.count(meta, '2031-06-01', 'clicks', T + 1000);
    // Counted after midnight, flushed with the others: its own day.
    expect(await stub.count(meta, '2031-06-02', 'impressions', T + 3000)).toEqual({ pending: { impressions: 1, clicks: 0 }, flushed: null });
    expect(await adRows(ad)).toEqual([]);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBe(T + MINUTE);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await adRows(ad)).toEqual([
      { day: '2031-06-01', impressions: 1, clicks: 1 },
      { day: '2031-06-02', impressions: 1, clicks: 0 },
    ]);
    // Nothing held, no alarm; the flush's number stays (never reused).
    const left = await runInDurableObject(stub, async (_o, state) => ({ keys: [...state.storage.kv.list()].map(([k]) => k).sort(), alarm: await state.storage.getAlarm() }));
    expect(left).toEqual({ keys: ['meta', 'seq'], alarm: null });
    expect(await env.DB.prepare('SELECT seq FROM counter_flushes WHERE shard = ?1').bind(shard).first()).toEqual({ seq: 1 });
    await env.DB.prepare('DELETE FROM ad_counts WHERE ad_id = ?1').bind(ad).run();
  });

  it('a flush sent again (D1 took it, its answer was lost) adds nothing twice; a replayed batch neither', async () => {
    const { shard, stub } = shardOf(`ad:${ad}:replay`);
    const meta = { shard, kind: 'ad' as const, target: ad, flushSeconds: 60 };
    for (let i = 0; i < 5; i += 1) await stub.count(meta, '2031-07-01', 'impressions', T);
    // The shard sets its counts apart as flush 1 and D1 commits the batch, but the object crashes before hearing so.
    const sent = await runInDurableObject(stub, async (_o, state) => {
      const tally = state.storage.kv.get<Tally>('pending') ?? {};
      const flush: Inflight = { seq: 1, tally };
      state.storage.kv.put('seq', 1);
      state.storage.kv.put('inflight', flush);
      state.storage.kv.delete('pending');
      return flush;
    });
    await env.DB.batch(flushBatch(env.DB, 'ad', ad, shard, sent, null));
    expect(await adRows(ad)).toEqual([{ day: '2031-07-01', impressions: 5, clicks: 0 }]);
    // Counts arriving meanwhile wait for the next flush; the alarm sends flush 1 again, then them.
    await stub.count(meta, '2031-07-01', 'clicks', T);
    await runDurableObjectAlarm(stub);
    expect(await adRows(ad)).toEqual([{ day: '2031-07-01', impressions: 5, clicks: 1 }]);
    await env.DB.batch(flushBatch(env.DB, 'ad', ad, shard, sent, null));
    expect(await adRows(ad)).toEqual([{ day: '2031-07-01', impressions: 5, clicks: 1 }]);
    expect(await runInDurableObject(stub, (_o, state) => state.storage.kv.get('seq'))).toBe(2);
    await env.DB.prepare('DELETE FROM ad_counts WHERE ad_id = ?1').bind(ad).run();
  });

  it('a flush D1 refuses loses nothing: the counts stay held and the alarm comes again', async () => {
    const { shard, stub } = shardOf(`help:${article}:down`);
    const before = await votes(article);
    const meta = { shard, kind: 'help' as const, target: article, flushSeconds: 60 };
    await stub.count(meta, '', 'helpful_yes', T);
    await stub.count(meta, '', 'helpful_no', T);
    await env.DB.prepare('ALTER TABLE counter_flushes RENAME TO counter_flushes_away').run();
    try {
      await runDurableObjectAlarm(stub);
      expect(await votes(article)).toEqual(before);
      const held = await runInDurableObject(stub, async (_o, state) => ({ alarm: await state.storage.getAlarm(), inflight: state.storage.kv.get<Inflight>('inflight') }));
      expect(held.alarm).not.toBeNull();
      expect(held.inflight).toEqual({ seq: 1, tally: { '': { helpful_yes: 1, helpful_no: 1 } } });
    } finally {
      await env.DB.prepare('ALTER TABLE counter_flushes_away RENAME TO counter_flushes').run();
    }
    await runDurableObjectAlarm(stub);
    expect(await votes(article)).toEqual({ helpful_yes: (before?.helpful_yes ?? 0) + 1, helpful_no: (before?.helpful_no ?? 0) + 1 });
  });
});

describe('counters(env): shards under parallel counts', () => {
  it('200 parallel impressions and 60 clicks spread over the shards are exact once settled, none in D1 before', async () => {
    const counting = counters(deferred);
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, () => counting.count('ad', ad, '2031-08-01', 'impressions', T)),
      ...Array.from({ length: 60 }, () => counting.count('ad', ad, '2031-08-01', 'clicks', T)),
    ]);
    expect(answers.every((a) => a.flushed === null && (a.pending.impressions ?? 0) + (a.pending.clicks ?? 0) >= 1)).toBe(true);
    expect(await adRows(ad)).toEqual([]);
    await counting.settle('ad', ad);
    expect(await adRows(ad)).toEqual([{ day: '2031-08-01', impressions: 200, clicks: 60 }]);
    // 260 counts over 16 shards: nearly every shard took some, and flushed once.
    const shards = await env.DB.prepare("SELECT COUNT(*) AS n FROM counter_flushes WHERE shard LIKE ?1").bind(`%ad:${ad}:%`).first<{ n: number }>();
    expect(shards?.n).toBeGreaterThan(8);
    // Settling again adds nothing.
    await counting.settle('ad', ad);
    expect(await adRows(ad)).toEqual([{ day: '2031-08-01', impressions: 200, clicks: 60 }]);
    await env.DB.prepare('DELETE FROM ad_counts WHERE ad_id = ?1').bind(ad).run();
  });

  it('votes flushed at once (COUNTER_FLUSH_SECONDS 0) each answer the count they left in D1', async () => {
    const before = (await votes(article)) ?? { helpful_yes: 0, helpful_no: 0 };
    const answers = await Promise.all(Array.from({ length: 30 }, () => counters(env).count('help', article, '', 'helpful_yes', T)));
    expect(answers.every((a) => a.pending.helpful_yes === 0)).toBe(true);
    expect(answers.map((a) => a.flushed?.helpful_yes).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 30 }, (_, i) => before.helpful_yes + i + 1));
    expect(await votes(article)).toEqual({ ...before, helpful_yes: before.helpful_yes + 30 });
  });
});
