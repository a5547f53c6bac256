import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../../index';
import { translate } from '../../i18n';
import { SANDBOX_EXTERNAL, SANDBOX_SITE } from '../../rules/partners';
import { call, en, hasTag, html, quietConsole } from '../../test/site';

/**
 * /partners, /partners/{slug}, /ads, /ads/{id}/click|impression, /embed/partners/{slug}, webview
 * pages at /page/{slug}, the content page's Partners row and the ads of the home and search pages,
 * through the whole worker as a browser without JavaScript. The ads run in Spanish only, so other
 * files' pages and searches (in English) never meet them.
 */

const id = crypto.randomUUID().slice(0, 8);
const PARTNER = `${id}-library`;
const es = translate('es');
const now = Math.floor(Date.now() / 1000);
const json = (value: unknown) => JSON.stringify(value);
const ads: Record<string, number> = {};

async function insertAd(name: string, placement: string, from: number, to: number, link: string) {
  const row = await env.DB.prepare(
    `INSERT INTO ads (kind, placement, partner_id, title, text, image, link_url, langs, starts_at, ends_at, position, updated_at)
     VALUES ('house', ?1, NULL, ?2, NULL, '/catalogue/ads/premium.svg', ?3, '["es"]', ?4, ?5, -100, '2026-01-01') RETURNING id`,
  )
    .bind(placement, json({ en: `${name} ${id}`, es: `${name} en español ${id}` }), link, from, to)
    .first<{ id: number }>();
  ads[name] = row?.id ?? 0;
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO partners (slug, name, description, logo, link_url, position, published, updated_at) VALUES (?1, ?2, ?3, '/catalogue/partners/public-libraries.svg', 'https://library.example/card', -100, 1, '2026-01-01')`).bind(
      PARTNER,
      json({ en: `Library ${id}`, ar: `المكتبة ${id}` }),
      json({ en: 'Free films with a library card.' }),
    ),
    ...['voices-of-the-gnawa', 'the-salt-road'].map((slug, i) =>
      env.DB.prepare('INSERT INTO partner_contents (partner_id, content_id, position) SELECT p.id, c.id, ?3 FROM partners p, contents c WHERE p.slug = ?1 AND c.slug = ?2').bind(PARTNER, slug, i),
    ),
    ...[
      [`${id}-embed`, `/embed/partners/${PARTNER}`],
      [`${id}-outside`, 'https://elsewhere.example/page'],
    ].flatMap(([slug, url]) => [
      env.DB.prepare("INSERT INTO menu_items (slug, type, position, url) VALUES (?1, 'webview', 99, ?2)").bind(slug, url),
      env.DB.prepare("INSERT INTO menu_item_i18n (menu_item_id, lang, name) SELECT id, 'en', ?2 FROM menu_items WHERE slug = ?1").bind(slug, `Webview ${slug}`),
    ]),
  ]);
  await insertAd('home', 'home', now - 3600, now + 86400, '/subscription');
  await insertAd('search', 'search', now - 3600, now + 86400, `/partners/${PARTNER}`);
  await insertAd('offer', 'ads', now - 3600, now + 86400, 'https://telecom.example/offer');
  await insertAd('over', 'ads', now - 86400, now - 3600, 'https://telecom.example/old');
});

quietConsole();

describe('/partners and /partners/{slug}', () => {
  it('lists the partners, each linking to its page', async () => {
    const { res, html: page } = await call('/partners?lang=ar');
    expect(res.status).toBe(200);
    expect(page).toContain(`المكتبة ${id}`);
    expect(hasTag(page, 'a', { class: 'partner-card', href: `/partners/${PARTNER}` })).toBe(true);
  });

  it("shows a partner's logo, description, website and its titles as a poster grid", async () => {
    const { res, html: page } = await call(`/partners/${PARTNER}`);
    expect(res.status).toBe(200);
    expect(page).toContain(`<h1>Library ${id}</h1>`);
    expect(page).toContain('Free films with a library card.');
    expect(hasTag(page, 'img', { src: '/catalogue/partners/public-libraries.svg' })).toBe(true);
    expect(hasTag(page, 'a', { href: 'https://library.example/card', rel: 'noopener' })).toBe(true);
    expect(page).toContain('class="grid"');
    expect(page).toContain('href="/content/voices-of-the-gnawa"');
    expect(page).toContain('href="/content/the-salt-road"');
  });

  it('answers 404 for an unknown partner or a bad slug', async () => {
    expect((await call('/partners/nobody-at-all')).res.status).toBe(404);
    expect((await call('/partners/Bad_Slug')).res.status).toBe(404);
  });
});

describe('/content/{slug}: the Partners row', () => {
  it("shows the title's partners, and no row on a title without any", async () => {
    const { html: page } = await call('/content/voices-of-the-gnawa');
    expect(page).toContain(`<h2 class="row__title" id="partners-row-title">${en('PARTNERS')}</h2>`);
    expect(page).toContain(`href="/partners/${PARTNER}"`);
    const { html: other } = await call('/content/chefchaouen-in-blue');
    expect(other).not.toContain(`/partners/${PARTNER}`);
  });
});

describe('ads on pages', () => {
  it('/ads lists the offers running now, each marked as an ad, without the one that has ended', async () => {
    const { res, html: page } = await call('/ads?lang=es');
    expect(res.status).toBe(200);
    expect(page).toContain(`offer en español ${id}`);
    expect(page).not.toContain(`over en español ${id}`);
    expect(page).toContain(`<span class="ad-card__label">${es('AD_LABEL')}</span>`);
    expect(page).toContain(`aria-label="${html(`${es('AD_LABEL')}: offer en español ${id}`)}"`);
    expect(page).toContain(`href="/ads/${ads.offer}/click"`);
  });

  it('the home page has its ad slot, marked Anuncio in Spanish', async () => {
    const { html: page } = await call('/?lang=es');
    expect(page).toContain(`home en español ${id}`);
    expect(page).toContain(`<span class="ad-card__label">Anuncio</span>`);
  });

  it('the search page shows the search ads, marked as such', async () => {
    const { html: page } = await call('/search?lang=es&q=casa');
    expect(page).toContain(`search en español ${id}`);
    expect(page).toContain('class="search__ads"');
    expect(page).toContain(`href="/ads/${ads.search}/click"`);
  });
});

describe('/ads/{id}/click and /ads/{id}/impression', () => {
  const counts = (adId: number) => env.DB.prepare('SELECT SUM(clicks) AS clicks, SUM(impressions) AS impressions FROM ad_counts WHERE ad_id = ?1').bind(adId).first<{ clicks: number | null; impressions: number | null }>();

  it("counts a click and redirects (302) to the ad's stored link", async () => {
    const { res } = await call(`/ads/${ads.offer}/click`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://telecom.example/offer');
    expect((await counts(ads.offer ?? 0))?.clicks).toBe(1);
    const inside = await call(`/ads/${ads.search}/click?to=https://evil.example`);
    expect(inside.res.headers.get('location')).toBe(`/partners/${PARTNER}`);
  });

  it('never redirects anywhere but a safe stored link: an unknown or ended ad leads to /ads (nothing counted), a bad id or unsafe link is a 404', async () => {
    const unknown = await call('/ads/999999999/click');
    expect([unknown.res.status, unknown.res.headers.get('location')]).toEqual([302, '/ads']);
    expect((await call('/ads/abc/click')).res.status).toBe(404);
    const ended = await call(`/ads/${ads.over}/click`);
    expect([ended.res.status, ended.res.headers.get('location')]).toEqual([302, '/ads']);
    expect((await counts(ads.over ?? 0))?.clicks ?? 0).toBe(0);
    await env.DB.prepare("UPDATE ads SET link_url = 'javascript:alert(1)' WHERE id = ?1").bind(ads.offer).run();
    const { res } = await call(`/ads/${ads.offer}/click`, {}, undefined, '10.0.0.77');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    await env.DB.prepare("UPDATE ads SET link_url = 'https://telecom.example/offer' WHERE id = ?1").bind(ads.offer).run();
  });

  it('the impression pixel counts one impression and answers a GIF', async () => {
    const before = (await counts(ads.home ?? 0))?.impressions ?? 0;
    const { res } = await call(`/ads/${ads.home}/impression`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('set-cookie') ?? '').not.toContain('uuid');
    expect((await counts(ads.home ?? 0))?.impressions).toBe(before + 1);
    expect((await call('/ads/999999999/impression')).res.status).toBe(404);
    // Once per visitor and ad: 20 more pixels from the same browser and address count nothing.
    await Promise.all(Array.from({ length: 20 }, () => call(`/ads/${ads.home}/impression`)));
    expect((await counts(ads.home ?? 0))?.impressions).toBe(before + 1);
    // Another site's <img> (Sec-Fetch-Site: cross-site) gets the pixel and counts nothing.
    const embedded = await call(`/ads/${ads.home}/impression`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }, undefined, '10.0.0.99');
    expect(embedded.res.status).toBe(200);
    expect((await counts(ads.home ?? 0))?.impressions).toBe(before + 1);
    // An ended ad counts nothing.
    expect((await call(`/ads/${ads.over}/impression`)).res.status).toBe(404);
  });
});

