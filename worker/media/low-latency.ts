/**
 * Low-Latency HLS (RFC 8216bis) for the simulated live channels (worker/media/live.ts): the same
 * clock-driven sliding window, with every segment's ~1 s fragments as its parts. The parts index
 * of a rendition (`parts.json` beside its playlist, written by scripts/media/fragments.ts) gives
 * each part's byte range in its segment file, its duration and whether it starts with a keyframe.
 *
 * On the clock, segment `msn` (media sequence number, counted from the epoch: loop × segments + j)
 * starts at loop × loop length + its start in the loop; a part exists once its end is at or before
 * `now`, a segment is listed whole (EXTINF) once its last part exists. The playlist carries:
 *   - EXT-X-PART (BYTERANGE into the segment file) for the segments of the last three target
 *     durations and for the segment in progress, EXT-X-PRELOAD-HINT for the next part;
 *   - EXT-X-SERVER-CONTROL: CAN-BLOCK-RELOAD, PART-HOLD-BACK (3 part targets), CAN-SKIP-UNTIL
 *     (6 target durations): a delta update (`_HLS_skip=YES`) replaces the older segments of the
 *     two-hour window by EXT-X-SKIP, so a reload every part is a few hundred bytes, not 50 KB;
 *   - blocking reload (`_HLS_msn`, `_HLS_part`): {@link blockingWait} says how long the answer waits
 *     for that part to exist on the clock, or refuses a part too far ahead (400).
 *
 * PURE module (time is a parameter).
 */
import { z } from 'zod';
import { discontinuitySequence, type Loop } from './live';

export const partsIndexSchema = z.object({
  version: z.literal(1),
  partTarget: z.number().positive(),
  segments: z.array(
    z.object({
      uri: z.string().min(1),
      duration: z.number().positive(),
      parts: z.array(z.object({ offset: z.number().int().nonnegative(), length: z.number().int().positive(), duration: z.number().positive(), independent: z.boolean() })).min(1),
    }),
  ),
});
export type PartsIndex = z.infer<typeof partsIndexSchema>;
type Part = PartsIndex['segments'][number]['parts'][number];

/** The parts index of a `parts.json`, or null when it is not one (the channel then plays without parts). */
export function partsIndexOf(json: unknown): PartsIndex | null {
  const parsed = partsIndexSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** RFC 8216bis §4.4.3.8: CAN-SKIP-UNTIL is at least six target durations. */
const SKIP_TARGETS = 6;
/** Parts are listed for the segments of this many target durations before the end (§4.4.4.9). */
const PART_TARGETS_KEPT = 3;
/** PART-HOLD-BACK in part targets (§4.4.3.8: at least 2, 3 recommended). */
const HOLD_BACK_PARTS = 3;
/** Advance Part Limit (§6.2.5.2): a blocking request for a part further ahead is refused. */
const ADVANCE_PART_LIMIT = 3;
/** Advance segment limit (§6.2.5.2): _HLS_msn at most the last segment's plus two. */
const ADVANCE_SEGMENT_LIMIT = 2;

/** A live rendition: its loop and, for each of its segments, the parts (same order as the loop). */
export type LiveParts = { loop: Loop; parts: readonly (readonly Part[])[]; partTarget: number };

/** The loop with its parts, or null when the index does not describe the loop's segments. */
export function withParts(loop: Loop, index: PartsIndex): LiveParts | null {
  const byUri = new Map(index.segments.map((s) => [s.uri, s.parts]));
  const parts = loop.segments.map((s) => byUri.get(s.uri));
  if (parts.some((p) => !p)) return null;
  return { loop, parts: parts.filter((p): p is Part[] => p !== undefined), partTarget: index.partTarget };
}

type Placed = { msn: number; loopIndex: number; j: number; start: number; duration: number; uri: string; parts: readonly Part[] };

/** Segment `msn` on the clock. */
function placed(live: LiveParts, msn: number): Placed {
  const n = live.loop.segments.length;
  const loopIndex = Math.floor(msn / n);
  const j = msn - loopIndex * n;
  const segment = live.loop.segments[j] ?? { uri: '', duration: 0, start: 0 };
  return { msn, loopIndex, j, start: loopIndex * live.loop.length + segment.start, duration: segment.duration, uri: segment.uri, parts: live.parts[j] ?? [] };
}

/** When part `k` of a segment ends on the clock (the last part ends with its segment). */
function partEnd(segment: Placed, k: number): number {
  if (k >= segment.parts.length - 1) return segment.start + segment.duration;
  let end = segment.start;
  for (let i = 0; i <= k; i++) end += segment.parts[i]?.duration ?? 0;
  return Math.min(end, segment.start + segment.duration);
}

/** The newest whole segment at `now`: the highest msn whose end is at or before `now` (−1 before the epoch's first). */
function newestWhole(live: LiveParts, now: number): number {
  const n = live.loop.segments.length;
  let msn = (Math.floor(now / live.loop.length) + 1) * n;
  while (msn >= 0) {
    const s = placed(live, msn);
    if (s.start + s.duration <= now) return msn;
    msn--;
  }
  return -1;
}

/** The live edge at `now`: the segment in progress and how many of its parts exist. */
export function liveEdge(live: LiveParts, now: number): { msn: number; parts: number } {
  const current = placed(live, newestWhole(live, now) + 1);
  let parts = 0;
  while (parts < current.parts.length && partEnd(current, parts) <= now) parts++;
  return { msn: current.msn, parts };
}

const iso = (seconds: number): string => new Date(Math.round(seconds * 1000)).toISOString();
const decimal = (n: number): string => n.toFixed(3).replace(/\.?0+$/, '') || '0';

const partLine = (segment: Placed, part: Part): string =>
  `#EXT-X-PART:DURATION=${part.duration.toFixed(6)},URI="${segment.uri}",BYTERANGE="${part.length}@${part.offset}"${part.independent ? ',INDEPENDENT=YES' : ''}`;

/** The part after `edge` (the next one on the clock): the preload hint. */
function nextPart(live: LiveParts, edge: { msn: number; parts: number }): { segment: Placed; part: Part } | null {
  let segment = placed(live, edge.msn);
  let k = edge.parts;
  if (k >= segment.parts.length) {
    segment = placed(live, edge.msn + 1);
    k = 0;
  }
  const part = segment.parts[k];
  return part ? { segment, part } : null;
}

/**
 * The Low-Latency HLS media playlist at `now` (unix seconds): the whole segments that started
 * within `windowSeconds`, then the parts of the segment in progress; with `skip`, a delta update.
 */
export function lowLatencyPlaylist(live: LiveParts, now: number, windowSeconds: number, options: { skip?: boolean } = {}): string {
  const { loop } = live;
  const edge = liveEdge(live, now);
  const whole: Placed[] = [];
  for (let msn = edge.msn - 1; msn >= 0; msn--) {
    const s = placed(live, msn);
    if (s.start < now - windowSeconds) break;
    whole.push(s);
  }
  whole.reverse();
  const current = placed(live, edge.msn);
  const end = edge.parts > 0 ? partEnd(current, edge.parts - 1) : current.start;
  const skipUntil = SKIP_TARGETS * loop.targetDuration;
  const skipped = options.skip ? whole.filter((s) => end - (s.start + s.duration) > skipUntil).length : 0;
  const first = whole[0] ?? current;
  const partTarget = live.partTarget;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${loop.targetDuration}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${decimal(skipUntil)},PART-HOLD-BACK=${decimal(HOLD_BACK_PARTS * partTarget)}`,
    `#EXT-X-PART-INF:PART-TARGET=${partTarget.toFixed(6)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first.msn}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence(loop, first.loopIndex)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (loop.map) lines.push(`#EXT-X-MAP:URI="${loop.map}"`);
  if (skipped > 0) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);
  const head = (s: Placed, k: number): void => {
    if (s.j === 0 && k > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (s.j === 0 || k === skipped) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(s.start)}`);
  };
  whole.forEach((s, k) => {
    if (k < skipped) return;
    head(s, k);
    if (end - (s.start + s.duration) < PART_TARGETS_KEPT * loop.targetDuration) for (const part of s.parts) lines.push(partLine(s, part));
    lines.push(`#EXTINF:${s.duration.toFixed(6)},`, s.uri);
  });
  head(current, whole.length);
  for (const part of current.parts.slice(0, edge.parts)) lines.push(partLine(current, part));
  const hint = nextPart(live, edge);
  if (hint) lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${hint.segment.uri}",BYTERANGE-START=${hint.part.offset},BYTERANGE-LENGTH=${hint.part.length}`);
  return `${lines.join('\n')}\n`;
}

