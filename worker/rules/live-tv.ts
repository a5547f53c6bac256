/**
 * Live TV and the programme guide (issue 16): the constants and rules the API, the pages and the
 * islands share — what is on now and next, progress, the guide's days and slots, catch-up and
 * reminder windows, and times in the viewer's time zone with Intl (never fixed offsets: Morocco's
 * clock changes around Ramadan). Time is always a parameter (unix seconds), never read here.
 *
 * PURE module: no bindings, no DOM.
 */
import type { Lang } from './lang';
import { intlLocale } from './translate.ts';
import { zonedDate, zoneOffset } from './zones.ts';

/** Live TV DVR: the live window a viewer can pause in, go back through and start over from, in seconds. */
export const DVR_WINDOW_SECONDS = 2 * 3600;
/** A programme that ended with a recording is playable from the guide for this many days. */
export const CATCHUP_DAYS = 7;
/** The guide's days: this many back and ahead of today. */
export const GUIDE_DAYS_BACK = 7;
export const GUIDE_DAYS_AHEAD = 7;
/** The guide's time axis step, in minutes. */
export const GUIDE_SLOT_MINUTES = 30;
/** Pixels per minute on the guide's grid (a 30-minute slot is 120 px wide). */
export const GUIDE_PX_PER_MINUTE = 4;
/** "Remind me" notifies this many minutes before the programme starts. */
export const REMINDER_LEAD_MINUTES = 5;
/** The time zone of a visitor whose browser has not told us its own (the service is Moroccan). */
export const DEFAULT_TIME_ZONE = 'Africa/Casablanca';
/** Morocco's time zones (the guide names them "Morocco time" in the page's language). */
export const MOROCCO_TIME_ZONES: ReadonlySet<string> = new Set(['Africa/Casablanca', 'Africa/El_Aaiun']);
/** The cookie in which the browser tells its time zone (set by the guide's island). */
export const TIME_ZONE_COOKIE = 'tz';

export type Timed = { starts_at: number; ends_at: number };

/** The programme on at `at` and the one after it, from a channel's programmes sorted by start. */
export function onNow<T extends Timed>(programmes: readonly T[], at: number): { now: T | null; next: T | null } {
  const now = programmes.find((p) => p.starts_at <= at && at < p.ends_at) ?? null;
  const next = programmes.find((p) => p.starts_at >= (now ? now.ends_at : at)) ?? null;
  return { now, next };
}

/** How far a programme has gone at `at`, 0 to 1. */
export const progress = (p: Timed, at: number): number => Math.min(1, Math.max(0, (at - p.starts_at) / Math.max(1, p.ends_at - p.starts_at)));

/** Catch-up: ended, with a recording, and within CATCHUP_DAYS of its end. */
export const catchUpOpen = (p: Timed & { recording_slug: string | null }, at: number): boolean =>
  p.recording_slug !== null && p.ends_at <= at && at - p.ends_at < CATCHUP_DAYS * 86400;

/** "Remind me" is offered for a programme that has not started yet. */
export const remindable = (p: Timed, at: number): boolean => p.starts_at > at;

/** Start over is offered for the programme on now, when its start is still inside the live window. */
export const startOverOpen = (p: Timed, at: number): boolean => p.starts_at <= at && at < p.ends_at && at - p.starts_at <= DVR_WINDOW_SECONDS;

/** A valid IANA time zone name (as the browser's Intl gives it), else null. */
export function validTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export const dayOf = (at: number, timeZone: string): string => zonedDate(at, timeZone).toISOString().slice(0, 10);

/** Unix seconds of local midnight starting `day` (YYYY-MM-DD) in `timeZone` (the offset taken at that moment). */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 1000;
  // Two passes: the offset at a guess, then at the result (a change of clock that day moves it).
  const first = utcMidnight - zoneOffset(utcMidnight, timeZone);
  return utcMidnight - zoneOffset(first, timeZone);
}

/** `day` moved by `delta` days (calendar arithmetic, no time zone). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + delta)).toISOString().slice(0, 10);
}

/** The guide's days: GUIDE_DAYS_BACK before `today` to GUIDE_DAYS_AHEAD after it. */
export const guideDays = (today: string): string[] => Array.from({ length: GUIDE_DAYS_BACK + GUIDE_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i - GUIDE_DAYS_BACK));

/** A day the guide offers (a YYYY-MM-DD within the window around `today`), else null. */
export function guideDay(value: string | null | undefined, today: string): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || addDays(value, 0) !== value) return null;
  return guideDays(today).includes(value) ? value : null;
}

/** Intl formatters are costly to make (a guide draws hundreds of times): one per language and shape. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, shape: 'clock' | 'day' | 'short'): Intl.DateTimeFormat {
  const key = `${lang}|${shape}`;
  let format = formatters.get(key);
  if (!format) {
    // Wall-clock dates (zonedDate, dayLabel's noon) are written as UTC: the zone's offset is already in them.
    const options: Intl.DateTimeFormatOptions =
      shape === 'clock'
        ? { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : shape === 'day'
          ? { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }
          : { timeZone: 'UTC', weekday: 'short', day: 'numeric' };
    format = new Intl.DateTimeFormat(intlLocale(lang), options);
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** "20:30" in the viewer's language and time zone (Latin digits, as the rest of the site). */
export const clockTime = (at: number, lang: Lang, timeZone: string): string => formatter(lang, 'clock').format(zonedDate(at, timeZone));

/**
 * "20:00 – 21:00": a programme's times, start first, read left to right in every language and on
 * every page (the guide's grid, its details, the channel cards, the player), isolated from the text
 * around it (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) so Arabic text never
 * reorders it.
 */
export const timeRange = (p: Timed, lang: Lang, timeZone: string): string => `\u2066${clockTime(p.starts_at, lang, timeZone)} – ${clockTime(p.ends_at, lang, timeZone)}\u2069`;

/** "Wed 25 Nov" style day label (a programme's details), in the viewer's language. */
export const dayLabel = (day: string, lang: Lang): string => formatter(lang, 'day').format(new Date(`${day}T12:00:00Z`));

/** "Wed 25": the day picker's compact label. */
export const shortDayLabel = (day: string, lang: Lang): string => formatter(lang, 'short').format(new Date(`${day}T12:00:00Z`));
