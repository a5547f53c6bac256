import type { Context } from 'hono';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { forward } from '../proxy';
import { writeTokens } from './cookies';
import { logout } from './auth';

/**
 * `/api/*` for the browser (backend for frontend): islands call the API with the HttpOnly token
 * cookie, and no token ever reaches JavaScript. Login answers set the cookie and drop the tokens
 * from the body; logout ends the session and clears the cookie; refresh is the edge's business.
 */
export async function apiForBrowsers(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const path = url.pathname.slice('/api'.length).replace(/\/$/, '') || '/';
  const method = c.req.method;
  if (path === '/auth/refresh') {
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
    return c.json({ status: 200, message: 'LOGGED_IN' });
  }
  // Through the context, so the cookies this request rewrote (refresh, logout) are sent too.
  return c.newResponse(res.body, res);
}
