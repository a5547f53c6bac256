import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, messageOf } from '../../test/accounts';
import type { SearchPage } from '../search/schemas';
import type { AdCount, AdsPage, PartnerContents, PartnerList, PartnerPage, Webview } from './schemas';

/**
 * GET /pages/partners, /pages/partners/{slug}, /pages/partners/{slug}/content,
 * /pages/content/{slug}/partners, /pages/ads, /pages/webview/{slug}, the search answer's ads, and
 * POST /ads/{id}/impression|click (exact under parallel requests). The test's ads run in 2031 and
 * are read with the test clock, so other files' searches (real time) never meet them.
 */

const id = crypto.randomUUID().slice(0, 8);
const PARTNER = `${id}-festival`;
const HIDDEN = `${id}-hidden`;
const DAY = 86400;
/** The test's clock: 1 June 2031, 12:00 UTC. */
const T = Date.UTC(2031, 5, 1, 12) / 1000;
const at = (seconds: number) => ({ 'x-test-now': new Date(seconds * 1000).toISOString() });
const json = (value: unknown) => JSON.stringify(value);

const ads: Record<string, number> = {};

async function insertAd(name: string, values: { placement: string; from: number; to: number | null; langs?: string[]; position: number; link?: string }) {
  const row = await env.DB.prepare(
    `INSERT INTO ads (kind, placement, partner_id, title, text, image, link_url, langs, starts_at, ends_at, position, updated_at)
     VALUES ('sponsor', ?1, (SELECT id FROM partners WHERE slug = ?2), ?3, ?4, NULL, ?5, ?6, ?7, ?8, ?9, '2031-01-01T00:00:00Z') RETURNING id`,
  )
    .bind(values.placement, PARTNER, json({ en: `${name} ${id}`, ar: `${name} بالعربية ${id}` }), json({ en: 'Text' }), values.link ?? '/partners', values.langs ? json(values.langs) : null, values.from, values.to, values.position)
    .first<{ id: number }>();
  ads[name] = row?.id ?? 0;
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO partners (slug, name, description, logo, link_url, position, published, updated_at) VALUES (?1, ?2, ?3, '/catalogue/partners/x.svg', 'https://festival.example', -100, 1, '2031-01-01')`).bind(
      PARTNER,
      json({ en: `Festival ${id}`, ar: `المهرجان ${id}` }),
      json({ en: 'Comedy.', fr: 'Comédie.' }),
    ),
    env.DB.prepare(`INSERT INTO partners (slug, name, position, published, updated_at) VALUES (?1, ?2, -99, 0, '2031-01-01')`).bind(HIDDEN, json({ en: 'Hidden' })),
    ...['tea-for-three', 'the-laughing-judge', 'dar-el-bacha'].map((slug, i) =>
      env.DB.prepare('INSERT INTO partner_contents (partner_id, content_id, position) SELECT p.id, c.id, ?3 FROM partners p, contents c WHERE p.slug = ?1 AND c.slug = ?2').bind(PARTNER, slug, 3 - i),
    ),
    env.DB.prepare("INSERT INTO menu_items (slug, type, position, url) VALUES (?1, 'webview', 99, 'https://festival.example/programme')").bind(`${id}-webview`),
    env.DB.prepare("INSERT INTO menu_item_i18n (menu_item_id, lang, name) SELECT id, 'en', 'Programme' FROM menu_items WHERE slug = ?1").bind(`${id}-webview`),
  ]);
  await insertAd('home', { placement: 'home', from: T - DAY, to: T + DAY, position: 1 });
  await insertAd('search', { placement: 'search', from: T - DAY, to: null, position: 2, link: '/partners/x' });
  await insertAd('french', { placement: 'ads', from: T - DAY, to: T + DAY, langs: ['fr'], position: 3 });
  await insertAd('expired', { placement: 'home', from: T - 10 * DAY, to: T - DAY, position: 0 });
  await insertAd('future', { placement: 'search', from: T + DAY, to: T + 10 * DAY, position: 0 });
});

const get = async <T>(path: string, headers: Record<string, string> = {}): Promise<T> => {
  const res = await callApi(path, { headers });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as T;
};

const expectError = async (path: string, status: number, message: RegExp, method = 'GET') => {
  const res = await callApi(path, { method, headers: at(T) });
  expect(res.status).toBe(status);
  expect(await messageOf(res)).toMatch(message);
};

describe('GET /pages/partners and /pages/partners/{slug}', () => {
  it('lists the published partners by position in the asked language, with the titles they bring', async () => {
    const { partners } = await get<PartnerList>('/pages/partners?lang=ar');
    const ours = partners.find((p) => p.slug === PARTNER);
    expect(ours).toEqual({ id: expect.any(Number), slug: PARTNER, name: `المهرجان ${id}`, description: 'Comedy.', logo: '/catalogue/partners/x.svg', url: 'https://festival.example', titles: 3 });
    expect(partners.map((p) => p.slug)).not.toContain(HIDDEN);
  });

  it('answers one partner, 404 PARTNER_NOT_FOUND for an unknown or unpublished one, 400 for a bad slug or language', async () => {
    const { partner } = await get<PartnerPage>(`/pages/partners/${PARTNER}?lang=fr`);
    expect(partner).toMatchObject({ slug: PARTNER, name: `Festival ${id}`, description: 'Comédie.' });
    await expectError(`/pages/partners/${HIDDEN}`, 404, /^PARTNER_NOT_FOUND/);
    await expectError('/pages/partners/nobody-at-all', 404, /^PARTNER_NOT_FOUND/);
    await expectError('/pages/partners/Not_A_Slug', 400, /^BAD_REQUEST: slug/);
    await expectError('/pages/partners?lang=xx', 400, /^BAD_REQUEST: lang/);
  });
});

describe('GET /pages/partners/{slug}/content', () => {
  it("answers the partner's titles in its order, paged", async () => {
    const page = await get<PartnerContents>(`/pages/partners/${PARTNER}/content?limit=2`);
    expect(page.partner.slug).toBe(PARTNER);
    expect(page.total).toBe(3);
    expect(page.contents.map((c) => c.slug)).toEqual(['dar-el-bacha', 'the-laughing-judge']);
    const second = await get<PartnerContents>(`/pages/partners/${PARTNER}/content?limit=2&page=2`);
    expect(second.contents.map((c) => c.slug)).toEqual(['tea-for-three']);
  });

  it('refuses bad paging with 400 and an unknown partner with 404', async () => {
    await expectError(`/pages/partners/${PARTNER}/content?limit=0`, 400, /^BAD_REQUEST: limit/);
    await expectError(`/pages/partners/${PARTNER}/content?page=abc`, 400, /^BAD_REQUEST: page/);
    await expectError('/pages/partners/nobody-at-all/content', 404, /^PARTNER_NOT_FOUND/);
  });
});

describe('GET /pages/content/{slug}/partners', () => {
  it("answers a title's partners, a series' partners for its episodes, and none for other titles", async () => {
    const film = await get<PartnerList>('/pages/content/tea-for-three/partners');
    expect(film.partners.map((p) => p.slug)).toContain(PARTNER);
    const episode = await env.DB.prepare("SELECT e.slug FROM contents e JOIN contents s ON s.id = e.parent_id WHERE s.slug = 'dar-el-bacha' LIMIT 1").first<{ slug: string }>();
    const ofEpisode = await get<PartnerList>(`/pages/content/${episode?.slug}/partners`);
    expect(ofEpisode.partners.map((p) => p.slug)).toContain(PARTNER);
    const other = await get<PartnerList>('/pages/content/chefchaouen-in-blue/partners');
    expect(other.partners.map((p) => p.slug)).not.toContain(PARTNER);
  });

  it('answers 404 CONTENT_NOT_FOUND for an unknown title and 400 for a bad slug', async () => {
    await expectError('/pages/content/no-such-title-anywhere/partners', 404, /^CONTENT_NOT_FOUND/);
    await expectError('/pages/content/BAD%20SLUG/partners', 400, /^BAD_REQUEST: slug/);
  });
});

describe('GET /pages/ads', () => {
  const ours = (page: AdsPage) => page.data.filter((a) => Object.values(ads).includes(a.id)).map((a) => a.id);

  it('answers the ads running at the request time, in the language, by position', async () => {
    const en = await get<AdsPage>('/pages/ads?lang=en&page_size=50', at(T));
    expect(ours(en)).toEqual([ads.home, ads.search]);
    const home = en.data.find((a) => a.id === ads.home);
    expect(home).toMatchObject({ kind: 'sponsor', placement: 'home', title: `home ${id}`, click: `/ads/${ads.home}/click`, impression: `/ads/${ads.home}/impression`, partner: { slug: PARTNER, name: `Festival ${id}` } });
    const fr = await get<AdsPage>('/pages/ads?lang=fr&page_size=50', at(T));
    expect(ours(fr)).toEqual([ads.home, ads.search, ads.french]);
    const ar = await get<AdsPage>('/pages/ads?lang=ar&placement=home&page_size=50', at(T));
    expect(ar.data.find((a) => a.id === ads.home)?.title).toBe(`home بالعربية ${id}`);
    expect(ours(ar)).toEqual([ads.home]);
  });

  it('filters by time: the expired ad never, the future one once it starts', async () => {
    const later = await get<AdsPage>('/pages/ads?page_size=50&orderBy=starts_at&direction=desc', at(T + 2 * DAY));
    expect(ours(later)).toEqual([ads.future, ads.search]);
    const before = await get<AdsPage>('/pages/ads?page_size=50', at(T - 2 * DAY));
    expect(ours(before)).toEqual([ads.expired]);
  });

  it('refuses bad input with a clear 400', async () => {
    await expectError('/pages/ads?orderBy=clicks', 400, /^BAD_REQUEST: orderBy/);
    // Spec §7's call takes orderBy; created_at (the order ads were added in) is accepted.
    const added = await get<AdsPage>('/pages/ads?page_size=50&orderBy=created_at&direction=desc', at(T));
    expect(ours(added)).toEqual([ads.search, ads.home]);
    await expectError('/pages/ads?direction=up', 400, /^BAD_REQUEST: direction/);
    await expectError('/pages/ads?page=0', 400, /^BAD_REQUEST: page/);
    await expectError('/pages/ads?placement=sidebar', 400, /^BAD_REQUEST: placement/);
    await expectError('/pages/ads?lang=de', 400, /^BAD_REQUEST: lang/);
  });

  it("puts the search-placement ads running now in the search answer's ads", async () => {
    const answer = await get<SearchPage>('/pages/search/?filter=casa', at(T));
    expect(answer.ads.map((a) => a.id)).toEqual([ads.search]);
    expect(answer.ads[0]).toMatchObject({ placement: 'search', click: `/ads/${ads.search}/click`, url: '/partners/x' });
  });
});

describe('POST /ads/{id}/impression and /ads/{id}/click', () => {
  /** A visitor as the edge forwards them: an address and a browser. */
  const visitor = (i: number) => ({ 'X-Client-IP': `10.44.${Math.floor(i / 250)}.${i % 250}`, 'X-Client-User-Agent': `Browser ${id}` });

  it('counts 50 parallel clicks of 50 visitors exactly, per ad and day, and answers the stored link', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => callApi(`/ads/${ads.search}/click`, { method: 'POST', headers: { ...at(T), ...visitor(i) } })));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const last = (await answers[0]?.json()) as AdCount;
    expect(last.url).toBe('/partners/x');
    const row = await env.DB.prepare('SELECT day, clicks, impressions FROM ad_counts WHERE ad_id = ?1').bind(ads.search).all<{ day: string; clicks: number; impressions: number }>();
    expect(row.results).toEqual([{ day: '2031-06-01', clicks: 50, impressions: 0 }]);
  });

  it('counts once per visitor and ad: 200 impressions and 100 clicks from one address and browser count 1 each, and still answer the link', async () => {
    const one = { ...at(T), 'X-Client-IP': '10.45.0.1', 'X-Client-User-Agent': `Script ${id}` };
    const [views, clicks] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, () => callApi(`/ads/${ads.french}/impression`, { method: 'POST', headers: one }))),
      Promise.all(Array.from({ length: 100 }, () => callApi(`/ads/${ads.french}/click`, { method: 'POST', headers: one }))),
    ]);
    expect([...views, ...clicks].every((r) => r.status === 200)).toBe(true);
    const row = await env.DB.prepare("SELECT impressions, clicks FROM ad_counts WHERE ad_id = ?1 AND day = '2031-06-01'").bind(ads.french).first();
    expect(row).toEqual({ impressions: 1, clicks: 1 });
    // Nothing about the visitor is stored in D1: the row is the ad, the day and the counts.
    expect(Object.keys((await env.DB.prepare('SELECT * FROM ad_counts WHERE ad_id = ?1').bind(ads.french).first()) ?? {}).sort()).toEqual(['ad_id', 'clicks', 'day', 'impressions']);
  });

  it('counts impressions on their own row of the day, nothing about the viewer', async () => {
    const when = at(T + DAY - 3600);
    const res = await callApi(`/ads/${ads.home}/impression`, { method: 'POST', headers: { ...when, ...visitor(1000) } });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdCount).toMatchObject({ id: ads.home, day: '2031-06-02', impressions: 1, clicks: 0 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => callApi(`/ads/${ads.home}/impression`, { method: 'POST', headers: { ...when, ...visitor(1001 + i) } })));
    const row = await env.DB.prepare("SELECT * FROM ad_counts WHERE ad_id = ?1 AND day = '2031-06-02'").bind(ads.home).first();
    expect(row).toEqual({ ad_id: ads.home, day: '2031-06-02', impressions: 11, clicks: 0 });
  });

  it('refuses an ad that is not running (ended or not started): 404, nothing counted', async () => {
    await expectError(`/ads/${ads.expired}/click`, 404, /^AD_NOT_FOUND/, 'POST');
    await expectError(`/ads/${ads.future}/impression`, 404, /^AD_NOT_FOUND/, 'POST');
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM ad_counts WHERE ad_id IN (?1, ?2)').bind(ads.expired, ads.future).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('answers 404 AD_NOT_FOUND for an unknown ad (nothing counted) and 400 for a bad id', async () => {
    await expectError('/ads/999999999/click', 404, /^AD_NOT_FOUND/, 'POST');
    await expectError('/ads/999999999/impression', 404, /^AD_NOT_FOUND/, 'POST');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM ad_counts WHERE ad_id = 999999999').first<{ n: number }>())?.n).toBe(0);
    await expectError('/ads/abc/click', 400, /^BAD_REQUEST: id/, 'POST');
    await expectError('/ads/0/impression', 400, /^BAD_REQUEST: id/, 'POST');
  });
});

describe('GET /pages/webview/{slug}', () => {
  it('answers a menu item of type webview and its URL, 404 WEBVIEW_NOT_FOUND for any other slug', async () => {
    expect(await get<Webview>(`/pages/webview/${id}-webview`)).toEqual({ slug: `${id}-webview`, name: 'Programme', url: 'https://festival.example/programme' });
    await expectError('/pages/webview/ramadan', 404, /^WEBVIEW_NOT_FOUND/);
    await expectError('/pages/webview/Bad_Slug', 400, /^BAD_REQUEST: slug/);
  });
});
