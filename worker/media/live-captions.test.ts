import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fetchSite } from '../test/site';
import { signMediaPath } from './sign';
import { CAPTION_SEGMENT_SECONDS, captionFile, captionSegment, liveCaptionPlaylist, parseVtt, subtitleFiles } from './live-captions';

/** A looped demo file as the seed uploads it: the 10 s clip's cues, then again 10 s later. */
const VTT = `WEBVTT
X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000

1
00:00:01.000 --> 00:00:04.000
- مرحباً!

NOTE not a cue

00:05.000 --> 00:07.500 align:start line:80%
across two segments

00:00:11.000 --> 00:00:14.000
- مرحباً!
`;

const VIDEO = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.000000,
seg_000.m4s
#EXTINF:4.000000,
seg_001.m4s
#EXT-X-DISCONTINUITY
#EXTINF:6.000000,
seg_000.m4s
#EXTINF:4.000000,
seg_001.m4s
#EXT-X-ENDLIST
`;

const lines = (text: string, prefix: string) => text.split('\n').filter((l) => l.startsWith(prefix));

describe('live subtitle playlists', () => {
  it('cut each loop into segments, numbered, dated and split by discontinuities as the video is', () => {
    // A 10 s loop: segments [0, 6) and [6, 10) of each loop; loop 180000000 starts at 1_800_000_000.
    const now = 1_800_000_007;
    const text = liveCaptionPlaylist('fr', 10, now, 30);
    expect(text).not.toContain('ENDLIST');
    expect(lines(text, '#EXT-X-TARGETDURATION')).toEqual([`#EXT-X-TARGETDURATION:${CAPTION_SEGMENT_SECONDS}`]);
    const uris = text.split('\n').filter((l) => l.endsWith('.vtt'));
    // From 29 s before now to one segment ahead: 1_799_999_980 … 1_800_000_010.
    expect(uris).toEqual(['fr/0-6000.vtt', 'fr/6000-10000.vtt', 'fr/0-6000.vtt', 'fr/6000-10000.vtt', 'fr/0-6000.vtt', 'fr/6000-10000.vtt', 'fr/0-6000.vtt']);
    expect(lines(text, '#EXT-X-MEDIA-SEQUENCE')).toEqual([`#EXT-X-MEDIA-SEQUENCE:${179_999_998 * 2}`]);
    expect(lines(text, '#EXT-X-DISCONTINUITY-SEQUENCE')).toEqual(['#EXT-X-DISCONTINUITY-SEQUENCE:179999998']);
    expect(lines(text, '#EXT-X-DISCONTINUITY')).toHaveLength(1 + 3);
    expect(lines(text, '#EXT-X-PROGRAM-DATE-TIME')[0]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${new Date(1_799_999_980_000).toISOString()}`);
    expect(lines(text, '#EXTINF')).toEqual(['6.000000', '4.000000', '6.000000', '4.000000', '6.000000', '4.000000', '6.000000'].map((d) => `#EXTINF:${d},`));
  });

  it('keeps its sequence numbers moving on, one per segment, as time passes', () => {
    const seq = (t: number) => Number(lines(liveCaptionPlaylist('fr', 50, t, 120), '#EXT-X-MEDIA-SEQUENCE:')[0]?.slice(22));
    let previous = seq(1_800_000_000);
    for (let t = 1_800_000_001; t < 1_800_000_200; t++) {
      const next = seq(t);
      expect(next - previous).toBeGreaterThanOrEqual(0);
      expect(next - previous).toBeLessThanOrEqual(1);
      previous = next;
    }
  });

  it('cuts the cues of the loop that overlap a segment, in the loop’s time, the file’s ids and settings kept', () => {
    const cues = parseVtt(VTT);
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [1, 4],
      [5, 7.5],
      [11, 14],
    ]);
    const first = captionSegment(cues, 0, 6);
    expect(first.startsWith('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n')).toBe(true);
    expect(first).toContain('1\n00:00:01.000 --> 00:00:04.000\n- مرحباً!');
    expect(first).toContain('00:00:05.000 --> 00:00:07.500 align:start line:80%\nacross two segments');
    const second = captionSegment(cues, 6, 10);
    expect(second).toContain('across two segments');
    expect(second).not.toContain('مرحباً');
    // The next loop's copy of a cue (11 s) is not in this loop's last segment.
    expect(second).not.toContain('00:00:11.000');
  });

  it('applies the file’s timestamp map', () => {
    const cues = parseVtt('WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:10.000,MPEGTS:900000\n\n00:00:12.000 --> 00:00:13.000\nhi\n');
    expect(cues[0]).toMatchObject({ start: 12, end: 13, text: 'hi' });
    expect(parseVtt('WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:180000\n\n00:01.000 --> 00:02.000\nhi\n')[0]).toMatchObject({ start: 3, end: 4 });
  });

  it('reads only its own file names', () => {
    expect(captionFile('captions/subs/fr.m3u8')).toEqual({ kind: 'playlist', source: 'subs/fr.m3u8' });
    expect(captionFile('captions/subs/fr/6000-10000.vtt')).toEqual({ kind: 'segment', source: 'subs/fr.m3u8', from: 6, to: 10 });
    for (const no of ['subs/fr.m3u8', 'captions/subs/fr/10-5.vtt', 'captions/subs/fr/0-900000.vtt', 'captions/../master.m3u8', 'captions/subs/fr.vtt']) expect(captionFile(no), no).toBeNull();
    expect(subtitleFiles('#EXTM3U\n#EXTINF:600.000,\nfr.vtt\n#EXT-X-ENDLIST\n')).toEqual(['fr.vtt']);
  });
});

