import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { renderPasswordWall } from '../../pages/walls';
import { requestContext } from '../request-context';
import { safeReturnPath } from '../../rules/return-path';
import { onPathList } from '../paths';
import { passwordWall, sha256Hex, timingSafeEqualText } from '.';

const PASSWORD = 'Sésame ouvre-toi';
const HASH = await sha256Hex(PASSWORD);
const SECRET = 'Secret catalogue title';

/** A site behind the wall: every route leaks SECRET if the wall lets the request through. */
const app = new Hono<AppEnv>()
  .use(requestContext(), passwordWall({ page: renderPasswordWall }))
  .get('/healthcheck', (c) => c.json({ status: 'pass' }))
  .get('/manifest.webmanifest', (c) => c.body('{}', 200, { 'Content-Type': 'application/manifest+json' }))
  .get('/.well-known/*', (c) => c.json({}))
  .get('/robots.txt', (c) => c.text('User-agent: *'))
  .get('/icons/*', (c) => c.body('png', 200, { 'Content-Type': 'image/png' }))
  .get('/assets/*', (c) => c.body('body{}', 200, { 'Content-Type': 'text/css' }))
  .all('/api/*', (c) => c.json({ contents: [{ name: SECRET }] }))
  .get('/catalogue/*', (c) => c.text(SECRET))
  .get('*', (c) => c.html(`<p>${SECRET}</p>`));

type Vars = Partial<Pick<Env, 'DOOR_KEY_HASH' | 'DOOR_REFERRER_WHITELIST' | 'DOOR_PATH_WHITELIST'>>;

const call = (path: string, init: RequestInit = {}, vars: Vars = {}) =>
  app.request(path, init, { ...env, DOOR_KEY_HASH: HASH, DOOR_REFERRER_WHITELIST: '', DOOR_PATH_WHITELIST: '', ...vars }, createExecutionContext());

/** Each post comes from its own address unless told, so wrong keys of different tests are not added up. */
const post = (form: Record<string, string>, path = '/__door', ip: string = crypto.randomUUID()) =>
  call(path, { method: 'POST', body: new URLSearchParams(form), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip } });

const expectWall = async (res: Response) => {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).not.toContain(SECRET);
  expect(html).toContain(translate('en')('WEBSITE_PASSWORD_PROTECTED'));
  return html;
};

