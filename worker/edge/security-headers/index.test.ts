import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { requestContext } from '../request-context';
import { defaultContentSecurityPolicy, securityHeaders } from '.';

/** Like a Response from fetch()/env.ASSETS.fetch(): its headers throw a TypeError when changed. */
function immutable(res: Response): Response {
  const headers = new Proxy(res.headers, {
    get(target, key) {
      if (key === 'set' || key === 'append' || key === 'delete') {
        return () => {
          throw new TypeError("Can't modify immutable headers.");
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  Object.defineProperty(res, 'headers', { value: headers });
  return res;
}

const STATIC = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

const expectStaticHeaders = (res: Response) => {
  for (const [name, value] of Object.entries(STATIC)) expect(res.headers.get(name), name).toBe(value);
};

const nonceOf = (res: Response): string | undefined => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('securityHeaders on pages', () => {
  const app = new Hono<AppEnv>()
    .use(requestContext(), securityHeaders())
    .get('/', (c) => c.html(`<!doctype html><script nonce="${c.get('nonce')}">1</script>`));

  it('sets the content security policy with the nonce the page used', async () => {
    const res = await app.request('/', {}, env);
    expect(res.status).toBe(200);
    const nonce = nonceOf(res);
    expect(nonce).toBeTruthy();
    expect(await res.text()).toContain(`nonce="${nonce}"`);
    expect(res.headers.get('content-security-policy')).toBe(defaultContentSecurityPolicy(nonce));
    expectStaticHeaders(res);
  });

  it('gives every response its own nonce', async () => {
    const [a, b] = await Promise.all([app.request('/', {}, env), app.request('/', {}, env)]);
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });

  it('allows the YouTube embed as a frame on /youtube pages only', async () => {
    const pages = new Hono<AppEnv>().use(requestContext(), securityHeaders()).get('*', (c) => c.html('<!doctype html>'));
    const youtube = (await pages.request('/youtube/some-title', {}, env)).headers.get('content-security-policy');
    expect(youtube).toContain('; frame-src https://www.youtube-nocookie.com');
    const content = (await pages.request('/content/some-title', {}, env)).headers.get('content-security-policy');
    expect(content).not.toContain('frame-src');
  });

  it("lets a live channel's page fetch from the live sources of LIVE_ORIGINS, and no other page", async () => {
    const pages = new Hono<AppEnv>().use(requestContext(), securityHeaders()).get('*', (c) => c.html('<!doctype html>'));
    const withOrigins = { ...env, LIVE_ORIGINS: 'https://customer-abc.cloudflarestream.com, http://insecure.example, javascript:alert(1)' };
    const channel = (await pages.request('/tv/2m', {}, withOrigins)).headers.get('content-security-policy');
    expect(channel).toContain("media-src 'self' blob: https://customer-abc.cloudflarestream.com;");
    expect(channel).toContain("connect-src 'self' https://customer-abc.cloudflarestream.com;");
    expect(channel).not.toContain('insecure');
    expect(channel).not.toContain('javascript');
    const other = (await pages.request('/content/some-title', {}, withOrigins)).headers.get('content-security-policy');
    expect(other).toContain("connect-src 'self';");
  });

  it('lets webview pages (/page/*) frame this site and the origins of WEBVIEW_ORIGINS, and only /embed/* be framed by this site', async () => {
    const pages = new Hono<AppEnv>().use(requestContext(), securityHeaders()).get('*', (c) => c.html('<!doctype html>'));
    const withOrigins = { ...env, WEBVIEW_ORIGINS: 'https://festival.example.ma, http://insecure.example, javascript:alert(1)' };
    const webview = (await pages.request('/page/comedy-festival', {}, withOrigins)).headers.get('content-security-policy');
    expect(webview).toContain("frame-src 'self' https://festival.example.ma");
    expect(webview).not.toContain('insecure');
    expect(webview).toContain("frame-ancestors 'none'");
    const content = (await pages.request('/content/some-title', {}, withOrigins)).headers.get('content-security-policy');
    expect(content).not.toContain('frame-src');
    const embed = await pages.request('/embed/partners/atlas-films', {}, withOrigins);
    expect(embed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(embed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await pages.request('/partners', {}, withOrigins)).headers.get('x-frame-options')).toBe('DENY');
  });

  it('spells out the whole policy', () => {
    expect(defaultContentSecurityPolicy('abc')).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
  });
});

describe('securityHeaders on other responses', () => {
  const app = new Hono<AppEnv>()
    .use(requestContext(), securityHeaders())
    .get('/api/thing', (c) => c.json({ ok: true }))
    .get('/robots.txt', (c) => c.text('User-agent: *'))
    .get('/fail', (c) => c.json({ status: 500, message: 'INTERNAL_ERROR' }, 500));

  it('sets the static headers on JSON but no content security policy', async () => {
    const res = await app.request('/api/thing', {}, env);
    expect(await res.json()).toEqual({ ok: true });
    expectStaticHeaders(res);
    expect(res.headers.has('content-security-policy')).toBe(false);
  });

  it('sets them on plain text, errors and not-found answers too', async () => {
    for (const path of ['/robots.txt', '/fail', '/missing']) {
      expectStaticHeaders(await app.request(path, {}, env));
    }
  });
});

describe('securityHeaders on responses with immutable headers', () => {
  let release: () => void = () => {};
  const app = new Hono<AppEnv>()
    .use(requestContext(), securityHeaders())
    .get('/asset.css', () => immutable(new Response('body{}', { headers: { 'Content-Type': 'text/css', ETag: '"1"' } })))
    .get('/stream', () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<!doctype html><p>first</p>'));
          release = () => controller.close();
        },
      });
      return immutable(new Response(stream, { headers: { 'Content-Type': 'text/html; charset=UTF-8' } }));
    });

  it('copies them into a new response keeping the original headers', async () => {
    const res = await app.request('/asset.css', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.headers.get('content-type')).toBe('text/css');
    expectStaticHeaders(res);
    expect(await res.text()).toBe('body{}');
  });

  it('keeps a streamed body streaming', async () => {
    const res = await app.request('/stream', {}, env);
    expect(nonceOf(res)).toBeTruthy();
    const reader = res.body!.getReader();
    // The body has not ended yet: a buffering middleware would never have answered.
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('first');
    release();
    expect((await reader.read()).done).toBe(true);
  });
});

describe('securityHeaders options', () => {
  it('refuses a header value that would split the response', () => {
    expect(() => securityHeaders({ headers: { 'X-Test': 'a\r\nSet-Cookie: x=1' } })).toThrow(/invalid header/);
  });

  it('lets a caller add headers and replace the policy', async () => {
    const app = new Hono<AppEnv>()
      .use(requestContext(), securityHeaders({ headers: { 'Permissions-Policy': 'camera=()' }, contentSecurityPolicy: () => "default-src 'none'" }))
      .get('/', (c) => c.html('<p>hi</p>'));
    const res = await app.request('/', {}, env);
    expect(res.headers.get('permissions-policy')).toBe('camera=()');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});

describe('securityHeaders in the composed worker', () => {
  const worker = async (path: string) => {
    const { default: composed } = await import('../../index');
    return composed.request(path, {}, { ...env, DOOR_KEY_HASH: '', GEO_ALLOWED_COUNTRIES: '', GEO_BLOCKED_COUNTRIES: '' }, createExecutionContext());
  };

  it("puts the policy and no-store on a member page's redirect to /login (/bravoPage, /events pages)", async () => {
    for (const path of ['/bravoPage?tx=1', '/my-tickets', '/events/orders/1']) {
      const res = await worker(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(/^\/login\?redirect=/);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('sets them on pages, the API, fixed routes and static assets', async () => {
    const page = await worker('/');
    expect(nonceOf(page)).toBeTruthy();
    expect(await page.text()).toContain(`nonce="${nonceOf(page)}"`);
    for (const path of ['/', '/api/configs', '/healthcheck', '/robots.txt', '/icons/icon-192.png']) {
      const res = await worker(path);
      expectStaticHeaders(res);
      await res.arrayBuffer();
    }
  });
});
