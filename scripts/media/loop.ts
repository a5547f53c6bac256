/**
 * Long demo titles from short clips: the seed's feature-like demo clips (45–55 s) are played
 * DEMO_LOOPS times in a row, so a demo film lasts about ten minutes, as a viewer expects (watch two
 * minutes, come back to it in Continue watching). Only text files change: each media playlist lists
 * its segments again after an #EXT-X-DISCONTINUITY (the timestamps start over), the subtitle and
 * thumbnail WebVTT files repeat their cues shifted by the clip's length.
 *
 * PURE module (no node: imports): scripts/seed/media.ts and its tests import it.
 */
export const DEMO_LOOPS = 12;

/** A media playlist (segments after #EXT-X-MAP) played `times` times, one discontinuity between loops. */
export function loopMediaPlaylist(text: string, times: number): string {
  const lines = text.trim().split(/\r?\n/).filter((l) => l !== '#EXT-X-ENDLIST');
  const first = lines.findIndex((l) => l.startsWith('#EXTINF'));
  if (first < 0) throw new Error('not a media playlist: no #EXTINF');
  const head = lines.slice(0, first);
  const segments = lines.slice(first);
  const body = Array.from({ length: times }, (_, i) => (i === 0 ? segments : ['#EXT-X-DISCONTINUITY', ...segments])).flat();
  return `${[...head, ...body, '#EXT-X-ENDLIST'].join('\n')}\n`;
}

/** A subtitle playlist of one WebVTT file: that file now lasts `seconds`. */
export function stretchSubtitlePlaylist(text: string, seconds: number): string {
  return text
    .replace(/^#EXT-X-TARGETDURATION:\d+/m, `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`)
    .replace(/^#EXTINF:[\d.]+,/m, `#EXTINF:${seconds.toFixed(3)},`);
}

const TIME = /(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})/g;

const toSeconds = (h: string | undefined, m: string, s: string, ms: string): number => Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file whose cues repeat `times` times, loop k shifted by k × `seconds`. */
export function loopVtt(text: string, times: number, seconds: number): string {
  const blocks = text.trim().split(/\r?\n\r?\n/);
  const header = blocks[0] ?? 'WEBVTT';
  const cues = blocks.slice(1).filter((b) => b.includes('-->'));
  const shifted = Array.from({ length: times }, (_, k) =>
    cues.map((cue) =>
      cue.replace(/^(.*?)-->(.*)$/m, (line) => line.replace(TIME, (_m, h: string | undefined, m: string, s: string, ms: string) => vttTime(toSeconds(h, m, s, ms) + k * seconds))),
    ),
  ).flat();
  return `${[header, ...shifted].join('\n\n')}\n`;
}

/**
 * The looped text of one file of a demo clip, or null when the file is uploaded as it is
 * (master playlist, init and media segments, images).
 */
export function loopedDemoFile(file: string, text: () => string, clipSeconds: number, times = DEMO_LOOPS): string | null {
  if (/(^|\/)index\.m3u8$/.test(file)) return loopMediaPlaylist(text(), times);
  if (/^subs\/[^/]+\.m3u8$/.test(file)) return stretchSubtitlePlaylist(text(), clipSeconds * times);
  if (file.endsWith('.vtt')) return loopVtt(text(), times, clipSeconds);
  return null;
}