let logError: MockInstance<typeof console.error>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  logError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('passwordWall when no door key is configured', () => {
  it('lets every request through', async () => {
    const res = await call('/content/film', {}, { DOOR_KEY_HASH: '' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(SECRET);
  });
});

describe('passwordWall without the door key cookie', () => {
  it('shows the password page with status 401 instead of the site', async () => {
    const html = await expectWall(await call('/content/film?lang=en'));
    expect(html).toMatch(/<form[^>]*action="\/__door\?lang=en"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    const input = /<input[^>]*type="password"[^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['name="password"', 'required=""', 'autofocus=""', 'autocomplete="current-password"']) {
      expect(input.toLowerCase()).toContain(attribute);
    }
    expect(html).toContain('name="returnTo" value="/content/film?lang=en"');
    expect(html).toContain('<button class="button button--primary button--block" type="submit">');
    expect(html).not.toContain('role="alert"');
  });

  it('offers no way to cancel or close it', async () => {
    const html = await expectWall(await call('/'));
    expect(html).not.toMatch(/CANCEL|aria-label="Close"|<dialog/i);
    expect(html).not.toContain('top-bar');
  });

  it('is not cached nor indexed', async () => {
    const res = await call('/');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers the API with a JSON 401 and no catalogue data', async () => {
    const res = await call('/api/pages/category/films');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: 401, message: 'WEBSITE_PASSWORD_PROTECTED: door key required' });
  });

  it('hides catalogue images and posts to other paths', async () => {
    await expectWall(await call('/catalogue/poster.jpg'));
    await expectWall(await call('/contact', { method: 'POST', body: 'x=1' }));
  });

  it('shows the wall when the cookie holds another key', async () => {
    await expectWall(await call('/', { headers: { Cookie: `doorKey=${await sha256Hex('guess')}` } }));
  });

  it('speaks the request language', async () => {
    const res = await call('/?lang=ar');
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(translate('ar')('WEBSITE_PASSWORD_PROTECTED'));
  });
});

describe('passwordWall with the door key cookie', () => {
  it('lets the request through', async () => {
    const res = await call('/content/film', { headers: { Cookie: `doorKey=${HASH}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(SECRET);
  });

  it('keeps the wall closed when DOOR_KEY_HASH is not a SHA-256', async () => {
    await expectWall(await call('/', { headers: { Cookie: 'doorKey=letmein' } }, { DOOR_KEY_HASH: 'letmein' }));
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('DOOR_KEY_HASH is not a hex SHA-256'));
  });
});

describe('POST /__door', () => {
  it('sets the door key cookie and redirects to the page asked for when the password is right', async () => {
    const res = await post({ password: PASSWORD, returnTo: '/content/film?lang=fr' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/content/film?lang=fr');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('doorKey='));
    expect(cookie).toBe(`doorKey=${HASH}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    const next = await call('/content/film?lang=fr', { headers: { Cookie: `doorKey=${HASH}` } });
    expect(next.status).toBe(200);
  });

  it('accepts the configured hash in upper case', async () => {
    const res = await call(
      '/__door',
      { method: 'POST', body: new URLSearchParams({ password: PASSWORD, returnTo: '/' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      { DOOR_KEY_HASH: HASH.toUpperCase() },
    );
    expect(res.status).toBe(303);
  });

  it('shows the wall again with a danger toast when the password is wrong', async () => {
    const res = await post({ password: 'wrong', returnTo: '/favs' });
    const html = await expectWall(res);
    expect(html).toContain(`<div role="alert" class="toast toast--danger">${translate('en')('WRONG_PASSWORD')}</div>`);
    expect(html).toContain('name="returnTo" value="/favs"');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('doorKey='))).toBe(false);
  });

  it('refuses an address after 10 wrong keys in 15 minutes, even with the right key', async () => {
    const ip = crypto.randomUUID();
    for (let i = 0; i < 10; i++) await expectWall(await post({ password: `wrong-${i}`, returnTo: '/' }, '/__door', ip));
    const res = await post({ password: PASSWORD, returnTo: '/' }, '/__door', ip);
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(/Too many wrong passwords. Please wait \d+ seconds to retry./);
    expect((await post({ password: PASSWORD, returnTo: '/' })).status).toBe(303);
  });

  it('counts keys before checking them: 30 wrong keys at once from one address, exactly 10 checked', async () => {
    const ip = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post({ password: `wrong-${i}`, returnTo: '/' }, '/__door', ip)));
    const codes = answers.map((res) => res.status);
    expect(codes.filter((status) => status === 401)).toHaveLength(10);
    expect(codes.filter((status) => status === 429)).toHaveLength(20);
    expect((await post({ password: PASSWORD, returnTo: '/' }, '/__door', ip)).status).toBe(429);
  });

  it('gives the right key its try back: an address that unlocked keeps its 10 wrong keys', async () => {
    const ip = crypto.randomUUID();
    for (let i = 0; i < 3; i++) expect((await post({ password: PASSWORD, returnTo: '/' }, '/__door', ip)).status).toBe(303);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ password: `wrong-${i}`, returnTo: '/' }, '/__door', ip)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(401));
  });

  it('treats an empty password as wrong', async () => {
    const html = await expectWall(await post({ password: '', returnTo: '/' }));
    expect(html).toContain('toast--danger');
  });

  it('never redirects off the site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/.//evil.example', '/\t/evil.example', 'javascript:alert(1)', '/__door']) {
      const res = await post({ password: PASSWORD, returnTo });
      expect(res.status, returnTo).toBe(303);
      expect(res.headers.get('location'), returnTo).toBe('/');
    }
  });

  it('refuses a body that is not a form', async () => {
    const res = await call('/__door', { method: 'POST', body: JSON.stringify({ password: PASSWORD }), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(415);
  });
});

