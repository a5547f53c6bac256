import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';

/**
 * DEV_OUTBOX=true is for a developer's machine: every email and SMS (reset links, codes) is readable
 * at /dev/outbox, and tokens, media URLs and push are signed with fixed, published development
 * secrets. On any other host the worker refuses to serve (503) and says why in the log, once per
 * isolate: a deploy that forgot to turn it off fails closed instead of leaking accounts.
 */

const PRIVATE_IPV4 = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/;

/** localhost, *.localhost, the .test domain (RFC 6761, never on the internet), loopback and private addresses. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.test') || host === '::1' || PRIVATE_IPV4.test(host);
}

let warned = false;

export function devOnly(): MiddlewareHandler<AppEnv> {
  return async function devOnly(c, next) {
    if (c.env.DEV_OUTBOX !== 'true') return next();
    const host = new URL(c.req.url).hostname;
    if (isLocalHost(host)) return next();
    if (!warned) {
      warned = true;
      console.error(JSON.stringify({ level: 'error', msg: `DEV_OUTBOX=true on ${host}: refusing to serve. It is for local development only; set DEV_OUTBOX = "false" in wrangler.toml [vars].` }));
    }
    return c.text('This site is not available: it runs with a development setting (DEV_OUTBOX) that is refused on a public hostname.', 503, { 'Cache-Control': 'no-store' });
  };
}
