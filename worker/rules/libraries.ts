/**
 * Public libraries (issue 17, spec §1 library-card service): the rules the API, the pages and the
 * seed share. Pure module, no imports of the worker: it runs in the worker, the browser and Node.
 */

/** Watching a library title costs one ticket and opens a 72-hour loan (re-watching inside it costs nothing). */
export const LOAN_HOURS = 72;
export const LOAN_MS = LOAN_HOURS * 3_600_000;

/** "The card is re-checked when its validity is older than a day": the last check's age that triggers one. */
export const CARD_RECHECK_MS = 24 * 3_600_000;

/** The month a ticket counts in, 'YYYY-MM' in UTC: "reset on the 1st" needs no cron, a new month has a fresh count. */
export const monthKey = (now: Date): string => now.toISOString().slice(0, 7);

/** A month key typed in a URL (?month=YYYY-MM), or null. */
export function parseMonth(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-(0[1-9]|1[0-2])$/.test(text)) return null;
  const year = Number(text.slice(0, 4));
  return year >= 2000 && year <= 2100 ? text : null;
}

/** [start, end) of a month key as ISO instants (UTC). */
export function monthRange(month: string): { from: string; to: string } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { from: new Date(Date.UTC(year, index, 1)).toISOString(), to: new Date(Date.UTC(year, index + 1, 1)).toISOString() };
}

/** The month before or after a month key. */
export function shiftMonth(month: string, by: number): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1 + by;
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
}

/** Card numbers and PINs as typed: spaces and dashes dropped (cards are printed "1002 0030 0"). */
export const cleanCardNumber = (text: string): string => text.replace(/[\s-]+/g, '');

/** A card number as the account shows it: only its last four characters ("•••• 0300"). */
export function maskCard(cardNumber: string): string {
  const tail = cardNumber.slice(-4);
  return cardNumber.length > 4 ? `•••• ${tail}` : tail;
}

