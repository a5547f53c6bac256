import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env';
import { FLASH_COOKIE } from '../../session/cookies';
import { clientAssets } from '../assets';
import { loadConfig } from '../loaders';
import { isBot, visitorChrome } from '../render';

/**
 * The guests' page cache: a guest's page is the same for every guest with the same language and
 * browser variant, so it is rendered once and served from the edge cache (the Workers Cache API,
 * per data centre) for GUEST_PAGE_CACHE_SECONDS. Never a member's page: only the anonymous guest
 * with no favourites in this browser and no flash message is served or stored.
 *
 * Each response stays its own: the CSP nonce of every `nonce` attribute (React's inline streaming
 * scripts, the island loader) and the `<html data-device>` id are rewritten with HTMLRewriter, and
 * the request's cookies (deviceId, lang) are set as on any page. The key holds the build (a deploy
 * starts a new cache), the language, the country, the cookie and app banners, bots (whole page
 * at once) and the URL; a URL over MAX_URL_BYTES is not cached. A page with a failed part is not
 * kept. `X-Page-Cache: hit | miss` tells which.
 */

/** Pages a guest sees the same as any other guest (never /player: its stream URLs are signed per visitor). */
const CACHEABLE = [/^\/$/, /^\/category\/[^/]+\/?$/, /^\/categories\/?$/, /^\/content\/[^/]+\/?$/, /^\/search\/?$/, /^\/login\/?$/, /^\/register\/?$/, /^\/forgot\/?$/, /^\/page\/[^/]+\/?$/];
const MAX_URL_BYTES = 512;
const CACHE_NAME = 'guest-pages';
const CACHE_HEADER = 'X-Page-Cache';

type Ctx = Context<AppEnv>;

const seconds = (value: string | undefined): number => {
  const n = Number(value ?? '60');
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The cache key of this request's page, or null when this page must be rendered for this visitor. */
export async function guestPageKey(c: Ctx): Promise<string | null> {
  if (c.req.method !== 'GET' || !CACHEABLE.some((route) => route.test(c.req.path))) return null;
  const user = c.get('user');
  if (!user?.isAnonymous || user.favs.length > 0 || getCookie(c, FLASH_COOKIE)) return null;
  const url = new URL(c.req.url);
  const target = url.pathname + url.search;
  if (new TextEncoder().encode(target).length > MAX_URL_BYTES) return null;
  const { showConsent, appStore } = visitorChrome(c, await loadConfig(c));
  // The build: the hashed names of the stylesheet and the entry a stored page links to (a deploy
  // that changes either never serves a page pointing at files it no longer has).
  const build = (clientAssets.stylesheet + clientAssets.entry).replace(/\W/g, '');
  const variant = [c.get('lang'), c.get('country') || '-', showConsent ? 'consent' : '-', appStore ? encodeURIComponent(appStore) : '-', isBot(c) ? 'bot' : '-'].join('/');
  return `https://guest-pages.invalid/${build}/${variant}${target}`;
}

/** A stored page, made this response's own: its nonce and device id. */
function personalise(c: Ctx, stored: Response): Response {
  const nonce = c.get('nonce');
  const deviceId = c.get('deviceId');
  return new HTMLRewriter()
    .on('[nonce]', { element: (element) => void element.setAttribute('nonce', nonce) })
    .on('html', { element: (element) => void element.setAttribute('data-device', deviceId) })
    .transform(stored);
}

/** Keeps the finished page, unless a part of it failed to render. */
async function store(c: Ctx, key: string, body: ReadableStream, headers: Headers, ttl: number): Promise<void> {
  const html = await new Response(body).text();
  if (c.get('renderFailed')) return;
  const kept = new Headers({ 'Content-Type': headers.get('content-type') ?? 'text/html; charset=UTF-8', 'Cache-Control': `public, max-age=${ttl}` });
  await (await caches.open(CACHE_NAME)).put(key, new Response(html, { headers: kept }));
}

/**
 * Page middleware, after the session (the visitor is known) and before the renderer. Answers a
 * stored page on a hit; on a miss, streams the rendered page and keeps a copy.
 */
export function guestPageCache(): MiddlewareHandler<AppEnv> {
  return async function guestPageCache(c, next) {
    const ttl = seconds(c.env.GUEST_PAGE_CACHE_SECONDS);
    const key = ttl > 0 ? await guestPageKey(c).catch(() => null) : null;
    if (!key) return next();

    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(key).catch(() => undefined);
    if (hit?.ok && hit.body) {
      const page = personalise(c, hit).body;
      if (!page) return next();
      const headers: Record<string, string> = {
        'Content-Type': hit.headers.get('content-type') ?? 'text/html; charset=UTF-8',
        'Cache-Control': 'private, no-store',
        Vary: 'Accept-Language, Cookie',
        [CACHE_HEADER]: 'hit',
      };
      // A stored page is whole, so it is compressed like any response (STREAM_IDENTITY_ENCODING only
      // keeps a page that is still being rendered from being held back by the dev server's gzip).
      return c.body(page, 200, headers);
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || !res.body || !res.headers.get('content-type')?.startsWith('text/html')) return;
    const [toVisitor, toCache] = res.body.tee();
    c.executionCtx.waitUntil(
      store(c, key, toCache, res.headers, ttl).catch((error: unknown) =>
        console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'guest page not cached', error: String(error) })),
      ),
    );
    c.res = new Response(toVisitor, res);
    c.res.headers.set(CACHE_HEADER, 'miss');
  };
}
