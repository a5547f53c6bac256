import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Tokens } from '../api/auth/schemas';
import { suspendUser, verifyAccessToken } from '../api/kernel/tokens';
import { GOOD_PASSWORD, registeredUser } from '../test/accounts';
import { fetchSite } from '../test/site';

const SITE = 'http://localhost';

const cookieOf = (tokens: Tokens): string => `token=${encodeURIComponent(JSON.stringify(tokens))}`;

/** The token cookie a response sets, parsed ('' when cleared, null when untouched). */
function setToken(res: Response): Tokens | '' | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice('token='.length).split(';')[0] ?? '');
  return value ? (JSON.parse(value) as Tokens) : '';
}

/** An access token of the same session that expired a minute ago. */
async function expired(tokens: Tokens): Promise<Tokens> {
  const claims = await verifyAccessToken(env, tokens.token);
  if (!claims) throw new Error('bad token');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(env.JWT_SECRET));
  return { ...tokens, token };
}

describe('BFF session cookie', () => {
  it('logs in through /api/auth/login: HttpOnly Secure SameSite=Lax cookie for 365 days, no token in the body', async () => {
    const { email } = await registeredUser();
    const res = await fetchSite(`${SITE}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: email, password: GOOD_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toMatch(/token|eyJ/i);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  it('turns the cookie into a Bearer header', async () => {
    const { tokens, email } = await registeredUser();
    const res = await fetchSite(`${SITE}/api/auth/user`, { headers: { Cookie: cookieOf(tokens) } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(email);
  });

  it('20 parallel requests with one expired access token: all succeed, none is logged out', async () => {
    const { tokens } = await registeredUser();
    const stale = await expired(tokens);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetchSite(`${SITE}/api/auth/user`, { headers: { Cookie: cookieOf(stale) } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const res of answers) {
      const rewritten = setToken(res);
      expect(rewritten).toBeTruthy();
      if (!rewritten) continue;
      // Every rewritten cookie is a working session.
      const again = await fetchSite(`${SITE}/api/auth/user`, { headers: { Cookie: cookieOf(rewritten) } });
      expect(again.status).toBe(200);
    }
  });

  it('a page refreshes an expired access token once and rewrites the cookie', async () => {
    const { tokens } = await registeredUser();
    const res = await fetchSite(`${SITE}/`, { headers: { Cookie: cookieOf(await expired(tokens)) } });
    expect(res.status).toBe(200);
    const rewritten = setToken(res);
    expect(rewritten && rewritten.refreshToken).not.toBe(tokens.refreshToken);
    expect(await res.text()).not.toContain(tokens.refreshToken);
  });

  it('an ended session clears the cookie (the visitor becomes the guest)', async () => {
    const { tokens } = await registeredUser();
    await fetchSite(`${SITE}/api/auth/logout`, { method: 'POST', headers: { Origin: SITE, Cookie: cookieOf(tokens) } });
    const res = await fetchSite(`${SITE}/api/auth/user`, { headers: { Cookie: cookieOf(tokens) } });
    expect(res.status).toBe(401);
    expect(setToken(res)).toBe('');
  });

  it('a failed refresh clears the cookie', async () => {
    const { tokens } = await registeredUser();
    const broken = { ...(await expired(tokens)), refreshToken: 'stolen-or-unknown' };
    const res = await fetchSite(`${SITE}/api/auth/user`, { headers: { Cookie: cookieOf(broken) } });
    expect(res.status).toBe(401);
    expect(setToken(res)).toBe('');
  });

  it('a suspended user is logged out and sent to /error?code=403 (ACCOUNT_SUSPENDED, login button)', async () => {
    const { tokens, id } = await registeredUser();
    await suspendUser(env.DB, id);
    const res = await fetchSite(`${SITE}/?lang=en`, { headers: { Cookie: cookieOf(tokens) } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/error?code=403&reason=USER_SUSPENDED');
    expect(setToken(res)).toBe('');
    const page = await fetchSite(`${SITE}/error?code=403&reason=USER_SUSPENDED&lang=en`, {});
    const html = await page.text();
    expect(html).toContain('Account suspended, please contact support');
    expect(html).toContain('href="/login"');
  });

  it('never lets a browser with the session cookie call /auth/refresh (the edge refreshes it)', async () => {
    const { tokens } = await registeredUser();
    const res = await fetchSite(`${SITE}/api/auth/refresh`, {
      method: 'POST',
      headers: { Origin: SITE, Cookie: cookieOf(tokens), 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refreshToken }),
    });
    expect(res.status).toBe(404);
  });

  it('lets a device without the cookie (a TV signed in with a code) refresh its own tokens and call with its Bearer', async () => {
    const { tokens } = await registeredUser();
    const res = await fetchSite(`${SITE}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refreshToken }),
    });
    expect(res.status).toBe(200);
    const fresh = (await res.json()) as { token: string };
    const user = await fetchSite(`${SITE}/api/auth/user`, { headers: { Authorization: `Bearer ${fresh.token}` } });
    expect(user.status).toBe(200);
    expect(setToken(user)).toBe(null);
  });
});

describe('CSRF', () => {
  it('refuses unsafe methods from another site, on the API and on forms', async () => {
    const { tokens } = await registeredUser();
    const api = await fetchSite(`${SITE}/api/auth/lang`, {
      method: 'PUT',
      headers: { Origin: 'https://evil.example', Cookie: cookieOf(tokens), 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(api.status).toBe(403);
    expect(await api.text()).toContain('CSRF_REFUSED');
    const form = await fetchSite(`${SITE}/logout`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site', Cookie: cookieOf(tokens) } });
    expect(form.status).toBe(403);
    const user = await env.DB.prepare("SELECT lang FROM users WHERE id = (SELECT user_id FROM sessions WHERE id = ?)").bind((await verifyAccessToken(env, tokens.token))?.sessionId).first();
    expect(user).toEqual({ lang: 'en' });
  });

  it('lets same-origin requests through', async () => {
    const { tokens } = await registeredUser();
    const res = await fetchSite(`${SITE}/api/auth/lang`, {
      method: 'PUT',
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', Cookie: cookieOf(tokens), 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('language of a logged-in user', () => {
  it('is saved to the account when chosen with ?lang=', async () => {
    const { tokens, id } = await registeredUser();
    const res = await fetchSite(`${SITE}/page/help-center?lang=es`, { headers: { Cookie: cookieOf(tokens) } });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT lang FROM users WHERE id = ?').bind(id).first()).toEqual({ lang: 'es' });
  });
});
