import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { en, quietConsole, registered, call, type Jar } from '../test/site';
import { pageRoutes } from './registry';
import { MAX_FORM_BYTES } from './form';
import app from '../index';
import { sha256Hex } from '../edge/password-wall';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';

quietConsole();

const SITE = 'http://localhost';
const BOUNDARY = '----tafrij-test-boundary';
/** A multipart body cut in the middle of its first part: no closing boundary. */
const TRUNCATED = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nsomeone@exam`;
const multipart = { Origin: SITE, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A body sent chunked (a stream: no Content-Length), `size` bytes of a urlencoded form. */
function chunked(size: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`a=${'x'.repeat(1022)}&`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

/** Every form route of the pages (POST), with a member's profile id for `:id`. */
const formRoutes = (profileId: string): string[] => [...new Set(pageRoutes.routes.filter((r) => r.method === 'POST').map((r) => r.path.replace(':id', profileId)))];
/** Forms only guests may post (a member is sent away before the form is read). */
const GUEST_FORMS = ['/login', '/register', '/forgot', '/password/forgot'];
/** Forms that read no body. */
const BODYLESS = ['/logout'];

async function memberJar(): Promise<{ jar: Jar; profileId: string }> {
  const { email, jar } = await registered();
  const row = await env.DB.prepare('SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ? ORDER BY p.id LIMIT 1').bind(email).first<{ id: number }>();
  return { jar, profileId: String(row?.id) };
}

/** Each of these tests posts to every form route in turn: a minute, not vitest's 5 s, on a loaded machine. */
const EVERY_ROUTE_TIMEOUT = 60_000;

describe('edge forms and bad bodies (never a 5xx)', () => {
  it('a truncated multipart body answers 400 with the form error, on every form route', async () => {
    const { jar, profileId } = await memberJar();
    const routes = formRoutes(profileId).filter((p) => !BODYLESS.includes(p));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const path of routes) {
      const { res, html } = await call(path, { method: 'POST', body: TRUNCATED, headers: multipart }, GUEST_FORMS.includes(path) ? undefined : new Map(jar));
      expect(res.status, path).toBe(400);
      expect(html, path).toContain(en('FORM_UNREADABLE').replace(/'/g, '&#x27;'));
      expect(html, path).toMatch(new RegExp(`<a class="button button--primary button--large" href="${path}">${en('BACK')}</a>`));
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('a chunked body (no Content-Length) over 16 KB answers 413, counted on the bytes read', async () => {
    const { jar, profileId } = await memberJar();
    for (const path of formRoutes(profileId).filter((p) => !BODYLESS.includes(p))) {
      const headers = { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' };
      const init = { method: 'POST', body: chunked(4 * MAX_FORM_BYTES), headers, duplex: 'half' } as RequestInit;
      const { res } = await call(path, init, GUEST_FORMS.includes(path) ? undefined : new Map(jar));
      expect(res.status, path).toBe(413);
    }
  }, EVERY_ROUTE_TIMEOUT);

  it('a chunked body under the limit is read as usual', async () => {
    const init = { method: 'POST', body: chunked(2048), headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' }, duplex: 'half' } as RequestInit;
    const { res, html } = await call('/login', init);
    expect(res.status).toBe(400);
    expect(html).toContain(en('ALL_FIELDS_REQUIRED'));
  });
});

describe('the door form (password wall) and bad bodies', () => {
  async function door(init: RequestInit) {
    const ctx = createExecutionContext();
    const vars = { DOOR_KEY_HASH: await sha256Hex('open sesame') };
    const res = await app.fetch(new Request(`${SITE}/__door`, { ...init, redirect: 'manual' }), { ...env, ...vars }, ctx);
    const html = await res.text();
    await waitOnExecutionContext(ctx);
    return { res, html };
  }

  it('a truncated multipart body shows the wall again with its error, 400', async () => {
    const { res, html } = await door({ method: 'POST', body: TRUNCATED, headers: multipart });
    expect(res.status).toBe(400);
    expect(html).toContain('type="password"');
    expect(html).toContain('role="alert"');
  });

  it('a chunked body over its limit shows the wall again with its error, 413', async () => {
    const init = { method: 'POST', body: chunked(MAX_FORM_BYTES), headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' }, duplex: 'half' } as RequestInit;
    const { res, html } = await door(init);
    expect(res.status).toBe(413);
    expect(html).toContain('type="password"');
    expect(html).toContain('role="alert"');
  });
});
