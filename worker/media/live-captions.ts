/**
 * Subtitles of the simulated live channels (issue 34, WCAG 1.2.4 captions on live): the WebVTT
 * files a title's media carries, served as live subtitle renditions that follow the channel's loop
 * (worker/media/live.ts: loop i starts at i × the loop's length in whole seconds from the Unix
 * epoch, and each loop is a discontinuity of its own, numbered i).
 *
 * - The live master names, for each subtitle rendition `subs/fr.m3u8` of the media, the live
 *   playlist `captions/subs/fr.m3u8` (captionPlaylistUri).
 * - That playlist (liveCaptionPlaylist) cuts each loop into segments of CAPTION_SEGMENT_SECONDS,
 *   numbered, dated and marked with discontinuities as the video's are, over the same window.
 *   A segment is listed from the moment it starts to one segment ahead: the cues are known in
 *   advance, so a player close to the live edge has its subtitles before it needs them.
 * - A segment `captions/subs/fr/{from}-{to}.vtt` (milliseconds into the loop) is the source
 *   file's cues that overlap that stretch of the loop (captionSegment), in the loop's own time with
 *   `X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000`: every loop replays the same media timestamps, so
 *   the player places them as it does the VOD file's. A cue across two segments is in both (players
 *   drop the copy: same times, same text).
 *
 * PURE module (time is a parameter).
 */

export const CAPTIONS_DIR = 'captions/';
export const CAPTION_SEGMENT_SECONDS = 6;
/** A segment file covers at most this much of the loop (a request asking more is refused). */
const MAX_SEGMENT_MS = 60_000;

/** The live master's URI for a subtitle rendition of the media. */
export const captionPlaylistUri = (uri: string): string => `${CAPTIONS_DIR}${uri}`;

/** What a file under `captions/` asks for: a live subtitle playlist or one of its segments, with the media's subtitle playlist it comes from; null for any other file. */
export type CaptionFile = { kind: 'playlist'; source: string } | { kind: 'segment'; source: string; from: number; to: number };

export function captionFile(file: string): CaptionFile | null {
  if (!file.startsWith(CAPTIONS_DIR)) return null;
  const rest = file.slice(CAPTIONS_DIR.length);
  if (rest.includes('..') || rest.startsWith('/')) return null;
  if (/^[\w./-]+\.m3u8$/.test(rest)) return { kind: 'playlist', source: rest };
  const segment = /^([\w./-]+)\/(\d{1,9})-(\d{1,9})\.vtt$/.exec(rest);
  if (!segment) return null;
  const [, base = '', from = '', to = ''] = segment;
  const fromMs = Number(from);
  const toMs = Number(to);
  if (toMs <= fromMs || toMs - fromMs > MAX_SEGMENT_MS) return null;
  return { kind: 'segment', source: `${base}.m3u8`, from: fromMs / 1000, to: toMs / 1000 };
}

/** The WebVTT files a subtitle playlist of the media lists (relative to it). */
export function subtitleFiles(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const iso = (seconds: number): string => new Date(Math.round(seconds * 1000)).toISOString();
const ms = (seconds: number): number => Math.round(seconds * 1000);

/**
 * The live subtitle playlist at `now` (unix seconds) of a channel whose loop lasts `loopLength`
 * seconds: the segments that started within `windowSeconds` before `now`, and up to one segment
 * ahead of it. `name` is the segments' folder, relative to the playlist (`fr` for `subs/fr.m3u8`).
 */
export function liveCaptionPlaylist(name: string, loopLength: number, now: number, windowSeconds: number): string {
  const length = Math.max(1, Math.round(loopLength));
  const perLoop = Math.ceil(length / CAPTION_SEGMENT_SECONDS);
  const from = Math.max(0, now - windowSeconds);
  const until = now + CAPTION_SEGMENT_SECONDS;
  const picked: { loop: number; j: number; start: number; duration: number }[] = [];
  for (let loop = Math.floor(from / length); loop * length <= until; loop++) {
    for (let j = 0; j < perLoop; j++) {
      const start = loop * length + j * CAPTION_SEGMENT_SECONDS;
      const duration = Math.min(CAPTION_SEGMENT_SECONDS, length - j * CAPTION_SEGMENT_SECONDS);
      if (start < from || start > until) continue;
      picked.push({ loop, j, start, duration });
    }
  }
  const first = picked[0];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', `#EXT-X-TARGETDURATION:${CAPTION_SEGMENT_SECONDS}`];
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first ? first.loop * perLoop + first.j : 0}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.loop ?? 0}`);
  picked.forEach((p, k) => {
    if (p.j === 0 && k > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (p.j === 0 || k === 0) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(p.start)}`);
    const at = p.j * CAPTION_SEGMENT_SECONDS;
    lines.push(`#EXTINF:${p.duration.toFixed(6)},`, `${name}/${ms(at)}-${ms(at + p.duration)}.vtt`);
  });
  return `${lines.join('\n')}\n`;
}

/** A cue of a WebVTT file, its times on the media's timeline (the file's X-TIMESTAMP-MAP applied). */
export type Cue = { id: string | null; start: number; end: number; settings: string; text: string };

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})\.(\d{3})$/;
function seconds(time: string): number | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const [, h = '0', m = '0', s = '0', milli = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(milli) / 1000;
}

function vttTime(at: number): string {
  const total = Math.max(0, ms(at));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`;
}

/** The cues of a WebVTT file (NOTE, STYLE and REGION blocks left out), in the media's time. */
export function parseVtt(text: string): Cue[] {
  const blocks = text.replace(/^\uFEFF/, '').trimEnd().split(/\r?\n(?:[ \t]*\r?\n)+/);
  let offset = 0;
  const map = /X-TIMESTAMP-MAP=([^\r\n]*)/.exec(blocks[0] ?? '');
  if (map?.[1]) {
    const local = seconds(/LOCAL:([\d:.]+)/.exec(map[1])?.[1] ?? '') ?? 0;
    const mpegts = Number(/MPEGTS:(\d+)/.exec(map[1])?.[1] ?? 0);
    offset = mpegts / 90_000 - local;
  }
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split(/\r?\n/);
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0 || timing > 1) continue;
    const [startText = '', rest = ''] = lines[timing]?.split('-->') ?? [];
    const [endText = '', ...settings] = rest.trim().split(/\s+/);
    const start = seconds(startText);
    const end = seconds(endText);
    if (start === null || end === null || end <= start) continue;
    cues.push({ id: timing === 1 ? (lines[0] ?? null) : null, start: start + offset, end: end + offset, settings: settings.join(' '), text: lines.slice(timing + 1).join('\n') });
  }
  return cues;
}

/** The segment of the loop's stretch [from, to) (seconds into the loop): the cues that overlap it, as they are timed in the loop. */
export function captionSegment(cues: Cue[], from: number, to: number): string {
  const blocks = ['WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000'];
  for (const cue of cues) {
    if (cue.end <= from || cue.start >= to) continue;
    const timing = `${vttTime(cue.start)} --> ${vttTime(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}`;
    blocks.push([...(cue.id ? [cue.id] : []), timing, cue.text].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The live master's subtitle renditions: each `#EXT-X-MEDIA:TYPE=SUBTITLES` line with its URI on
 * the live subtitle playlist (renditions without a URI are left as they are).
 */
export function liveSubtitleRendition(line: string): string {
  return line.replace(/URI="([^"]+)"/, (_all, uri: string) => `URI="${captionPlaylistUri(uri)}"`);
}
