import type { Context, MiddlewareHandler } from 'hono';
import { reactRenderer } from '@hono/react-renderer';
import { getCookie } from 'hono/cookie';
import type { ReactElement } from 'react';
import { APP_BANNER_CLOSED_KEY, storeFor } from '../../client/islands/app-banner';
import { CONSENT_COOKIE, referrerWhitelisted } from '../../client/islands/cookie-consent';
import { Document, type DocumentContext, type PageMeta } from '../../client/components/Document';
import type { Config } from '../api/configs/schemas';
import { listVar, type AppEnv } from '../env';
import { dictionaries } from '../i18n';
import { clientAssets } from './assets';
import { loadConfig, loadMenu } from './loaders';
import { loadBell } from './notifications/data';
import { takeFlash } from '../session/cookies';
import { loadUser } from '../session/user';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from '../rules/live-tv';
import { zoneTableAround } from '../rules/zones';

declare module '@hono/react-renderer' {
  interface Props {
    meta: PageMeta;
  }
}

/** Crawlers and link-preview bots get the whole page at once, with no streamed boundaries. */
const BOT = /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|telegram|discord|embedly|preview|twitter|linkedin/i;
export const isBot = (c: Context): boolean => BOT.test(c.req.header('user-agent') ?? '');

/**
 * The parts of the page's frame that depend on the browser rather than the visitor: the cookie
 * banner (until consent, unless the referrer is whitelisted) and the app banner (its store, by the
 * user agent, until closed). The guests' page cache keys on them (worker/pages/guest-cache).
 */
export function visitorChrome(c: Context<AppEnv>, config: Pick<Config, 'apps'>): { showConsent: boolean; appStore: string | null } {
  return {
    showConsent: !getCookie(c, CONSENT_COOKIE) && !referrerWhitelisted(c.req.header('referer'), listVar(c.env.CONSENT_REFERRER_WHITELIST)),
    appStore: getCookie(c, APP_BANNER_CLOSED_KEY) ? null : storeFor(c.req.header('user-agent') ?? '', config.apps),
  };
}

async function documentContext(c: Context<AppEnv>, meta: PageMeta): Promise<DocumentContext> {
  const lang = c.get('lang');
  const [config, menu, user, notifications] = await Promise.all([
    loadConfig(c),
    loadMenu(c).catch(() => []),
    loadUser(c),
    // Only the full top bar has the bell.
    (meta.bar ?? 'full') === 'full' ? loadBell(c) : null,
  ]);
  return {
    lang,
    dict: dictionaries[lang],
    url: c.req.url,
    nonce: c.get('nonce'),
    stylesheet: clientAssets.stylesheet,
    assets: { entry: clientAssets.entry, islands: clientAssets.islands, nonce: c.get('nonce') },
    config,
    menu,
    ...visitorChrome(c, config),
    user,
    flash: takeFlash(c),
    deviceId: c.get('deviceId'),
    notifications,
    zones: zoneTableAround(Date.now() / 1000, pageZones(c)),
  };
}

/** The zones a page may write times in: Morocco's, the one the browser told (the guide's cookie), Cloudflare's guess of the visitor's. */
function pageZones(c: Context<AppEnv>): string[] {
  const cf = c.req.raw.cf as { timezone?: unknown } | undefined;
  const told = validTimeZone(getCookie(c, TIME_ZONE_COOKIE));
  const guessed = typeof cf?.timezone === 'string' ? validTimeZone(cf.timezone) : null;
  return [DEFAULT_TIME_ZONE, ...(told ? [told] : []), ...(guessed ? [guessed] : [])];
}

/**
 * Streams pages with React's renderToReadableStream through @hono/react-renderer: the document
 * head and top bar (config and menu come from the KV-cached API) flush first, page data resolves
 * inside Suspense boundaries. Installed per request because the CSP nonce is per response.
 * Under `wrangler dev` (STREAM_IDENTITY_ENCODING=true) the response opts out of compression,
 * which miniflare would otherwise buffer (workers-sdk #6577, #8004).
 */
export function pageRenderer(): MiddlewareHandler<AppEnv> {
  return async function pageRenderer(c, next) {
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-store',
      // A page's language comes from the lang cookie or, for a new guest, the browser's Accept-Language.
      Vary: 'Accept-Language, Cookie',
    };
    if (c.env.STREAM_IDENTITY_ENCODING === 'true') headers['Content-Encoding'] = 'identity';
    const renderer = reactRenderer(
      async ({ children, meta }) => <Document meta={meta} doc={await documentContext(c, meta)}>{children}</Document>,
      {
        stream: headers,
        readableStreamOptions: {
          nonce: c.get('nonce'),
          // A part that is ready when the page flushes is written in place, however large: React
          // would otherwise outline a large finished part (the home page's rows) behind a skeleton
          // and a script that swaps it in after the first paint, laying the page out twice. A part
          // still waiting for its data streams behind its fallback as before.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onError(error) {
            // A page with a failed part is never kept for other guests (worker/pages/guest-cache).
            c.set('renderFailed', true);
            console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'render error', error: String(error) }));
          },
        },
      },
    );
    return renderer(c, next);
  };
}

/** Renders `page` inside the document with the given status. */
export function renderPage(c: Context<AppEnv>, page: ReactElement, meta: PageMeta, status: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 451 | 500 = 200) {
  c.status(status);
  return c.render(page, { meta });
}
