import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../../package.json';
import type { AppEnv } from '../../env';
import { requestContext } from '../request-context';
import { healthcheck, type HealthReport } from '.';

const expectedVersion = (pkg as { version?: string }).version || '0.0.0';
const boom = (what: string) => () => {
  throw new Error(`${what} is down`);
};

describe('GET /healthcheck', () => {
  const app = new Hono<AppEnv>().use(requestContext()).get('/healthcheck', healthcheck());
  afterEach(() => vi.restoreAllMocks());

  it('answers 200 with the version and a passing check per binding', async () => {
    const res = await app.request('/healthcheck', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json<HealthReport>();
    expect(body).toMatchObject({
      status: 'pass',
      version: expectedVersion,
      checks: { d1: { status: 'pass' }, kv: { status: 'pass' }, r2: { status: 'pass' } },
    });
    expect(body.message).toBeUndefined();
  });

  it('answers 503 naming D1 when the database throws', async () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const DB = { prepare: boom('D1') } as unknown as D1Database;
    const res = await app.request('/healthcheck', {}, { ...env, DB });
    expect(res.status).toBe(503);
    const body = await res.json<HealthReport>();
    expect(body.status).toBe('fail');
    expect(body.message).toBe('UNHEALTHY: d1');
    expect(body.checks).toMatchObject({ d1: { status: 'fail', output: 'D1 is down' }, kv: { status: 'pass' }, r2: { status: 'pass' } });
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('"check":"d1"'));
  });

  it('answers 503 naming KV and R2 when both reject', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const CACHE = { get: () => Promise.reject(new Error('KV is down')) } as unknown as KVNamespace;
    const MEDIA = { head: () => Promise.reject(new Error('R2 is down')) } as unknown as R2Bucket;
    const res = await app.request('/healthcheck', {}, { ...env, CACHE, MEDIA });
    expect(res.status).toBe(503);
    const body = await res.json<HealthReport>();
    expect(body.message).toBe('UNHEALTHY: kv, r2');
    expect(body.checks).toMatchObject({
      d1: { status: 'pass' },
      kv: { status: 'fail', output: 'KV is down' },
      r2: { status: 'fail', output: 'R2 is down' },
    });
  });

  it('treats a missing R2 object as healthy', async () => {
    const MEDIA = { head: async () => null } as unknown as R2Bucket;
    const res = await app.request('/healthcheck', {}, { ...env, MEDIA });
    expect(res.status).toBe(200);
  });
});

describe('healthcheck options', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the given checks and reports the given version', async () => {
    const app = new Hono<AppEnv>().use(requestContext()).get('/hc', healthcheck({ version: '1.2.3', checks: { upstream: async () => 'ok' } }));
    const body = await (await app.request('/hc', {}, env)).json<HealthReport>();
    expect(body).toMatchObject({ status: 'pass', version: '1.2.3', checks: { upstream: { status: 'pass' } } });
    expect(Object.keys(body.checks)).toEqual(['upstream']);
  });

  it('fails a check that hangs longer than the timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = new Hono<AppEnv>()
      .use(requestContext())
      .get('/hc', healthcheck({ timeoutMs: 20, checks: { slow: () => new Promise(() => {}), fast: async () => 1 } }));
    const res = await app.request('/hc', {}, env);
    expect(res.status).toBe(503);
    const body = await res.json<HealthReport>();
    expect(body.message).toBe('UNHEALTHY: slow');
    expect(body.checks.slow).toMatchObject({ status: 'fail', output: 'timeout after 20 ms' });
  });

  it('refuses to be built without checks', () => {
    expect(() => healthcheck({ checks: {} })).toThrow(/at least one check/);
  });
});
