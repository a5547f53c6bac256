import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { makeTitle } from '../../test/catalogue';
import { call } from '../../test/site';

/** /sitemap.xml through the whole worker, on titles made here. */

type Url = { loc: string; lastmod?: string; 'xhtml:link': { '@_hreflang': string; '@_href': string; '@_rel': string }[] };
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' || name === 'sitemap' });

async function sitemapXml(path = '/sitemap.xml') {
  const { res, html: xml } = await call(path);
  return { res, xml, urls: res.ok ? ((parser.parse(xml) as { urlset: { url: Url[] } }).urlset.url ?? []) : [] };
}

describe('GET /sitemap.xml', () => {
  it('is well-formed sitemaps.org XML on PUBLIC_ORIGIN, with each page in four languages, its hreflang alternates and lastmod', async () => {
    const published = await makeTitle({ published: '2026-03-01T10:00:00.000Z' });
    const { res, xml, urls } = await sitemapXml();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(urls.length).toBeLessThanOrEqual(50_000);
    const mine = urls.filter((u) => u.loc.startsWith(`${env.PUBLIC_ORIGIN}/content/${published.slug}?`));
    expect(mine.map((u) => new URL(u.loc).searchParams.get('lang')).sort()).toEqual(['ar', 'en', 'es', 'fr']);
    for (const url of mine) {
      expect(url.lastmod).toBe('2026-03-01T10:00:00.000Z');
      expect(url['xhtml:link'].map((l) => l['@_hreflang']).sort()).toEqual(['ar', 'en', 'es', 'fr', 'x-default']);
      expect(url['xhtml:link'].find((l) => l['@_hreflang'] === 'x-default')?.['@_href']).toBe(`${env.PUBLIC_ORIGIN}/content/${published.slug}`);
    }
    // The fixed pages are there too.
    for (const path of ['/', '/page/help-center', '/tv', '/epg']) expect(urls.some((u) => u.loc === `${env.PUBLIC_ORIGIN}${path}?lang=fr`), path).toBe(true);
  });

  it('leaves out titles not yet published, episodes and the maturity ratings', async () => {
    const future = await makeTitle({ published: '2099-01-01T00:00:00.000Z' });
    const series = await makeTitle({ type: 'playlist', published: '2026-01-01T00:00:00.000Z' });
    const episode = await makeTitle({ parent: series.id, season: 1, episode: 1, published: '2026-01-01T00:00:00.000Z' });
    await makeTitle({ rating: 16, published: '2026-01-01T00:00:00.000Z' });
    const { urls } = await sitemapXml();
    const paths = new Set(urls.map((u) => new URL(u.loc).pathname));
    expect(paths.has(`/content/${series.slug}`)).toBe(true);
    expect(paths.has(`/content/${future.slug}`)).toBe(false);
    expect(paths.has(`/content/${episode.slug}`)).toBe(false);
    const maturity = await env.DB.prepare('SELECT slug FROM categories WHERE rating IS NOT NULL').all<{ slug: string }>();
    for (const { slug } of maturity.results) expect(paths.has(`/category/${slug}`)).toBe(false);
  });

  it('lists published partners and help articles with their last change, not unpublished ones', async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const at = '2026-05-04T03:02:01.000Z';
    await env.DB.batch([
      env.DB.prepare("INSERT INTO partners (slug, name, published, updated_at) VALUES (?1, 'P', 1, ?2), (?3, 'Q', 0, ?2)").bind(`p-${id}`, at, `q-${id}`),
      env.DB.prepare("INSERT INTO help_articles (slug, category, question, answer, published, updated_at) VALUES (?1, 'account', '{}', '{}', 1, ?2), (?3, 'account', '{}', '{}', 0, ?2)").bind(`a-${id}`, at, `b-${id}`),
    ]);
    const { urls } = await sitemapXml();
    const byPath = new Map(urls.map((u) => [new URL(u.loc).pathname, u.lastmod]));
    expect(byPath.get(`/partners/p-${id}`)).toBe(at);
    expect(byPath.get(`/page/help-center/a-${id}`)).toBe(at);
    expect(byPath.has(`/partners/q-${id}`)).toBe(false);
    expect(byPath.has(`/page/help-center/b-${id}`)).toBe(false);
    for (const path of ['/partners', '/ads', '/contact']) expect(byPath.has(path), path).toBe(true);
  });

  it('lists the festival hub, published festivals with their shows, and the libraries; not unpublished ones', async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const at = '2026-06-07T08:09:10.000Z';
    const [shown, hidden] = await env.DB.batch<{ id: number }>([
      env.DB.prepare("INSERT INTO events (slug, names, city, starts_at, ends_at, published, updated_at) VALUES (?1, '{}', 'Rabat', ?2, ?2, 1, ?2) RETURNING id").bind(`f-${id}`, at),
      env.DB.prepare("INSERT INTO events (slug, names, city, starts_at, ends_at, published, updated_at) VALUES (?1, '{}', 'Rabat', ?2, ?2, 0, ?2) RETURNING id").bind(`g-${id}`, at),
    ]);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO event_shows (event_id, slug, titles, venue, starts_at, ends_at, capacity) VALUES (?1, ?2, '{}', 'V', ?3, ?3, 10)").bind(shown?.results[0]?.id, `s-${id}`, at),
      env.DB.prepare("INSERT INTO event_shows (event_id, slug, titles, venue, starts_at, ends_at, capacity) VALUES (?1, ?2, '{}', 'V', ?3, ?3, 10)").bind(hidden?.results[0]?.id, `t-${id}`, at),
      env.DB.prepare("INSERT INTO libraries (slug, name, city, postal_code, published, updated_at) VALUES (?1, '{}', '{}', '10000', 1, ?3), (?2, '{}', '{}', '10000', 0, ?3)").bind(`l-${id}`, `m-${id}`, at),
    ]);
    const { urls } = await sitemapXml();
    const byPath = new Map(urls.map((u) => [new URL(u.loc).pathname, u.lastmod]));
    for (const path of ['/events', '/libraries']) expect(byPath.has(path), path).toBe(true);
    expect(byPath.get(`/events/f-${id}`)).toBe(at);
    expect(byPath.get(`/events/f-${id}/s-${id}`)).toBe(at);
    expect(byPath.get(`/libraries/l-${id}`)).toBe(at);
    for (const path of [`/events/g-${id}`, `/events/g-${id}/t-${id}`, `/libraries/m-${id}`]) expect(byPath.has(path), path).toBe(false);
  });

  it('leaves out the internal categories (the home hero, the bell) even when they hold published titles', async () => {
    const title = await makeTitle({ published: '2026-01-01T00:00:00.000Z' });
    const internal = await env.DB.prepare("SELECT id, slug FROM categories WHERE slug IN ('home', 'notifications')").all<{ id: number; slug: string }>();
    expect(internal.results.map((c) => c.slug).sort()).toEqual(['home', 'notifications']);
    await env.DB.batch(internal.results.map((c) => env.DB.prepare('INSERT OR IGNORE INTO content_categories (content_id, category_id, position) VALUES (?1, ?2, 0)').bind(title.id, c.id)));
    const { urls } = await sitemapXml();
    const paths = new Set(urls.map((u) => new URL(u.loc).pathname));
    expect(paths.has('/category/home')).toBe(false);
    expect(paths.has('/category/notifications')).toBe(false);
  });

  it('answers 404 for a page that does not exist, never a 5xx', async () => {
    for (const page of ['0', '-1', 'x', '2', '1001', '1e3']) expect((await call(`/sitemap.xml?page=${page}`)).res.status, page).toBe(404);
    expect((await call('/sitemap.xml?page=1')).res.status).toBe(200);
  });

  it('is named by robots.txt', async () => {
    expect((await call('/robots.txt')).html).toContain(`Sitemap: ${env.PUBLIC_ORIGIN}/sitemap.xml`);
  });
});
