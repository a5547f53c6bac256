import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { suspendUser } from '../../api/kernel/tokens';
import { translate } from '../../i18n';
import { readOutbox } from '../../messaging/outbox';
import { call, en, hasTag, html, newIp, post, registered, uniqueNational, userByEmail, userByPhone, type Jar } from '../../test/site';
import { GOOD_PASSWORD, uniqueEmail } from '../../test/accounts';

/** Whole journeys through the pages and the built-in API: register, log in and out, reset a password. */

describe('registration', () => {
  it('creates the account, logs in (HttpOnly token cookie) and greets with ACCOUNT_CREATED', async () => {
    const email = uniqueEmail();
    const jar: Jar = new Map();
    const { res } = await post('/register?lang=fr', { method: 'email', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, terms: '1' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const token = res.headers.getSetCookie().find((c) => c.startsWith('token=')) ?? '';
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect((await userByEmail(email))?.lang).toBe('fr');

    const home = await call('/', {}, jar);
    expect(home.html).toContain(html(translate('fr')('ACCOUNT_CREATED')));
    expect(home.html).toMatch(/toast toast--success toast--timed/);
    // The top bar knows the user: the profile menu (the email: no username yet), whose trigger links
    // to the chooser until it is live (logout is in the menu, or on the chooser without JavaScript); no login button.
    expect(home.html).toContain('class="account-link profile-menu__trigger" href="/whoswatching?redirect=%2F"');
    expect(home.html).toContain(`<span class="account-link__name" dir="auto">${email}</span>`);
    expect(hasTag((await call('/whoswatching', {}, jar)).html, 'form', { class: 'logout-form', method: 'post', action: '/logout' })).toBe(true);
    expect(home.html).not.toContain('href="/login?redirect=');
    // Footer: My List for non-guests.
    expect(home.html).toMatch(/<footer[\s\S]*href="\/favs"/);
    // The flash is shown once.
    expect((await call('/', {}, jar)).html).not.toMatch(/toast--timed/);
  });

  it('refuses an email already used (EMAIL_ALREADY_USED) and keeps the typed email', async () => {
    const { email } = await registered();
    const again = await post('/register', { method: 'email', email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, terms: '1' });
    expect(again.res.status).toBe(409);
    expect(again.html).toContain(html(en('EMAIL_ALREADY_USED')));
    expect(again.html).toContain(`value="${email}"`);
  });

  it('registers by phone (+212, no leading zero), refuses the same phone twice, logs in with 06…', async () => {
    const national = uniqueNational();
    const form = { method: 'phone', country_code: '+212', phone_national: national, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, terms: '1' };
    const first = await post('/register', form, new Map());
    expect(first.res.status).toBe(303);
    expect(await userByPhone(`+212${national}`)).not.toBeNull();
    const twice = await post('/register', form);
    expect(twice.res.status).toBe(409);
    expect(twice.html).toContain(html(en('PHONE_ALREADY_USED')));
    // A Moroccan number typed the usual way (06 12 …) logs in.
    const spaced = `0${national}`.replace(/(\d{2})(?=\d)/g, '$1 ');
    const login = await post('/login', { login: spaced, password: GOOD_PASSWORD }, new Map(), newIp());
    expect(login.res.status).toBe(303);
  });

  it('sends logged-in users from /login, /register and /forgot to /', async () => {
    const { jar } = await registered();
    for (const path of ['/login', '/register', '/forgot', '/password/forgot']) {
      const { res } = await call(path, {}, jar);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
  });
});

describe('login and logout', () => {
  it('logs in and goes to the same-site redirect; a foreign one goes to /', async () => {
    const { email } = await registered();
    const ip = newIp();
    const ok = await post('/login?redirect=%2Fcategory%2Ffilms', { login: email.toUpperCase(), password: GOOD_PASSWORD }, new Map(), ip);
    expect(ok.res.status).toBe(303);
    expect(ok.res.headers.get('location')).toBe('/category/films');
    const foreign = await post('/login?redirect=%2F%2Fevil.example%2F', { login: email, password: GOOD_PASSWORD }, new Map(), ip);
    expect(foreign.res.headers.get('location')).toBe('/');
  });

  it('a wrong password → LOGIN_FAILED (400); the sixth try → LOGIN_TOO_FREQUENT with the seconds to wait', async () => {
    const { email } = await registered();
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const { res, html: page } = await post('/login', { login: email, password: 'Wrong-Password-1' }, undefined, ip);
      expect(res.status).toBe(400);
      expect(page).toContain(html(en('LOGIN_FAILED')));
      expect(page).not.toContain('Wrong-Password-1');
      expect(page).toContain(`value="${email}"`);
    }
    const sixth = await post('/login', { login: email, password: GOOD_PASSWORD }, undefined, ip);
    expect(sixth.res.status).toBe(429);
    const text = /data-testid="form-notice"[^>]*>([^<]+)</.exec(sixth.html)?.[1] ?? '';
    expect(text).toMatch(/^Login failed too frequently\. Please wait \d+ seconds to retry\.$/);
  });

  it('a suspended account → ACCOUNT_SUSPENDED (403)', async () => {
    const { email } = await registered();
    const row = await userByEmail(email);
    await suspendUser(env.DB, row?.id ?? '');
    const { res, html: page } = await post('/login', { login: email, password: GOOD_PASSWORD }, undefined, newIp());
    expect(res.status).toBe(403);
    expect(page).toContain(html(en('ACCOUNT_SUSPENDED')));
  });

  it('POST /logout ends the session, clears the cookie and goes to /', async () => {
    const { jar } = await registered();
    const cookie = `token=${jar.get('token') ?? ''}`;
    const { res } = await post('/logout', {}, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token=') && /Max-Age=0/i.test(c))).toBe(true);
    expect(jar.has('token')).toBe(false);
    // The old cookie no longer opens the session.
    const again = await call('/api/auth/user', { headers: { Cookie: cookie } });
    expect(again.res.status).toBe(401);
    // Back to a guest: the login button is there.
    expect((await call('/', {}, jar)).html).toContain('href="/login?redirect=%2F"');
  });
});

/** Asks for a reset link by email and answers the emailed link (its path and query) and its token. */
async function resetLink(email: string): Promise<{ link: string; resetToken: string }> {
  const sent = await post('/forgot', { intent: 'email', email }, new Map());
  expect(sent.res.status).toBe(303);
  expect(sent.res.headers.get('location')).toBe('/forgot?sent=1');
  const [mail] = await readOutbox(env.DB, email);
  const url = new URL(/https?:\/\/\S+\/changePassword\?\S+/.exec(mail?.body ?? '')?.[0] ?? '');
  expect(url.searchParams.get('email')).toBe(email);
  return { link: url.pathname + url.search, resetToken: url.searchParams.get('reset_token') ?? '' };
}

describe('password reset', () => {
  it('forgot → emailed link (token into a cookie) → same password refused (SAME_PASSWORD) → new one → log in with it', async () => {
    const { email } = await registered();
    const { link, resetToken } = await resetLink(email);

    // The link's GET moves the token into the resetToken cookie and comes back without it.
    const jar: Jar = new Map();
    const opened = await call(link, {}, jar);
    expect(opened.res.status).toBe(303);
    const location = opened.res.headers.get('location') ?? '';
    expect(location).toBe(`/changePassword?${new URLSearchParams({ email })}`);
    expect(jar.get('resetToken')).toBe(encodeURIComponent(resetToken));
    const page = await call(location, {}, jar);
    expect(page.res.status).toBe(200);
    expect(hasTag(page.html, 'input', { type: 'password', name: 'password' })).toBe(true);

    const same = await post(location, { email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD }, jar);
    expect(same.res.status).toBe(400);
    expect(same.html).toContain(html(en('SAME_PASSWORD')));
    expect(same.html).not.toContain(GOOD_PASSWORD);

    const changed = await post('/password/change', { email, password: 'Newpass456', password_confirmation: 'Newpass456' }, jar);
    expect(changed.res.status).toBe(303);
    expect(changed.res.headers.get('location')).toBe('/login');
    // Success forgets the token.
    expect(changed.res.headers.getSetCookie().some((c) => c.startsWith('resetToken=') && /Max-Age=0/i.test(c))).toBe(true);
    expect(jar.has('resetToken')).toBe(false);
    const login = await call('/login', {}, jar);
    expect(login.html).toContain(html(en('PASSWORD_HAS_BEEN_CHANGED')));

    // Without the cookie the page says the link is incomplete; a posted reset_token still works
    // (API compatibility), but the link is single use; the new password works.
    const gone = await call(location, {}, jar);
    expect(gone.html).toContain(html(en('RESET_LINK_INVALID')));
    const reused = await post('/changePassword', { email, reset_token: resetToken, password: 'Other789x', password_confirmation: 'Other789x' });
    expect(reused.html).toContain(html(en('SOMETHING_WRONG')));
    expect((await post('/login', { login: email, password: 'Newpass456' }, new Map(), newIp())).res.status).toBe(303);
  });

  it('the reset token never appears in a page, a redirect or a readable cookie', async () => {
    const { email } = await registered();
    const { link, resetToken } = await resetLink(email);
    expect(resetToken).not.toBe('');
    const jar: Jar = new Map();
    const opened = await call(`${link}&lang=fr`, {}, jar);
    expect(opened.res.headers.get('location')).toBe(`/changePassword?${new URLSearchParams({ email, lang: 'fr' })}`);
    const cookie = opened.res.headers.getSetCookie().find((c) => c.startsWith('resetToken=')) ?? '';
    for (const attribute of [/HttpOnly/, /Secure/, /SameSite=Lax/, /Max-Age=3600/, /Path=\/(;|$)/]) expect(cookie).toMatch(attribute);
    const location = opened.res.headers.get('location') ?? '';
    const pages = [
      await call(location, {}, jar),
      // Refused before the API (weak password) and by the API (same password): rendered again.
      await post(location, { email, password: 'weak', password_confirmation: 'weak' }, jar),
      await post(location, { email, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD }, jar),
    ];
    expect(pages.map((p) => p.res.status)).toEqual([200, 400, 400]);
    for (const { html: page } of pages) {
      expect(page).not.toContain(resetToken);
      expect(page).not.toContain(encodeURIComponent(resetToken));
      expect(page).not.toContain('reset_token');
    }
  });

  it('forgot: unknown email → USER_DOES_NOT_EXIST; asking twice within a minute → the wait in seconds', async () => {
    const unknown = await post('/password/forgot', { intent: 'email', email: uniqueEmail() });
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain(html(en('USER_DOES_NOT_EXIST')));
    const { email } = await registered();
    expect((await post('/forgot', { intent: 'email', email })).res.status).toBe(303);
    const again = await post('/forgot', { intent: 'email', email });
    expect(again.res.status).toBe(429);
    expect(again.html).toMatch(/Please wait \d+ seconds before asking again/);
  });

  it('by SMS: code sent (remaining shown) → wrong code → right code and a new password → log in', async () => {
    const national = uniqueNational();
    const phone = `+212${national}`;
    const form = { method: 'phone', country_code: '+212', phone_national: national, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, terms: '1' };
    expect((await post('/register', form, new Map())).res.status).toBe(303);

    const sent = await post('/forgot', { intent: 'send_code', country_code: '+212', phone_national: national });
    expect(sent.res.status).toBe(200);
    expect(sent.html).toContain(html(en('CODE_SENT_SMS')));
    expect(sent.html).toContain(html(en('SMS_REMAINING', { count: 2 })));
    expect(hasTag(sent.html, 'input', { name: 'code' })).toBe(true);
    const code = /\b(\d{6})\b/.exec((await readOutbox(env.DB, phone))[0]?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.html).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/forgot', { intent: 'reset_phone', country_code: '+212', phone_national: national, code: wrong, password: 'Phone789x', password_confirmation: 'Phone789x' });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(html(en('INVALID_CODE')));

    const jar: Jar = new Map();
    const ok = await post('/forgot', { intent: 'reset_phone', country_code: '+212', phone_national: national, code, password: 'Phone789x', password_confirmation: 'Phone789x' }, jar);
    expect(ok.res.status).toBe(303);
    expect(ok.res.headers.get('location')).toBe('/login');
    expect((await post('/login', { login: phone, password: 'Phone789x' }, new Map(), newIp())).res.status).toBe(303);
  });
});
