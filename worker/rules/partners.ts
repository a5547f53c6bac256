/**
 * Rules of partners, ads and webview pages (issue 15) shared by the API, the pages and the seed:
 * where an ad's click may lead (no open redirect), which pages a menu item of type webview may
 * embed (spec §2: /page/{slug}) and with which iframe sandbox. Pure: no I/O.
 */

/** Where ads are shown: the home page slot, the search results, or only the /ads page (which lists every current ad). */
export const AD_PLACEMENTS = ['home', 'search', 'ads'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
/** A house ad (our own offer, e.g. premium) or a sponsor banner (a partner's). */
export const AD_KINDS = ['house', 'sponsor'] as const;

/** A path of this site: one leading slash, never `//host` nor `/\host` (a browser reads both as another host). */
export const isSitePath = (url: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(url);

/**
 * An ad's or a partner's link: an https URL or a path of this site; anything else (javascript:,
 * data:, http:, `//host`) is refused, so /ads/{id}/click can never redirect anywhere but there.
 */
export function isSafeLink(url: string): boolean {
  if (isSitePath(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** WEBVIEW_ORIGINS (comma-separated): the https origins webview pages may embed; anything else is dropped. */
export const webviewOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().replace(/\/+$/, '').toLowerCase())
    .filter((v) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(v));

/**
 * The iframe sandbox of an embedded partner page. Never allow-top-navigation (the partner cannot
 * take the site's window away). A page of another origin may run its scripts with its own origin
 * (its storage, its forms) and open links in a new tab. A page of this site gets no scripts and no
 * origin: allow-scripts with allow-same-origin on a same-origin page would let it remove its own sandbox.
 */
export const SANDBOX_EXTERNAL = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms';
export const SANDBOX_SITE = 'allow-popups allow-popups-to-escape-sandbox';

/** What /page/{slug} does with a webview's URL: embed it (with its sandbox), or refuse it. */
export type WebviewTarget = { embed: true; url: string; sandbox: string } | { embed: false; origin: string };

/** A webview's URL is embedded when it is a path of this site or its origin is listed in WEBVIEW_ORIGINS; else refused. */
export function webviewTarget(url: string, allowed: readonly string[]): WebviewTarget {
  if (isSitePath(url)) return { embed: true, url, sandbox: SANDBOX_SITE };
  let origin = '';
  try {
    const parsed = new URL(url);
    origin = parsed.origin.toLowerCase();
    if (parsed.protocol === 'https:' && allowed.includes(origin)) return { embed: true, url: parsed.href, sandbox: SANDBOX_EXTERNAL };
  } catch {
    // Not a URL: refused below.
  }
  return { embed: false, origin: origin || url.slice(0, 80) };
}

/** The day an impression or click is counted under: the UTC date (never a person). */
export const countDay = (at: Date): string => at.toISOString().slice(0, 10);
