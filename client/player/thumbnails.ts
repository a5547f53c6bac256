/**
 * The thumbnail strip of a title: a WebVTT file whose cues name a region of a sprite image
 * (`sprite.jpg#xywh=x,y,w,h`, Media Fragments), shown above the seek bar on hover.
 */
export type Thumbnail = { start: number; end: number; url: string; x: number; y: number; w: number; h: number };

/** `hh:mm:ss.mmm` or `mm:ss.mmm` → seconds; NaN when malformed. */
export function parseVttTime(text: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

/**
 * Parses the thumbnails WebVTT. Image references resolve against `base` (the VTT's own URL), so
 * a relative `sprite.jpg` keeps the signed media path. Cues without `#xywh` cover the whole image
 * (w = h = 0). Malformed cues are skipped.
 */
export function parseThumbnailsVtt(vtt: string, base: string): Thumbnail[] {
  const cues: Thumbnail[] = [];
  const blocks = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [from = '', rest = ''] = lines[timing]!.split('-->');
    const start = parseVttTime(from);
    const end = parseVttTime(rest.trim().split(/\s+/)[0] ?? '');
    const ref = lines[timing + 1];
    if (!ref || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    const [path = '', fragment = ''] = ref.split('#');
    let url: string;
    try {
      url = new URL(path, base).toString();
    } catch {
      continue;
    }
    const xywh = /^xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/.exec(fragment);
    const [x, y, w, h] = xywh ? xywh.slice(1).map(Number) : [0, 0, 0, 0];
    cues.push({ start, end, url, x: x ?? 0, y: y ?? 0, w: w ?? 0, h: h ?? 0 });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue shown at `time` (binary search over sorted cues); past the last cue, the last one. */
export function thumbnailAt(cues: Thumbnail[], time: number): Thumbnail | null {
  if (cues.length === 0 || !Number.isFinite(time)) return null;
  let lo = 0;
  let hi = cues.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cues[mid]!.start <= time) lo = mid;
    else hi = mid - 1;
  }
  return cues[lo] ?? null;
}