describe('webview pages: /page/{slug} of a menu item of type webview', () => {
  it("embeds a page of this site in a sandboxed iframe, without scripts or the site's origin", async () => {
    const { res, html: page } = await call(`/page/${id}-embed`);
    expect(res.status).toBe(200);
    expect(hasTag(page, 'iframe', { src: `/embed/partners/${PARTNER}`, sandbox: SANDBOX_SITE })).toBe(true);
    expect(page).not.toContain('allow-top-navigation');
    expect(res.headers.get('content-security-policy')).toContain("frame-src 'self'");
  });

  it('refuses a URL whose origin is not in WEBVIEW_ORIGINS: a message, no iframe', async () => {
    const { res, html: page } = await call(`/page/${id}-outside`);
    expect(res.status).toBe(200);
    expect(page).not.toContain('<iframe');
    expect(page).toContain(en('WEBVIEW_REFUSED'));
    expect(page).toContain('https://elsewhere.example');
  });

  it('embeds it once its origin is listed, and opens the CSP frame-src to that origin only', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`http://localhost/page/${id}-outside`), { ...env, WEBVIEW_ORIGINS: 'https://elsewhere.example, http://insecure.example' }, ctx);
    const page = await res.text();
    await waitOnExecutionContext(ctx);
    expect(hasTag(page, 'iframe', { src: 'https://elsewhere.example/page', sandbox: SANDBOX_EXTERNAL })).toBe(true);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-src 'self' https://elsewhere.example");
    expect(csp).not.toContain('insecure.example');
  });

  it('keeps grid menu items as category grids and static pages as they were', async () => {
    const { res, html: page } = await call('/page/ramadan');
    expect(res.status).toBe(200);
    expect(page).toContain('class="grid"');
    expect((await call('/page/privacy')).html).toContain(en('PRIVACY_POLICY'));
  });

  it('/embed/partners/{slug} may be framed by this site only, and has no bar', async () => {
    const { res, html: page } = await call(`/embed/partners/${PARTNER}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page).toContain(`Library ${id}`);
    expect(hasTag(page, 'a', { href: '/content/voices-of-the-gnawa', target: '_blank' })).toBe(true);
    expect((await call('/partners')).res.headers.get('x-frame-options')).toBe('DENY');
  });
});
