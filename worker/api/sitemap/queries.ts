/** One page of the site for sitemap.xml: its path and when it last changed (ISO date-time, or null when unknown). */
export type SitemapEntry = { path: string; lastmod: string | null };

/**
 * The public pages a search engine or a partner may index (issue 15): the fixed pages, every
 * category with a published title (not the maturity ratings, which are filters), every published
 * title (not episodes: their series' page lists them), every live channel.
 */
export async function sitemapEntries(db: D1Database, now: Date): Promise<SitemapEntry[]> {
  const at = now.toISOString();
  const [titles, categories, channels] = await db.batch<{ slug: string; lastmod: string | null }>([
    db.prepare('SELECT slug, publication_date_start AS lastmod FROM contents WHERE parent_id IS NULL AND publication_date_start <= ?1 ORDER BY id').bind(at),
    db
      .prepare(
        `SELECT c.slug, MAX(t.publication_date_start) AS lastmod
           FROM categories c JOIN content_categories cc ON cc.category_id = c.id JOIN contents t ON t.id = cc.content_id
          WHERE c.rating IS NULL AND t.publication_date_start <= ?1
          GROUP BY c.id ORDER BY c.position, c.id`,
      )
      .bind(at),
    db.prepare('SELECT slug, NULL AS lastmod FROM channels ORDER BY number, id'),
  ]);
  const newest = titles?.results.reduce<string | null>((max, t) => (t.lastmod && (!max || t.lastmod > max) ? t.lastmod : max), null) ?? null;
  const fixed = ['/', '/category', '/tv', '/epg', '/page/terms-of-use', '/page/privacy', '/page/help-center'];
  return [
    ...fixed.map((path) => ({ path, lastmod: path === '/' || path === '/category' ? newest : null })),
    ...(categories?.results ?? []).map((c) => ({ path: `/category/${c.slug}`, lastmod: c.lastmod })),
    ...(channels?.results ?? []).map((c) => ({ path: `/tv/${c.slug}`, lastmod: null })),
    ...(titles?.results ?? []).map((t) => ({ path: `/content/${t.slug}`, lastmod: t.lastmod })),
  ];
}
