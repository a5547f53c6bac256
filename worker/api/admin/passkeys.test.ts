import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, GOOD_PASSWORD, messageOf } from '../../test/accounts';
import { staffMember } from '../../test/staff';
import { relyingParty } from './passkeys';
import { SoftAuthenticator } from './testing';

/**
 * Passkeys as the console's second factor, against a software authenticator (worker/api/admin/testing.ts)
 * that answers as a browser and a security key would: attestation "none" to add one, ES256 assertions
 * to sign in. The test requests reach the API at http://localhost, so that is the browser's origin.
 */

const ORIGIN = 'http://localhost';
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
type Options = { challenge: string; rp?: { id: string }; rpId?: string; allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] };

/** A staff member with a console session and a confirmed authenticator app (as after their first sign-in). */
async function staffWithApp(roles: string[] = ['support']) {
  const staff = await staffMember(roles);
  await env.DB.prepare("INSERT INTO staff_totp (user_id, secret, confirmed_at) VALUES (?1, 'JBSWY3DPEHPK3PXP', '2026-01-01T00:00:00.000Z')").bind(staff.id).run();
  return { ...staff, login: staff.email };
}

async function addPasskey(staff: { headers: Record<string, string> }, key: SoftAuthenticator, name = 'Test key', origin = ORIGIN) {
  const options = await json<Options>(await callApi('/admin/security/passkeys/options', { method: 'POST', headers: staff.headers }));
  const credential = await key.register(options.challenge, { origin });
  return callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name, credential } });
}

/** The first sign-in step (the test accounts' password) → its challenge and whether a passkey is offered. */
async function firstStep(login: string) {
  const res = await callApi('/admin/session', { method: 'POST', body: { login, password: GOOD_PASSWORD }, headers: { 'X-Client-IP': crypto.randomUUID() } });
  expect(res.status).toBe(200);
  return json<{ challenge: string; passkey: boolean }>(res);
}

async function passkeyOptions(challenge: string) {
  const res = await callApi('/admin/session/passkey/options', { method: 'POST', body: { challenge } });
  expect(res.status).toBe(200);
  return json<Options>(res);
}

const signInWith = (challenge: string, credential: unknown) => callApi('/admin/session/passkey', { method: 'POST', body: { challenge, credential } });

