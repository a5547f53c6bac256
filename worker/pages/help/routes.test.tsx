import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedHelpArticles } from '../../api/help/testing';
import { translate } from '../../i18n';
import { call, en, html, post, quietConsole } from '../../test/site';

/**
 * The help centre's pages (/page/help-center, its articles, "Was this helpful?") through the whole
 * worker, as a browser without JavaScript.
 */

const id = crypto.randomUUID().slice(0, 8);
const TRICKY = `tricky-${id}`;

beforeAll(async () => {
  await seedHelpArticles();
  // An answer that tries to close the JSON-LD script element.
  await env.DB.prepare(
    `INSERT INTO help_articles (slug, category, position, question, answer, updated_at) VALUES (?1, 'libraries', 99, ?2, ?3, '2026-11-25T00:00:00.000Z')`,
  )
    .bind(TRICKY, JSON.stringify({ en: `Tricky ${id}?` }), JSON.stringify({ en: '</script><script>alert(1)</script> & more' }))
    .run();
});

quietConsole();

const votes = (slug: string) => env.DB.prepare('SELECT helpful_yes, helpful_no FROM help_articles WHERE slug = ?1').bind(slug).first<{ helpful_yes: number; helpful_no: number }>();
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');

describe('/page/help-center', () => {
  it('shows the search form, the topics and every category with its questions, in Arabic', async () => {
    const { res, html: page } = await call('/page/help-center?lang=ar');
    expect(res.status).toBe(200);
    const parts = ['<h1 class="page__title">مركز المساعدة</h1>', 'data-island="help-search"', '<form class="help-search" role="search" action="/page/help-center" method="get">', 'role="combobox"'];
    for (const part of parts) expect(page).toContain(part);
    for (const heading of ['الحساب', 'الملفات الشخصية والأطفال', 'الاشتراكات والمدفوعات', 'التشغيل والأجهزة', 'المكتبات']) expect(page).toContain(`>${heading}</h2>`);
    expect(page).toContain('<summary>نسيت كلمة السر</summary>');
    expect(page).toContain('href="/page/help-center/forgot-password"');
    expect(page).toContain('href="/page/help-center?category=libraries"');
    // Every script element carries the response's nonce (the FAQ's JSON-LD too).
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('carries FAQPage structured data of the questions shown, with < escaped', async () => {
    const { html: page } = await call('/page/help-center?lang=en');
    const [script] = jsonLd(page);
    const data = JSON.parse(script ?? '{}') as { '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.length).toBeGreaterThanOrEqual(30);
    expect(data.mainEntity.find((q) => q.name === 'I forgot my password')?.acceptedAnswer.text).toContain('reset link');
    expect(script).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script> & more');
    expect(page).not.toContain('<script>alert(1)');
  });

  it('renders the search results of "كلمة السر" and "mot de passe" without JavaScript', async () => {
    const ar = await call(`/page/help-center?lang=ar&q=${encodeURIComponent('كلمة السر')}`);
    expect(ar.res.status).toBe(200);
    expect(ar.html).toContain(html('نتائج البحث عن «كلمة السر»'));
    expect(ar.html).toContain('data-slug="forgot-password"');
    expect(ar.html).toContain(`value="${html('كلمة السر')}"`);
    const fr = await call(`/page/help-center?lang=fr&q=${encodeURIComponent('mot de passe')}`);
    expect(fr.html).toContain('data-slug="forgot-password"');
    expect(fr.html).toContain(`<summary>${html('J’ai oublié mon mot de passe')}</summary>`);
    const none = await call('/page/help-center?lang=en&q=zzzqqqxxx');
    expect(none.html).toContain('data-help-results="0"');
    expect(none.html).toContain(html('No article matches “zzzqqqxxx”.'));
  });

  it('shows one category when asked and ignores an unknown one', async () => {
    const one = await call('/page/help-center?lang=en&category=libraries');
    expect(one.html).toContain('>Libraries</h2>');
    expect(one.html).not.toContain('>Account</h2>');
    expect(one.html).toContain('href="/page/help-center?category=libraries" aria-current="page"');
    const unknown = await call('/page/help-center?lang=en&category=films');
    expect(unknown.res.status).toBe(200);
    expect(unknown.html).toContain('>Account</h2>');
  });

  it('keeps the other static pages', async () => {
    const { res, html: page } = await call('/page/terms-of-use?lang=en');
    expect(res.status).toBe(200);
    expect(page).toContain('<h1>Terms of use</h1>');
  });
});

describe('/page/help-center/{slug}', () => {
  it('shows one answer with links, the vote form and "Contact us" with its category subject', async () => {
    const { res, html: page } = await call('/page/help-center/forgot-password?lang=en');
    expect(res.status).toBe(200);
    const parts = [
      '<h1 class="page__title">I forgot my password</h1>',
      `<a href="/forgot">${en('TITLE_FORGOT')}</a>`, // a site path in the answer is a link named after its page
      'action="/page/help-center/forgot-password/helpful"',
      'type="submit" value="yes" name="helpful"',
      'href="/contact?subject=account"',
      'Related questions',
    ];
    for (const part of parts) expect(page).toContain(part);
  });

  it('names the pages an answer sends to in the page language, never their raw paths (links, description, structured data)', async () => {
    const { html: page } = await call('/page/help-center/change-password?lang=ar');
    expect(page).toContain(`<a href="/settings/editLogin">${html(translate('ar')('TITLE_EDIT_LOGIN'))}</a>`);
    expect(page).not.toContain('>/settings/editLogin<');
    expect(/<meta name="description" content="([^"]*)"/.exec(page)?.[1]).not.toContain('/settings/editLogin');
    expect(jsonLd(page).join('')).not.toContain('/settings/editLogin');
    expect(jsonLd(page).join('')).toContain(translate('ar')('TITLE_EDIT_LOGIN'));
    // The help centre's list of answers too, in French.
    const centre = await call('/page/help-center?lang=fr');
    expect(centre.html).toContain(`<a href="/settings/billingActivity">${html(translate('fr')('BILLING_ACTIVITY'))}</a>`);
    expect(centre.html).not.toContain('>/settings/billingActivity<');
  });

  it('maps each category to its contact subject', async () => {
    const subjects: Record<string, string> = { 'kids-profiles': 'account', 'coupon-codes': 'billing', 'subtitles-and-audio': 'technical', 'for-librarians': 'librarian' };
    for (const [slug, subject] of Object.entries(subjects)) {
      const { html: page } = await call(`/page/help-center/${slug}?lang=fr`);
      expect(page, slug).toContain(`href="/contact?subject=${subject}" data-help-contact=""`);
    }
  });

  it('answers 404 for an unknown or malformed article', async () => {
    expect((await call('/page/help-center/no-such-article')).res.status).toBe(404);
    expect((await call('/page/help-center/Not_A_Slug')).res.status).toBe(404);
  });

  it('counts "Was this helpful?" from a form and says thank you; refuses nothing else', async () => {
    const before = (await votes('free-trial')) ?? { helpful_yes: 0, helpful_no: 0 };
    const yes = await post('/page/help-center/free-trial/helpful', { helpful: 'yes' });
    expect(yes.res.status).toBe(303);
    expect(yes.res.headers.get('location')).toBe('/page/help-center/free-trial?voted=1');
    const no = await post('/page/help-center/free-trial/helpful', { helpful: 'no' });
    expect(no.res.status).toBe(303);
    expect(await votes('free-trial')).toEqual({ helpful_yes: before.helpful_yes + 1, helpful_no: before.helpful_no + 1 });

    const thanks = await call('/page/help-center/free-trial?voted=1&lang=en');
    expect(thanks.html).toContain('Thank you for your feedback.');
    expect(thanks.html).not.toContain('/helpful"');

    const odd = await post('/page/help-center/free-trial/helpful', { helpful: 'maybe' });
    expect(odd.res.headers.get('location')).toBe('/page/help-center/free-trial');
    expect(await votes('free-trial')).toEqual({ helpful_yes: before.helpful_yes + 1, helpful_no: before.helpful_no + 1 });
    expect((await post('/page/help-center/no-such-article/helpful', { helpful: 'yes' })).res.status).toBe(404);
  });
});
