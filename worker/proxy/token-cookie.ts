import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';

/**
 * The `token` cookie of spec §3 (token, type, refreshToken; spec §5: token cookie lasts 365 days). HttpOnly, Secure,
 * SameSite=Lax: browser JavaScript never sees a token; the edge turns it into a Bearer header.
 */
export const TOKEN_COOKIE = 'token';
const YEAR = 365 * 24 * 3600;

export function readTokens(c: Context<AppEnv>): Tokens | null {
  const raw = getCookie(c, TOKEN_COOKIE);
  if (!raw) return null;
  try {
    const parsed = Tokens.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeTokens(c: Context<AppEnv>, tokens: Tokens): void {
  c.set('tokens', tokens);
  setCookie(c, TOKEN_COOKIE, JSON.stringify(tokens), { path: '/', maxAge: YEAR, httpOnly: true, secure: true, sameSite: 'Lax' });
}

export function clearTokens(c: Context<AppEnv>): void {
  c.set('tokens', null);
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure: true });
}

/** The tokens of this request: the cookie's, or the ones a refresh or login just wrote. */
export function currentTokens(c: Context<AppEnv>): Tokens | null {
  const set = c.get('tokens');
  return set === undefined ? readTokens(c) : set;
}
