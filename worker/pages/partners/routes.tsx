import { Hono, type Context } from 'hono';
import { AdsPage } from '../../../client/pages/partners/AdsPage';
import { PartnerEmbed } from '../../../client/pages/partners/PartnerEmbed';
import { PartnerPage } from '../../../client/pages/partners/PartnerPage';
import { PartnersPage } from '../../../client/pages/partners/PartnersPage';
import { WebviewPage } from '../../../client/pages/partners/WebviewPage';
import { AdCount, AdsPage as AdsAnswer, PartnerContents, PartnerList, Webview, type Ad, type Partner } from '../../api/partners/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError } from '../../rules/api-client';
import { isSafeLink, webviewOrigins, webviewTarget, type AdPlacement } from '../../rules/partners';
import { callApi } from '../../session/auth';
import { forProfile, serverApi } from '../loaders';
import { renderPage } from '../render';

/**
 * Partners, ads and webview pages (issue 15; spec §1 ads and partners pages, §2 menus): /partners,
 * /partners/{slug} (its titles as a poster grid), /ads (the offers running now), /ads/{id}/click
 * (counted, then 302 to the ad's stored link only) and /ads/{id}/impression (the 1-pixel image of an
 * ad card), /embed/partners/{slug} (a partner's page a webview may frame). Also the loaders other
 * pages use: the content page's Partners row, the home page's ad slot, and /page/{slug} webviews.
 */

type Ctx = Context<AppEnv>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AD_ID = /^[1-9]\d{0,14}$/;
const enc = encodeURIComponent;
const withLang = (c: Ctx, path: string): string => `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`;
const pageOf = (c: Ctx): number => Math.min(10_000, Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));

/** A 1×1 transparent GIF: the answer of the impression pixel. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));

/** Logged, and answered with `fallback`: a part of a page that must never break it (a row, an ad slot). */
function logged<T>(c: Ctx, what: string, fallback: T) {
  return (error: unknown): T => {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: `${what} failed`, error: String(error) }));
    return fallback;
  };
}

/** An API 404 (or 400: a slug the API refuses) is "no such page". */
const missing = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);
/** For `.catch`: null when the API has no such thing, any other failure thrown on (the 500 page). */
const orNull = (error: unknown): null => {
  if (missing(error)) return null;
  throw error;
};

const loadPartnerContents = (c: Ctx, slug: string, page: number) =>
  serverApi(c).request(forProfile(c, withLang(c, `/pages/partners/${enc(slug)}/content?limit=40&page=${page}`)), (v) => PartnerContents.parse(v));

/** The content page's Partners row (GET /pages/content/{slug}/partners): never fails the page, [] instead. */
export const loadContentPartners = (c: Ctx, slug: string): Promise<Partner[]> =>
  serverApi(c)
    .request(forProfile(c, withLang(c, `/pages/content/${enc(slug)}/partners`)), (v) => PartnerList.parse(v).partners)
    .catch((error: unknown) => (missing(error) ? [] : logged(c, 'content partners', [] as Partner[])(error)));

/** The ads of a placement running now in the page's language (the home page's slot). */
export const loadPlacementAds = (c: Ctx, placement: AdPlacement, size = 1): Promise<Ad[]> =>
  serverApi(c).request(withLang(c, `/pages/ads?placement=${placement}&page_size=${size}`), (v) => AdsAnswer.parse(v).data);

/**
 * `/page/{slug}` of a menu item of type webview (spec §2): the partner page in a sandboxed iframe, or
 * the refusal when its origin is not in WEBVIEW_ORIGINS; null when the slug is no webview (the
 * caller renders the category grid).
 */
export async function renderWebview(c: Ctx, slug: string): Promise<Response | null> {
  const webview = await serverApi(c)
    .request(withLang(c, `/pages/webview/${enc(slug)}`), (v) => Webview.parse(v))
    .catch(orNull);
  if (!webview) return null;
  const target = webviewTarget(webview.url, webviewOrigins(c.env.WEBVIEW_ORIGINS));
  if (!target.embed) console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'webview refused', slug, origin: target.origin }));
  return renderPage(c, <WebviewPage name={webview.name} target={target} />, { title: webview.name });
}

/**
 * GET /ads/{id}/click: counts the click (POST /ads/{id}/click) and redirects to the ad's stored link,
 * never elsewhere. An ad that is unknown or no longer running leads to /ads (the offers running now).
 */
async function adClick(c: Ctx, id: string) {
  if (!AD_ID.test(id)) return c.notFound();
  c.header('Cache-Control', 'private, no-store');
  const body = await callApi(c, `/ads/${id}/click`, 'POST').catch(orNull);
  if (!body) return c.redirect('/ads', 302);
  // The stored link must be https or a path of this site (AdCount checks it): anything else is no redirect at all.
  const counted = AdCount.safeParse(body);
  if (!counted.success || !isSafeLink(counted.data.url)) return c.notFound();
  return c.redirect(counted.data.url, 302);
}

/**
 * GET /ads/{id}/impression: the pixel of an ad card, counting one impression (once per visitor, ad
 * and day, nothing about the viewer stored). A pixel another site embeds (Sec-Fetch-Site: cross-site
 * or same-site) is answered without counting.
 */
async function adImpression(c: Ctx, id: string) {
  if (!AD_ID.test(id)) return c.notFound();
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'private, no-store' });
  const counted = await callApi(c, `/ads/${id}/impression`, 'POST').then(
    () => true,
    (error: unknown) => (missing(error) ? false : logged(c, 'ad impression', false)(error)),
  );
  return c.body(PIXEL, counted ? 200 : 404, { 'Content-Type': 'image/gif', 'Cache-Control': 'private, no-store' });
}

export const partnerPages = new Hono<AppEnv>()
  .get('/partners', async (c) => {
    const t = translate(c.get('lang'));
    const partners = await serverApi(c).request(forProfile(c, withLang(c, '/pages/partners')), (v) => PartnerList.parse(v).partners);
    return renderPage(c, <PartnersPage partners={partners} />, { title: t('PARTNERS'), description: t('PARTNERS_INTRO') });
  })
  .get('/partners/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!SLUG.test(slug) || slug.length > 120) return c.notFound();
    const data = await loadPartnerContents(c, slug, pageOf(c)).catch(orNull);
    if (!data) return c.notFound();
    return renderPage(c, <PartnerPage data={data} basePath={c.req.path} />, {
      title: data.partner.name,
      description: data.partner.description ?? undefined,
      share: { image: data.contents[0]?.tile_image },
    });
  })
  .get('/ads', async (c) => {
    const t = translate(c.get('lang'));
    const data = await serverApi(c).request(withLang(c, `/pages/ads?page=${pageOf(c)}`), (v) => AdsAnswer.parse(v));
    return renderPage(c, <AdsPage data={data} />, { title: t('ADS_TITLE'), description: t('ADS_INTRO') });
  })
  .get('/ads/:id/click', (c) => adClick(c, c.req.param('id')))
  .get('/ads/:id/impression', (c) => adImpression(c, c.req.param('id')))
  .get('/embed/partners/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!SLUG.test(slug) || slug.length > 120) return c.notFound();
    const data = await loadPartnerContents(c, slug, 1).catch(orNull);
    if (!data) return c.notFound();
    return renderPage(c, <PartnerEmbed data={data} />, { title: data.partner.name, bar: 'none', footer: false });
  });
