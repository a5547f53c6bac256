import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from './index';

async function page(path: string, init: RequestInit = {}, vars: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, init), { ...env, ...vars }, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html };
}

describe('pages', () => {
  it('streams the home page with the hero, the rows, the top bar and the footer', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr" /);
    expect(html).toContain('data-top-bar');
    expect(html).toContain('class="hero"');
    expect(html).toContain('class="row"');
    expect(html).toContain('class="footer"');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('hrefLang="ar"');
  });

  it('renders Arabic right-to-left and remembers the choice in the lang cookie', async () => {
    const { res, html } = await page('/?lang=ar');
    expect(html).toContain('<html lang="ar" dir="rtl" ');
    expect(res.headers.get('set-cookie')).toMatch(/lang=ar/);
    const again = await page('/', { headers: { cookie: 'lang=ar' } });
    expect(again.html).toContain('<html lang="ar" dir="rtl" ');
  });

  it('loads the client entry only through islands, with the response nonce', async () => {
    const { res, html } = await page('/');
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toMatch(/<script src="\/assets\/entry-[^"]+" type="module" async="" nonce="/);
    expect(html).toContain('data-island="lang-menu"');
    expect(res.headers.get('content-security-policy') ?? `'nonce-${nonce}'`).toContain(`'nonce-${nonce}'`);
  });

  it('gives bots the whole page without streamed boundaries', async () => {
    const { html } = await page('/', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    expect(html).toContain('class="hero"');
    expect(html).not.toContain('<template');
    expect(html).not.toMatch(/\$RC/);
  });

  it('renders a category grid, a content page and a grid page', async () => {
    const category = await page('/category/films?lang=fr');
    expect(category.res.status).toBe(200);
    expect(category.html).toContain('<h1>Films</h1>');
    const slug = /href="\/content\/([a-z0-9-]+)"/.exec(category.html)?.[1];
    const content = await page(`/content/${slug}`);
    expect(content.res.status).toBe(200);
    expect(content.html).toContain('class="content__facts"');
    expect(content.html).toContain('property="og:type" content="video.movie"');
    expect((await page('/page/ramadan')).res.status).toBe(200);
  });

  it('renders the static pages in every language', async () => {
    for (const lang of ['en', 'fr', 'ar', 'es']) {
      const { res, html } = await page(`/page/help-center?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(html).not.toContain('HELP_CENTER_Q1');
    }
  });

  it('answers unknown routes, contents and categories with the 404 page', async () => {
    for (const path of ['/no/such/page', '/content/no-such-title', '/category/no-such-category']) {
      const { res, html } = await page(`${path}?lang=fr`);
      expect(res.status).toBe(404);
      expect(html).toContain('Erreur 404');
    }
    expect((await page('/no/such/page')).html).toContain('This page could not be found');
  });

  it('maps /error?code= to the messages of the error catalogue', async () => {
    expect((await page('/error?code=404')).html).toContain('This page does not exist.');
    expect((await page('/error?code=429')).html).toContain('Too many requests');
    expect((await page('/error?code=403&reason=USER_SUSPENDED')).html).toContain('Account suspended, please contact support');
    expect((await page('/error?code=418')).html).toContain('Oops! An error occurred.');
  });
});
