import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import app from '../index';
import { MAX_KEY_BYTES, cacheKey } from './cache';

async function call(path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`), env, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

async function keys(): Promise<string[]> {
  const { keys } = await env.CACHE.list({ prefix: 'api:' });
  return keys.map((k) => k.name).sort();
}

afterEach(() => vi.restoreAllMocks());

describe('KV cache keys: only the parameters that change the answer, sorted and bounded', () => {
  it('keys each path on lang alone, whatever else the query carries, with or without a trailing slash', () => {
    const key = (path: string) => cacheKey(new URL(path, 'http://api.internal'));
    expect(key('/configs?utm_source=7&lang=fr&x=1')).toBe('api:/configs?lang=fr');
    expect(key('/pages/menu/?lang=ar&fbclid=abc')).toBe('api:/pages/menu?lang=ar');
    expect(key('/pages/ratings?lang=es')).toBe('api:/pages/ratings?lang=es');
    expect(key('/pages/navigation?profileId=3&lang=en')).toBe('api:/pages/navigation?lang=en');
    expect(cacheKey(new URL('http://api.internal/pages/navigation?lang=en'), true)).toBeNull();
    expect(key('/pages/content/x?lang=en')).toBeNull();
  });

  it('has no key (the call is not cached) when the key would pass 512 bytes', () => {
    const long = cacheKey(new URL(`http://api.internal/configs?lang=${'a'.repeat(MAX_KEY_BYTES)}`));
    expect(long).toBeNull();
    const ignored = cacheKey(new URL(`http://api.internal/configs?lang=en&q=${'a'.repeat(4 * MAX_KEY_BYTES)}`));
    expect(ignored).toBe('api:/configs?lang=en');
  });

  it('200 requests with ?utm_source=N add no key beyond the first', async () => {
    await call('/api/pages/menu?lang=fr');
    const before = await keys();
    for (let n = 0; n < 200; n++) {
      const { res } = await call(`/api/pages/menu?lang=fr&utm_source=${n}`);
      expect(res.status).toBe(200);
    }
    expect(await keys()).toEqual(before);
  });

  it('a query longer than 512 bytes never answers 500 on the four cached paths', async () => {
    const junk = 'x'.repeat(2000);
    for (const path of ['/api/configs', '/api/pages/menu', '/api/pages/ratings', '/api/pages/navigation']) {
      const extra = await call(`${path}?lang=en&utm_source=${junk}`);
      expect(extra.res.status, path).toBe(200);
      const badLang = await call(`${path}?lang=${junk}`);
      expect(badLang.res.status, path).toBeLessThan(500);
      expect(badLang.res.headers.get('x-cache'), path).toBeNull();
    }
    expect((await keys()).every((k) => new TextEncoder().encode(k).byteLength <= MAX_KEY_BYTES)).toBe(true);
  });
});

describe('KV cache entries that fail to parse or validate are misses, dropped and logged', () => {
  const bad: Record<string, string> = {
    'not JSON': '{"body": "[]", "contentTy',
    'wrong shape': JSON.stringify({ body: 42, storedAt: 'yesterday' }),
    'storedAt in the future': JSON.stringify({ body: '[]', contentType: 'application/json', storedAt: Date.now() + 3600_000 }),
  };
  for (const [problem, raw] of Object.entries(bad)) {
    it(`${problem}: the API answers fresh (MISS), the entry is replaced and a warning logged`, async () => {
      const key = 'api:/pages/ratings?lang=ar';
      await env.CACHE.put(key, raw);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { res, body } = await call('/api/pages/ratings?lang=ar');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
      expect(Array.isArray(JSON.parse(body))).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('bad cache entry dropped'));
      const stored = await env.CACHE.get<{ body: string; storedAt: number }>(key, 'json');
      expect(stored?.body).toBe(body);
      expect(stored?.storedAt).toBeLessThanOrEqual(Date.now());
    });
  }

  it('a malformed configs entry does not take the pages down', async () => {
    await env.CACHE.put('api:/configs?lang=en', 'not json at all');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { res } = await call('/?lang=en');
    expect(res.status).toBe(200);
    const stored = await env.CACHE.get<{ storedAt: number }>('api:/configs?lang=en', 'json');
    expect(stored?.storedAt).toBeTypeOf('number');
  });
});
