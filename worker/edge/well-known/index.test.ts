import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../env';
import { requestContext } from '../request-context';
import { wellKnown } from '.';

const AASA = { applinks: { details: [{ appIDs: ['ABCDE12345.ma.tafrij.app'], components: [{ '/': '/content/*' }] }] } };
const ASSET_LINKS = [
  {
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: 'ma.tafrij.app', sha256_cert_fingerprints: ['AA:BB'] },
  },
];

const app = new Hono<AppEnv>()
  .use(requestContext())
  .get('/.well-known/apple-app-site-association', wellKnown({ file: 'apple-app-site-association' }))
  .get('/.well-known/assetlinks.json', wellKnown({ file: 'assetlinks.json' }));

describe('GET /.well-known/apple-app-site-association', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves APPLE_APP_SITE_ASSOCIATION as application/json', async () => {
    const res = await app.request('/.well-known/apple-app-site-association', {}, { ...env, APPLE_APP_SITE_ASSOCIATION: JSON.stringify(AASA) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(AASA);
  });

  it('answers 404 when it is not configured', async () => {
    const res = await app.request('/.well-known/apple-app-site-association', {}, { ...env, APPLE_APP_SITE_ASSOCIATION: '' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, message: 'E_ROUTE_NOT_FOUND: /.well-known/apple-app-site-association' });
  });

  it('answers 404 and logs an error when the configuration is not JSON', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/.well-known/apple-app-site-association', {}, { ...env, APPLE_APP_SITE_ASSOCIATION: '{"applinks":' });
    expect(res.status).toBe(404);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('APPLE_APP_SITE_ASSOCIATION is not valid JSON'));
  });
});

describe('GET /.well-known/assetlinks.json', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves ASSET_LINKS as application/json', async () => {
    const res = await app.request('/.well-known/assetlinks.json', {}, { ...env, ASSET_LINKS: `  ${JSON.stringify(ASSET_LINKS)}\n` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(ASSET_LINKS);
  });

  it('answers 404 when it is not configured', async () => {
    const res = await app.request('/.well-known/assetlinks.json', {}, { ...env, ASSET_LINKS: '' });
    expect(res.status).toBe(404);
  });

  it('answers 404 and logs an error when the configuration is not JSON', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/.well-known/assetlinks.json', {}, { ...env, ASSET_LINKS: 'not json' });
    expect(res.status).toBe(404);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('ASSET_LINKS is not valid JSON'));
  });
});
