/**
 * A fragmented MP4 file (ftyp + moov, then moof + mdat pairs: ffmpeg's mp4 muxer with
 * `-movflags +empty_moov+default_base_moof -frag_duration 1000000`) cut into HLS segments whose
 * fragments are the segments' parts (Low-Latency HLS, RFC 8216bis §4.4.4.9 EXT-X-PART):
 *
 *   - the init segment: the bytes before the first moof (ftyp + moov);
 *   - media segments: runs of whole fragments, a new one at the first independent fragment that
 *     starts at or after each multiple of the segment duration;
 *   - the parts index: for every segment, the byte range of each of its fragments inside the segment
 *     file, its exact duration (the trun/tfhd sample durations over the mdhd timescale) and whether
 *     its first sample is a sync sample (a keyframe: INDEPENDENT=YES).
 *
 * A small box reader, only the boxes it needs (ISO/IEC 14496-12). Default base is the moof, so the
 * bytes of a fragment play the same wherever the segment puts them.
 *
 * PURE module (Uint8Array in and out, no node: imports): the ladder writes the files, tests run here.
 */

/** One part of a segment: its bytes in the segment file, its duration, whether it starts with a keyframe. */
export type Part = { readonly offset: number; readonly length: number; readonly duration: number; readonly independent: boolean };

/** The parts index of a rendition (`parts.json` beside its playlist), read by the Worker's live playlists. */
export type PartsIndex = {
  readonly version: 1;
  /** The longest part (seconds), for EXT-X-PART-INF PART-TARGET. */
  readonly partTarget: number;
  readonly segments: readonly { readonly uri: string; readonly duration: number; readonly parts: readonly Part[] }[];
};

type Box = { type: string; start: number; size: number; body: number };

/** The boxes of `data` between `from` and `to` (a 64-bit size and size 0 "to the end" are understood). */
function boxes(data: Uint8Array, from = 0, to = data.byteLength): Box[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(data[at + 4] ?? 0, data[at + 5] ?? 0, data[at + 6] ?? 0, data[at + 7] ?? 0);
    let body = at + 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < body - at || at + size > to) throw new Error(`broken ${type} box at byte ${at}`);
    out.push({ type, start: at, size, body });
    at += size;
  }
  return out;
}

const child = (data: Uint8Array, parent: Box, type: string): Box | undefined => boxes(data, parent.body, parent.start + parent.size).find((b) => b.type === type);

/** The first box at a path of box types under `parent`. */
function find(data: Uint8Array, parent: Box, ...path: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of path) box = box ? child(data, box, type) : undefined;
  return box;
}

/** The media timescale of the (single) track of an init segment: moov/trak/mdia/mdhd. */
export function timescale(data: Uint8Array): number {
  const moov = boxes(data).find((b) => b.type === 'moov');
  const mdhd = moov && find(data, moov, 'trak', 'mdia', 'mdhd');
  if (!mdhd) throw new Error('no moov/trak/mdia/mdhd box');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const version = data[mdhd.body] ?? 0;
  return view.getUint32(mdhd.body + (version === 1 ? 20 : 12));
}

/** sample_is_non_sync_sample (ISO/IEC 14496-12 §8.8.3.1) clear: a sync sample. */
const isSync = (flags: number): boolean => ((flags >>> 16) & 1) === 0;

/** A fragment's duration (timescale units) and whether its first sample is a sync sample, from its moof. */
export function fragmentInfo(data: Uint8Array, moof: Box): { ticks: number; independent: boolean } {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let ticks = 0;
  let independent = true;
  let first = true;
  for (const traf of boxes(data, moof.body, moof.start + moof.size).filter((b) => b.type === 'traf')) {
    let defaultDuration = 0;
    let defaultFlags = 0;
    const tfhd = child(data, traf, 'tfhd');
    if (tfhd) {
      const flags = view.getUint32(tfhd.body) & 0xffffff;
      let at = tfhd.body + 8;
      if (flags & 0x1) at += 8; // base_data_offset
      if (flags & 0x2) at += 4; // sample_description_index
      if (flags & 0x8) {
        defaultDuration = view.getUint32(at);
        at += 4;
      }
      if (flags & 0x10) at += 4; // default_sample_size
      if (flags & 0x20) defaultFlags = view.getUint32(at);
    }
    for (const trun of boxes(data, traf.body, traf.start + traf.size).filter((b) => b.type === 'trun')) {
      const flags = view.getUint32(trun.body) & 0xffffff;
      const count = view.getUint32(trun.body + 4);
      let at = trun.body + 8;
      if (flags & 0x1) at += 4; // data_offset
      let firstFlags: number | null = null;
      if (flags & 0x4) {
        firstFlags = view.getUint32(at);
        at += 4;
      }
      for (let i = 0; i < count; i++) {
        const duration = flags & 0x100 ? view.getUint32(at) : defaultDuration;
        if (flags & 0x100) at += 4;
        if (flags & 0x200) at += 4; // sample_size
        let sampleFlags = i === 0 && firstFlags !== null ? firstFlags : defaultFlags;
        if (flags & 0x400) {
          sampleFlags = view.getUint32(at);
          at += 4;
        }
        if (flags & 0x800) at += 4; // composition time offset
        if (first) {
          independent = isSync(sampleFlags);
          first = false;
        }
        ticks += duration;
      }
    }
  }
  return { ticks, independent };
}

