import type { Context } from 'hono';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { forward } from '../proxy';
import { currentTokens } from '../proxy/token-cookie';
import { clearProfileCookie, setProfileCookie, writeTokens } from './cookies';
import { logout } from './auth';

/** The profile a successful call makes current: GET auth/profile/pin?id= or GET auth/user?profile=. */
function chosenProfile(path: string, method: string, query: URLSearchParams): number | undefined {
  if (method !== 'GET') return undefined;
  const raw = path === '/auth/profile/pin' ? query.get('id') : path === '/auth/user' ? query.get('profile') : null;
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * `/api/*` for the browser (backend for frontend): islands call the API with the HttpOnly token
 * cookie, and no token ever reaches JavaScript. Login answers set the cookie and drop the tokens
 * from the body; logout ends the session and clears the cookie; refresh is the edge's business.
 */
export async function apiForBrowsers(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const path = url.pathname.slice('/api'.length).replace(/\/$/, '') || '/';
  const method = c.req.method;
  // Refresh is the edge's business for browsers (the cookie); a device signed in with a code and no cookie (a TV) refreshes itself.
  // The back office's API is the console's pages' (/admin), never a browser script's: its session token stays in its cookie.
  if ((path === '/auth/refresh' && currentTokens(c) !== null) || /^\/admin(\/|$)/.test(path)) {
    return c.json({ status: 404, message: `E_ROUTE_NOT_FOUND: ${method} ${path}` }, 404);
  }
  if (path === '/auth/logout' && method === 'POST') {
    await logout(c);
    return c.json({ status: 200, message: 'LOGGED_OUT' });
  }
  // Buffered so the call can be retried after a refresh.
  const body = ['GET', 'HEAD'].includes(method) ? undefined : await c.req.arrayBuffer();
  const res = await forward(c, path + url.search, { method, headers: c.req.raw.headers, body });
  if (path === '/auth/login' && method === 'POST' && res.ok) {
    const tokens = Tokens.safeParse(await res.json().catch(() => null));
    if (!tokens.success) return c.json({ status: 502, message: 'BAD_GATEWAY: login answer' }, 502);
    writeTokens(c, tokens.data);
    clearProfileCookie(c);
    return c.json({ status: 200, message: 'LOGGED_IN' });
  }
  // Spec §4 Profile switching: the chosen profile persists in the `profile` cookie.
  const chosen = chosenProfile(path, method, url.searchParams);
  if (chosen !== undefined && res.ok) setProfileCookie(c, chosen);
  // Through the context, so the cookies this request rewrote (refresh, logout) are sent too.
  return c.newResponse(res.body, res);
}
