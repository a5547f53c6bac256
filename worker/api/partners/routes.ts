import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { recordEvent } from '../../analytics/events';
import { limiter } from '../../limits';
import { clientOf } from '../kernel/request';
import { serverSecret } from '../kernel/tokens';
import type { AppEnv } from '../../env';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { slugParam } from '../pages/schemas';
import { viewerAgeLimit } from '../entitlements/routes';
import { langQuery } from '../schemas';
import { validationHook } from '../kernel/validation';
import { countAd, currentAds, partnerBySlug, partnerContents, partnersOfContent, publishedPartners, webviewBySlug } from './queries';
import { adParam, adsQuery, partnerContentsQuery, partnerParam, type AdCount, type AdsPage, type PartnerContents, type PartnerList, type PartnerPage, type Webview } from './schemas';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * The visitor as ads count them: a keyed hash (HMAC-SHA256 with the server secret) of the address
 * and browser the edge forwards, so nothing personal is stored and the tag cannot be reversed.
 */
async function visitorTag(c: Context<AppEnv>): Promise<string> {
  const { ip, userAgent } = clientOf(c);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(serverSecret(c.env)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`ad-visitor\n${ip}\n${userAgent}`)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /ads/{id}/impression|click: counts once per visitor and ad a day (the rate limiter, keyed by
 * visitorTag), only while the ad runs; 404 AD_NOT_FOUND for an unknown ad or one not running.
 */
async function countAdFor(c: Context<AppEnv>, id: number, what: 'impressions' | 'clicks') {
  const first = await limiter(c.env).consume(what === 'clicks' ? 'ad-click' : 'ad-impression', `${id}:${await visitorTag(c)}`);
  const counted = await countAd(c.env, id, now(c), what, first.allowed);
  if (!counted) apiError(404, 'AD_NOT_FOUND', `${id} (unknown or not running)`);
  if (first.allowed) recordEvent(c.env, { event: what === 'clicks' ? 'ad_click' : 'ad_impression', adId: id }, clientOf(c).country || null);
  return c.json(counted satisfies AdCount, 200, NO_STORE);
}

/**
 * Partners, ads and webview pages (issue 15; spec §1 ads and partners pages, §7), mounted at the API
 * root before /pages: GET /pages/partners, /pages/partners/{slug}, /pages/partners/{slug}/content,
 * /pages/content/{slug}/partners, /pages/ads, /pages/webview/{slug}; POST /ads/{id}/impression and
 * /ads/{id}/click (counted per ad and day, once per visitor, while the ad runs). Titles are filtered by the viewer's
 * age limit (spec §5); ads by the request's clock (now(c)) and language.
 */
export const partners = new Hono<AppEnv>()
  .get('/pages/partners', zValidator('query', langQuery, validationHook), async (c) => {
    const age = await viewerAgeLimit(c);
    return c.json({ partners: await publishedPartners(c.env, c.req.valid('query').lang, age) } satisfies PartnerList);
  })
  .get('/pages/partners/:slug', zValidator('param', partnerParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const partner = await partnerBySlug(c.env, c.req.valid('query').lang, await viewerAgeLimit(c), slug);
    if (!partner) apiError(404, 'PARTNER_NOT_FOUND', slug);
    return c.json({ partner } satisfies PartnerPage);
  })
  .get('/pages/partners/:slug/content', zValidator('param', partnerParam, validationHook), zValidator('query', partnerContentsQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang, limit, page } = c.req.valid('query');
    const age = await viewerAgeLimit(c);
    const partner = await partnerBySlug(c.env, lang, age, slug);
    if (!partner) apiError(404, 'PARTNER_NOT_FOUND', slug);
    const { contents, total } = await partnerContents(c.env, lang, age, partner.id, { limit, offset: (page - 1) * limit });
    return c.json({ partner, contents, total, page, limit } satisfies PartnerContents);
  })
  .get('/pages/content/:slug/partners', zValidator('param', slugParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const found = await partnersOfContent(c.env, c.req.valid('query').lang, await viewerAgeLimit(c), slug);
    if (!found) apiError(404, 'CONTENT_NOT_FOUND', slug);
    return c.json({ partners: found } satisfies PartnerList);
  })
  /** Spec §7 GET /pages/ads (direction, orderBy, page, lang): the ads running now in that language. */
  .get('/pages/ads', zValidator('query', adsQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const { ads, total } = await currentAds(c.env, query.lang, now(c), query);
    return c.json({ data: ads, page: query.page, page_size: query.page_size, total } satisfies AdsPage, 200, NO_STORE);
  })
  /** A menu item of type webview (spec §2 /page/{slug}) and the URL it embeds; 404 WEBVIEW_NOT_FOUND for any other slug. */
  .get('/pages/webview/:slug', zValidator('param', slugParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const webview = await webviewBySlug(c.env, c.req.valid('query').lang, slug);
    if (!webview) apiError(404, 'WEBVIEW_NOT_FOUND', slug);
    return c.json(webview satisfies Webview);
  })
  .post('/ads/:id/impression', zValidator('param', adParam, validationHook), (c) => countAdFor(c, c.req.valid('param').id, 'impressions'))
  /** Counts a click and answers the ad's stored link, where the page /ads/{id}/click redirects (never another URL). */
  .post('/ads/:id/click', zValidator('param', adParam, validationHook), (c) => countAdFor(c, c.req.valid('param').id, 'clicks'));