/** The longest a blocking playlist request is held (§6.2.5.2: three target durations). */
export const blockingCap = (loop: Loop): number => 3 * loop.targetDuration;

export type BlockingOutcome = { ok: true; wait: number } | { ok: false; reason: string };

/**
 * A blocking playlist reload (§6.2.5.2) at `now`: how many seconds to wait until part `part` of
 * segment `msn` exists (0: it already does), or why it is refused (a 400): further than the last
 * segment plus two, or than the last part plus the Advance Part Limit, or than the cap.
 * A part index past the segment's last part means the segment's end (the next segment's first part).
 */
export function blockingWait(live: LiveParts, now: number, msn: number, part: number | undefined): BlockingOutcome {
  const edge = liveEdge(live, now);
  if (msn > edge.msn + ADVANCE_SEGMENT_LIMIT) return { ok: false, reason: `_HLS_msn: at most ${edge.msn + ADVANCE_SEGMENT_LIMIT} (the last segment plus ${ADVANCE_SEGMENT_LIMIT})` };
  if (msn === edge.msn && part !== undefined && part > edge.parts - 1 + ADVANCE_PART_LIMIT) return { ok: false, reason: `_HLS_part: at most ${edge.parts - 1 + ADVANCE_PART_LIMIT} (the last part plus ${ADVANCE_PART_LIMIT})` };
  const segment = placed(live, msn);
  // Without _HLS_part the whole segment is awaited (§6.2.5.2).
  const at = part === undefined ? segment.start + segment.duration : partEnd(segment, Math.min(part, segment.parts.length - 1));
  const wait = Math.max(0, at - now);
  if (wait > blockingCap(live.loop)) return { ok: false, reason: `the part requested exists in ${Math.ceil(wait)} s, more than the ${blockingCap(live.loop)} s a request is held` };
  return { ok: true, wait };
}

/** The Low-Latency HLS query of a media playlist request (RFC 8216bis §6.2.5): delivery directives. */
export const directivesSchema = z
  .object({
    _HLS_msn: z.string().regex(/^\d{1,15}$/, 'a whole number').transform(Number).optional(),
    _HLS_part: z.string().regex(/^\d{1,6}$/, 'a whole number').transform(Number).optional(),
    _HLS_skip: z.enum(['YES', 'v2']).optional(),
  })
  .refine((q) => q._HLS_part === undefined || q._HLS_msn !== undefined, { message: '_HLS_part needs _HLS_msn', path: ['_HLS_part'] });
export type Directives = z.infer<typeof directivesSchema>;
