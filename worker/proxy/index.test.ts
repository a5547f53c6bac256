import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageLimit } from '../rules/age';
import { Navigation } from '../api/pages/schemas';
import { registeredUser } from '../test/accounts';
import app from '../index';
import { isCacheable } from './cache';

const ORIGIN = 'https://api.example.test';

async function call(path: string, vars: Partial<Env> = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, init), { ...env, ...vars }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

afterEach(() => vi.restoreAllMocks());

describe('/api proxy to the built-in API', () => {
  it('answers catalogue calls and caches GET /configs in KV per language', async () => {
    const first = await call('/api/configs?lang=es');
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    expect(JSON.parse(first.body)).toMatchObject({ free_platform: false, app_access: 'open' });
    const second = await call('/api/configs?lang=es');
    expect(second.res.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(await env.CACHE.get('api:/configs?lang=es')).not.toBeNull();
  });

  it('passes errors through in the API shape and does not cache uncached paths', async () => {
    const { res, body } = await call('/api/pages/category/unknown-category');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-cache')).toBeNull();
    expect(JSON.parse(body)).toEqual({ status: 404, message: 'CATEGORY_NOT_FOUND: unknown-category' });
  });
});

describe('KV cache and the viewer (spec §5: navigation is filtered by profile)', () => {
  it('caches configs, menu and ratings for everyone, navigation for guests only', () => {
    for (const path of ['/configs', '/pages/menu', '/pages/menu/', '/pages/ratings']) {
      expect(isCacheable(path, false), path).toBe(true);
      expect(isCacheable(path, true), path).toBe(true);
    }
    expect(isCacheable('/pages/navigation', false)).toBe(true);
    expect(isCacheable('/pages/navigation', true)).toBe(false);
    expect(isCacheable('/pages/content/x', false)).toBe(false);
    expect(isCacheable('/pages/category/films', false)).toBe(false);
  });

  it("never serves a guest's cached navigation to a logged-in viewer, who goes to the API each time", async () => {
    const kid = await registeredUser();
    await env.DB.prepare("UPDATE profiles SET age_restriction = '12-age-restriction', is_kid = 1 WHERE user_id = ?").bind(kid.id).run();
    const cookie = `token=${encodeURIComponent(JSON.stringify(kid.tokens))}`;
    const above12 = (body: string) =>
      Navigation.parse(JSON.parse(body))
        .flatMap((r) => r.contents)
        .filter((c) => (ageLimit(c.age_restriction) ?? 0) > 12);

    await call('/api/pages/navigation?lang=ar');
    const guest = await call('/api/pages/navigation?lang=ar');
    expect(guest.res.headers.get('x-cache')).toBe('HIT');
    expect(above12(guest.body).length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      const kids = await call('/api/pages/navigation?lang=ar', {}, { headers: { cookie } });
      expect(kids.res.status).toBe(200);
      expect(kids.res.headers.get('x-cache')).toBeNull();
      expect(above12(kids.body)).toEqual([]);
    }
    const configs = await call('/api/configs?lang=ar', {}, { headers: { cookie } });
    expect(configs.res.headers.get('x-cache')).toMatch(/^(MISS|HIT)$/);
  });
});

describe('/api proxy to API_ORIGIN', () => {
  it('adds the device-id header and the lang parameter (query, then cookie)', async () => {
    const seen: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(new Request(input, init));
      return Response.json({ ok: true });
    });
    await call('/api/pages/content/x', { API_ORIGIN: ORIGIN }, { headers: { cookie: 'deviceId=device-12345678; lang=ar' } });
    await call('/api/pages/content/x?lang=fr', { API_ORIGIN: ORIGIN }, { headers: { cookie: 'deviceId=device-12345678; lang=ar' } });
    expect(seen.map((r) => r.url)).toEqual([`${ORIGIN}/pages/content/x?lang=ar`, `${ORIGIN}/pages/content/x?lang=fr`]);
    expect(seen[0]?.headers.get('x-device-id')).toBe('device-12345678');
    expect(seen[0]?.headers.get('cookie')).toBeNull();
  });

  it('creates the deviceId cookie when missing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({}));
    const { res } = await call('/', {});
    expect(res.headers.get('set-cookie')).toMatch(/deviceId=[\w-]{36}/);
  });

  it('serves the stale copy at once and refreshes it in the background', async () => {
    const key = 'api:/pages/menu?lang=en';
    await env.CACHE.put(key, JSON.stringify({ body: '[{"slug":"old","name":"Old","type":"category"}]', contentType: 'application/json', storedAt: 0 }));
    const upstream = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json([{ slug: 'new', name: 'New', type: 'category' }]));
    const { res, body } = await call('/api/pages/menu?lang=en', { API_ORIGIN: ORIGIN });
    expect(res.headers.get('x-cache')).toBe('STALE');
    expect(JSON.parse(body)[0].slug).toBe('old');
    expect(upstream).toHaveBeenCalledOnce();
    const refreshed = await call('/api/pages/menu?lang=en', { API_ORIGIN: ORIGIN });
    expect(refreshed.res.headers.get('x-cache')).toBe('HIT');
    expect(JSON.parse(refreshed.body)[0].slug).toBe('new');
  });

  it('keeps the last good copy when the upstream fails', async () => {
    const key = 'api:/pages/navigation?lang=fr';
    await env.CACHE.put(key, JSON.stringify({ body: '[]', contentType: 'application/json', storedAt: 0 }));
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('connection refused'));
    const { res, body } = await call('/api/pages/navigation?lang=fr', { API_ORIGIN: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('STALE');
    expect(body).toBe('[]');
    const stored = await env.CACHE.get<{ storedAt: number }>(key, 'json');
    expect(stored?.storedAt).toBe(0);
  });

  it('answers 502 BAD_GATEWAY when the upstream is down and nothing is cached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('connection refused'));
    const { res, body } = await call('/api/pages/content/anything', { API_ORIGIN: ORIGIN });
    expect(res.status).toBe(502);
    expect(JSON.parse(body).message).toMatch(/^BAD_GATEWAY: /);
  });
});
