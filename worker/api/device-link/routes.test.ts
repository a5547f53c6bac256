import { env } from 'cloudflare:workers';
import { LIMIT_RULES } from '../../limits';
import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_TTL_SECONDS, DEVICE_GRANT_TYPE, POLL_INTERVAL_SECONDS, SLOW_DOWN_SECONDS } from '../../rules/device-link';
import { callApi, mainProfile, messageOf, registeredSubscriber, registeredUser } from '../../test/accounts';
import type { CodeAnswer, TokenAnswer } from './schemas';

/** The test's clock (x-test-now): each test starts at its own hour so grants never meet. */
let hour = 0;
const start = () => Date.UTC(2026, 10, 25, 8 + (hour++ % 12), 0, 0);
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The TV: asks for a code, form-encoded as RFC 8628 §3.1 says. */
async function tvCode(now: number, client = 'tafrij-tv'): Promise<CodeAnswer> {
  const res = await callApi('/auth/device/code', {
    method: 'POST',
    rawBody: form({ client_id: client, device_name: 'Living room TV' }),
    headers: { ...FORM, ...at(now), 'X-Client-IP': crypto.randomUUID(), 'X-Client-User-Agent': 'SmartTV/1.0' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CodeAnswer;
}

/** The TV polls the token endpoint. */
async function poll(code: CodeAnswer, now: number, client = 'tafrij-tv') {
  const res = await callApi('/auth/device/token', {
    method: 'POST',
    rawBody: form({ grant_type: DEVICE_GRANT_TYPE, device_code: code.device_code, client_id: client }),
    headers: { ...FORM, ...at(now) },
  });
  return { status: res.status, body: (await res.json()) as Partial<TokenAnswer> & { error?: string; interval?: number } };
}

const approve = (token: string, userCode: string, profileId: number, now: number, pin?: string, ip: string = crypto.randomUUID()) =>
  callApi('/auth/device/approve', { method: 'POST', token, body: { user_code: userCode, profile_id: profileId, pin }, headers: { ...at(now), 'X-Client-IP': ip } });

describe('POST /auth/device/code', () => {
  it('answers a device code, a user code XXXX-XXXX, the verification URIs, the expiry and the interval', async () => {
    const code = await tvCode(start());
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.device_code.length).toBeGreaterThan(30);
    expect(code.verification_uri).toMatch(/\/tv\/link$/);
    expect(code.verification_uri_complete).toBe(`${code.verification_uri}?code=${code.user_code}`);
    expect(code.expires_in).toBe(DEVICE_CODE_TTL_SECONDS);
    expect(code.interval).toBe(POLL_INTERVAL_SECONDS);
    // The device code is stored hashed only.
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM device_grants WHERE device_code_hash = ?').bind(code.device_code).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('refuses a request without a valid client_id (invalid_request, never a 5xx)', async () => {
    for (const body of ['', 'client_id=', 'client_id=has%20space', '%%%']) {
      const res = await callApi('/auth/device/code', { method: 'POST', rawBody: body, headers: FORM });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
    const json = await callApi('/auth/device/code', { method: 'POST', rawBody: '{"client_id":', headers: { 'Content-Type': 'application/json' } });
    expect(json.status).toBe(400);
  });
});

describe('POST /auth/device/token', () => {
  it('answers authorization_pending, then slow_down (interval + 5) when polled too fast, then pending again in time', async () => {
    const t = start();
    const code = await tvCode(t);
    expect(await poll(code, t + 5_000)).toMatchObject({ status: 400, body: { error: 'authorization_pending' } });
    const fast = await poll(code, t + 6_000);
    expect(fast).toMatchObject({ status: 400, body: { error: 'slow_down', interval: POLL_INTERVAL_SECONDS + SLOW_DOWN_SECONDS } });
    // The new interval holds for all later polls: 6 s later is still too soon.
    expect((await poll(code, t + 12_000)).body).toMatchObject({ error: 'slow_down', interval: 15 });
    expect((await poll(code, t + 28_000)).body.error).toBe('authorization_pending');
  });

  it('gives the tokens of a session once, after the person approves; a device code used twice is invalid_grant', async () => {
    const t = start();
    const person = await registeredUser();
    const profile = await mainProfile(person);
    const code = await tvCode(t);
    const ok = await approve(person.tokens.token, code.user_code.toLowerCase().replace('-', ' '), profile, t + 20_000);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const first = await poll(code, t + 25_000);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', type: 'bearer', profile_id: profile });
    expect(first.body.access_token).toBe(first.body.token);
    // The TV is signed in: its token works, on the chosen profile, and it is in the device history.
    const me = await callApi('/auth/user', { token: first.body.access_token });
    expect(me.status).toBe(200);
    const devices = (await (await callApi('/auth/devices', { token: person.tokens.token })).json()) as { device_name: string; active: boolean }[];
    expect(devices.some((d) => d.device_name === 'Living room TV' && d.active)).toBe(true);
    // Used twice.
    expect(await poll(code, t + 40_000)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const again = await approve(person.tokens.token, code.user_code, profile, t + 41_000);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/^DEVICE_CODE_USED/);
  });

  it('gives tokens exactly once to 10 parallel polls', async () => {
    const t = start();
    const person = await registeredUser();
    const code = await tvCode(t);
    expect((await approve(person.tokens.token, code.user_code, await mainProfile(person), t + 1_000)).status).toBe(200);
    const polls = await Promise.all(Array.from({ length: 10 }, () => poll(code, t + 10_000)));
    expect(polls.filter((p) => p.status === 200)).toHaveLength(1);
    const sessions = await env.DB.prepare('SELECT COUNT(*) AS n FROM refresh_tokens rt JOIN device_grants g ON g.session_id = rt.session_id WHERE g.user_code = ?')
      .bind(code.user_code.replace('-', ''))
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it('links one TV once when two people type the same code at the same time', async () => {
    const t = start();
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const code = await tvCode(t);
    const answers = await Promise.all([a, b, a, b].map(async (p) => approve(p.tokens.token, code.user_code, await mainProfile(p), t + 1_000)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const tvSessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE device_name = 'Living room TV' AND user_id IN (?, ?)").bind(a.id, b.id).first<{ n: number }>();
    expect(tvSessions?.n).toBe(1);
  });

  it('answers expired_token after expires_in, and the person gets "expired"', async () => {
    const t = start();
    const person = await registeredUser();
    const code = await tvCode(t);
    const late = t + DEVICE_CODE_TTL_SECONDS * 1000 + 1_000;
    expect((await poll(code, late)).body.error).toBe('expired_token');
    const res = await approve(person.tokens.token, code.user_code, await mainProfile(person), late);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^DEVICE_CODE_EXPIRED/);
  });

  it('answers access_denied when the person refuses the TV', async () => {
    const t = start();
    const person = await registeredUser();
    const code = await tvCode(t);
    const res = await callApi('/auth/device/deny', { method: 'POST', token: person.tokens.token, body: { user_code: code.user_code }, headers: at(t + 1_000) });
    expect(res.status).toBe(200);
    expect((await poll(code, t + 10_000)).body.error).toBe('access_denied');
  });

  it('refuses another grant type, another client, an unknown device code and a malformed body', async () => {
    const t = start();
    const code = await tvCode(t);
    const other = await callApi('/auth/device/token', { method: 'POST', rawBody: form({ grant_type: 'password', device_code: code.device_code, client_id: 'tafrij-tv' }), headers: FORM });
    expect(((await other.json()) as { error: string }).error).toBe('unsupported_grant_type');
    expect((await poll(code, t + 5_000, 'another-app')).body.error).toBe('invalid_grant');
    expect((await poll({ ...code, device_code: 'nope' }, t + 5_000)).body.error).toBe('invalid_grant');
    const broken = await callApi('/auth/device/token', { method: 'POST', rawBody: '{', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('POST /auth/device/approve', () => {
  it('needs a signed-in person, a well-formed code and one of their profiles', async () => {
    const t = start();
    const person = await registeredUser();
    const stranger = await registeredUser();
    const code = await tvCode(t);
    expect((await callApi('/auth/device/approve', { method: 'POST', body: { user_code: code.user_code, profile_id: 1 } })).status).toBe(401);
    const malformed = await approve(person.tokens.token, 'AEIOU', await mainProfile(person), t);
    expect(malformed.status).toBe(400);
    expect(await messageOf(malformed)).toMatch(/^DEVICE_CODE_INVALID/);
    const wrong = await approve(person.tokens.token, 'BBBB-BBBB', await mainProfile(person), t);
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toMatch(/^DEVICE_CODE_INVALID/);
    const notYours = await approve(person.tokens.token, code.user_code, await mainProfile(stranger), t);
    expect(notYours.status).toBe(404);
    expect(await messageOf(notYours)).toMatch(/^PROFILE_NOT_FOUND/);
  });

  it('opens a PIN-locked profile on the TV with its PIN only', async () => {
    const t = start();
    const person = await registeredSubscriber();
    const profile = await mainProfile(person);
    const set = await callApi(`/auth/profiles/${profile}/pin`, { method: 'PUT', token: person.tokens.token, body: { password: person.password, pin: '4321' } });
    expect(set.status).toBe(200);
    const code = await tvCode(t);
    const without = await approve(person.tokens.token, code.user_code, profile, t);
    expect(without.status).toBe(400);
    expect(await messageOf(without)).toMatch(/^CODE_WAS_INCORRECT/);
    expect((await approve(person.tokens.token, code.user_code, profile, t, '4321')).status).toBe(200);
  });

  it('counts wrong codes per account: the 11th try in 15 minutes is 429', async () => {
    const person = await registeredUser();
    const profile = await mainProfile(person);
    const ip = crypto.randomUUID();
    const tries = await Promise.all(Array.from({ length: 11 }, () => approve(person.tokens.token, 'ZZZZ-ZZZZ', profile, start(), undefined, ip)));
    expect(tries.map((r) => r.status).sort()).toEqual([...Array(10).fill(400), 429]);
  });

  it(`counts wrong codes per address too: 5 accounts behind one address, 8 guesses each at once → ${LIMIT_RULES['device-link-ip'].max} checked`, async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => registeredUser()));
    const profiles = await Promise.all(people.map((p) => mainProfile(p)));
    const ip = crypto.randomUUID();
    const tries = await Promise.all(people.flatMap((p, i) => Array.from({ length: 8 }, () => approve(p.tokens.token, 'ZZZZ-ZZZZ', profiles[i] ?? 0, start(), undefined, ip))));
    const statuses = tries.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT_RULES['device-link-ip'].max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LIMIT_RULES['device-link-ip'].max);
    // A right code from another address is not affected.
    const t = start();
    const code = await tvCode(t);
    expect((await approve(people[0]?.tokens.token ?? '', code.user_code, profiles[0] ?? 0, t)).status).toBe(200);
  }, 60_000);
});

describe('signing a linked TV out from the device history', () => {
  it('ends its session: its token is refused, and its refresh too', async () => {
    const t = start();
    const person = await registeredUser();
    const code = await tvCode(t);
    await approve(person.tokens.token, code.user_code, await mainProfile(person), t);
    const tv = (await poll(code, t + 6_000)).body;
    const devices = (await (await callApi('/auth/devices', { token: person.tokens.token })).json()) as { id: string; device_name: string; current: boolean }[];
    const device = devices.find((d) => d.device_name === 'Living room TV');
    expect(device).toBeDefined();
    const out = await callApi(`/auth/devices/${device?.id}`, { method: 'DELETE', token: person.tokens.token });
    expect(out.status).toBe(200);
    const refused = await callApi('/auth/user', { token: tv.access_token });
    expect(refused.status).toBe(401);
    expect(await messageOf(refused)).toMatch(/^NOT_AUTHORIZED/);
    expect((await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: tv.refresh_token } })).status).toBe(401);
    // Not someone else's device, not this one, not twice.
    const other = await registeredUser();
    expect((await callApi(`/auth/devices/${device?.id}`, { method: 'DELETE', token: other.tokens.token })).status).toBe(404);
    const mine = devices.find((d) => d.current);
    expect((await callApi(`/auth/devices/${mine?.id}`, { method: 'DELETE', token: person.tokens.token })).status).toBe(400);
    expect((await callApi('/auth/devices/not-a-uuid', { method: 'DELETE', token: person.tokens.token })).status).toBe(400);
  });
});
