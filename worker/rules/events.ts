import type { Lang } from './lang';
import { intlLocale } from './translate.ts';
import { zonedDate } from './zones.ts';

/**
 * Live events and ticket purchase (issue 17; spec §1 e-ticket/event purchase flow, comedy-festival
 * hub; §3 live events, replays, e-tickets, orders): the rules the API and the pages share. Time is
 * always a parameter (`now`), so tests move it: the 10-minute hold, the 48-hour replay.
 */

/** A purchase holds its seats this long in the show's inventory while it is paid. */
export const HOLD_MINUTES = 10;
export const HOLD_MS = HOLD_MINUTES * 60_000;

/** A stream pass opens the show live and its replay for this long after the show ends. */
export const REPLAY_HOURS = 48;
export const REPLAY_MS = REPLAY_HOURS * 3_600_000;

/** The festival's local time: shows are shown in it whoever looks. */
export const EVENT_TIME_ZONE = 'Africa/Casablanca';

export const TICKET_KINDS = ['venue', 'stream', 'both'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** A 'venue' or 'both' ticket takes a seat in the venue; a stream pass takes none. */
export const takesSeat = (kind: TicketKind): boolean => kind !== 'stream';

/** Most tickets one order may carry, whatever the types' own limits. */
export const MAX_TICKETS_PER_ORDER = 20;

/** Longest holder name printed on a ticket (the token carries it: worker/rules/eticket.ts HOLDER_MAX). */
export const HOLDER_NAME_MAX = 60;

/**
 * The ways to pay for tickets: a card, and mobile payment (instant). Cash vouchers take days to be
 * paid at an agency, longer than the 10-minute hold: they are not offered for tickets.
 */
export const ORDER_METHODS = ['card', 'mobile'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];
export const isOrderMethod = (value: unknown): value is OrderMethod => typeof value === 'string' && (ORDER_METHODS as readonly string[]).includes(value);

type ShowTimes = { starts_at: string; ends_at: string };

/**
 * Whether a ticket of this kind can still be bought at `now`: venue tickets (and 'both') until the
 * show starts; a stream pass while the show is live and during its 48-hour replay.
 */
export function onSale(kind: TicketKind, show: ShowTimes, now: Date): boolean {
  const at = now.getTime();
  if (kind === 'stream') return at < Date.parse(show.ends_at) + REPLAY_MS;
  return at < Date.parse(show.starts_at);
}

/** Where a show is at `now`: to come, live (started, not ended), in its replay window, or over. */
export function showPhase(show: ShowTimes, now: Date): 'upcoming' | 'live' | 'replay' | 'over' {
  const at = now.getTime();
  if (at < Date.parse(show.starts_at)) return 'upcoming';
  if (at < Date.parse(show.ends_at)) return 'live';
  return at < Date.parse(show.ends_at) + REPLAY_MS ? 'replay' : 'over';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Lang, shape: 'date' | 'time' | 'dateTime' | 'day'): Intl.DateTimeFormat {
  const key = `${lang}|${shape}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      shape === 'time'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : shape === 'date'
          ? { weekday: 'long', day: 'numeric', month: 'long' }
          : shape === 'day'
            ? { day: 'numeric', month: 'long', year: 'numeric' }
            : { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    // An explicit locale and Latin digits, and the festival's wall clock from the server's zone table
    // (showMoment), written as UTC: the server and the browser write the same thing.
    format = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', ...options });
    formatters.set(key, format);
  }
  return format;
}

/** An ISO moment on the festival's wall clock (worker/rules/zones.ts). */
const showMoment = (iso: string): Date => zonedDate(Date.parse(iso) / 1000, EVENT_TIME_ZONE);

/** "samedi 14 novembre" in the festival's local time. */
export const showDate = (iso: string, lang: Lang): string => formatter(lang, 'date').format(showMoment(iso));
/** "20:30" in the festival's local time. */
export const showTime = (iso: string, lang: Lang): string => formatter(lang, 'time').format(showMoment(iso));
/** "sam. 14 nov., 20:30" in the festival's local time. */
export const showDateTime = (iso: string, lang: Lang): string => formatter(lang, 'dateTime').format(showMoment(iso));
/** "14 novembre 2026": a festival's first and last days. */
export const festivalDay = (iso: string, lang: Lang): string => formatter(lang, 'day').format(showMoment(iso));

/**
 * An order's total as the purchase form shows it before paying (the API computes the same sum, in
 * minor units): each ticket type's price in the currency times its quantity. Mobile payment is in
 * dirhams whatever currency is chosen.
 */
export function orderTotal(prices: Record<string, Record<'MAD' | 'EUR' | 'USD', number>>, quantities: Record<string, number>, currency: 'MAD' | 'EUR' | 'USD'): number {
  return Object.entries(quantities).reduce((sum, [type, n]) => sum + (prices[type]?.[currency] ?? 0) * (Number.isInteger(n) && n > 0 ? n : 0), 0);
}
