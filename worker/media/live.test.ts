import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fetchSite } from '../test/site';
import { signMediaPath } from './sign';
import { acceptsGzip } from '.';
import { DISCONTINUITY_EPOCH, liveFirstFiles, liveMaster, livePlaylist, liveSource, loopOf, newestSegmentTime } from './live';

const VOD = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
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

const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
const segmentsOf = (text: string) => text.split('\n').filter((l) => l.endsWith('.m4s'));

describe('simulated live playlists', () => {
  const loop = loopOf(VOD);

  it('takes the first loop of a looped VOD playlist; a loop lasts its whole seconds', () => {
    expect(loop.segments.map((s) => s.uri)).toEqual(['seg_000.m4s', 'seg_001.m4s', 'seg_002.m4s']);
    expect(loop).toMatchObject({ length: 15, map: 'init.mp4', targetDuration: 6 });
    expect(liveSource('live/demo/a/main')).toBe('demo/a/main');
    expect(liveSource('demo/a/main')).toBeNull();
  });

  it('is a sliding window of the segments that ended: the window length, no end list, no VOD type', () => {
    const now = 1_800_000_007;
    const text = livePlaylist(loop, now, 120);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('PLAYLIST-TYPE');
    const times = text.split('\n').filter((l) => l.startsWith('#EXTINF')).map((l) => Number.parseFloat(l.slice(8)));
    const total = times.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(120 - 15);
    expect(total).toBeLessThanOrEqual(120);
    // The newest segment ended at or before now, and the next one has not.
    const newest = newestSegmentTime(text);
    expect(newest).not.toBeNull();
    expect((newest ?? 0) + (times[times.length - 1] ?? 0)).toBeLessThanOrEqual(now);
    expect(now - (newest ?? 0)).toBeLessThan(6 + 6);
  });

  it('keeps media sequence numbers monotonic across requests, one per segment, and marks every loop with a discontinuity and its date', () => {
    let previous = livePlaylist(loop, 1_800_000_000, 60);
    for (let t = 1_800_000_001; t < 1_800_000_100; t += 1) {
      const text = livePlaylist(loop, t, 60);
      const first = sequence(text);
      const list = segmentsOf(text);
      // Never backwards, at the start or at the end of the window.
      expect(first).toBeGreaterThanOrEqual(sequence(previous));
      expect(first + list.length).toBeGreaterThanOrEqual(sequence(previous) + segmentsOf(previous).length);
      // Sequence number k is always the same segment (k modulo the loop), whichever request lists it.
      list.forEach((uri, i) => expect(uri).toBe(`seg_00${(first + i) % 3}.m4s`));
      const starts = list.filter((uri) => uri === 'seg_000.m4s').length;
      const opensOnLoop = list[0] === 'seg_000.m4s' ? 1 : 0;
      expect(text.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY').length).toBe(starts - opensOnLoop);
      expect(text.split('\n').filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME')).length).toBe(starts + 1 - opensOnLoop);
      previous = text;
    }
    // The discontinuity sequence is the loop of the first segment, counted from DISCONTINUITY_EPOCH.
    const text = livePlaylist(loop, 1_800_000_000, 60);
    const dseq = Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(text)?.[1]);
    expect(dseq).toBe(Math.floor(sequence(text) / 3) - Math.floor(DISCONTINUITY_EPOCH / 15));
    expect(dseq).toBeLessThan(1_000_000);
  });

  it('dates segments on the wall clock: a segment starting at a loop boundary is dated i × length', () => {
    const text = livePlaylist(loop, 30, 60);
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:00:00.000Z');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:00:15.000Z');
    expect(sequence(text)).toBe(0);
  });

  it('a live master has the renditions and audio, and its subtitles on live subtitle playlists', () => {
    const master = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="ar",URI="audio/0/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="fr",URI="subs/fr.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio",SUBTITLES="subs"
240p/index.m3u8`;
    const live = liveMaster(master);
    expect(live).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="fr",URI="captions/subs/fr.m3u8"');
    expect(live).toContain('audio/0/index.m3u8');
    expect(live).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio",SUBTITLES="subs"\n240p/index.m3u8');
  });
});

describe('liveFirstFiles', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=NO,URI="audio/1/index.m3u8"',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="العربية",LANGUAGE="ar",DEFAULT=YES,URI="audio/0/index.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=141696,RESOLUTION=854x480,AUDIO="audio"',
    '480p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=80578,RESOLUTION=426x240,AUDIO="audio"',
    '240p/index.m3u8',
  ].join('\n');

  it('names the init segments of the lightest rendition and of the default audio', () => {
    expect(liveFirstFiles(master)).toEqual(['240p/init.mp4', 'audio/0/init.mp4']);
  });

  it('names nothing it cannot place: no variant, an absolute or odd URI', () => {
    expect(liveFirstFiles('#EXTM3U\n')).toEqual([]);
    expect(liveFirstFiles('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttps://cdn.example/a.m3u8\n')).toEqual([]);
    expect(liveFirstFiles('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n../x/index.m3u8\n')).toEqual([]);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its weights', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*', 'identity, *;q=0.1', 'GZIP']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'gzip;q=0', '*;q=0', 'gzip;q=0, br', 'gzip;q=abc']) expect(acceptsGzip(no), String(no)).toBe(false);
  });
});

describe('GET /media/{token}/live/{prefix}/…', () => {
  it('computes live playlists from the clock and serves the media files of the prefix, only when signed', async () => {
    const source = `test-live-${crypto.randomUUID().slice(0, 8)}`;
    await env.MEDIA.put(`${source}/master.m3u8`, '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",URI="subs/fr.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"\n240p/index.m3u8\n');
    await env.MEDIA.put(`${source}/240p/index.m3u8`, VOD);
    await env.MEDIA.put(`${source}/240p/seg_001.m4s`, new Uint8Array([1, 2, 3]));
    const master = await signMediaPath(env, `live/${source}`, 'master.m3u8');
    const base = master.slice(0, -'master.m3u8'.length);
    const masterRes = await fetchSite(master);
    expect(masterRes.status).toBe(200);
    expect(await masterRes.text()).toContain('URI="captions/subs/fr.m3u8"');
    const playlist = await fetchSite(`${base}240p/index.m3u8`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(playlist.headers.get('cache-control')).toBe('no-cache');
    // Asked for identity: not compressed (the runtime compresses only what it is told is gzip).
    expect(playlist.headers.get('content-encoding')).toBe('identity');
    const zipped = await fetchSite(`${base}240p/index.m3u8`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    await zipped.arrayBuffer();
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const newest = newestSegmentTime(text) ?? 0;
    expect(Date.now() / 1000 - newest).toBeLessThan(30);
    const segment = await fetchSite(`${base}240p/seg_001.m4s`);
    expect(segment.status).toBe(200);
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect((await fetchSite(`${base}240p/seg_009.m4s`)).status).toBe(404);
    expect((await fetchSite(`/media/live/${source}/240p/index.m3u8`)).status).toBe(403);
    expect((await fetchSite(master.replace(/\.[\w-]{43}\//, `.${'A'.repeat(43)}/`))).status).toBe(403);
  });
});
