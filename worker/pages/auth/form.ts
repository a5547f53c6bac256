import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COUNTRY_CODES, MOROCCO_CODE } from '../../rules/account';
import { safeReturnPath } from '../../rules/return-path';
import type { AppEnv } from '../../env';
import { loadUser } from '../../session/user';

/**
 * Helpers of the auth pages' form handling at the edge (reading forms and rendering them is in
 * ../form.ts): API messages and statuses, keeping logged-in users off anonymous-only pages, the
 * login and phone fields.
 */

/** The code of an API message `CODE: detail` and its detail (the field, for validation failures). */
export function splitMessage(message: string): { code: string; detail: string } {
  const at = message.indexOf(':');
  return at < 0 ? { code: message.trim(), detail: '' } : { code: message.slice(0, at).trim(), detail: message.slice(at + 1).trim() };
}

/** A 4xx page status for an API failure (5xx and odd statuses become 502: the API failed us). */
export const failureStatus = (status: number): ContentfulStatusCode =>
  status >= 400 && status < 500 ? (status as ContentfulStatusCode) : 502;

/** Spec §4: logged-in users are sent to / from anonymous-only pages (login, register, forgot). */
export function anonymousOnly(): MiddlewareHandler<AppEnv> {
  return async function anonymousOnly(c, next) {
    const user = await loadUser(c);
    if (!user.isAnonymous) return c.redirect('/', 303);
    await next();
  };
}

/** Where to go after logging in: the `redirect` query parameter when it is a same-site path, else '/'. */
export const afterLogin = (value: string | undefined): string => safeReturnPath(value ?? '/', '/login');

/**
 * The login field as the API stores it: emails lower-cased; a phone typed with spaces, dots or
 * dashes, a 00 prefix, or as a Moroccan national number with its leading zero (06…) becomes E.164.
 */
export function normalizeLogin(login: string): string {
  const value = login.trim();
  if (value.includes('@')) return value.toLowerCase();
  const digits = value.replace(/[\s.()-]/g, '');
  if (!/^\+?[0-9]{6,16}$/.test(digits)) return value.toLowerCase();
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (/^0[5-7][0-9]{8}$/.test(digits)) return `${MOROCCO_CODE}${digits.slice(1)}`;
  return digits;
}

/** The picker's country code, if it is one we offer (else Morocco). */
export const countryCodeOf = (value: string | undefined): string =>
  (COUNTRY_CODES as readonly string[]).includes(value ?? '') ? (value as string) : MOROCCO_CODE;
