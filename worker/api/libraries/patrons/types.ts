/**
 * The patron-authentication interface's types (issue 17), apart from index.ts so the adapters import
 * them without a cycle. Callers import everything from ./index.
 */

/** The libraries row's columns the adapters need (migration 0014_libraries.sql). */
export type LibraryAuthConfig = {
  id: number;
  slug: string;
  patron_auth: 'csv' | 'sip2';
  sip2_host: string | null;
  sip2_port: number | null;
  sip2_institution: string | null;
};

/**
 * The answer about one card and PIN. `validUntil` is the card's last valid day (YYYY-MM-DD) when the
 * library gave one. `not_found` covers both an unknown card and a wrong PIN (never say which).
 */
export type PatronCheck =
  | { ok: true; name: string | null; validUntil: string | null }
  | { ok: false; reason: 'not_found' | 'blocked' | 'expired' };

/** The library's system cannot answer now (unreachable, timed out, malformed answer, not configured): try later, never "not found". */
export class PatronAuthUnavailable extends Error {
  override name = 'PatronAuthUnavailable';
}

export interface PatronAuthenticator {
  check(cardNumber: string, pin: string, now: Date): Promise<PatronCheck>;
}

/** A card's last valid day (YYYY-MM-DD, inclusive) is before `now`'s day (UTC): the card has expired. */
export const expiredOn = (validUntil: string | null, now: Date): boolean =>
  validUntil !== null && validUntil < now.toISOString().slice(0, 10);
