import { describe, expect, it } from 'vitest';
import { loopedDemoFile, loopMediaPlaylist, loopVtt, stretchSubtitlePlaylist } from './loop.ts';

const PLAYLIST = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.000000,
seg_000.m4s
#EXTINF:2.000000,
seg_001.m4s
#EXT-X-ENDLIST
`;

describe('demo loops', () => {
  it('repeats the segments of a media playlist with a discontinuity between loops', () => {
    const looped = loopMediaPlaylist(PLAYLIST, 3);
    expect(looped.match(/#EXTINF/g)).toHaveLength(6);
    expect(looped.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
    expect(looped.match(/#EXT-X-MAP/g)).toHaveLength(1);
    expect(looped.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
    expect(looped.trim().endsWith('seg_001.m4s\n#EXT-X-ENDLIST')).toBe(true);
    expect(looped.indexOf('#EXT-X-DISCONTINUITY')).toBeGreaterThan(looped.indexOf('seg_001.m4s'));
  });

  it('shifts every cue of a WebVTT file by the clip length in each loop, keeping the header', () => {
    const vtt = 'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n00:01.000 --> 00:05.000\nBonjour\n\n00:00:48.000 --> 00:00:50.000\nsprite.jpg#xywh=0,0,160,90\n';
    const looped = loopVtt(vtt, 2, 50);
    expect(looped.startsWith('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n')).toBe(true);
    expect(looped).toContain('00:00:51.000 --> 00:00:55.000\nBonjour');
    expect(looped).toContain('00:01:38.000 --> 00:01:40.000\nsprite.jpg#xywh=0,0,160,90');
    expect(looped.match(/-->/g)).toHaveLength(4);
  });

  it('stretches a one-file subtitle playlist, and leaves other files alone', () => {
    const subs = '#EXTM3U\n#EXT-X-TARGETDURATION:50\n#EXTINF:50.000,\nfr.vtt\n#EXT-X-ENDLIST\n';
    expect(stretchSubtitlePlaylist(subs, 600)).toContain('#EXT-X-TARGETDURATION:600\n#EXTINF:600.000,\nfr.vtt');
    expect(loopedDemoFile('subs/fr.m3u8', () => subs, 50, 12)).toContain('#EXTINF:600.000,');
    expect(loopedDemoFile('240p/index.m3u8', () => PLAYLIST, 8, 2)).toContain('#EXT-X-DISCONTINUITY');
    expect(loopedDemoFile('master.m3u8', () => '', 50)).toBeNull();
    expect(loopedDemoFile('240p/seg_000.m4s', () => '', 50)).toBeNull();
  });
});
