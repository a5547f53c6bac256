import { Hono } from 'hono';
import { AdsPage } from '../../../client/pages/partners/AdsPage';
import { PartnerEmbed } from '../../../client/pages/partners/PartnerEmbed';
import { PartnerPage } from '../../../client/pages/partners/PartnerPage';
import { PartnersPage } from '../../../client/pages/partners/PartnersPage';
import { AdCount, AdsPage as AdsAnswer, PartnerList } from '../../api/partners/schemas';
import type { AppEnv } from '../../env';
import { isSafeLink } from '../../rules/partners';
import { callApi } from '../../session/auth';
import { defineEndpoint, definePage, type Ctx } from '../kit/page';
import { forProfile, serverApi } from '../loaders';
import { loadPartnerContents, logged, missing, orNull, withLang } from './data';

/**
 * Partners, ads and webview pages (issue 15; spec §1 ads and partners pages, §2 menus): /partners,
 * /partners/{slug} (its titles as a poster grid), /ads (the offers running now), /ads/{id}/click
 * (counted, then 302 to the ad's stored link only) and /ads/{id}/impression (the 1-pixel image of an
 * ad card), /embed/partners/{slug} (a partner's page a webview may frame). The data other pages
 * show (the content page's Partners row, the home page's ad slot, /page/{slug} webviews) is in ./data.ts.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const AD_ID = /^[1-9]\d{0,14}$/;
const pageOf = (c: Ctx): number => Math.min(10_000, Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
const validSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 120;

/** A 1×1 transparent GIF: the answer of the impression pixel. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));

const partners = definePage({
  path: '/partners',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => serverApi(c).request(forProfile(c, withLang(c, '/pages/partners')), (v) => PartnerList.parse(v).partners),
  view: (list, { t }) => ({ element: <PartnersPage partners={list} />, meta: { title: t('PARTNERS'), description: t('PARTNERS_INTRO') } }),
});

/** The partner of the path's slug and its titles (page `page`), or the 404 page. */
async function partnerOf(c: Ctx, page: number) {
  const slug = c.req.param('slug') ?? '';
  if (!validSlug(slug)) return c.notFound();
  return (await loadPartnerContents(c, slug, page).catch(orNull)) ?? c.notFound();
}

/** A partner's titles as a poster grid. */
const partner = definePage({
  path: '/partners/:slug',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => partnerOf(c, pageOf(c)),
  view: (data, { c }) => ({
    element: <PartnerPage data={data} basePath={c.req.path} />,
    meta: { title: data.partner.name, description: data.partner.description ?? undefined, share: { image: data.contents[0]?.tile_image } },
  }),
});

const ads = definePage({
  path: '/ads',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => serverApi(c).request(withLang(c, `/pages/ads?page=${pageOf(c)}`), (v) => AdsAnswer.parse(v)),
  view: (data, { t }) => ({ element: <AdsPage data={data} />, meta: { title: t('ADS_TITLE'), description: t('ADS_INTRO') } }),
});

/** A GET of one ad, its id in the path (any other id is the 404 page). */
const adLink = (path: string, answer: (c: Ctx, id: string) => Promise<Response>) =>
  defineEndpoint({
    method: 'GET',
    path,
    who: 'anyone',
    answer: ({ c }) => {
      const id = c.req.param('id') ?? '';
      return AD_ID.test(id) ? answer(c, id) : c.notFound();
    },
  });

/**
 * GET /ads/{id}/click: counts the click (POST /ads/{id}/click) and redirects to the ad's stored link,
 * never elsewhere. An ad that is unknown or no longer running leads to /ads (the offers running now).
 */
const adClick = adLink('/ads/:id/click', async (c, id) => {
  c.header('Cache-Control', 'private, no-store');
  const body = await callApi(c, `/ads/${id}/click`, 'POST').catch(orNull);
  if (!body) return c.redirect('/ads', 302);
  // The stored link must be https or a path of this site (AdCount checks it): anything else is no redirect at all.
  const counted = AdCount.safeParse(body);
  if (!counted.success || !isSafeLink(counted.data.url)) return c.notFound();
  return c.redirect(counted.data.url, 302);
});

/**
 * GET /ads/{id}/impression: the pixel of an ad card, counting one impression (once per visitor, ad
 * and day, nothing about the viewer stored). A pixel another site embeds (Sec-Fetch-Site: cross-site
 * or same-site) is answered without counting.
 */
const adImpression = adLink('/ads/:id/impression', async (c, id) => {
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'private, no-store' });
  const counted = await callApi(c, `/ads/${id}/impression`, 'POST').then(
    () => true,
    (error: unknown) => (missing(error) ? false : logged(c, 'ad impression', false)(error)),
  );
  return c.body(PIXEL, counted ? 200 : 404, { 'Content-Type': 'image/gif', 'Cache-Control': 'private, no-store' });
});

/** A partner's page a webview may frame: no top bar, no footer. */
const embed = definePage({
  path: '/embed/partners/:slug',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => partnerOf(c, 1),
  view: (data) => ({ element: <PartnerEmbed data={data} />, meta: { title: data.partner.name, bar: 'none', footer: false } }),
});

export const pages = new Hono<AppEnv>().route('/', partners).route('/', partner).route('/', ads).route('/', adClick).route('/', adImpression).route('/', embed);
