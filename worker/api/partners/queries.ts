import { counters, countsNow } from '../../limits/counters';
import type { Lang } from '../../rules/lang';
import { countDay, type AdPlacement } from '../../rules/partners';
import { pickText } from '../../rules/texts';
import { ageAllowed, contentsByIds, PUBLISHED, type AgeLimit } from '../pages/queries';
import type { Content } from '../pages/schemas';
import type { Ad, AdCount, AdsQuery, Partner, Webview } from './schemas';

type DB = Pick<Env, 'DB'>;

const textIn = (json: string | null, lang: Lang): string | null => pickText(json, lang) || null;

type PartnerRow = { id: number; slug: string; name: string; description: string | null; logo: string | null; link_url: string | null; titles: number };

/** A partner's titles the viewer may see (published, top-level, spec §5 age filter): `?{ageParam}` is the age limit. */
const visibleTitles = (ageParam: number) => `(SELECT COUNT(*) FROM partner_contents pc JOIN contents c ON c.id = pc.content_id
  WHERE pc.partner_id = p.id AND c.parent_id IS NULL AND ${PUBLISHED} AND ${ageAllowed(ageParam)})`;

const PARTNER_COLUMNS = (ageParam: number) => `p.id, p.slug, p.name, p.description, p.logo, p.link_url, ${visibleTitles(ageParam)} AS titles`;

const toPartner = (row: PartnerRow, lang: Lang): Partner => ({
  id: row.id,
  slug: row.slug,
  name: textIn(row.name, lang) ?? row.slug,
  description: textIn(row.description, lang),
  logo: row.logo,
  url: row.link_url,
  titles: row.titles,
});

/** The published partners, by position. */
export async function publishedPartners(env: DB, lang: Lang, age: AgeLimit): Promise<Partner[]> {
  const { results } = await env.DB.prepare(`SELECT ${PARTNER_COLUMNS(1)} FROM partners p WHERE p.published = 1 ORDER BY p.position, p.id`)
    .bind(age)
    .all<PartnerRow>();
  return results.map((r) => toPartner(r, lang));
}

export async function partnerBySlug(env: DB, lang: Lang, age: AgeLimit, slug: string): Promise<Partner | null> {
  const row = await env.DB.prepare(`SELECT ${PARTNER_COLUMNS(1)} FROM partners p WHERE p.slug = ?2 AND p.published = 1`).bind(age, slug).first<PartnerRow>();
  return row ? toPartner(row, lang) : null;
}

/** The titles a partner brings that the viewer may see, in the partner's order, and how many there are. */
export async function partnerContents(env: DB, lang: Lang, age: AgeLimit, partnerId: number, { limit, offset }: { limit: number; offset: number }): Promise<{ contents: Content[]; total: number }> {
  const where = `pc.partner_id = ?1 AND c.parent_id IS NULL AND ${PUBLISHED} AND ${ageAllowed(2)}`;
  const [ids, count] = await env.DB.batch<{ id: number } | { n: number }>([
    env.DB.prepare(`SELECT c.id FROM partner_contents pc JOIN contents c ON c.id = pc.content_id WHERE ${where}
      ORDER BY pc.position, c.id LIMIT ?3 OFFSET ?4`).bind(partnerId, age, limit, offset),
    env.DB.prepare(`SELECT COUNT(*) AS n FROM partner_contents pc JOIN contents c ON c.id = pc.content_id WHERE ${where}`).bind(partnerId, age),
  ]);
  const contentIds = (ids?.results as { id: number }[]).map((r) => r.id);
  return { contents: await contentsByIds(env, lang, contentIds), total: (count?.results[0] as { n: number } | undefined)?.n ?? 0 };
}

/**
 * The published partners of a published content (or of its series, for an episode), by position;
 * null when there is no such content.
 */
export async function partnersOfContent(env: DB, lang: Lang, age: AgeLimit, slug: string): Promise<Partner[] | null> {
  const [content, partners] = await env.DB.batch<{ id: number } | PartnerRow>([
    env.DB.prepare(`SELECT c.id FROM contents c WHERE c.slug = ?1 AND ${PUBLISHED}`).bind(slug),
    env.DB.prepare(`SELECT ${PARTNER_COLUMNS(1)} FROM partners p
      WHERE p.published = 1 AND EXISTS (SELECT 1 FROM partner_contents x JOIN contents t ON x.content_id IN (t.id, t.parent_id)
        WHERE x.partner_id = p.id AND t.slug = ?2)
      ORDER BY p.position, p.id`).bind(age, slug),
  ]);
  if ((content?.results.length ?? 0) === 0) return null;
  return (partners?.results as PartnerRow[]).map((r) => toPartner(r, lang));
}

type AdRow = {
  id: number;
  kind: Ad['kind'];
  placement: Ad['placement'];
  title: string;
  text: string | null;
  image: string | null;
  link_url: string;
  starts_at: number;
  ends_at: number | null;
  partner_slug: string | null;
  partner_name: string | null;
};

/** Ads running at `?1` (unix seconds) in the language `?2` (langs NULL = every language). */
const CURRENT_ADS = `a.starts_at <= ?1 AND (a.ends_at IS NULL OR a.ends_at > ?1)
  AND (a.langs IS NULL OR EXISTS (SELECT 1 FROM json_each(a.langs) l WHERE l.value = ?2))`;

