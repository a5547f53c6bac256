import { isFinished } from '../../worker/rules/watched';

/**
 * Player clock texts: `m:ss` under an hour, `h:mm:ss` from an hour on (like every video player),
 * always with Latin digits so the server and the browser agree. Negative or unknown times read 0:00.
 * `reference` (the total duration) makes the current time use the same shape as the total.
 */
export function formatTime(seconds: number, reference = seconds): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const withHours = h > 0 || (Number.isFinite(reference) && reference >= 3600);
  return withHours ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Clamps a seek target into [0, duration] (duration unknown: only the lower bound). */
export function clampTime(time: number, duration: number): number {
  const floor = Math.max(0, time);
  return Number.isFinite(duration) && duration > 0 ? Math.min(floor, duration) : floor;
}

/**
 * Where playback starts: the saved position, unless it is in the last 5 % (the title was
 * finished, so it starts over) or beyond the end.
 */
export function startPosition(resumeAt: number, duration: number): number {
  if (!Number.isFinite(resumeAt) || resumeAt <= 0) return 0;
  if (isFinished(resumeAt, duration)) return 0;
  return resumeAt;
}

/** The fraction [0, 1] of `duration` covered by the buffered range that contains `time`. */
export function bufferedEnd(ranges: { start: number; end: number }[], time: number): number {
  for (const r of ranges) if (time >= r.start - 0.5 && time <= r.end) return r.end;
  return time;
}
