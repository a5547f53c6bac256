import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../messaging';
import { callApi, GOOD_PASSWORD, login, messageOf, register, registeredUser, uniqueEmail } from '../../test/accounts';
import { User } from './schemas';
import { REFRESH_REUSE_WINDOW_MS, refreshSession, suspendUser } from '../kernel/tokens';

const countUsers = async (email: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())?.n ?? 0;

describe('POST auth/register', () => {
  it('creates the user with a hashed password and a first profile', async () => {
    const email = uniqueEmail();
    const res = await callApi('/auth/register', { method: 'POST', body: { email, password: GOOD_PASSWORD, profile: { username: 'Amal' }, code: 'PARTNER1' } });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email).first<Record<string, unknown>>();
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.parse(String(row?.options))).toEqual({ registerCode: 'PARTNER1' });
    const profiles = await env.DB.prepare('SELECT name, username FROM profiles WHERE user_id = ?').bind(row?.id).all();
    expect(profiles.results).toEqual([{ name: 'Default', username: 'Amal' }]);
  });

  it.each([
    [{ password: 'weakpass' }, 'PASSWORD_CONDITION: password'],
    [{ password: 'short1A' }, 'PASSWORD_CONDITION: password'],
    [{ password: 'NoDigitsHere' }, 'PASSWORD_CONDITION: password'],
    [{ password_confirmation: 'Other1234' }, 'PASSWORD_CONFIRMATION_FAILED: password_confirmation'],
    [{ email: 'not-an-email' }, 'VALID_EMAIL_REQUIRED: email'],
    [{ email: undefined, phone: '+2120612345678' }, 'VALID_PHONE_REQUIRED: phone'],
    [{ email: undefined }, 'ALL_FIELDS_REQUIRED: email'],
  ])('refuses %j with its message and writes nothing', async (change, message) => {
    const email = uniqueEmail();
    const body = { email, password: GOOD_PASSWORD, ...change };
    const res = await callApi('/auth/register', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await countUsers(email)).toBe(0);
  });

  it('answers users_email_unique for a taken email, whatever its case', async () => {
    const { email } = await register();
    const res = await callApi('/auth/register', { method: 'POST', body: { email: email.toUpperCase(), password: GOOD_PASSWORD } });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('users_email_unique');
  });

  it('answers users_phone_unique for a taken phone', async () => {
    const phone = `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    expect((await callApi('/auth/register', { method: 'POST', body: { phone, password: GOOD_PASSWORD } })).status).toBe(201);
    const res = await callApi('/auth/register', { method: 'POST', body: { phone, password: GOOD_PASSWORD } });
    expect(await res.text()).toContain('users_phone_unique');
  });
});

describe('POST auth/login', () => {
  it('answers token, type and refreshToken, and records the device and place', async () => {
    const { email } = await register();
    const res = await callApi('/auth/login', {
      method: 'POST',
      body: { login: email, password: GOOD_PASSWORD },
      headers: { 'X-Device-Id': 'device-1234', 'X-Client-Country': 'MA', 'X-Client-City': 'Rabat', 'X-Client-IP': crypto.randomUUID() },
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, string>;
    expect(Object.keys(tokens).sort()).toEqual(['refreshToken', 'token', 'type']);
    expect(tokens.type).toBe('bearer');
    const devices = await callApi('/auth/devices', { token: tokens.token });
    expect(await devices.json()).toEqual([expect.objectContaining({ device_id: 'device-1234', country: 'MA', city: 'Rabat', current: true, active: true })]);
  });

  it('needs both login and password', async () => {
    const res = await callApi('/auth/login', { method: 'POST', body: { login: 'a@b.co', password: '' } });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^ALL_FIELDS_REQUIRED/);
  });

  it('refuses a wrong password, then the 6th attempt with the seconds to wait', async () => {
    const { email } = await register();
    const ip = crypto.randomUUID();
    for (let i = 0; i < 5; i++) {
      const res = await callApi('/auth/login', { method: 'POST', body: { login: email, password: 'Wrong1234' }, headers: { 'X-Client-IP': ip } });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toMatch(/^E_INVALID_CREDENTIALS/);
    }
    const res = await callApi('/auth/login', { method: 'POST', body: { login: email, password: GOOD_PASSWORD }, headers: { 'X-Client-IP': ip } });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { message: string; delay: number };
    expect(body.delay).toBeGreaterThan(890);
    expect(body.message).toBe(`LOGIN_TOO_FREQUENT: Login failed too frequently. Please wait ${body.delay} seconds to retry.`);
  });

  it('a success clears the account counter', async () => {
    const { email } = await register();
    for (let i = 0; i < 4; i++) await callApi('/auth/login', { method: 'POST', body: { login: email, password: 'Wrong1234' } });
    await login(email);
    for (let i = 0; i < 4; i++) await callApi('/auth/login', { method: 'POST', body: { login: email, password: 'Wrong1234' } });
    expect((await callApi('/auth/login', { method: 'POST', body: { login: email, password: GOOD_PASSWORD } })).status).toBe(200);
  });
});

describe('GET auth/user', () => {
  it('answers the user of spec §3 without any secret', async () => {
    const { tokens, email, id } = await registeredUser();
    const res = await callApi('/auth/user', { token: tokens.token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password');
    const user = User.parse(JSON.parse(text));
    expect(user).toMatchObject({ id, email, isAnonymous: false, role: 'customer', is_active: true, favs: [], likes: [], watched: [] });
    expect(user.profile).toMatchObject({ name: 'Default', username: 'Test', has_pin: false, age_restriction: 'no-age-restriction' });
  });

  it('is 401 without or with a bad token', async () => {
    expect((await callApi('/auth/user')).status).toBe(401);
    const res = await callApi('/auth/user', { token: 'not.a.jwt' });
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toMatch(/^E_UNAUTHORIZED_ACCESS/);
  });
});

describe('refresh tokens', () => {
  it('rotates: 20 parallel refreshes with one token all succeed, each with a new token', async () => {
    const { tokens } = await registeredUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => callApi('/auth/refresh', { method: 'POST', body: { refresh_token: tokens.refreshToken } })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const fresh = await Promise.all(answers.map(async (r) => ((await r.json()) as { refreshToken: string }).refreshToken));
    expect(new Set(fresh).size).toBe(20);
    expect(fresh).not.toContain(tokens.refreshToken);
  });

  it('a reused token after the window revokes the whole family', async () => {
    const { tokens } = await registeredUser();
    const next = await refreshSession(env, tokens.refreshToken);
    const later = Date.now() + REFRESH_REUSE_WINDOW_MS + 1000;
    await expect(refreshSession(env, tokens.refreshToken, later)).rejects.toThrow();
    // The thief's replay ended the session: the legitimate newer tokens stop working too.
    const res = await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: next.refreshToken } });
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toMatch(/^E_INVALID_JWT_REFRESH_TOKEN/);
    const user = await callApi('/auth/user', { token: next.token });
    expect(await messageOf(user)).toMatch(/^NOT_AUTHORIZED/);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: 'nope' } });
    expect(res.status).toBe(401);
  });
});

describe('logout and suspension', () => {
  it('logout ends the session', async () => {
    const { tokens } = await registeredUser();
    expect((await callApi('/auth/logout', { method: 'POST', token: tokens.token })).status).toBe(200);
    expect(await messageOf(await callApi('/auth/user', { token: tokens.token }))).toMatch(/^NOT_AUTHORIZED/);
    expect((await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: tokens.refreshToken } })).status).toBe(401);
  });

  it('a suspended user gets 403 USER_SUSPENDED everywhere, and at login', async () => {
    const { id, email, tokens } = await registeredUser();
    await suspendUser(env.DB, id);
    for (const res of [
      await callApi('/auth/user', { token: tokens.token }),
      await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: tokens.refreshToken } }),
      await callApi('/auth/login', { method: 'POST', body: { login: email, password: GOOD_PASSWORD } }),
    ]) {
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toMatch(/^USER_SUSPENDED/);
    }
    const sessions = await env.DB.prepare('SELECT revoked_reason FROM sessions WHERE user_id = ?').bind(id).all();
    expect(sessions.results).toEqual([{ revoked_reason: 'suspended' }]);
  });
});

/** The reset link of the newest email to `email`. */
async function resetLink(email: string): Promise<URL> {
  const [message] = await readOutbox(env.DB, email);
  const href = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0];
  if (!href) throw new Error('no link in the outbox');
  return new URL(href);
}

describe('password reset', () => {
  it('forgot → link (1 h, single use) → same password refused → new password; other sessions end', async () => {
    const { email, tokens } = await registeredUser();
    // The link's origin is the PUBLIC_ORIGIN setting, whatever host the request names.
    const forgot = await callApi(`/auth/password/forgot?email=${encodeURIComponent(email)}`, {
      method: 'POST',
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    });
    expect(forgot.status).toBe(200);
    const link = await resetLink(email);
    expect(link.origin + link.pathname).toBe(`${env.PUBLIC_ORIGIN}/changePassword`);
    expect(link.searchParams.get('email')).toBe(email);
    const reset_token = link.searchParams.get('reset_token') ?? '';
    const row = await env.DB.prepare('SELECT expires_at FROM password_resets WHERE user_id = (SELECT id FROM users WHERE email = ?)').bind(email).first<{ expires_at: number }>();
    expect((row?.expires_at ?? 0) - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(JSON.stringify(row)).not.toContain(reset_token);

    const same = await callApi('/auth/password/change', { method: 'POST', body: { email, password: GOOD_PASSWORD, reset_token } });
    expect(same.status).toBe(400);
    expect(await messageOf(same)).toBe('BAD_REQUEST:SAME_PASSWORD');
    const weak = await callApi('/auth/password/change', { method: 'POST', body: { email, password: 'weak', reset_token } });
    expect(await messageOf(weak)).toBe('PASSWORD_CONDITION: password');
    const ok = await callApi('/auth/password/change', { method: 'POST', body: { email, password: 'NewSecret456', reset_token } });
    expect(ok.status).toBe(200);
    const again = await callApi('/auth/password/change', { method: 'POST', body: { email, password: 'Other7890Ab', reset_token } });
    expect(await messageOf(again)).toMatch(/^E_INVALID_RESET_TOKEN/);
    expect(await messageOf(await callApi('/auth/user', { token: tokens.token }))).toMatch(/^NOT_AUTHORIZED/);
    await login(email, 'NewSecret456');
  });

  it('answers USER_NOT_FOUND for an unknown email and a wait after 3 requests in a row', async () => {
    const unknown = await callApi(`/auth/password/forgot?email=${encodeURIComponent(uniqueEmail())}`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('USER_NOT_FOUND: User does not exists.');
    const { email } = await register();
    expect((await callApi(`/auth/password/forgot?email=${encodeURIComponent(email)}`, { method: 'POST' })).status).toBe(200);
    const soon = await callApi(`/auth/password/forgot?email=${encodeURIComponent(email)}`, { method: 'POST' });
    expect(soon.status).toBe(429);
    expect(((await soon.json()) as { delay: number }).delay).toBeGreaterThan(50);
  });

  it('refuses an invalid email', async () => {
    const res = await callApi('/auth/password/forgot?email=nope', { method: 'POST' });
    expect(await messageOf(res)).toBe('VALID_EMAIL_REQUIRED: email');
  });
});

describe('a password change ends pending reset links', () => {
  const forgot = (email: string) => callApi(`/auth/password/forgot?email=${encodeURIComponent(email)}`, { method: 'POST' });
  const resetWith = async (email: string, link: URL) =>
    callApi('/auth/password/change', { method: 'POST', body: { email, password: 'Attacker999', reset_token: link.searchParams.get('reset_token') ?? '' } });

  it('after changeWithoutToken', async () => {
    const { email, tokens } = await registeredUser();
    expect((await forgot(email)).status).toBe(200);
    const link = await resetLink(email);
    const changed = await callApi('/auth/password/changeWithoutToken', { method: 'POST', token: tokens.token, body: { email, current_password: GOOD_PASSWORD, password: 'Fresh1234' } });
    expect(changed.status).toBe(200);
    const late = await resetWith(email, link);
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe('E_INVALID_RESET_TOKEN: invalid or expired reset token');
    await login(email, 'Fresh1234');
  });

  it('after PUT auth/profile with a new password', async () => {
    const { email, tokens } = await registeredUser();
    expect((await forgot(email)).status).toBe(200);
    const link = await resetLink(email);
    const changed = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { password: 'Fresh1234', current_password: GOOD_PASSWORD } });
    expect(changed.status).toBe(200);
    expect((await resetWith(email, link)).status).toBe(400);
    await login(email, 'Fresh1234');
  });

  it('and pending SMS reset codes', async () => {
    const phone = `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const reg = await callApi('/auth/register', { method: 'POST', body: { phone, password: GOOD_PASSWORD } });
    expect(reg.status).toBe(201);
    const tokens = await login(phone);
    expect((await callApi('/auth/code/send', { method: 'POST', body: { channel: 'sms', target: phone, purpose: 'reset' } })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await readOutbox(env.DB, phone))[0]?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const changed = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { password: 'Fresh1234', current_password: GOOD_PASSWORD } });
    expect(changed.status).toBe(200);
    const late = await callApi('/auth/password/changeByPhone', { method: 'POST', body: { phone, code, password: 'Attacker999' } });
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe('INVALID_CODE: code');
  });
});