describe('GET /media/{token}/live/{prefix}/captions/…', () => {
  it('serves the live subtitle playlist of a rendition the master names, and its segments', async () => {
    const source = `test-live-captions-${crypto.randomUUID().slice(0, 8)}`;
    await env.MEDIA.put(
      `${source}/master.m3u8`,
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="العربية",LANGUAGE="ar",URI="subs/ar.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"\n240p/index.m3u8\n',
    );
    await env.MEDIA.put(`${source}/240p/index.m3u8`, VIDEO);
    await env.MEDIA.put(`${source}/subs/ar.m3u8`, '#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:20.000,\nar.vtt\n#EXT-X-ENDLIST\n');
    await env.MEDIA.put(`${source}/subs/ar.vtt`, VTT);
    const master = await signMediaPath(env, `live/${source}`, 'master.m3u8');
    const base = master.slice(0, -'master.m3u8'.length);
    expect(await (await fetchSite(master)).text()).toContain('URI="captions/subs/ar.m3u8"');

    const playlist = await fetchSite(`${base}captions/subs/ar.m3u8`);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers.get('cache-control')).toBe('no-cache');
    const text = await playlist.text();
    // The video's loop lasts 10 s (its first loop), not the subtitle file's 20 s.
    expect(new Set(text.split('\n').filter((l) => l.endsWith('.vtt')))).toEqual(new Set(['ar/0-6000.vtt', 'ar/6000-10000.vtt']));
    const newest = Date.parse(lines(text, '#EXT-X-PROGRAM-DATE-TIME:').at(-1)?.slice(25) ?? '') / 1000;
    expect(Math.abs(Date.now() / 1000 - newest)).toBeLessThan(30);

    const segment = await fetchSite(`${base}captions/subs/ar/0-6000.vtt`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await segment.text()).toContain('- مرحباً!');
    // A rendition the master does not name, and unsigned requests: refused.
    expect((await fetchSite(`${base}captions/subs/es.m3u8`)).status).toBe(404);
    expect((await fetchSite(`/media/live/${source}/captions/subs/ar.m3u8`)).status).toBe(403);
  });
});