export type Fragment = { readonly start: number; readonly end: number; readonly time: number; readonly duration: number; readonly independent: boolean };

/** The init segment's length and every moof + mdat pair of a fragmented MP4 (times in seconds from its start). */
export function fragments(data: Uint8Array): { initLength: number; fragments: Fragment[] } {
  const top = boxes(data);
  const scale = timescale(data);
  const firstMoof = top.findIndex((b) => b.type === 'moof');
  if (firstMoof < 0) throw new Error('not a fragmented MP4: no moof box');
  const out: Fragment[] = [];
  let time = 0;
  let pending: { moof: Box; info: { ticks: number; independent: boolean } } | null = null;
  for (const box of top.slice(firstMoof)) {
    if (box.type === 'moof') pending = { moof: box, info: fragmentInfo(data, box) };
    else if (box.type === 'mdat' && pending) {
      const duration = pending.info.ticks / scale;
      out.push({ start: pending.moof.start, end: box.start + box.size, time, duration, independent: pending.info.independent });
      time += duration;
      pending = null;
    }
  }
  return { initLength: top[firstMoof]?.start ?? 0, fragments: out };
}

/** Part and segment durations are written with this many decimals (the playlists' precision). */
const round = (seconds: number): number => Math.round(seconds * 1e6) / 1e6;

/**
 * Cuts a fragmented MP4 into an init segment and media segments of about `segmentSeconds` (each
 * starting at an independent fragment), with the parts index. `name(i)` names segment i.
 */
export function cutSegments(data: Uint8Array, segmentSeconds: number, name: (i: number) => string): { init: Uint8Array; segments: { uri: string; bytes: Uint8Array }[]; index: PartsIndex } {
  const { initLength, fragments: all } = fragments(data);
  const groups: Fragment[][] = [];
  // A fragment starting within this much of a boundary starts the next segment (AAC frames do not
  // divide a second: audio fragments drift a few milliseconds around the video's).
  const slack = 0.05;
  for (const f of all) {
    const current = groups.at(-1);
    if (!current || (f.independent && f.time + slack >= groups.length * segmentSeconds)) groups.push([f]);
    else current.push(f);
  }
  const segments = groups.map((group, i) => {
    const first = group[0];
    const last = group.at(-1);
    return { uri: name(i), bytes: first && last ? data.slice(first.start, last.end) : new Uint8Array() };
  });
  const index: PartsIndex = {
    version: 1,
    partTarget: round(Math.max(0, ...all.map((f) => f.duration))),
    segments: groups.map((group, i) => {
      const base = group[0]?.start ?? 0;
      return {
        uri: name(i),
        duration: round(group.reduce((sum, f) => sum + f.duration, 0)),
        parts: group.map((f) => ({ offset: f.start - base, length: f.end - f.start, duration: round(f.duration), independent: f.independent })),
      };
    }),
  };
  return { init: data.slice(0, initLength), segments, index };
}

/** The VOD media playlist of cut segments (fMP4, the init segment as EXT-X-MAP). */
export function vodPlaylist(index: PartsIndex, independentSegments: boolean): string {
  const target = Math.max(1, ...index.segments.map((s) => Math.round(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  if (independentSegments) lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
  lines.push('#EXT-X-MAP:URI="init.mp4"');
  for (const s of index.segments) lines.push(`#EXTINF:${s.duration.toFixed(6)},`, s.uri);
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
