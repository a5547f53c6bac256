import type { Handler } from 'hono';
import type { AppEnv } from '../../env';

export type RobotsOptions = {
  /** Path prefixes crawlers are asked to skip. */
  disallow?: string[];
};

/** Account, player and API paths: nothing for a search index there. */
export const DEFAULT_DISALLOW = ['/api/', '/player/', '/profile', '/settings/'];

/** GET /robots.txt: every crawler may index the site except the disallowed paths. */
export function robots(options: RobotsOptions = {}): Handler<AppEnv> {
  const disallow = options.disallow ?? DEFAULT_DISALLOW;
  for (const path of disallow) {
    if (!path.startsWith('/') || /\s/.test(path)) throw new Error(`robots: invalid path ${JSON.stringify(path)}`);
  }
  const text = ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), ''].join('\n');
  return function robots(c) {
    return c.text(text, 200, { 'Cache-Control': 'public, max-age=86400' });
  };
}
