import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fetchSite } from '../test/site';
import { loopOf } from './live';
import { blockingWait, directivesSchema, liveEdge, lowLatencyPlaylist, partsIndexOf, withParts, type PartsIndex } from './low-latency';
import { signMediaPath } from './sign';

const VOD = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.000000,
seg_000.m4s
#EXTINF:6.000000,
seg_001.m4s
#EXTINF:3.000000,
seg_002.m4s
#EXT-X-DISCONTINUITY
#EXTINF:6.000000,
seg_000.m4s
#EXT-X-ENDLIST
`;

/** 1 s parts of 100 bytes, a keyframe every 2 s (as the ladder writes them). */
const parts = (count: number) => Array.from({ length: count }, (_, k) => ({ offset: k * 100, length: 100, duration: 1, independent: k % 2 === 0 }));
const INDEX: PartsIndex = {
  version: 1,
  partTarget: 1,
  segments: [
    { uri: 'seg_000.m4s', duration: 6, parts: parts(6) },
    { uri: 'seg_001.m4s', duration: 6, parts: parts(6) },
    { uri: 'seg_002.m4s', duration: 3, parts: parts(3) },
  ],
};

const live = withParts(loopOf(VOD), INDEX);
if (!live) throw new Error('the index describes the loop');
/** A loop lasts 15 s: this moment is 2.5 s into seg_000 of loop 120,000,000 (msn 360,000,000). */
const T0 = 1_800_000_000;
const NOW = T0 + 2.5;
const tags = (text: string, tag: string) => text.split('\n').filter((l) => l.startsWith(tag));

describe('Low-Latency HLS playlists on the clock', () => {
  it('lists the parts that exist of the segment in progress, hints the next, and announces blocking, skips and hold-back', () => {
    const text = lowLatencyPlaylist(live, NOW, 60);
    expect(text).toContain('#EXT-X-VERSION:9\n');
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=36,PART-HOLD-BACK=3\n');
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=1.000000\n');
    expect(liveEdge(live, NOW)).toEqual({ msn: 360_000_000, parts: 2 });
    // The playlist ends with the two parts of the segment in progress (after its loop's discontinuity and date), then the hint.
    expect(text.trim().split('\n').slice(-5)).toEqual([
      '#EXT-X-DISCONTINUITY',
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(T0 * 1000).toISOString()}`,
      '#EXT-X-PART:DURATION=1.000000,URI="seg_000.m4s",BYTERANGE="100@0",INDEPENDENT=YES',
      '#EXT-X-PART:DURATION=1.000000,URI="seg_000.m4s",BYTERANGE="100@100"',
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="seg_000.m4s",BYTERANGE-START=200,BYTERANGE-LENGTH=100',
    ]);
    // Parts of whole segments only for those that ended within three target durations (18 s) of the end: the 4 newest here.
    expect(tags(text, '#EXT-X-PART:')).toHaveLength(2 + 3 + 6 + 6 + 3);
    expect(text).not.toContain('#EXT-X-ENDLIST');
  });

  it('shows each part once it has ended, and a whole segment once its last part has', () => {
    for (let t = T0; t < T0 + 30; t += 0.25) {
      const edge = liveEdge(live, t);
      const text = lowLatencyPlaylist(live, t, 60);
      const segments = tags(text, '#EXTINF').length;
      const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
      // The whole segments run up to the one in progress.
      expect(sequence + segments, String(t)).toBe(edge.msn);
      const into = t - Math.floor(t / 15) * 15;
      const inSegment = into < 6 ? into : into < 12 ? into - 6 : into - 12;
      expect(edge.parts, String(t)).toBe(Math.floor(inSegment + 1e-9));
    }
  });

  it('answers a delta update: the segments older than the skip boundary become EXT-X-SKIP, the rest is the same', () => {
    const full = lowLatencyPlaylist(live, NOW, 7200);
    const delta = lowLatencyPlaylist(live, NOW, 7200, { skip: true });
    const skipped = Number(/#EXT-X-SKIP:SKIPPED-SEGMENTS=(\d+)/.exec(delta)?.[1]);
    expect(tags(full, '#EXTINF').length - skipped).toBe(tags(delta, '#EXTINF').length);
    expect(delta.length).toBeLessThan(full.length / 20);
    // Same sequence numbers; what remains is the end of the full playlist.
    expect(/#EXT-X-MEDIA-SEQUENCE:\d+/.exec(delta)?.[0]).toBe(/#EXT-X-MEDIA-SEQUENCE:\d+/.exec(full)?.[0]);
    const tail = delta.slice(delta.indexOf('#EXTINF'));
    expect(full.endsWith(tail)).toBe(true);
    // Everything within CAN-SKIP-UNTIL (36 s) of the end is still there.
    expect(tags(delta, '#EXTINF').reduce((sum, l) => sum + Number.parseFloat(l.slice(8)), 0)).toBeGreaterThanOrEqual(36 - 2.5);
  });

  it('says how long a blocking reload waits for its part, and refuses a part too far ahead', () => {
    // Part 2 of the segment in progress ends at 3 s into it: half a second from now.
    expect(blockingWait(live, NOW, 360_000_000, 2)).toEqual({ ok: true, wait: 0.5 });
    expect(blockingWait(live, NOW, 360_000_000, 1)).toEqual({ ok: true, wait: 0 });
    expect(blockingWait(live, NOW, 359_999_000, 0)).toEqual({ ok: true, wait: 0 });
    // Without a part: the whole segment (6 s into it).
    expect(blockingWait(live, NOW, 360_000_000, undefined)).toEqual({ ok: true, wait: 3.5 });
    // The last part plus the Advance Part Limit (3) is the furthest part of this segment.
    expect(blockingWait(live, NOW, 360_000_000, 4)).toEqual({ ok: true, wait: 2.5 });
    expect(blockingWait(live, NOW, 360_000_000, 5)).toMatchObject({ ok: false, reason: expect.stringContaining('_HLS_part') });
    // The last segment plus two: msn 360,000,002 (seg_002 of this loop) ends 15 s from the loop's start.
    expect(blockingWait(live, NOW, 360_000_002, 0)).toEqual({ ok: true, wait: 10.5 });
    expect(blockingWait(live, NOW, 360_000_003, 0)).toMatchObject({ ok: false, reason: expect.stringContaining('_HLS_msn') });
  });

  it('reads delivery directives and parts indexes strictly', () => {
    expect(directivesSchema.parse({ _HLS_msn: '12', _HLS_part: '3', _HLS_skip: 'YES' })).toEqual({ _HLS_msn: 12, _HLS_part: 3, _HLS_skip: 'YES' });
    expect(directivesSchema.safeParse({ _HLS_part: '3' }).success).toBe(false);
    expect(directivesSchema.safeParse({ _HLS_msn: '-1' }).success).toBe(false);
    expect(directivesSchema.safeParse({ _HLS_msn: '1.5' }).success).toBe(false);
    expect(directivesSchema.safeParse({ _HLS_skip: 'yes' }).success).toBe(false);
    expect(partsIndexOf(INDEX)).toEqual(INDEX);
    expect(partsIndexOf({ ...INDEX, version: 2 })).toBeNull();
    expect(withParts(loopOf(VOD), { ...INDEX, segments: INDEX.segments.slice(1) })).toBeNull();
  });
});

