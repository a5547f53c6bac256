import type { Context, MiddlewareHandler } from 'hono';
import { listVar, type AppEnv } from '../../env';
import { DEFAULT_EXEMPT, onPathList } from '../paths';

export type GeoblockOptions = {
  /** The geoblocking page for a visitor from `country` (worker/pages/walls.tsx: the app's document, status 451). */
  page: (c: Context<AppEnv>, country: string) => Promise<Response>;
  /** Paths served whatever the country (trailing `*`: prefix); DEFAULT_EXEMPT (../paths) by default. */
  exempt?: string[];
};

/** Cloudflare's codes for "no country": '' (no request.cf, e.g. local dev) and XX. */
const UNKNOWN = new Set(['', 'XX']);

const codes = (value: string | undefined): string[] => listVar(value).map((code) => code.toUpperCase());

/**
 * Whether visitors from `country` are blocked: GEO_BLOCKED_COUNTRIES always blocks; when
 * GEO_ALLOWED_COUNTRIES is set, every other known country is blocked too. An unknown country
 * is never blocked, even with an allow list: local development and some networks carry none,
 * and failing open there is the lesser harm than locking out a whole site on a missing header.
 */
export function isGeoblocked(country: string, env: Pick<Env, 'GEO_ALLOWED_COUNTRIES' | 'GEO_BLOCKED_COUNTRIES'>): boolean {
  const code = country.toUpperCase();
  if (UNKNOWN.has(code)) return false;
  if (codes(env.GEO_BLOCKED_COUNTRIES).includes(code)) return true;
  const allowed = codes(env.GEO_ALLOWED_COUNTRIES);
  return allowed.length > 0 && !allowed.includes(code);
}


/**
 * Geoblocking by the request's country (spec §6; `c.get('country')` from request.cf.country):
 * a blocked visitor gets the geoblocking page with status 451, or under /api/ the JSON error
 * `{ status: 451, message: 'GEOBLOCKED: <country>' }`. Exempt paths are always served.
 */
export function geoblock(options: GeoblockOptions): MiddlewareHandler<AppEnv> {
  const exempt = options.exempt ?? DEFAULT_EXEMPT;
  if (exempt.some((p) => !p.startsWith('/'))) throw new Error('geoblock: exempt paths start with /');
  return async function geoblock(c, next) {
    const country = c.get('country') ?? '';
    if (!isGeoblocked(country, c.env)) return next();
    const path = new URL(c.req.url).pathname;
    if (onPathList(exempt, path)) return next();
    if (path === '/api' || path.startsWith('/api/')) {
      return c.json({ status: 451, message: `GEOBLOCKED: ${country}` }, 451, { 'Cache-Control': 'no-store' });
    }
    return options.page(c, country);
  };
}
