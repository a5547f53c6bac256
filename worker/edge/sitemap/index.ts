import type { Context, Handler } from 'hono';
import type { AppEnv } from '../../env';
import { forward } from '../../proxy';
import { LANGS, langHref, type Lang } from '../../rules/lang';
import { publicOriginOf, SitemapPage } from '../../rules/sitemap';

/**
 * GET /sitemap.xml (issue 15; sitemaps.org protocol 0.9): every public page (GET /pages/sitemap, the
 * built-in API or API_ORIGIN) once per language, each with its hreflang alternates (the four
 * languages and x-default) and `lastmod`, on PUBLIC_ORIGIN (never a request header). Past 50,000
 * URLs, /sitemap.xml is a sitemap index of /sitemap.xml?page=N. robots.txt names it.
 */

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The languages the site is served in (SUPPORTED_LANGUAGES), in the product's order. */
const languagesOf = (setting: string): Lang[] => {
  const wanted = new Set(setting.split(',').map((s) => s.trim()));
  const some = LANGS.filter((l) => wanted.has(l));
  return some.length > 0 ? some : [...LANGS];
};

function urlset(origin: string, page: SitemapPage, langs: Lang[]): string {
  const urls = page.entries.flatMap(({ path, lastmod }) => {
    const base = new URL(path, origin);
    const alternates = [...langs.map((l) => [l, langHref(base, l)] as const), ['x-default', langHref(base, null)] as const]
      .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escape(href)}"/>`)
      .join('\n');
    const modified = lastmod ? `\n    <lastmod>${escape(new Date(lastmod).toISOString())}</lastmod>` : '';
    return langs.map((l) => `  <url>\n    <loc>${escape(langHref(base, l))}</loc>${modified}\n${alternates}\n  </url>`);
  });
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

function index(origin: string, pages: number): string {
  const files = Array.from({ length: pages }, (_, i) => `  <sitemap><loc>${escape(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
}

async function pageOf(c: Context<AppEnv>, page: number): Promise<SitemapPage | null> {
  const res = await forward(c, `/pages/sitemap?page=${page}`);
  if (!res.ok) return null;
  const parsed = SitemapPage.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

export function sitemap(): Handler<AppEnv> {
  return async function sitemap(c) {
    const origin = publicOriginOf(c.env.PUBLIC_ORIGIN);
    const asked = c.req.query('page');
    const number = asked === undefined ? 1 : Number(asked);
    if (!Number.isInteger(number) || number < 1 || number > 1000) return c.text('Not Found', 404);
    const page = await pageOf(c, number);
    if (!page) return c.text('Service Unavailable', 503, { 'Retry-After': '60' });
    if (asked === undefined && page.pages > 1) return c.body(index(origin, page.pages), 200, HEADERS);
    if (number > page.pages) return c.text('Not Found', 404);
    return c.body(urlset(origin, page, languagesOf(c.env.SUPPORTED_LANGUAGES)), 200, HEADERS);
  };
}
