import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { quietConsole, flashOf } from '../../test/site';
import { makeSubscriber } from '../../test/accounts';
import app from '../../index';
import { translate } from '../../i18n';
import { readOutbox } from '../../messaging/outbox';

/**
 * Route tests of the account page and /settings/editLogin, through the whole worker (edge, session,
 * built-in API on D1). Each test registers its own user (storage is shared between test files).
 */

const en = translate('en');
const PASSWORD = 'Sesame123';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Cookies carried between requests, like a browser would. */
type Jar = Map<string, string>;

async function call(path: string, init: RequestInit = {}, jar?: Jar) {
  const headers = new Headers(init.headers);
  if (jar && jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  if (!headers.has('User-Agent')) headers.set('User-Agent', CHROME_WINDOWS);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, { ...init, headers, redirect: 'manual' }), env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (!jar) continue;
    if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
    else jar.set(name, pair.slice(at + 1));
  }
  return { res, html };
}

const post = (path: string, form: Record<string, string>, jar?: Jar) =>
  call(path, { method: 'POST', body: new URLSearchParams(form), headers: { Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' } }, jar);

const postJson = (path: string, body: unknown, jar?: Jar) =>
  call(path, { method: 'POST', body: JSON.stringify(body), headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' } }, jar);

type Row = { id: string; email: string | null; phone: string | null; lang: string; notification_active: number; password_hash: string };
const userRow = (email: string) => env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email).first<Row>();
const userById = (id: string) => env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<Row>();

const uniqueEmail = () => `settings-${crypto.randomUUID()}@example.com`;
const uniqueNational = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A new user, registered and logged in through the API: the jar holds its session. */
/** `premium`: several profiles need a subscription where plans are sold (spec §4). */
async function loggedIn(email = uniqueEmail(), premium = true) {
  const registered = await postJson('/api/auth/register', { email, password: PASSWORD, profile: { username: 'Settings' } });
  expect(registered.res.status).toBe(201);
  const jar: Jar = new Map();
  const login = await postJson('/api/auth/login', { login: email, password: PASSWORD }, jar);
  expect(login.res.status).toBe(200);
  expect(jar.has('token')).toBe(true);
  const row = await userRow(email);
  if (!row) throw new Error('user not stored');
  if (premium) await makeSubscriber({ email });
  return { email, jar, id: row.id };
}


quietConsole();

describe('guests', () => {
  it('are sent to the login page, which brings them back', async () => {
    for (const [path, back] of [
      ['/profile', '/profile'],
      ['/profile?t=subscriptions', '/profile'],
      ['/profile/delete', '/profile'],
      ['/settings/editLogin', '/settings/editLogin'],
    ] as const) {
      const { res } = await call(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/login?redirect=${back}`);
    }
  });

  it('cannot post the settings forms', async () => {
    for (const path of ['/profile', '/profile/delete', '/settings/editLogin']) {
      const { res } = await post(path, { intent: 'lang', lang: 'fr' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toMatch(/^\/login\?redirect=/);
    }
  });
});

describe('the account page', () => {
  it('shows the account, language, notifications, devices, data and deletion sections', async () => {
    const { email, jar } = await loggedIn(undefined, false);
    const { res, html } = await call('/profile?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(html).toContain(`<title>${en('TITLE_SETTINGS_PROFILE')} | Tafrij</title>`);
    for (const key of ['ACCOUNT', 'LANGUAGE', 'NOTIFICATIONS', 'DEVICE_HISTORY', 'YOUR_DATA', 'DELETE_ACCOUNT']) {
      expect(html, key).toMatch(new RegExp(`<h2 class="settings__title" id="[a-z]+-title">${en(key)}</h2>`));
    }
    expect(html).toContain(email);
    expect(html).toContain(`<span class="badge badge--warn">${en('NOT_VERIFIED')}</span>`);
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(html).toContain(`>${today}</time>`);
    expect(html).toContain(`<span class="badge">${en('FREE_PLAN')}</span>`);
    expect(html).toContain('href="/settings/editLogin"');
    expect(html).toMatch(/<select[^>]*name="lang"/);
    expect(html).toContain('<option value="ar" lang="ar">');
    expect(html).toMatch(/role="switch" aria-checked="true"/);
    expect(html).toContain('href="/api/actions/"');
    expect(html).toContain('href="/profile/delete"');
    expect(html).toContain('data-island="settings-notifications"');
    expect(html).toContain('data-island="settings-delete-account"');
  });

  it('lists the devices the account signed in from, marking this one', async () => {
    const { jar } = await loggedIn();
    const { html } = await call('/profile?lang=en', {}, jar);
    expect(html).toContain('<ul class="devices">');
    expect(html).toContain('Chrome on Windows');
    expect(html).toContain(`<span class="badge badge--ok">${en('THIS_DEVICE')}</span>`);
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(html).toMatch(new RegExp(`${today.replace(/\//g, '\\/')} at \\d\\d:\\d\\d`));
  });

  it('answers the profiles tab with the profile list and the subscriptions tab with the plan and its actions', async () => {
    const { jar } = await loggedIn();
    const profiles = await call('/profile?type=profiles&lang=fr', {}, jar);
    expect(profiles.res.status).toBe(200);
    expect(profiles.html).toContain('<ul class="profile-cards">');
    expect(profiles.html).toContain('href="/profiles/new"');
    expect(profiles.html).toMatch(/<a href="\/profile\?type=profiles" aria-current="page">/);
    const subscriptions = await call('/profile?t=subscriptions&lang=fr', {}, jar);
    expect(subscriptions.res.status).toBe(200);
    // An operator's subscription (no checkout): no cancel button, the support message instead (spec §4).
    expect(subscriptions.html).toContain(translate('fr')('SUPPORT_CANCEL').replace(/'/g, '&#x27;'));
    expect(subscriptions.html).toContain('href="/settings/billingActivity"');
  });

  it('renders right-to-left in Arabic with every text translated', async () => {
    const { jar } = await loggedIn();
    for (const path of ['/profile?lang=ar', '/settings/editLogin?lang=ar', '/profile/delete?lang=ar']) {
      const { res, html } = await call(path, {}, jar);
      expect(res.status, path).toBe(200);
      expect(html, path).toContain('<html lang="ar" dir="rtl" ');
      const body = html.slice(html.indexOf('<main'));
      expect(body.replace(/<[^>]+>/g, ' ').match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? [], path).toEqual([]);
    }
  });

  it('downloads the data of a new user as "No data"', async () => {
    const { jar } = await loggedIn();
    const { res, html } = await call('/api/actions/', {}, jar);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(html).toBe('No data');
  });
});

describe('language', () => {
  it('saves the language and reloads the page in it', async () => {
    const { email, jar } = await loggedIn();
    const { res } = await post('/profile', { intent: 'lang', lang: 'fr' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile?lang=fr');
    expect((await userRow(email))?.lang).toBe('fr');
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    const next = await call('/profile?lang=fr', {}, jar);
    expect(next.html).toContain('<html lang="fr" dir="ltr" ');
    expect(next.html).toContain(translate('fr')('PROFILE_UPDATED'));
  });

  it('refuses a language that is not offered, and writes nothing', async () => {
    const { email, jar } = await loggedIn();
    const before = (await userRow(email))?.lang;
    const { res, html } = await post('/profile?lang=en', { intent: 'lang', lang: 'de' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('LANGUAGE_NOT_AVAILABLE'));
    expect((await userRow(email))?.lang).toBe(before);
  });
});

describe('notifications', () => {
  it('turns notifications off and on with the form', async () => {
    const { email, jar } = await loggedIn();
    const off = await post('/profile', { intent: 'notifications', active: 'false' }, jar);
    expect(off.res.status).toBe(303);
    expect(off.res.headers.get('location')).toBe('/profile#notifications');
    expect((await userRow(email))?.notification_active).toBe(0);
    expect((await call('/profile', {}, jar)).html).toMatch(/role="switch" aria-checked="false"/);
    await post('/profile', { intent: 'notifications', active: 'true' }, jar);
    expect((await userRow(email))?.notification_active).toBe(1);
  });

  it('refuses a value that is not true or false', async () => {
    const { email, jar } = await loggedIn();
    const { res } = await post('/profile', { intent: 'notifications', active: 'maybe' }, jar);
    expect(res.status).toBe(400);
    expect((await userRow(email))?.notification_active).toBe(1);
  });
});

describe('/settings/editLogin email', () => {
  it('renders the three forms with labelled fields', async () => {
    const { jar } = await loggedIn();
    const { res, html } = await call('/settings/editLogin?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(html).toContain(`<title>${en('TITLE_EDIT_LOGIN')} | Tafrij</title>`);
    for (const id of ['email-new', 'email-current-password', 'field-phone_national', 'password-current', 'password-new', 'password-confirmation']) {
      expect(html, id).toContain(`for="${id}"`);
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain('data-island="account-form"');
    expect(html).not.toContain('name="code"');
  });

  it('refuses a bad email without calling the API', async () => {
    const { id, jar } = await loggedIn();
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'email', email: 'not-an-email', current_password: PASSWORD }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('VALID_EMAIL_REQUIRED'));
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain(PASSWORD);
    expect((await userById(id))?.email).not.toBe('not-an-email');
  });

  it('refuses the wrong current password', async () => {
    const { email, id, jar } = await loggedIn();
    const next = uniqueEmail();
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'email', email: next, current_password: 'Wrong1234' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('WRONG_PASSWORD'));
    expect(html).toMatch(/id="email-current-password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="email-current-password"/);
    expect((await userById(id))?.email).toBe(email);
  });

  it('changes the email with the right password', async () => {
    const { id, jar } = await loggedIn();
    const next = uniqueEmail();
    const { res } = await post('/settings/editLogin', { intent: 'email', email: next.toUpperCase(), current_password: PASSWORD }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings/editLogin');
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    expect((await userById(id))?.email).toBe(next);
  });

  it('says when the email belongs to another account', async () => {
    const other = await loggedIn();
    const { id, email, jar } = await loggedIn();
    const { res, html } = await post('/settings/editLogin?lang=fr', { intent: 'email', email: other.email, current_password: PASSWORD }, jar);
    expect(res.status).toBe(409);
    expect(html).toContain(translate('fr')('EMAIL_ALREADY_USED'));
    expect((await userById(id))?.email).toBe(email);
  });
});

describe('/settings/editLogin phone', () => {
  it('refuses a number typed with its leading zero', async () => {
    const { id, jar } = await loggedIn();
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'phone-send', country_code: '+212', phone_national: '0612345678' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('PHONE_WITHOUT_LEADING_ZERO'));
    expect((await userById(id))?.phone).toBeNull();
  });

  it('sends a code by SMS, then changes the number with it', async () => {
    const { id, jar } = await loggedIn();
    const national = uniqueNational();
    const phone = `+212${national}`;
    const sent = await post('/settings/editLogin?lang=en', { intent: 'phone-send', country_code: '+212', phone_national: national }, jar);
    expect(sent.res.status).toBe(200);
    expect(sent.html).toContain(en('CODE_SENT_SMS'));
    expect(sent.html).toContain(en('SMS_REMAINING', { count: 2 }));
    expect(sent.html).toContain(`name="phone_national" value="${national}"`);
    expect(sent.html).toContain('name="code"');
    const [sms] = await readOutbox(env.DB, phone);
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(sent.html).not.toContain(code);

    const wrong = await post('/settings/editLogin?lang=en', { intent: 'phone-verify', country_code: '+212', phone_national: national, code: code === '000000' ? '111111' : '000000' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(en('INVALID_CODE'));
    expect((await userById(id))?.phone).toBeNull();

    const ok = await post('/settings/editLogin', { intent: 'phone-verify', country_code: '+212', phone_national: national, code }, jar);
    expect(ok.res.status).toBe(303);
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    expect((await userById(id))?.phone).toBe(phone);
  });

  it('refuses a malformed code without calling the API', async () => {
    const { id, jar } = await loggedIn();
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'phone-verify', country_code: '+212', phone_national: uniqueNational(), code: '12' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('INVALID_CODE'));
    expect((await userById(id))?.phone).toBeNull();
  });

  it('explains that a foreign number needs a verified email', async () => {
    const { jar } = await loggedIn();
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'phone-send', country_code: '+33', phone_national: '612345678' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('PHONE_NOT_VERIFIABLE'));
    expect(html).not.toContain('name="code"');
  });

  it('asks to wait before sending another code', async () => {
    const { jar } = await loggedIn();
    const national = uniqueNational();
    await post('/settings/editLogin', { intent: 'phone-send', country_code: '+212', phone_national: national }, jar);
    const again = await post('/settings/editLogin?lang=en', { intent: 'phone-send', country_code: '+212', phone_national: national, resend: '1' }, jar);
    expect(again.res.status).toBe(429);
    expect(again.html).toMatch(/Code sent too frequently, please wait \d+ seconds/);
    expect(again.html).toContain('name="code"');
  });
});

describe('/settings/editLogin password', () => {
  it('checks the new password and its confirmation before calling the API', async () => {
    const { id, jar } = await loggedIn();
    const before = (await userById(id))?.password_hash;
    const weak = await post('/settings/editLogin?lang=en', { intent: 'password', current_password: PASSWORD, password: 'short', password_confirmation: 'short' }, jar);
    expect(weak.res.status).toBe(400);
    expect(weak.html).toContain(`class="field__error" data-message-for="password" aria-live="polite">${en('PASSWORD_CONDITION')}`);
    const mismatch = await post('/settings/editLogin?lang=en', { intent: 'password', current_password: PASSWORD, password: 'Better1234', password_confirmation: 'Better12345' }, jar);
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.html).toContain(en('PASSWORD_CONFIRMATION_FAILED'));
    const same = await post('/settings/editLogin?lang=en', { intent: 'password', current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }, jar);
    expect(same.res.status).toBe(400);
    expect(same.html).toContain(en('SAME_PASSWORD'));
    expect((await userById(id))?.password_hash).toBe(before);
  });

  it('refuses the wrong current password', async () => {
    const { id, jar } = await loggedIn();
    const before = (await userById(id))?.password_hash;
    const { res, html } = await post('/settings/editLogin?lang=en', { intent: 'password', current_password: 'Wrong1234', password: 'Better1234', password_confirmation: 'Better1234' }, jar);
    expect(res.status).toBe(400);
    expect(html).toContain(en('WRONG_PASSWORD'));
    expect((await userById(id))?.password_hash).toBe(before);
  });

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { email, jar } = await loggedIn();
    const { res } = await post('/settings/editLogin', { intent: 'password', current_password: PASSWORD, password: 'Better1234', password_confirmation: 'Better1234' }, jar);
    expect(res.status).toBe(303);
    expect(flashOf(jar)).toContain('PASSWORD_HAS_BEEN_CHANGED');
    expect((await call('/settings/editLogin', {}, jar)).res.status).toBe(200);
    expect((await postJson('/api/auth/login', { login: email, password: PASSWORD })).res.status).toBe(400);
    expect((await postJson('/api/auth/login', { login: email, password: 'Better1234' })).res.status).toBe(200);
  });
});

describe('a phone-only account', () => {
  it('changes its password without an email', async () => {
    const phone = `+212${uniqueNational()}`;
    expect((await postJson('/api/auth/register', { phone, password: PASSWORD, profile: {} })).res.status).toBe(201);
    const jar: Jar = new Map();
    expect((await postJson('/api/auth/login', { login: phone, password: PASSWORD }, jar)).res.status).toBe(200);
    const page = await call('/settings/editLogin?lang=en', {}, jar);
    expect(page.html).toContain(`${en('NOT_SET')}</span>`);
    const { res } = await post('/settings/editLogin', { intent: 'password', current_password: PASSWORD, password: 'Better1234', password_confirmation: 'Better1234' }, jar);
    expect(res.status).toBe(303);
    expect(flashOf(jar)).toContain('PASSWORD_HAS_BEEN_CHANGED');
    expect((await postJson('/api/auth/login', { login: phone, password: 'Better1234' })).res.status).toBe(200);
  });
});

describe('deleting the account', () => {
  it('goes through the confirmation page when posted without it', async () => {
    const { id, jar } = await loggedIn();
    const { res } = await post('/profile/delete', { password: PASSWORD }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile/delete');
    expect(await userById(id)).not.toBeNull();
    const page = await call('/profile/delete?lang=en', {}, jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`<h1 class="settings__title" id="delete-title">${en('DELETE_ACCOUNT_CONFIRM_TITLE')}</h1>`);
    expect(page.html).toMatch(/<form[^>]*action="\/profile\/delete" method="post"/);
  });

  it('keeps the account when the password is wrong or missing', async () => {
    const { id, jar } = await loggedIn();
    const empty = await post('/profile/delete?lang=en', { confirmed: '1', password: '' }, jar);
    expect(empty.res.status).toBe(400);
    expect(empty.html).toContain(en('ALL_FIELDS_REQUIRED'));
    const wrong = await post('/profile/delete?lang=en', { confirmed: '1', password: 'Wrong1234' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(`class="field__error" data-message-for="password" aria-live="polite">${en('WRONG_PASSWORD')}`);
    expect(await userById(id)).not.toBeNull();
    expect(jar.has('token')).toBe(true);
  });

  it('deletes the account, clears the session cookie and says so on the home page', async () => {
    const { id, jar } = await loggedIn();
    const { res } = await post('/profile/delete', { confirmed: '1', password: PASSWORD }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().some((c) => /^token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(jar.has('token')).toBe(false);
    expect(await userById(id)).toBeNull();
    const home = await call('/?lang=en', {}, jar);
    expect(home.html).toContain(en('ACCOUNT_DELETED'));
    expect((await call('/profile', {}, jar)).res.status).toBe(302);
  });
});