describe('passwordWall referrer whitelist', () => {
  const vars: Vars = { DOOR_REFERRER_WHITELIST: 'partner.example, Library.example:8443' };

  it('lets in a visitor coming from a listed host and remembers it for the session', async () => {
    const res = await call('/content/film', { headers: { Referer: 'https://partner.example/films' } }, vars);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('doorReferrer='));
    expect(cookie).toBe('doorReferrer=1; Path=/; HttpOnly; Secure; SameSite=Lax');
    const next = await call('/category/films', { headers: { Cookie: 'doorReferrer=1', Referer: 'https://tafrij.example/content/film' } }, vars);
    expect(next.status).toBe(200);
  });

  it('matches hosts without case and with their port', async () => {
    expect((await call('/', { headers: { Referer: 'https://library.example:8443/x' } }, vars)).status).toBe(200);
  });

  it('shows the wall for any other referrer', async () => {
    await expectWall(await call('/', { headers: { Referer: 'https://partner.example.evil.test/' } }, vars));
    await expectWall(await call('/', { headers: { Referer: 'not a url' } }, vars));
  });

  it('ignores the session cookie when no referrer is whitelisted', async () => {
    await expectWall(await call('/', { headers: { Cookie: 'doorReferrer=1' } }));
  });
});

describe('passwordWall path whitelist', () => {
  const vars: Vars = { DOOR_PATH_WHITELIST: '/page/press, /promo/*' };

  it('lets through an exact path and any path under a trailing *', async () => {
    expect((await call('/page/press', {}, vars)).status).toBe(200);
    expect((await call('/promo/ramadan/day-1', {}, vars)).status).toBe(200);
  });

  it('shows the wall for paths merely starting like an exact entry', async () => {
    await expectWall(await call('/page/press/secret', {}, vars));
    await expectWall(await call('/page/pressroom', {}, vars));
  });

  it('does not let encoded slashes or dots escape a prefix', async () => {
    await expectWall(await call('/promo/..%2Fcontent%2Ffilm', {}, vars));
    expect(onPathList(['/promo/*'], '/promo/%2e%2e/x')).toBe(false);
  });
});

describe('passwordWall fixed routes', () => {
  it('keeps health, manifest, well-known, robots, icons and built assets reachable', async () => {
    for (const path of ['/healthcheck', '/manifest.webmanifest', '/.well-known/assetlinks.json', '/robots.txt', '/icons/icon-192.png', '/assets/app.css']) {
      expect((await call(path)).status, path).toBe(200);
    }
  });
});

describe('password wall helpers', () => {
  it('hashes as hex SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares strings of different lengths as different', () => {
    expect(timingSafeEqualText('abc', 'abc')).toBe(true);
    expect(timingSafeEqualText('abc', 'abd')).toBe(false);
    expect(timingSafeEqualText('abc', 'abcd')).toBe(false);
  });

  it('keeps a relative return path with its query and hash', () => {
    expect(safeReturnPath('/search?q=film#top', '/__door')).toBe('/search?q=film#top');
    expect(safeReturnPath(undefined, '/__door')).toBe('/');
  });

  it('refuses a malformed wall path when built', () => {
    expect(() => passwordWall({ page: renderPasswordWall, path: 'door' })).toThrow(/invalid path/);
  });
});

describe('passwordWall in the composed worker', () => {
  const worker = async (path: string, init: RequestInit = {}) => {
    const { default: composed } = await import('../../index');
    return composed.request(path, init, { ...env, DOOR_KEY_HASH: HASH }, createExecutionContext());
  };

  it('answers before the API, the catalogue images and the pages', async () => {
    expect((await worker('/api/configs')).status).toBe(401);
    expect((await worker('/catalogue/poster.jpg')).status).toBe(401);
    expect((await worker('/')).status).toBe(401);
  });

  it('keeps the fixed routes and icons reachable', async () => {
    for (const path of ['/healthcheck', '/manifest.webmanifest', '/robots.txt', '/icons/icon-192.png']) {
      const res = await worker(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('opens the site with the door key cookie', async () => {
    const res = await worker('/api/configs', { headers: { Cookie: `doorKey=${HASH}` } });
    expect(res.status).toBe(200);
  });
});
