import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import app from './index';
import { signMediaPath } from './media/sign';

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

  it('offers a guest Subscribe on the hero of a premium title (coming back to it), never a Play that ends on a 403', async () => {
    const bot = { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } };
    const hero = (html: string) => /<section class="hero"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const slug = /href="\/content\/([a-z0-9-]+)"/.exec(hero((await page('/?lang=es', bot)).html))?.[1] ?? '';
    expect(slug).not.toBe('');
    await env.DB.prepare('UPDATE contents SET premium = 1 WHERE slug = ?').bind(slug).run();
    try {
      const shown = hero((await page('/?lang=fr&hero=premium', bot)).html);
      expect(shown).toContain(`href="/subscription?returnTo=${encodeURIComponent(`/content/${slug}`)}"`);
      expect(shown).not.toContain(`href="/player/${slug}"`);
    } finally {
      await env.DB.prepare('UPDATE contents SET premium = 0 WHERE slug = ?').bind(slug).run();
    }
  });

  it('renders Arabic right-to-left and remembers the choice in the lang cookie', async () => {
    const { res, html } = await page('/?lang=ar');
    expect(html).toContain('<html lang="ar" dir="rtl" ');
    expect(res.headers.get('set-cookie')).toMatch(/lang=ar/);
    const again = await page('/', { headers: { cookie: 'lang=ar' } });
    expect(again.html).toContain('<html lang="ar" dir="rtl" ');
  });

  it('loads the client entry as a deferred module after the stylesheet, once, with the response nonce', async () => {
    const { res, html } = await page('/');
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = html.match(/<script [^>]*src="\/assets\/entry-[^"]+"[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/type="module"/);
    expect(scripts[0]).toContain(`nonce="${nonce}"`);
    expect(scripts[0]).not.toContain('async');
    expect(html.indexOf(scripts[0] ?? '')).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
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
    expect((await page('/error?code=500')).html).toContain('Oops! An error occurred.');
  });

  it('answers /error?code= with its own status (known codes only, any other: 404)', async () => {
    const cases: [string, number][] = [['404', 404], ['403', 403], ['429', 429], ['500', 500], ['418', 404], ['200', 404], ['503', 404], ['abc', 404], ['', 404], ['404.5', 404], ['99999999999999999999', 404], ['x'.repeat(5000), 404]];
    for (const [code, status] of cases) {
      const { res, html } = await page(`/error?code=${code}`);
      expect(res.status, code).toBe(status);
      expect(html, code).toContain(`error-page__code" aria-hidden="true">${status}<`);
    }
    expect((await page('/error')).res.status).toBe(500);
  });
});

describe('an exception never answers [object Object]', () => {
  /** Test-only fakes passed as bindings of this one request: every call of theirs throws. */
  const failingKv = { get: () => Promise.reject(new Error('KV down (test)')) } as unknown as KVNamespace;
  const failingR2 = { get: () => Promise.reject(new Error('R2 down (test)')), head: () => Promise.reject(new Error('R2 down (test)')) } as unknown as R2Bucket;

  it('under /api/*: the JSON error shape with 500, logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { res, html } = await page('/api/configs?lang=en', {}, { CACHE: failingKv });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(html)).toEqual({ status: 500, message: 'INTERNAL_ERROR' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('KV down (test)'));
    logged.mockRestore();
  });

  it('under /media/*: the JSON error shape with 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { res, html } = await page(await signMediaPath(env, 'titles/x/main', 'master.m3u8'), {}, { MEDIA: failingR2 });
    expect(res.status).toBe(500);
    expect(JSON.parse(html)).toEqual({ status: 500, message: 'INTERNAL_ERROR' });
    vi.restoreAllMocks();
  });

  it('pages keep the translated 500 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { res, html } = await page('/?lang=fr', {}, { CACHE: failingKv });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Erreur 500');
    expect(html).not.toContain('[object Object]');
    vi.restoreAllMocks();
  });
});

describe('/favicon.ico', () => {
  it('is the icon, for the pages that name none (a PDF opened in a tab, the payment sandbox)', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://localhost/favicon.ico'), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // An ICO header (reserved 0, type 1: icon) holding a PNG.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(new TextDecoder().decode(bytes.slice(23, 26))).toBe('PNG');
  });
});
