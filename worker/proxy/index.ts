import type { Context } from 'hono';
import { readStaffToken } from './staff-cookie';
import { api } from '../api';
import { Tokens } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { DEVICE_ID_HEADER } from '../rules/api-client';
import { clearTokens, currentTokens, writeTokens } from './token-cookie';
import { cachedFetch, isCacheable } from './cache';
import { requestDatabase } from './bookmark-cookie';

/** Header carrying the visitor's device id to the API (spec §7: every request carries it). */
const INTERNAL_ORIGIN = 'http://api.internal';

/** Calls made without the session's Bearer and never retried after a refresh (spec §8 Global). */
const SESSIONLESS = new Set(['/auth/login', '/auth/logout', '/auth/refresh', '/auth/register']);
/** Spec §8 Global: these bodies end the session (cookie cleared, pages go to /login). */
const SESSION_ENDED = ['NOT_AUTHORIZED:', 'E_INVALID_JWT_REFRESH_TOKEN'];

/**
 * Forwards one API call to API_ORIGIN when set, to the built-in API otherwise (same path either way).
 * Adds the device-id header, the lang query parameter, the visitor's IP/place/agent and, from the
 * HttpOnly `token` cookie, `Authorization: Bearer`. A 401 is answered by one refresh (shared by all
 * calls of the request) and one retry, and the cookie is rewritten; an ended session clears it.
 * GET /configs, /pages/menu, /pages/ratings and (guests only) /pages/navigation are served from the
 * KV cache (./cache.ts).
 */
export async function forward(c: Context<AppEnv>, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(pathAndQuery, c.env.API_ORIGIN || INTERNAL_ORIGIN);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', c.get('lang'));
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  // A device without the cookie (a TV signed in with a code, worker/api/device-link) brings its own Bearer.
  const deviceBearer = /^Bearer [\w.~+/=-]+$/.exec(headers.get('authorization') ?? '')?.[0] ?? null;
  for (const name of ['cookie', 'host', 'authorization', 'content-length', 'x-staff-session']) headers.delete(name);
  const site = new URL(c.req.url);
  const cf = c.req.raw.cf as { city?: unknown } | undefined;
  headers.set(DEVICE_ID_HEADER, c.get('deviceId'));
  headers.set('X-Request-Id', c.get('requestId'));
  headers.set('X-Client-IP', c.req.header('cf-connecting-ip') ?? '');
  headers.set('X-Client-Country', c.get('country'));
  headers.set('X-Client-City', typeof cf?.city === 'string' ? cf.city : '');
  headers.set('X-Client-User-Agent', c.req.header('user-agent') ?? '');
  headers.set('X-Forwarded-Host', site.host);
  headers.set('X-Forwarded-Proto', site.protocol.replace(':', ''));

  // The console's calls carry its staff session (from the cookie only /admin sees), never the site's tokens.
  const consoleCall = /^\/admin(\/|$)/.test(url.pathname);
  const staffToken = consoleCall && /^\/admin(\/|$)/.test(c.req.path) ? readStaffToken(c) : null;
  if (staffToken) headers.set('x-staff-session', staffToken);
  const sessionless = consoleCall || SESSIONLESS.has(url.pathname.replace(/\/$/, ''));
  const send = (tokens: Tokens | null): Promise<Response> => {
    if (tokens && !sessionless) headers.set('Authorization', `Bearer ${tokens.token}`);
    else if (!tokens && deviceBearer && !sessionless) headers.set('Authorization', deviceBearer);
    const request = new Request(url, { ...init, method, headers });
    const answer = c.env.API_ORIGIN ? fetch(request) : Promise.resolve(api.fetch(request, apiEnv(c), c.executionCtx));
    return answer.catch(unreachable);
  };
  const tokens = sessionless ? null : currentTokens(c);
  const loggedIn = tokens !== null || deviceBearer !== null;
  if (method === 'GET' && isCacheable(url.pathname, loggedIn)) return cachedFetch(c.env, c.executionCtx, url, () => send(null), Date.now(), loggedIn);

  let res = await send(tokens);
  if (res.status === 401 && tokens && !(await endsSession(res))) {
    const fresh = await refreshOnce(c, tokens);
    if (fresh) res = await send(fresh);
  }
  if (tokens && (res.status === 401 || res.status === 403) && (await endsSession(res))) clearTokens(c);
  return res;
}

/**
 * The bindings of the built-in API for this request: the same, but D1 through the request's one
 * session (./bookmark-cookie.ts), so replicas answer and the visitor reads their own writes.
 */
function apiEnv(c: Context<AppEnv>): AppEnv['Bindings'] {
  let env = envs.get(c);
  if (!env) {
    env = { ...c.env, DB: requestDatabase(c).db };
    envs.set(c, env);
  }
  return env;
}
const envs = new WeakMap<Context<AppEnv>, AppEnv['Bindings']>();

/** True for a 401 whose body ends the session, or a 403 USER_SUSPENDED (spec §4, §8). */
async function endsSession(res: Response): Promise<boolean> {
  if (res.status !== 401 && res.status !== 403) return false;
  const body = await res.clone().text();
  return res.status === 403 ? body.includes('USER_SUSPENDED') : SESSION_ENDED.some((s) => body.includes(s));
}

/**
 * POST /auth/refresh with the cookie's refresh token, at most once per request: parallel calls of
 * one page share the answer. Success rewrites the cookie; failure clears it.
 */
function refreshOnce(c: Context<AppEnv>, tokens: Tokens): Promise<Tokens | null> {
  let refreshing = c.get('refreshing');
  if (!refreshing) {
    refreshing = forward(c, '/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refreshToken }),
    }).then(async (res) => {
      const fresh = res.ok ? Tokens.safeParse(await res.json().catch(() => null)) : null;
      if (fresh?.success) {
        writeTokens(c, fresh.data);
        return fresh.data;
      }
      clearTokens(c);
      return null;
    });
    c.set('refreshing', refreshing);
  }
  return refreshing;
}

/** Turns a raw answer into the API error shape when the origin did not (network failure). */
export const unreachable = (error: unknown): Response =>
  Response.json({ status: 502, message: `BAD_GATEWAY: ${String(error)}` }, { status: 502 });
