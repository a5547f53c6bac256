import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a POST/PUT/PATCH/DELETE must come from this site. Browsers say where a request comes from
 * with `Sec-Fetch-Site` and `Origin`; a cross-site one is refused (403). A request with neither
 * header is not a browser's (a browser always sends Origin on unsafe methods) and is let through.
 * The one exception is a payment provider's return (/payments/return/…), which changes nothing.
 */
export function sameOriginOnly(): MiddlewareHandler<AppEnv> {
  return async function sameOriginOnly(c, next) {
    if (SAFE.has(c.req.method)) return next();
    // A payment provider's hosted page posts the browser back here (CMI): that route only redirects.
    if (c.req.path.startsWith('/payments/return/')) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const host = new URL(c.req.url).host;
    const crossSite = fetchSite ? !['same-origin', 'same-site', 'none'].includes(fetchSite) : false;
    const foreignOrigin = origin !== undefined && (origin === 'null' || hostOf(origin) !== host);
    if (crossSite || foreignOrigin) {
      const body = { status: 403, message: 'CSRF_REFUSED: cross-site request' };
      return c.req.path.startsWith('/api/') ? c.json(body, 403) : c.text(body.message, 403);
    }
    return next();
  };
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return '';
  }
}