describe('verification codes and PUT auth/profile', () => {
  const moroccanPhone = () => `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const codeIn = async (to: string) => /\b(\d{6})\b/.exec((await readOutbox(env.DB, to))[0]?.body ?? '')?.[1] ?? '';

  it('verifies a Moroccan phone by SMS, with remaining sends and a one-minute gap', async () => {
    const { tokens, id } = await registeredUser();
    const phone = moroccanPhone();
    const sent = await callApi('/auth/code/send', { method: 'POST', token: tokens.token, body: { channel: 'sms', target: phone, purpose: 'verify' } });
    expect(await sent.json()).toEqual({ sent: true, channel: 'sms', remaining: 2 });
    const again = await callApi('/auth/code/send', { method: 'POST', token: tokens.token, body: { channel: 'sms', target: phone, purpose: 'verify' } });
    expect(again.status).toBe(429);
    expect(await messageOf(again)).toMatch(/^CODE_TOO_FREQUENT: sent too frequently, wait \d+ seconds$/);

    const wrong = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { phone, code: '000000' === (await codeIn(phone)) ? '111111' : '000000' } });
    expect(await messageOf(wrong)).toBe('INVALID_CODE: code');
    const ok = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { phone, code: await codeIn(phone) } });
    expect(ok.status).toBe(200);
    expect(await env.DB.prepare('SELECT phone, is_phone_verified FROM users WHERE id = ?').bind(id).first()).toEqual({ phone, is_phone_verified: 1 });
  });

  it('a non-Moroccan phone needs a verified email', async () => {
    const { tokens } = await registeredUser();
    const res = await callApi('/auth/code/send', { method: 'POST', token: tokens.token, body: { channel: 'sms', target: '+33612345678', purpose: 'verify' } });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^PHONE_NOT_VERIFIABLE/);
  });

  it('changing the email needs the current password; a taken email is users_email_unique', async () => {
    const { tokens, id } = await registeredUser();
    const other = await register();
    const email = uniqueEmail();
    expect(await messageOf(await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { email } }))).toBe('WRONG_PASSWORD: current_password');
    const taken = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { email: other.email, current_password: GOOD_PASSWORD } });
    expect(await taken.text()).toContain('users_email_unique');
    const ok = await callApi('/auth/profile', { method: 'PUT', token: tokens.token, body: { email, current_password: GOOD_PASSWORD, hide_watched: true } });
    expect(User.parse(await ok.json())).toMatchObject({ email, isEmailVerified: false, hide_watched: true });
    expect(await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(id).first()).toEqual({ email });
  });

  it('changing the password keeps this session and ends the others', async () => {
    const { tokens, email } = await registeredUser();
    const other = await login(email);
    const same = await callApi('/auth/password/changeWithoutToken', { method: 'POST', token: tokens.token, body: { email, current_password: GOOD_PASSWORD, password: GOOD_PASSWORD } });
    expect(await messageOf(same)).toBe('BAD_REQUEST:SAME_PASSWORD');
    const wrong = await callApi('/auth/password/changeWithoutToken', { method: 'POST', token: tokens.token, body: { email, current_password: 'Nope12345', password: 'Fresh1234' } });
    expect(await messageOf(wrong)).toBe('WRONG_PASSWORD: current_password');
    const ok = await callApi('/auth/password/changeWithoutToken', { method: 'POST', token: tokens.token, body: { email, current_password: GOOD_PASSWORD, password: 'Fresh1234' } });
    expect(ok.status).toBe(200);
    expect((await callApi('/auth/user', { token: tokens.token })).status).toBe(200);
    expect((await callApi('/auth/user', { token: other.token })).status).toBe(401);
  });

  it('resets a password by SMS code', async () => {
    const phone = moroccanPhone();
    await callApi('/auth/register', { method: 'POST', body: { phone, password: GOOD_PASSWORD } });
    await callApi('/auth/code/send', { method: 'POST', body: { channel: 'sms', target: phone, purpose: 'reset' } });
    const res = await callApi('/auth/password/changeByPhone', { method: 'POST', body: { phone, code: await codeIn(phone), password: 'ByPhone123' } });
    expect(res.status).toBe(200);
    await login(phone, 'ByPhone123');
  });
});

describe('account settings', () => {
  it('PUT /auth/lang and /auth/notificationActive', async () => {
    const { tokens, id } = await registeredUser();
    expect((await callApi('/auth/lang', { method: 'PUT', token: tokens.token, body: { lang: 'fr' } })).status).toBe(200);
    expect((await callApi('/auth/notificationActive', { method: 'PUT', token: tokens.token, body: { isActive: false } })).status).toBe(200);
    expect(await env.DB.prepare('SELECT lang, notification_active FROM users WHERE id = ?').bind(id).first()).toEqual({ lang: 'fr', notification_active: 0 });
    expect(await messageOf(await callApi('/auth/lang', { method: 'PUT', token: tokens.token, body: { lang: 'de' } }))).toMatch(/^BAD_REQUEST/);
  });

  it('GET /actions/ is a CSV download, "No data" when empty', async () => {
    const { tokens, id } = await registeredUser();
    const empty = await callApi('/actions/', { token: tokens.token });
    expect(empty.headers.get('content-disposition')).toContain('attachment');
    expect(await empty.text()).toBe('No data');
    const profile = await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ?').bind(id).first<{ id: number }>();
    const content = await env.DB.prepare("SELECT id FROM contents WHERE parent_id IS NULL LIMIT 1").first<{ id: number }>();
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, time, created_at, updated_at) VALUES (?, ?, ?, 'watched', 42, ?, ?)")
      .bind(id, profile?.id, content?.id, now, now)
      .run();
    const csv = await (await callApi('/actions/', { token: tokens.token })).text();
    expect(csv.split('\r\n')[0]).toBe('type,content_id,content,profile,time,date');
    expect(csv).toContain(`watched,${content?.id},`);
  });

  it('DELETE auth/user needs the password, then removes everything', async () => {
    const { tokens, id } = await registeredUser();
    expect(await messageOf(await callApi('/auth/user', { method: 'DELETE', token: tokens.token, body: { password: 'Wrong1234' } }))).toBe('WRONG_PASSWORD: password');
    expect((await callApi('/auth/user', { method: 'DELETE', token: tokens.token, body: { password: GOOD_PASSWORD } })).status).toBe(200);
    expect(await env.DB.prepare('SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) + (SELECT COUNT(*) FROM profiles WHERE user_id = ?1) + (SELECT COUNT(*) FROM sessions WHERE user_id = ?1) AS n').bind(id).first()).toEqual({ n: 0 });
  });
});