describe('adding a passkey (/admin/security)', () => {
  it('registers the authenticator’s passkey once, lists it with its name, audits it; a replayed or foreign answer is refused', async () => {
    const staff = await staffWithApp();
    const key = await SoftAuthenticator.make();
    const options = await json<Options>(await callApi('/admin/security/passkeys/options', { method: 'POST', headers: staff.headers }));
    expect(options.rp?.id).toBe('localhost');
    const credential = await key.register(options.challenge, { origin: ORIGIN });
    const added = await callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name: 'YubiKey 5', credential } });
    expect(added.status).toBe(201);
    // The same answer again: its challenge was taken.
    const replay = await callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name: 'YubiKey 5', credential } });
    expect(await messageOf(replay)).toMatch(/^STAFF_PASSKEY_EXPIRED/);
    // Made on another site (origin), or for another relying party: refused.
    expect(await messageOf(await addPasskey(staff, await SoftAuthenticator.make(), 'phished', 'https://evil.example'))).toMatch(/^STAFF_PASSKEY_INVALID/);
    const wrongRp = await json<Options>(await callApi('/admin/security/passkeys/options', { method: 'POST', headers: staff.headers }));
    const other = await (await SoftAuthenticator.make()).register(wrongRp.challenge, { origin: ORIGIN, rpId: 'evil.example' });
    expect(await messageOf(await callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name: 'x', credential: other } }))).toMatch(/^STAFF_PASSKEY_INVALID/);

    const list = await json<{ passkeys: { id: string; name: string; last_used_at: string | null }[] }>(await callApi('/admin/security/passkeys', { headers: staff.headers }));
    expect(list.passkeys).toEqual([expect.objectContaining({ id: key.id, name: 'YubiKey 5', last_used_at: null })]);
    // The next options exclude it (the browser will not make a second one on the same key).
    const next = await json<Options>(await callApi('/admin/security/passkeys/options', { method: 'POST', headers: staff.headers }));
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([key.id]);
    const log = await env.DB.prepare("SELECT action, after_json FROM audit_log WHERE staff_id = ?1 AND action LIKE 'staff.passkey%'").bind(staff.id).all<{ action: string; after_json: string }>();
    expect(log.results).toEqual([{ action: 'staff.passkey_add', after_json: JSON.stringify({ passkey: key.id, name: 'YubiKey 5' }) }]);
  });

  it('a challenge past its five minutes is refused; a bad body is a 400; without a console session, 401', async () => {
    const staff = await staffWithApp();
    const options = await json<Options>(await callApi('/admin/security/passkeys/options', { method: 'POST', headers: staff.headers }));
    await env.DB.prepare("UPDATE staff_webauthn_challenges SET expires_at = '2000-01-01T00:00:00.000Z' WHERE challenge = ?1").bind(options.challenge).run();
    const credential = await (await SoftAuthenticator.make()).register(options.challenge, { origin: ORIGIN });
    expect(await messageOf(await callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name: 'late', credential } }))).toMatch(/^STAFF_PASSKEY_EXPIRED/);
    expect((await callApi('/admin/security/passkeys', { method: 'POST', headers: staff.headers, body: { name: '', credential: { id: 'x' } } })).status).toBe(400);
    expect((await callApi('/admin/security/passkeys')).status).toBe(401);
    expect((await callApi('/admin/security/passkeys/options', { method: 'POST' })).status).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('after the password, the passkey signs in instead of a code: once per challenge, and only from the site', async () => {
    const staff = await staffWithApp(['finance']);
    const key = await SoftAuthenticator.make();
    expect((await addPasskey(staff, key)).status).toBe(201);
    const first = await firstStep(staff.login);
    expect(first.passkey).toBe(true);
    const options = await passkeyOptions(first.challenge);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const assertion = await key.sign(options.challenge, { origin: ORIGIN });
    const signed = await signInWith(first.challenge, assertion);
    expect(signed.status).toBe(200);
    const { token } = await json<{ token: string }>(signed);
    expect(await json(await callApi('/admin/me', { headers: { 'x-staff-session': token } }))).toMatchObject({ id: staff.id, roles: ['finance'] });
    // Replayed: the challenge is gone.
    expect(await messageOf(await signInWith(first.challenge, assertion))).toMatch(/^STAFF_PASSKEY_EXPIRED/);
    // Signed for another origin (a phishing page relaying the options): refused.
    const phished = await key.sign((await passkeyOptions(first.challenge)).challenge, { origin: 'https://evil.example' });
    expect(await messageOf(await signInWith(first.challenge, phished))).toMatch(/^STAFF_PASSKEY_INVALID/);
    const row = await env.DB.prepare('SELECT counter, last_used_at FROM staff_passkeys WHERE id = ?1').bind(key.id).first<{ counter: number; last_used_at: string | null }>();
    expect(row).toMatchObject({ counter: 1, last_used_at: expect.any(String) });
    const log = await env.DB.prepare("SELECT action, after_json FROM audit_log WHERE staff_id = ?1 AND action = 'staff.sign_in_passkey'").bind(staff.id).all();
    expect(log.results).toEqual([{ action: 'staff.sign_in_passkey', after_json: JSON.stringify({ passkey: key.id }) }]);
  });

  it('refuses a signature counter that does not move forward (a cloned authenticator)', async () => {
    const staff = await staffWithApp();
    const key = await SoftAuthenticator.make();
    await addPasskey(staff, key);
    const { challenge } = await firstStep(staff.login);
    expect((await signInWith(challenge, await key.sign((await passkeyOptions(challenge)).challenge, { origin: ORIGIN }))).status).toBe(200);
    key.counter = 0; // the clone signs with counter 1 again
    const cloned = await signInWith(challenge, await key.sign((await passkeyOptions(challenge)).challenge, { origin: ORIGIN }));
    expect(await messageOf(cloned)).toMatch(/^STAFF_PASSKEY_INVALID/);
  });

  it('the same signature sent ten times at once opens one session', async () => {
    const staff = await staffWithApp();
    const key = await SoftAuthenticator.make();
    await addPasskey(staff, key);
    const { challenge } = await firstStep(staff.login);
    const assertion = await key.sign((await passkeyOptions(challenge)).challenge, { origin: ORIGIN });
    const answers = await Promise.all(Array.from({ length: 10 }, () => signInWith(challenge, assertion)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_sessions WHERE user_id = ?1').bind(staff.id).first<{ n: number }>())!;
    expect(n).toBe(2); // the test kit's session and this one
  });

  it('a removed passkey signs in no more; only its holder removes it (audited); no passkey left: no options', async () => {
    const staff = await staffWithApp();
    const colleague = await staffWithApp();
    const key = await SoftAuthenticator.make();
    await addPasskey(staff, key);
    const { challenge } = await firstStep(staff.login);
    const options = await passkeyOptions(challenge);
    expect(await messageOf(await callApi(`/admin/security/passkeys/${key.id}`, { method: 'DELETE', headers: colleague.headers }))).toMatch(/^STAFF_PASSKEY_NOT_FOUND/);
    expect((await callApi(`/admin/security/passkeys/${key.id}`, { method: 'DELETE', headers: staff.headers })).status).toBe(200);
    const refused = await signInWith(challenge, await key.sign(options.challenge, { origin: ORIGIN }));
    expect(await messageOf(refused)).toMatch(/^STAFF_PASSKEY_INVALID/);
    expect((await firstStep(staff.login)).passkey).toBe(false);
    expect(await messageOf(await callApi('/admin/session/passkey/options', { method: 'POST', body: { challenge } }))).toMatch(/^STAFF_NO_PASSKEY/);
    const log = await env.DB.prepare("SELECT action FROM audit_log WHERE staff_id = ?1 AND action = 'staff.passkey_remove'").bind(staff.id).all();
    expect(log.results).toHaveLength(1);
    // A forged first-step challenge gets nothing.
    expect((await callApi('/admin/session/passkey/options', { method: 'POST', body: { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x' } })).status).toBe(401);
  });
});

describe('the relying party', () => {
  it('is WEBAUTHN_ORIGIN when set, else the host the browser asked for, else the request’s', () => {
    expect(relyingParty('https://tafrij.ma', 'http://internal/admin', { host: 'evil.example', proto: 'http' })).toMatchObject({ id: 'tafrij.ma', origin: 'https://tafrij.ma' });
    expect(relyingParty('', 'http://internal/admin', { host: 'localhost:8840', proto: 'http' })).toMatchObject({ id: 'localhost', origin: 'http://localhost:8840' });
    expect(relyingParty('', 'https://console.example/admin', { host: 'bad host/', proto: 'gopher' })).toMatchObject({ id: 'console.example', origin: 'https://console.example' });
  });
});
