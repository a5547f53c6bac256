import { z } from 'zod';

/** The site's public origin (the PUBLIC_ORIGIN setting, never a request header), without a trailing slash; `npm start`'s address when unset. */
export const publicOriginOf = (setting: string | undefined): string => (setting || 'http://localhost:8787').replace(/\/+$/, '');

/**
 * The sitemaps protocol allows 50,000 URLs per file; each page is listed once per language (its
 * hreflang versions), so a file holds this many pages.
 */
export const SITEMAP_PAGE_ENTRIES = 12_500;

/**
 * Categories that hold the site's own machinery, not a page for people to land on: `home` (the home
 * page's hero selection) and `notifications` (the bell's titles). The sitemap leaves them out.
 */
export const INTERNAL_CATEGORIES: readonly string[] = ['home', 'notifications'];

/** GET /pages/sitemap?page=: one file's worth of public pages (path, last change) for /sitemap.xml. */
export const SitemapPage = z.object({
  entries: z.array(z.object({ path: z.string().startsWith('/'), lastmod: z.string().nullable() })),
  page: z.number().int().positive(),
  pages: z.number().int().positive(),
});
export type SitemapPage = z.infer<typeof SitemapPage>;
export type SitemapEntry = SitemapPage['entries'][number];
