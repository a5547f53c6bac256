import type { Handler } from 'hono';
import type { AppEnv } from '../../env';
import { publicOriginOf } from '../../rules/sitemap';

export type RobotsOptions = {
  /** Path prefixes crawlers are asked to skip. */
  disallow?: string[];
};

/** Account, player, API and back-office paths: nothing for a search index there; ad clicks and impressions (/ads/{id}/…) are counted, so crawlers stay out. */
export const DEFAULT_DISALLOW = ['/api/', '/player/', '/profile', '/settings/', '/ads/', '/admin'];

/** GET /robots.txt: every crawler may index the site except the disallowed paths; the sitemap is named. */
export function robots(options: RobotsOptions = {}): Handler<AppEnv> {
  const disallow = options.disallow ?? DEFAULT_DISALLOW;
  for (const path of disallow) {
    if (!path.startsWith('/') || /\s/.test(path)) throw new Error(`robots: invalid path ${JSON.stringify(path)}`);
  }
  const rules = ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`)];
  return function robots(c) {
    // The sitemap on the site's public origin (PUBLIC_ORIGIN, never a request header).
    const sitemap = `Sitemap: ${publicOriginOf(c.env.PUBLIC_ORIGIN)}/sitemap.xml`;
    return c.text([...rules, '', sitemap, ''].join('\n'), 200, { 'Cache-Control': 'public, max-age=86400' });
  };
}
