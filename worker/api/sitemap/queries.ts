import { INTERNAL_CATEGORIES, type SitemapEntry } from '../../rules/sitemap';

/**
 * The public pages a search engine or a partner may index (issue 15): the fixed pages, every
 * category with a published title (not the maturity ratings, which are filters, nor the internal
 * categories), every published title (not episodes: their series' page lists them), every live
 * channel, partner and help article, every published festival and its shows, every published library.
 */
export async function sitemapEntries(db: D1Database, now: Date): Promise<SitemapEntry[]> {
  const at = now.toISOString();
  const [titles, categories, channels, partners, help, festivals, shows, libraries] = await db.batch<{ slug: string; lastmod: string | null }>([
    db.prepare('SELECT slug, publication_date_start AS lastmod FROM contents WHERE parent_id IS NULL AND publication_date_start <= ?1 ORDER BY id').bind(at),
    db
      .prepare(
        `SELECT c.slug, MAX(t.publication_date_start) AS lastmod
           FROM categories c JOIN content_categories cc ON cc.category_id = c.id JOIN contents t ON t.id = cc.content_id
          WHERE c.rating IS NULL AND t.publication_date_start <= ?1 AND c.slug NOT IN (SELECT value FROM json_each(?2))
          GROUP BY c.id ORDER BY c.position, c.id`,
      )
      .bind(at, JSON.stringify(INTERNAL_CATEGORIES)),
    db.prepare('SELECT slug, NULL AS lastmod FROM channels ORDER BY number, id'),
    db.prepare('SELECT slug, updated_at AS lastmod FROM partners WHERE published = 1 ORDER BY position, id'),
    db.prepare('SELECT slug, updated_at AS lastmod FROM help_articles WHERE published = 1 ORDER BY category, position, id'),
    db.prepare('SELECT slug, updated_at AS lastmod FROM events WHERE published = 1 ORDER BY starts_at, id'),
    db.prepare(
      `SELECT e.slug || '/' || s.slug AS slug, e.updated_at AS lastmod FROM event_shows s JOIN events e ON e.id = s.event_id
        WHERE e.published = 1 ORDER BY e.starts_at, e.id, s.starts_at, s.id`,
    ),
    db.prepare('SELECT slug, updated_at AS lastmod FROM libraries WHERE published = 1 ORDER BY id'),
  ]);
  const newest = titles?.results.reduce<string | null>((max, t) => (t.lastmod && (!max || t.lastmod > max) ? t.lastmod : max), null) ?? null;
  const fixed = ['/', '/category', '/tv', '/epg', '/partners', '/events', '/libraries', '/ads', '/contact', '/page/terms-of-use', '/page/privacy', '/page/help-center'];
  return [
    ...fixed.map((path) => ({ path, lastmod: path === '/' || path === '/category' ? newest : null })),
    ...(categories?.results ?? []).map((c) => ({ path: `/category/${c.slug}`, lastmod: c.lastmod })),
    ...(channels?.results ?? []).map((c) => ({ path: `/tv/${c.slug}`, lastmod: null })),
    ...(partners?.results ?? []).map((p) => ({ path: `/partners/${p.slug}`, lastmod: p.lastmod })),
    ...(help?.results ?? []).map((a) => ({ path: `/page/help-center/${a.slug}`, lastmod: a.lastmod })),
    ...(festivals?.results ?? []).map((e) => ({ path: `/events/${e.slug}`, lastmod: e.lastmod })),
    ...(shows?.results ?? []).map((s) => ({ path: `/events/${s.slug}`, lastmod: s.lastmod })),
    ...(libraries?.results ?? []).map((l) => ({ path: `/libraries/${l.slug}`, lastmod: l.lastmod })),
    ...(titles?.results ?? []).map((t) => ({ path: `/content/${t.slug}`, lastmod: t.lastmod })),
  ];
}