describe('GET /media/{token}/live/{prefix}/{rendition}/index.m3u8 with parts', () => {
  it('serves Low-Latency HLS, holds a blocking reload until its part exists, and answers 400 for bad directives', async () => {
    const source = `test-ll-${crypto.randomUUID().slice(0, 8)}`;
    await env.MEDIA.put(`${source}/240p/index.m3u8`, VOD);
    await env.MEDIA.put(`${source}/240p/parts.json`, JSON.stringify(INDEX));
    const base = (await signMediaPath(env, `live/${source}`, 'master.m3u8')).slice(0, -'master.m3u8'.length);
    const url = `${base}240p/index.m3u8`;
    const first = await fetchSite(url);
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="([^"]+)",BYTERANGE-START=(\d+)/.exec(text);
    expect(hint).not.toBeNull();
    const edge = liveEdge(live, Date.now() / 1000);
    // The next part: its blocking reload returns once it is listed (how long that takes is the tv
    // bench's to measure, not a test's: a busy machine stretches any wait).
    const [msn, part] = [edge.msn, edge.parts];
    const blocked = await fetchSite(`${url}?_HLS_msn=${msn}&_HLS_part=${part}&_HLS_skip=YES`);
    expect(blocked.status).toBe(200);
    const after = await blocked.text();
    expect(after).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=');
    const newest = liveEdge(live, Date.now() / 1000);
    expect(newest.msn * 10 + newest.parts).toBeGreaterThan(msn * 10 + part);
    // Far beyond the segment limit (the last one plus two) from the clock of now, however long the
    // blocking reload above took on a busy machine.
    const bad = await fetchSite(`${url}?_HLS_msn=${liveEdge(live, Date.now() / 1000).msn + 10}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^BAD_REQUEST: _HLS_msn/);
    expect((await fetchSite(`${url}?_HLS_part=1`)).status).toBe(400);
    expect((await fetchSite(`${url}?_HLS_msn=abc`)).status).toBe(400);
  });
});
