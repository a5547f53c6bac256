import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { webviewOrigins } from '../../rules/partners';
import { TURNSTILE_ORIGIN } from '../../rules/turnstile';

export type SecurityHeadersOptions = {
  /** The Content-Security-Policy of HTML responses, given the response's nonce (undefined when none was set), the request path, the live origins and the webview origins. */
  contentSecurityPolicy?: (nonce: string | undefined, path: string, liveOrigins: readonly string[], webviewOrigins: readonly string[]) => string;
  /** Headers set on every response (API, pages, fixed routes, assets). */
  headers?: Record<string, string>;
};

/** The YouTube embed of `/youtube/{slug}` (client/pages/content/YouTube.tsx), the only page allowed a frame. */
export const YOUTUBE_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Where the subscription pages may send a form or its redirect: the payment providers' hosted pages
 * (CMI's live and test gateways, Stripe Checkout). The sandbox's page is on this site.
 */
export const PAYMENT_FORM_ORIGINS = ['https://payment.cmi.co.ma', 'https://testpayment.cmi.co.ma', 'https://checkout.stripe.com'];
const PAYMENT_PAGES = /^\/(subscription|settings\/(changeSubscription|managePayment))(\/|$)/;

/** LIVE_ORIGINS (comma-separated): the https origins of live channels' sources; anything else is dropped. */
export const liveOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(v));

/**
 * Webview pages (spec §2: a menu item of type webview at /page/{slug}) embed a partner page: a page
 * of this site, or one of the https origins of WEBVIEW_ORIGINS (worker/rules/partners.ts). The
 * site's own embeddable pages live under /embed/: the only ones this site may frame (frame-ancestors 'self').
 */
const EMBEDDABLE_PAGES = /^\/embed\//;

/** The contact form's human check, Cloudflare Turnstile (worker/rules/turnstile.ts): its script and its frame, on /contact only. */
const CONTACT_PAGE = /^\/contact\/?$/;

/**
 * The pages' CSP: scripts only from us or carrying this response's nonce (React's inline
 * streaming scripts). Without a nonce, no inline script runs at all. Frames: only the YouTube
 * embed, only on `/youtube/*`. Forms: this site, and the payment providers on the subscription pages.
 * Media: this site, and on a live channel's page (`/tv/*`) the live sources of LIVE_ORIGINS.
 * Webview pages (`/page/*`) may frame this site and the origins of WEBVIEW_ORIGINS; `/embed/*` may be framed by this site.
 * The contact page (`/contact`) may run Cloudflare Turnstile's script and frame (the human check).
 */
export const defaultContentSecurityPolicy = (nonce: string | undefined, path = '', live: readonly string[] = [], webviews: readonly string[] = []): string => {
  const extra = path.startsWith('/tv/') && live.length ? ` ${live.join(' ')}` : '';
  return [
    "default-src 'self'",
    `${nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'"}${CONTACT_PAGE.test(path) ? ` ${TURNSTILE_ORIGIN}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    PAYMENT_PAGES.test(path) ? `form-action 'self' ${PAYMENT_FORM_ORIGINS.join(' ')}` : "form-action 'self'",
    EMBEDDABLE_PAGES.test(path) ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    ...(path.startsWith('/youtube/') ? [`frame-src ${YOUTUBE_FRAME_ORIGIN}`] : []),
    ...(CONTACT_PAGE.test(path) ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    ...(path.startsWith('/page/') ? [["frame-src 'self'", ...webviews].join(' ')] : []),
  ].join('; ');
};

export const DEFAULT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

const NONCE = /^[A-Za-z0-9+/=_-]+$/;

/**
 * Sets the security headers on every response after the handlers ran, and the CSP (with the
 * nonce of worker/edge/request-context) on HTML ones and redirects. Responses from `fetch`/`env.ASSETS.fetch`
 * have immutable headers: those are copied into a new Response around the same body stream,
 * so streamed bodies keep streaming.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler<AppEnv> {
  const csp = options.contentSecurityPolicy ?? defaultContentSecurityPolicy;
  const always = Object.entries({ ...DEFAULT_SECURITY_HEADERS, ...options.headers });
  for (const [name, value] of always) {
    if (!name || /[\r\n]/.test(name + value)) throw new Error(`securityHeaders: invalid header ${JSON.stringify(name)}`);
  }
  return async function securityHeaders(c, next) {
    await next();
    const res = c.res;
    // A WebSocket upgrade (101) cannot be copied into a new Response and carries no document.
    if (res.status === 101 || res.webSocket) return;
    const set: [string, string][] = EMBEDDABLE_PAGES.test(c.req.path) ? always.map(([name, value]) => [name, name === 'X-Frame-Options' ? 'SAMEORIGIN' : value]) : [...always];
    // Pages and their redirects (a member page sending a guest to /login): the policy travels with both.
    const redirect = res.status >= 300 && res.status < 400 && res.headers.has('Location');
    if (redirect || (res.headers.get('Content-Type') ?? '').toLowerCase().includes('text/html')) {
      const nonce = c.get('nonce');
      set.push(['Content-Security-Policy', csp(nonce && NONCE.test(nonce) ? nonce : undefined, c.req.path, liveOrigins(c.env?.LIVE_ORIGINS), webviewOrigins(c.env?.WEBVIEW_ORIGINS))]);
    }
    try {
      for (const [name, value] of set) res.headers.set(name, value);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      c.res = new Response(res.body, res);
      for (const [name, value] of set) c.res.headers.set(name, value);
    }
  };
}
