import type { Context } from 'hono';
import { AdsPage as AdsAnswer, PartnerContents, PartnerList, Webview, type Ad, type Partner } from '../../api/partners/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../rules/api-client';
import type { AdPlacement } from '../../rules/partners';
import { forProfile, serverApi } from '../loaders';

/**
 * The partners' and ads' data as pages read it: the partner pages here (./routes.tsx) and the parts
 * of other pages (the content page's Partners row, the home page's ad slot, /page/{slug} webviews).
 */

type Ctx = Context<AppEnv>;

const enc = encodeURIComponent;
export const withLang = (c: Ctx, path: string): string => `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`;

/** Logged, and answered with `fallback`: a part of a page that must never break it (a row, an ad slot). */
export function logged<T>(c: Ctx, what: string, fallback: T) {
  return (error: unknown): T => {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: `${what} failed`, error: String(error) }));
    return fallback;
  };
}

/** An API 404 (or 400: a slug the API refuses) is "no such page". */
export const missing = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);
/** For `.catch`: null when the API has no such thing, any other failure thrown on (the 500 page). */
export const orNull = (error: unknown): null => {
  if (missing(error)) return null;
  throw error;
};

export const loadPartnerContents = (c: Ctx, slug: string, page: number) =>
  serverApi(c).request(forProfile(c, withLang(c, `/pages/partners/${enc(slug)}/content?limit=40&page=${page}`)), (v) => PartnerContents.parse(v));

/** The content page's Partners row (GET /pages/content/{slug}/partners): never fails the page, [] instead. */
export const loadContentPartners = (c: Ctx, slug: string): Promise<Partner[]> =>
  serverApi(c)
    .request(forProfile(c, withLang(c, `/pages/content/${enc(slug)}/partners`)), (v) => PartnerList.parse(v).partners)
    .catch((error: unknown) => (missing(error) ? [] : logged(c, 'content partners', [] as Partner[])(error)));

/** The ads of a placement running now in the page's language (the home page's slot). */
export const loadPlacementAds = (c: Ctx, placement: AdPlacement, size = 1): Promise<Ad[]> =>
  serverApi(c).request(withLang(c, `/pages/ads?placement=${placement}&page_size=${size}`), (v) => AdsAnswer.parse(v).data);

/** The webview of a menu item (spec §2) named `slug`, or null when the slug is no webview. */
export const loadWebview = (c: Ctx, slug: string) =>
  serverApi(c)
    .request(withLang(c, `/pages/webview/${enc(slug)}`), (v) => Webview.parse(v))
    .catch(orNull);
