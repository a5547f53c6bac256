import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { renderGeoblocked } from '../../pages/walls';
import { requestContext } from '../request-context';
import { geoblock, isGeoblocked } from '.';

const SECRET = 'Secret catalogue title';

const app = new Hono<AppEnv>()
  .use(requestContext(), geoblock({ page: renderGeoblocked }))
  .get('/healthcheck', (c) => c.json({ status: 'pass' }))
  .get('/manifest.webmanifest', (c) => c.body('{}', 200, { 'Content-Type': 'application/manifest+json' }))
  .get('/.well-known/*', (c) => c.json({}))
  .get('/robots.txt', (c) => c.text('User-agent: *'))
  .get('/icons/*', (c) => c.body('png', 200, { 'Content-Type': 'image/png' }))
  .all('/api/*', (c) => c.json({ contents: [{ name: SECRET }] }))
  .get('*', (c) => c.html(`<p>${SECRET}</p>`));

type Vars = Partial<Pick<Env, 'GEO_ALLOWED_COUNTRIES' | 'GEO_BLOCKED_COUNTRIES'>>;

/** A request from `country` (request.cf.country, as Cloudflare sets it); undefined: no cf at all. */
const from = (country: string | undefined, path = '/', vars: Vars = {}) =>
  app.request(
    path,
    (country === undefined ? {} : { cf: { country } }) as RequestInit,
    { ...env, GEO_ALLOWED_COUNTRIES: '', GEO_BLOCKED_COUNTRIES: '', ...vars },
    createExecutionContext(),
  );

const expectBlockedPage = async (res: Response) => {
  expect(res.status).toBe(451);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).not.toContain(SECRET);
  return html;
};

describe('geoblock without configuration', () => {
  it('lets every country through', async () => {
    for (const country of ['MA', 'FR', 'US', undefined]) expect((await from(country)).status).toBe(200);
  });
});

describe('geoblock with GEO_BLOCKED_COUNTRIES', () => {
  const vars: Vars = { GEO_BLOCKED_COUNTRIES: 'fr, US' };

  it('shows a listed country the translated geoblocking page with status 451', async () => {
    const html = await expectBlockedPage(await from('FR', '/content/film?lang=en', vars));
    expect(html).toContain(translate('en')('GEOBLOCKED'));
    expect(html).toContain(translate('en')('GEOBLOCKED_TEXT'));
    expect(html).toContain(translate('en')('GEOBLOCKED_COUNTRY', { country: 'France' }));
    expect(html).not.toContain('top-bar');
  });

  it('renders it in Arabic, right to left', async () => {
    const html = await expectBlockedPage(await from('US', '/?lang=ar', vars));
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(translate('ar')('GEOBLOCKED'));
  });

  it('lets other countries through', async () => {
    expect((await from('MA', '/', vars)).status).toBe(200);
  });

  it('never blocks an unknown country', async () => {
    expect((await from(undefined, '/', vars)).status).toBe(200);
    expect((await from('XX', '/', vars)).status).toBe(200);
  });

  it('answers the API with the JSON error', async () => {
    const res = await from('FR', '/api/pages/category/films', vars);
    expect(res.status).toBe(451);
    expect(await res.json()).toEqual({ status: 451, message: 'GEOBLOCKED: FR' });
  });

  it('keeps the healthcheck, manifest, well-known files, robots.txt and icons reachable', async () => {
    for (const path of ['/healthcheck', '/manifest.webmanifest', '/.well-known/apple-app-site-association', '/robots.txt', '/icons/icon.svg']) {
      expect((await from('FR', path, vars)).status, path).toBe(200);
    }
  });
});

describe('geoblock with GEO_ALLOWED_COUNTRIES', () => {
  const vars: Vars = { GEO_ALLOWED_COUNTRIES: 'MA,ES' };

  it('lets only the listed countries in', async () => {
    expect((await from('MA', '/', vars)).status).toBe(200);
    expect((await from('ES', '/', vars)).status).toBe(200);
    await expectBlockedPage(await from('DE', '/', vars));
  });

  it('still blocks a country on both lists', async () => {
    await expectBlockedPage(await from('ES', '/', { ...vars, GEO_BLOCKED_COUNTRIES: 'ES' }));
  });

  it('treats an unknown country as allowed', async () => {
    expect((await from(undefined, '/', vars)).status).toBe(200);
    expect(isGeoblocked('', { GEO_ALLOWED_COUNTRIES: 'MA', GEO_BLOCKED_COUNTRIES: '' })).toBe(false);
    expect(isGeoblocked('XX', { GEO_ALLOWED_COUNTRIES: 'MA', GEO_BLOCKED_COUNTRIES: '' })).toBe(false);
  });

  it('answers the API of another country with the JSON error', async () => {
    const res = await from('DE', '/api/configs', vars);
    expect(res.status).toBe(451);
    expect(await res.json()).toEqual({ status: 451, message: 'GEOBLOCKED: DE' });
  });
});

describe('geoblock in the composed worker', () => {
  const worker = async (path: string, country: string) => {
    const { default: composed } = await import('../../index');
    return composed.request(path, { cf: { country } } as RequestInit, { ...env, GEO_BLOCKED_COUNTRIES: 'FR', DOOR_KEY_HASH: '' }, createExecutionContext());
  };

  it('blocks pages and the API but not the healthcheck', async () => {
    expect((await worker('/', 'FR')).status).toBe(451);
    expect(await (await worker('/api/configs', 'FR')).json()).toEqual({ status: 451, message: 'GEOBLOCKED: FR' });
    expect((await worker('/healthcheck', 'FR')).status).toBe(200);
    expect((await worker('/api/configs', 'MA')).status).toBe(200);
  });
});
