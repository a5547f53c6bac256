/**
 * Simulated live channels (issue 16): a channel whose picture is demo media in R2 plays as a real
 * HLS live stream with a DVR window, computed from the clock — no encoder, no extra service. The
 * media's first loop of segments repeats forever from the Unix epoch (loop i starts at i × its
 * length in whole seconds); a live media playlist lists the segments that ended in the last
 * `windowSeconds` (RFC 8216 sliding window): EXT-X-MEDIA-SEQUENCE counts segments since the epoch,
 * EXT-X-DISCONTINUITY-SEQUENCE loops (from DISCONTINUITY_EPOCH), and EXT-X-PROGRAM-DATE-TIME gives each loop's wall-clock
 * start, so every viewer, request and Worker sees the same moment at the same time.
 *
 * Signed like any media (worker/media/sign.ts) under the prefix `live/{r2 prefix}`: playlists are
 * generated here, every other file (init segments, media segments) is the R2 file under the prefix.
 *
 * PURE module (time is a parameter).
 */
import { liveSubtitleRendition } from './live-captions';

export const LIVE_PREFIX = 'live/';

/** The R2 prefix a live prefix plays ('live/demo/a/main' → 'demo/a/main'), null when not live. */
export const liveSource = (prefix: string): string | null => (prefix.startsWith(LIVE_PREFIX) ? prefix.slice(LIVE_PREFIX.length) || null : null);

export type Loop = {
  version: number;
  targetDuration: number;
  map: string | null;
  segments: { uri: string; duration: number; start: number }[];
  /** Seconds one loop lasts on the clock: the segments' total in whole seconds (renditions and audio agree). */
  length: number;
};

/** The first loop of a media playlist: its segments up to the first discontinuity (or the end). */
export function loopOf(playlist: string): Loop {
  const lines = playlist.split(/\r?\n/).map((l) => l.trim());
  let version = 6;
  let targetDuration = 6;
  let map: string | null = null;
  const segments: Loop['segments'] = [];
  let duration: number | null = null;
  let offset = 0;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-VERSION:')) version = Math.max(6, Number(line.slice(15)) || 6);
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22)) || targetDuration;
    else if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-DISCONTINUITY' && segments.length > 0) break;
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, duration, start: offset });
      offset += duration;
      duration = null;
    }
  }
  if (segments.length === 0) throw new Error('not a media playlist: no segment');
  return { version, targetDuration, map, segments, length: Math.max(1, Math.round(offset)) };
}

const iso = (seconds: number): string => new Date(Math.round(seconds * 1000)).toISOString();

/**
 * The first date discontinuity sequence numbers count loops from (unix seconds). hls.js keeps a
 * sparse array indexed by discontinuity sequence and walks it from 0 on every playlist it loads:
 * counted from 1970 (36 million loops of a 50 s clip) that walk took seconds of the page's main
 * thread per reload; from this date it is a few thousand loops a month. Media sequence numbers
 * still count from 1970 (hls.js indexes nothing by them).
 */
export const DISCONTINUITY_EPOCH = Date.UTC(2026, 10, 1) / 1000;

/** The discontinuity sequence number of loop `loopIndex` (0 for loops before DISCONTINUITY_EPOCH: no service clock is there). */
export const discontinuitySequence = (loop: Pick<Loop, 'length'>, loopIndex: number): number => Math.max(0, loopIndex - Math.floor(DISCONTINUITY_EPOCH / loop.length));

/**
 * The live media playlist at `now` (unix seconds): every segment that ended at or before `now`
 * and started within `windowSeconds` of it, oldest first.
 */
export function livePlaylist(loop: Loop, now: number, windowSeconds: number): string {
  const n = loop.segments.length;
  const picked: { loopIndex: number; j: number; start: number }[] = [];
  for (let i = Math.floor(now / loop.length); i >= 0; i--) {
    let older = false;
    for (let j = n - 1; j >= 0; j--) {
      const segment = loop.segments[j];
      if (!segment) continue;
      const start = i * loop.length + segment.start;
      if (start + segment.duration > now) continue;
      if (start < now - windowSeconds) {
        older = true;
        break;
      }
      picked.push({ loopIndex: i, j, start });
    }
    if (older) break;
  }
  picked.reverse();
  const first = picked[0];
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${loop.version}`, `#EXT-X-TARGETDURATION:${loop.targetDuration}`];
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first ? first.loopIndex * n + first.j : 0}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence(loop, first?.loopIndex ?? 0)}`, '#EXT-X-INDEPENDENT-SEGMENTS');
  if (loop.map) lines.push(`#EXT-X-MAP:URI="${loop.map}"`);
  picked.forEach((p, k) => {
    const segment = loop.segments[p.j];
    if (!segment) return;
    if (p.j === 0 && k > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (p.j === 0 || k === 0) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(p.start)}`);
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  });
  return `${lines.join('\n')}\n`;
}

/**
 * A media's master playlist for live: the same renditions and audio, and its subtitle renditions
 * on live subtitle playlists that follow the loop (worker/media/live-captions.ts).
 */
export const liveMaster = (master: string): string =>
  `${master
    .split(/\r?\n/)
    .map((l) => (l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES') ? liveSubtitleRendition(l) : l))
    .join('\n')
    .trim()}\n`;

/**
 * What a player fetches before the first frame of a live master playlist (relative to it) that does
 * not change: the init segments of the lightest rendition (hls.js starts there, client/player/engine.ts)
 * and of the default audio rendition, as the ladder writes them (`{folder}/init.mp4`). The channel's
 * page preloads them while hls.js loads. Not the media playlists: a live playlist preloaded with the
 * page is already old when hls.js reads it, which started the player further from the edge and later
 * (the tv bench: click → first frame about 1.35 s with them, 1.15 s without).
 */
export function liveFirstFiles(master: string): string[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  let lightest: { bandwidth: number; uri: string } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const bandwidth = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(lines[i] ?? '')?.[1];
    const uri = lines[i + 1];
    if (bandwidth && uri && !uri.startsWith('#') && (!lightest || Number(bandwidth) < lightest.bandwidth)) lightest = { bandwidth: Number(bandwidth), uri };
  }
  const audio = lines.find((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO') && /\bDEFAULT=YES\b/.test(l));
  const audioUri = audio ? /\bURI="([^"]+)"/.exec(audio)?.[1] : undefined;
  const folderOf = (uri: string): string | null => (/^[\w-]+(?:\/[\w-]+)*\/index\.m3u8$/.test(uri) ? uri.slice(0, -'index.m3u8'.length) : null);
  return [lightest?.uri, audioUri].flatMap((uri) => {
    const folder = uri ? folderOf(uri) : null;
    return folder === null ? [] : [`${folder}init.mp4`];
  });
}

/** The newest segment's programme date time in a live playlist (seconds), for the live-edge latency. */
export function newestSegmentTime(playlist: string): number | null {
  let at: number | null = null;
  let last: number | null = null;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) at = Date.parse(line.slice(25)) / 1000;
    else if (line.startsWith('#EXTINF:') && at !== null) {
      last = at;
      at += Number.parseFloat(line.slice(8));
    }
  }
  return last;
}
