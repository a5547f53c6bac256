import { describe, expect, it } from 'vitest';
import { cutSegments, fragments, timescale, vodPlaylist } from './fragments.ts';

/** A box: 32-bit size, type, body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((n, b) => n + b.byteLength, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set([...type].map((c) => c.charCodeAt(0)), 4);
  let at = 8;
  for (const b of body) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

const u32 = (...values: number[]): Uint8Array => {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v >>> 0));
  return out;
};

const concat = (...parts: Uint8Array[]): Uint8Array => box('xxxx', ...parts).slice(8);

const SYNC = 0x02000000;
const NON_SYNC = 0x01010000;

/** An init segment of one track with this timescale (mdhd version 0). */
const init = (scale: number): Uint8Array =>
  concat(box('ftyp', u32(0x69736f36, 0)), box('moov', box('mvhd', u32(0, 0, 0, 1000, 0)), box('trak', box('mdia', box('mdhd', u32(0, 0, 0, scale, 0, 0)))), box('mvex')));

/**
 * A fragment of `count` samples of `sampleTicks` each: the sample durations either in tfhd's
 * default or in the trun, the first sample's flags in trun's first_sample_flags.
 */
function fragment(count: number, sampleTicks: number, keyframe: boolean, perSample = false): Uint8Array {
  const tfhd = perSample ? box('tfhd', u32(0x020000, 1)) : box('tfhd', u32(0x020008 | 0x20, 1, sampleTicks, NON_SYNC));
  const trun = perSample
    ? box('trun', u32(0x000305, count, 0, keyframe ? SYNC : NON_SYNC, ...Array.from({ length: count }, () => [sampleTicks, 10]).flat()))
    : box('trun', u32(0x000205, count, 0, keyframe ? SYNC : NON_SYNC, ...Array.from({ length: count }, () => 10)));
  return concat(box('moof', box('mfhd', u32(0, 1)), box('traf', tfhd, box('tfdt', u32(0, 0)), trun)), box('mdat', new Uint8Array(count * 10)));
}

describe('fragmented MP4 → segments and parts', () => {
  // 24 fps at timescale 12288: 512 ticks a frame, 24 frames a fragment (1 s), a keyframe every 2 s.
  const video = concat(init(12288), ...Array.from({ length: 14 }, (_, i) => fragment(24, 512, i % 2 === 0)));

  it('reads the timescale and every fragment with its duration and keyframe', () => {
    expect(timescale(video)).toBe(12288);
    const { initLength, fragments: all } = fragments(video);
    expect(initLength).toBe(init(12288).byteLength);
    expect(all).toHaveLength(14);
    expect(all.map((f) => f.duration)).toEqual(Array(14).fill(1));
    expect(all.map((f) => f.independent)).toEqual(Array.from({ length: 14 }, (_, i) => i % 2 === 0));
    expect(all[3]?.time).toBe(3);
    expect(all[0]?.start).toBe(initLength);
    expect(all[1]?.start).toBe(all[0]?.end);
  });

  it('cuts 6 s segments of 1 s parts, byte ranges inside the segment files', () => {
    const cut = cutSegments(video, 6, (i) => `seg_${i}.m4s`);
    expect(cut.init).toEqual(init(12288));
    expect(cut.segments.map((s) => s.uri)).toEqual(['seg_0.m4s', 'seg_1.m4s', 'seg_2.m4s']);
    expect(cut.index.segments.map((s) => s.duration)).toEqual([6, 6, 2]);
    expect(cut.index.partTarget).toBe(1);
    const first = cut.index.segments[0];
    expect(first?.parts.map((p) => p.independent)).toEqual([true, false, true, false, true, false]);
    // Each part's bytes are a whole moof + mdat: a box of type moof at its offset.
    for (const [k, s] of cut.index.segments.entries()) {
      const bytes = cut.segments[k]?.bytes ?? new Uint8Array();
      expect(s.parts.reduce((n, p) => n + p.length, 0)).toBe(bytes.byteLength);
      for (const p of s.parts) expect(String.fromCharCode(...bytes.slice(p.offset + 4, p.offset + 8))).toBe('moof');
    }
    // The segments together are the file's fragments, in order.
    expect(cut.segments.reduce((n, s) => n + s.bytes.byteLength, 0)).toBe(video.byteLength - cut.init.byteLength);
  });

  it('starts a segment only at a keyframe, and lets audio fragments drift across the boundary', () => {
    // A keyframe every 4 s: the segment that would start at 6 s waits for the keyframe at 8 s.
    const sparse = concat(init(1000), ...Array.from({ length: 12 }, (_, i) => fragment(1, 1000, i % 4 === 0)));
    expect(cutSegments(sparse, 6, String).index.segments.map((s) => s.duration)).toEqual([8, 4]);
    // AAC at 48 kHz: 47 frames of 1024 samples a fragment (1.002667 s), durations in the trun.
    const audio = concat(init(48000), ...Array.from({ length: 13 }, () => fragment(47, 1024, true, true)));
    const cut = cutSegments(audio, 6, String);
    expect(cut.index.segments.map((s) => s.parts.length)).toEqual([6, 6, 1]);
    expect(cut.index.segments[0]?.duration).toBe(6.016);
    expect(cut.index.partTarget).toBe(1.002667);
  });

  it('writes the VOD playlist of the segments', () => {
    const text = vodPlaylist(cutSegments(video, 6, (i) => `seg_${i}.m4s`).index, true);
    expect(text).toContain('#EXT-X-TARGETDURATION:6\n');
    expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.000000,\nseg_0.m4s\n');
    expect(text.trim().endsWith('#EXTINF:2.000000,\nseg_2.m4s\n#EXT-X-ENDLIST')).toBe(true);
  });

  it('refuses a file that is not fragmented or has a broken box', () => {
    expect(() => fragments(init(1000))).toThrow(/no moof/);
    const broken = video.slice(0, video.byteLength - 5);
    expect(() => fragments(broken)).toThrow(/broken mdat box/);
  });
});
