import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { STAFF_SESSION_MAX_HOURS } from '../rules/staff';

/**
 * The console's session cookie (issue 32): the random token of a staff session, sent only to /admin
 * (its path), HttpOnly, Secure, SameSite=Strict, and no longer than the session itself. The edge
 * turns it into the `x-staff-session` header of the console's API calls (worker/proxy/index.ts).
 */
export const STAFF_COOKIE = 'staff';
const PATH = '/admin';

export const readStaffToken = (c: Context<AppEnv>): string | null => getCookie(c, STAFF_COOKIE) ?? null;

export function writeStaffToken(c: Context<AppEnv>, token: string): void {
  setCookie(c, STAFF_COOKIE, token, { path: PATH, maxAge: STAFF_SESSION_MAX_HOURS * 3600, httpOnly: true, secure: true, sameSite: 'Strict' });
}

export function clearStaffToken(c: Context<AppEnv>): void {
  deleteCookie(c, STAFF_COOKIE, { path: PATH, secure: true });
}
