import type { Context } from 'hono';
import { api } from '../api';
import type { AppEnv } from '../env';
import { cachedFetch, isCacheable } from './cache';

/** Header carrying the visitor's device id to the API (spec §7: every request carries it). */
export const DEVICE_ID_HEADER = 'X-Device-Id';
const INTERNAL_ORIGIN = 'http://api.internal';

/**
 * Forwards one API call to API_ORIGIN when set, to the built-in API otherwise (same path either way).
 * Adds the device-id header and the lang query parameter; GET /configs, /pages/menu and
 * /pages/navigation are served from the KV cache (worker/proxy/cache.ts).
 */
export async function forward(c: Context<AppEnv>, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(pathAndQuery, c.env.API_ORIGIN || INTERNAL_ORIGIN);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', c.get('lang'));
  const headers = new Headers(init.headers);
  headers.delete('cookie');
  headers.delete('host');
  headers.set(DEVICE_ID_HEADER, c.get('deviceId'));
  headers.set('X-Request-Id', c.get('requestId'));
  const method = (init.method ?? 'GET').toUpperCase();
  const send = (): Promise<Response> => {
    const request = new Request(url, { ...init, method, headers });
    const answer = c.env.API_ORIGIN ? fetch(request) : Promise.resolve(api.fetch(request, c.env, c.executionCtx));
    return answer.catch(unreachable);
  };
  if (method === 'GET' && isCacheable(url.pathname)) return cachedFetch(c.env, c.executionCtx, url, send);
  return send();
}

/** Turns a raw answer into the API error shape when the origin did not (network failure). */
export const unreachable = (error: unknown): Response =>
  Response.json({ status: 502, message: `BAD_GATEWAY: ${String(error)}` }, { status: 502 });
