import type { Context } from 'hono';
import { ApiError } from '../../client/api';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { serverApi } from '../pages/loaders';
import { forward } from '../proxy';
import { clearTokens, currentTokens, writeTokens } from './cookies';
import { guestUser } from './user';

export type LoginFailure = { status: number; message: string; delay?: number };

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Logs in at the edge (POST auth/login), writes the token cookie and forgets the cached visitor.
 * Answers null on success, else the API's failure (status, `CODE: detail`, delay on 429).
 */
export async function login(c: Context<AppEnv>, credentials: { login: string; password: string }): Promise<LoginFailure | null> {
  const res = await forward(c, '/auth/login', json(credentials));
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const tokens = Tokens.safeParse(body);
    if (!tokens.success) return { status: 502, message: 'BAD_GATEWAY: login answer' };
    writeTokens(c, tokens.data);
    c.set('user', undefined);
    return null;
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return {
    status: res.status,
    message: typeof record.message === 'string' ? record.message : res.statusText,
    delay: typeof record.delay === 'number' ? record.delay : undefined,
  };
}

/**
 * Spec §4 Logout: a guest logout only clears the user; a real logout calls POST /auth/logout
 * (which ends the session server-side), then clears the token cookie.
 */
export async function logout(c: Context<AppEnv>): Promise<void> {
  const tokens = currentTokens(c);
  if (tokens) {
    await forward(c, '/auth/logout', json({ refresh_token: tokens.refreshToken })).catch(() => undefined);
    clearTokens(c);
  }
  c.set('user', guestUser(c.env.FORCE_LANG));
}

/** Calls a JSON API endpoint as the visitor; throws ApiError on failure. */
export function callApi(c: Context<AppEnv>, path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<unknown> {
  return serverApi(c).request(path, (v) => v, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export { ApiError };
