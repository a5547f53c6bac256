import type { Context } from 'hono';
import { ApiError } from '../rules/api-client';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { serverApi } from '../proxy/server-api';
import { clearProfileCookie, clearTokens, currentTokens, writeTokens } from './cookies';
import { guestUser } from './user';

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Calls a JSON API endpoint as the visitor (through the proxy: Bearer from the cookie, lang,
 * device id) and answers the parsed body ({} when it is not a JSON object). A failure throws an
 * ApiError carrying its status, `CODE: detail` message and whole body (e.g. `delay` on a 429).
 */
export function callApi(c: Context<AppEnv>, path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<Record<string, unknown>> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  return serverApi(c).request(path, asRecord, init);
}

/**
 * For `callApi(…).catch(asApiError)`: answers the ApiError of a failed call, so the caller can
 * show its message; anything else (a network failure, a bug) is thrown on.
 */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/** A number of an API answer (`delay`, `remaining`), if it has one. */
export function numberIn(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' ? value : undefined;
}

/**
 * Logs in at the edge (POST auth/login), writes the token cookie and forgets the cached visitor.
 * Answers null on success, else the API's failure (status, `CODE: detail`, `delay` on 429).
 */
export async function login(c: Context<AppEnv>, credentials: { login: string; password: string }): Promise<ApiError | null> {
  const answer = await callApi(c, '/auth/login', 'POST', credentials).catch(asApiError);
  if (answer instanceof ApiError) return answer;
  const tokens = Tokens.safeParse(answer);
  if (!tokens.success) return new ApiError(502, 'BAD_GATEWAY: login answer');
  writeTokens(c, tokens.data);
  // A new session: who is watching is asked again (spec §2 /whoswatching after login).
  clearProfileCookie(c);
  c.set('user', undefined);
  return null;
}

/**
 * Spec §4 Logout: a guest logout only clears the user; a real logout unregisters this device's
 * push subscription (a logged-out browser gets no more pushes), calls POST /auth/logout (which
 * ends the session server-side), then clears the token cookie.
 */
export async function logout(c: Context<AppEnv>): Promise<void> {
  const tokens = currentTokens(c);
  if (tokens) {
    await callApi(c, '/pushNotifications/tokenUnregister', 'POST', { device_id: c.get('deviceId'), device_family: 'web' }).catch(() => undefined);
    await callApi(c, '/auth/logout', 'POST', { refresh_token: tokens.refreshToken }).catch(() => undefined);
    clearTokens(c);
  }
  c.set('user', guestUser(c.env.FORCE_LANG));
}

export { ApiError };
