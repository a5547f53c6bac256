import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import type { Flash } from '../rules/flash';

export { clearTokens, currentTokens, readTokens, TOKEN_COOKIE, writeTokens } from '../proxy/token-cookie';

const YEAR = 365 * 24 * 3600;

/**
 * One-shot toasts carried across a redirect (a form POST answered 303): the next page renders
 * them. Only translation keys and numbers are stored, never user input.
 */
export const FLASH_COOKIE = 'flash';
export type { Flash };

export function addFlash(c: Context<AppEnv>, flash: Flash): void {
  const list = [...readFlash(c), flash].slice(-3);
  c.set('flash', list);
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(list)), { path: '/', maxAge: 60, httpOnly: true, secure: true, sameSite: 'Lax' });
}

export function readFlash(c: Context<AppEnv>): Flash[] {
  const set = c.get('flash');
  if (set) return set;
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(value)) return [];
    return value.filter(
      (f): f is Flash =>
        typeof f === 'object' && f !== null && (f.kind === 'success' || f.kind === 'danger') && typeof f.key === 'string' && /^[A-Z0-9_]+$/.test(f.key),
    );
  } catch {
    return [];
  }
}

/** Reads and forgets the flash toasts (called once, by the page that shows them). */
export function takeFlash(c: Context<AppEnv>): Flash[] {
  const list = readFlash(c);
  if (getCookie(c, FLASH_COOKIE)) deleteCookie(c, FLASH_COOKIE, { path: '/', secure: true });
  c.set('flash', []);
  return list;
}

/**
 * The reset token of an emailed password link (spec §2 /changePassword?email=…&reset_token=…),
 * moved out of the URL into this cookie on the link's first GET, so the token never appears in the
 * page's HTML or in JavaScript-readable storage. HttpOnly, Secure, SameSite=Lax, one hour.
 */
export const RESET_TOKEN_COOKIE = 'resetToken';

export function writeResetToken(c: Context<AppEnv>, token: string): void {
  setCookie(c, RESET_TOKEN_COOKIE, token, { path: '/', maxAge: 3600, httpOnly: true, secure: true, sameSite: 'Lax' });
}

export const readResetToken = (c: Context<AppEnv>): string => getCookie(c, RESET_TOKEN_COOKIE) ?? '';

export function clearResetToken(c: Context<AppEnv>): void {
  deleteCookie(c, RESET_TOKEN_COOKIE, { path: '/', secure: true });
}

/**
 * Spec §3 client state `profile`: the chosen profile's id, kept 365 days. Not HttpOnly: it holds no
 * secret (the API checks the session's unlock), and the islands mirror it in localStorage.
 * Absent after login, which makes the pages ask who is watching (worker/session/profile.ts).
 */
export const PROFILE_COOKIE = 'profile';

export function readProfileCookie(c: Context<AppEnv>): number | undefined {
  const id = Number(getCookie(c, PROFILE_COOKIE));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function setProfileCookie(c: Context<AppEnv>, profileId: number): void {
  setCookie(c, PROFILE_COOKIE, String(profileId), { path: '/', maxAge: YEAR, secure: true, sameSite: 'Lax' });
}

export function clearProfileCookie(c: Context<AppEnv>): void {
  deleteCookie(c, PROFILE_COOKIE, { path: '/', secure: true });
}
