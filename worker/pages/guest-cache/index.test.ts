import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../../index';
import { makeTitle } from '../../test/catalogue';
import { registered, type Jar } from '../../test/site';

/**
 * The guests' page cache (worker/pages/guest-cache) through the whole worker, with the cache on
 * (route tests run with it off: GUEST_PAGE_CACHE_SECONDS=0 in vitest.config.ts).
 */

const SITE = 'https://tafrij.test';
const ON = { ...env, GUEST_PAGE_CACHE_SECONDS: '60', DEFAULT_LANGUAGE: '' };

async function get(path: string, headers: Record<string, string> = {}, bindings: Env = ON) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${SITE}${path}`, { headers: { 'CF-Connecting-IP': '10.9.9.9', ...headers } }), bindings, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html, state: res.headers.get('x-page-cache'), nonce: /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1], device: /<html[^>]* data-device="([^"]+)"/.exec(html)?.[1] };
}

const cookieOf = (jar: Jar): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
/** A path no other test has rendered, so each test starts with a miss. */
const fresh = (path = '/') => `${path}?lang=en&t=${crypto.randomUUID()}`;

describe("the guests' page cache", () => {
  it('renders a page once, then serves it with this response’s own nonce and device id', async () => {
    const path = fresh();
    const first = await get(path, { cookie: 'deviceId=device-first-1' });
    expect(first.res.status).toBe(200);
    expect(first.state).toBe('miss');
    expect(first.device).toBe('device-first-1');

    const second = await get(path, { cookie: 'deviceId=device-second-2' });
    expect(second.state).toBe('hit');
    expect(second.device).toBe('device-second-2');
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    // Every nonce attribute of the page is the one the CSP header allows.
    expect(second.res.headers.get('content-security-policy')).toContain(`'nonce-${second.nonce}'`);
    expect(second.html.match(/ nonce="([^"]+)"/g)?.every((attr) => attr === ` nonce="${second.nonce}"`)).toBe(true);
    expect(second.res.headers.get('cache-control')).toBe('private, no-store');
    // Same page otherwise.
    const strip = (html: string) => html.replace(/ nonce="[^"]+"/g, '').replace(/ data-device="[^"]+"/, '');
    expect(strip(second.html)).toBe(strip(first.html));
  });

  it('gives a new guest their deviceId cookie on a hit too', async () => {
    const path = fresh();
    await get(path);
    const hit = await get(path);
    expect(hit.state).toBe('hit');
    expect(hit.res.headers.get('set-cookie')).toMatch(/deviceId=[\w-]{36}/);
    expect(hit.device).toBe(/deviceId=([\w-]{36})/.exec(hit.res.headers.get('set-cookie') ?? '')?.[1]);
  });

  it('keeps one page per language and per cookie banner state', async () => {
    const token = crypto.randomUUID();
    await get(`/?t=${token}`, { 'accept-language': 'en' });
    const arabic = await get(`/?t=${token}`, { 'accept-language': 'ar' });
    expect(arabic.state).toBe('miss');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl"');
    const consented = await get(`/?t=${token}`, { 'accept-language': 'ar', cookie: 'cookieConsent=true' });
    expect(consented.state).toBe('miss');
  });

  it('never serves or keeps a member’s page', async () => {
    const { jar } = await registered();
    const path = fresh();
    expect((await get(path, { cookie: cookieOf(jar) })).state).toBeNull();
    expect((await get(path, { cookie: cookieOf(jar) })).state).toBeNull();
    expect((await get(path)).state).toBe('miss');
    expect((await get(path, { cookie: cookieOf(jar) })).state).toBeNull();
  });

  it('skips guests with favourites or a flash message, the player, other methods and long URLs', async () => {
    const path = fresh();
    await get(path);
    expect((await get(path, { cookie: 'favs=1' })).state).toBeNull();
    expect((await get(path, { cookie: 'flash=x' })).state).toBeNull();
    const title = await makeTitle();
    expect((await get(`/player/${title.slug}`)).state).toBeNull();
    expect((await get(`/?lang=en&long=${'x'.repeat(600)}`)).state).toBeNull();
  });

  it('does not keep a missing page, and is off with GUEST_PAGE_CACHE_SECONDS=0', async () => {
    const missing = `/content/no-such-title-${crypto.randomUUID()}`;
    expect((await get(missing)).res.status).toBe(404);
    expect((await get(missing)).state).toBeNull();
    const path = fresh();
    expect((await get(path, {}, { ...env, GUEST_PAGE_CACHE_SECONDS: '0' })).state).toBeNull();
    expect((await get(path, {}, { ...env, GUEST_PAGE_CACHE_SECONDS: '0' })).state).toBeNull();
  });
});
