import { createExecutionContext, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { acceptedLanguages, requestContext } from '.';

const app = new Hono<AppEnv>().use(requestContext()).get('*', (c) => c.text(c.get('lang')));

type Vars = Partial<Pick<Env, 'DEFAULT_LANGUAGE' | 'FORCE_LANG' | 'SUPPORTED_LANGUAGES'>>;

/** The language a request gets, on an install with no DEFAULT_LANGUAGE unless `vars` sets one. */
const langOf = async (headers: Record<string, string>, path = '/', vars: Vars = {}) => {
  const res = await app.request(path, { headers }, { ...env, DEFAULT_LANGUAGE: '', FORCE_LANG: '', ...vars }, createExecutionContext());
  return res.text();
};

describe('acceptedLanguages', () => {
  it('orders by q-value, then by position, and keeps the primary subtag', () => {
    expect(acceptedLanguages('fr-MA,fr;q=0.9,en-US;q=0.8,ar;q=0.95')).toEqual(['fr', 'ar', 'fr', 'en']);
    expect(acceptedLanguages('es, en')).toEqual(['es', 'en']);
  });

  it('drops q=0, wildcards and garbage', () => {
    expect(acceptedLanguages('en;q=0, *;q=0.5, ;q=1, de;q=abc')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('a guest language (spec §3, §9)', () => {
  it('is Arabic when nothing chose one', async () => {
    expect(await langOf({})).toBe('ar');
    expect(await langOf({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('ar');
  });

  it("follows the browser's first supported Accept-Language", async () => {
    expect(await langOf({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' })).toBe('fr');
    expect(await langOf({ 'accept-language': 'de-DE,es;q=0.7,en;q=0.8' })).toBe('en');
    expect(await langOf({ 'accept-language': 'en-US' })).toBe('en');
  });

  it('gives way to ?lang, the lang cookie and the operator setting, and skips unsupported languages', async () => {
    const browser = { 'accept-language': 'fr' };
    expect(await langOf(browser, '/?lang=es')).toBe('es');
    expect(await langOf({ ...browser, cookie: 'lang=en' })).toBe('en');
    expect(await langOf(browser, '/', { DEFAULT_LANGUAGE: 'es' })).toBe('es');
    expect(await langOf(browser, '/', { SUPPORTED_LANGUAGES: 'en,ar' })).toBe('ar');
  });
});

describe('pages', () => {
  it('vary on Accept-Language and Cookie', async () => {
    const res = await SELF.fetch('https://tafrij.test/login', { headers: { 'accept-language': 'fr' } });
    await res.arrayBuffer();
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });
});

describe('the device id', () => {
  const device = new Hono<AppEnv>().use(requestContext()).get('*', (c) => c.text(c.get('deviceId')));
  const idOf = (headers: Record<string, string>) => device.request('/', { headers }, env, createExecutionContext());

  it('comes from the cookie, else from the device-id header of API calls (spec §7), else is new', async () => {
    const fromCookie = await idOf({ cookie: 'deviceId=cookie-device-1', 'x-device-id': 'header-device-1' });
    expect(await fromCookie.text()).toBe('cookie-device-1');
    expect(fromCookie.headers.get('set-cookie')).toBeNull();

    const fromHeader = await idOf({ 'x-device-id': 'header-device-1' });
    expect(await fromHeader.text()).toBe('header-device-1');
    expect(fromHeader.headers.get('set-cookie')).toMatch(/deviceId=header-device-1/);

    const fresh = await idOf({ 'x-device-id': 'bad id!' });
    expect(await fresh.text()).toMatch(/^[\w-]{36}$/);
  });
});