const toAd = (row: AdRow, lang: Lang): Ad => ({
  id: row.id,
  kind: row.kind,
  placement: row.placement,
  title: textIn(row.title, lang) ?? '',
  text: textIn(row.text, lang),
  image: row.image,
  url: row.link_url,
  click: `/ads/${row.id}/click`,
  impression: `/ads/${row.id}/impression`,
  partner: row.partner_slug ? { slug: row.partner_slug, name: textIn(row.partner_name, lang) ?? row.partner_slug } : null,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
});

/** created_at: the order ads were added in (their id). */
const ORDER: Record<AdsQuery['orderBy'], string> = { position: 'a.position', created_at: 'a.id', starts_at: 'a.starts_at', ends_at: 'COALESCE(a.ends_at, 9e15)' };

/**
 * GET /pages/ads: the ads running at `at` in `lang` (one placement, or all of them), ordered by
 * `orderBy` then id, one page, and how many there are.
 */
export async function currentAds(
  env: DB,
  lang: Lang,
  at: Date,
  query: Pick<AdsQuery, 'orderBy' | 'direction' | 'page' | 'page_size' | 'placement'>,
): Promise<{ ads: Ad[]; total: number }> {
  const seconds = Math.floor(at.getTime() / 1000);
  const where = `${CURRENT_ADS} AND (?3 IS NULL OR a.placement = ?3)`;
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC';
  const [rows, count] = await env.DB.batch<AdRow | { n: number }>([
    env.DB.prepare(`SELECT a.id, a.kind, a.placement, a.title, a.text, a.image, a.link_url, a.starts_at, a.ends_at,
        p.slug AS partner_slug, p.name AS partner_name
      FROM ads a LEFT JOIN partners p ON p.id = a.partner_id AND p.published = 1
      WHERE ${where} ORDER BY ${ORDER[query.orderBy]} ${direction}, a.id ${direction} LIMIT ?4 OFFSET ?5`)
      .bind(seconds, lang, query.placement ?? null, query.page_size, (query.page - 1) * query.page_size),
    env.DB.prepare(`SELECT COUNT(*) AS n FROM ads a WHERE ${where}`).bind(seconds, lang, query.placement ?? null),
  ]);
  return { ads: (rows?.results as AdRow[]).map((r) => toAd(r, lang)), total: (count?.results[0] as { n: number } | undefined)?.n ?? 0 };
}

/** The ads of one placement running now, by position (the search answer's `ads`, the home slot). */
export const placementAds = async (env: DB, lang: Lang, at: Date, placement: AdPlacement, limit = 2): Promise<Ad[]> =>
  (await currentAds(env, lang, at, { orderBy: 'position', direction: 'asc', page: 1, page_size: limit, placement })).ads;

/**
 * Counts one impression or click of an ad running at `at`, for the day of `at`: ONE read (the ad
 * runs, its link, the day's counts D1 has), then the count goes to one of the ad's counter shards
 * (worker/limits/counters.ts), which adds it to ad_counts with its next flush. `count: false` (this
 * visitor was already counted) adds nothing. Answers the day's counts (D1's, plus those still waiting
 * in the shard that took this one) and the ad's link, or null for an unknown ad or one not running
 * (nothing counted).
 */
export async function countAd(env: DB & Pick<Env, 'COUNTERS' | 'COUNTER_FLUSH_SECONDS'>, id: number, at: Date, what: 'impressions' | 'clicks', count: boolean): Promise<AdCount | null> {
  const day = countDay(at);
  const seconds = Math.floor(at.getTime() / 1000);
  const ad = await env.DB.prepare(`SELECT a.link_url, COALESCE(c.impressions, 0) AS impressions, COALESCE(c.clicks, 0) AS clicks
      FROM ads a LEFT JOIN ad_counts c ON c.ad_id = a.id AND c.day = ?2
      WHERE a.id = ?1 AND a.starts_at <= ?3 AND (a.ends_at IS NULL OR a.ends_at > ?3)`)
    .bind(id, day, seconds)
    .first<{ link_url: string; impressions: number; clicks: number }>();
  if (!ad) return null;
  const counted = count ? await counters(env).count('ad', id, day, what) : null;
  return { id, day, ...countsNow(counted, { impressions: ad.impressions, clicks: ad.clicks }), url: ad.link_url };
}

/** A menu item of type webview (spec §2) with the page it embeds; null when there is none with a URL. */
export async function webviewBySlug(env: DB, lang: Lang, slug: string): Promise<Webview | null> {
  return env.DB.prepare(`SELECT m.slug, m.url, COALESCE(t.name, te.name, m.slug) AS name FROM menu_items m
      LEFT JOIN menu_item_i18n t ON t.menu_item_id = m.id AND t.lang = ?1
      LEFT JOIN menu_item_i18n te ON te.menu_item_id = m.id AND te.lang = 'en'
      WHERE m.slug = ?2 AND m.type = 'webview' AND m.url IS NOT NULL`)
    .bind(lang, slug)
    .first<Webview>();
}
