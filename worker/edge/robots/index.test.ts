import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { requestContext } from '../request-context';
import { robots } from '.';

describe('GET /robots.txt', () => {
  const app = new Hono<AppEnv>().use(requestContext()).get('/robots.txt', robots());

  it('allows everything but the API, player, profile and settings pages and ad counting', async () => {
    const res = await app.request('/robots.txt', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(
      ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /player/', 'Disallow: /profile', 'Disallow: /settings/', 'Disallow: /ads/', 'Disallow: /admin', '', `Sitemap: ${env.PUBLIC_ORIGIN}/sitemap.xml`, ''].join('\n'),
    );
  });

  it('names the sitemap on the public origin (PUBLIC_ORIGIN), never on the host a request names', async () => {
    const text = await (await app.request('http://evil.example/robots.txt', {}, env)).text();
    expect(text).toContain(`Sitemap: ${env.PUBLIC_ORIGIN}/sitemap.xml`);
    expect(text).not.toContain('evil.example');
  });

  it('takes other disallowed paths and refuses malformed ones', async () => {
    const custom = new Hono<AppEnv>().get('/robots.txt', robots({ disallow: ['/private/'] }));
    expect(await (await custom.request('/robots.txt', {}, env)).text()).toBe(`User-agent: *\nAllow: /\nDisallow: /private/\n\nSitemap: ${env.PUBLIC_ORIGIN}/sitemap.xml\n`);
    expect(() => robots({ disallow: ['private'] })).toThrow(/invalid path/);
  });
});
