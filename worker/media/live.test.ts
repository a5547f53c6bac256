import { describe, expect, it } from 'vitest';
import { liveMaster, livePlaylist, liveSource, loopOf, newestSegmentTime } from './live';

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
    // The discontinuity sequence is the loop of the first segment.
    const text = livePlaylist(loop, 1_800_000_000, 60);
    const dseq = Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(text)?.[1]);
    expect(dseq).toBe(Math.floor(sequence(text) / 3));
  });

  it('dates segments on the wall clock: a segment starting at a loop boundary is dated i × length', () => {
    const text = livePlaylist(loop, 30, 60);
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:00:00.000Z');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:00:15.000Z');
    expect(sequence(text)).toBe(0);
  });

  it('a live master has the renditions and audio, not the VOD subtitle files', () => {
    const master = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="ar",URI="audio/0/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="fr",URI="subs/fr.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio",SUBTITLES="subs"
240p/index.m3u8`;
    const live = liveMaster(master);
    expect(live).not.toContain('SUBTITLES');
    expect(live).toContain('audio/0/index.m3u8');
    expect(live).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio"\n240p/index.m3u8');
  });
});
