import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, post, registered } from '../../test/site';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { api } from '..';
import { vapidKeys } from '../../push/keys';
import { newSubscriber } from '../../push/testing';

/** A browser's PushSubscription.toJSON() with real keys, and the body of tokenRegister. */
async function registration(overrides: Record<string, unknown> = {}) {
  const subscriber = await newSubscriber();
  return {
    device_id: crypto.randomUUID(),
    device_family: 'web',
    preferred_language: 'fr',
    subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } },
    ...overrides,
  };
}

const rowsOf = (userId: string) =>
  env.DB.prepare('SELECT device_id, device_family, endpoint, preferred_language FROM push_subscriptions WHERE user_id = ? ORDER BY id').bind(userId).all().then((r) => r.results);
const pushIdOf = (userId: string) => env.DB.prepare('SELECT push_notification_id AS id FROM users WHERE id = ?').bind(userId).first<{ id: string | null }>().then((r) => r?.id);

describe('GET /pushNotifications/publicKey', () => {
  it('answers the VAPID public key browsers subscribe with', async () => {
    const res = await callApi('/pushNotifications/publicKey');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: vapidKeys(env)?.publicKey });
  });

  it('answers 503 PUSH_DISABLED without keys in production', async () => {
    const res = await api.request('/pushNotifications/publicKey', {}, { ...env, DEV_OUTBOX: 'false' });
    expect(res.status).toBe(503);
    expect(await messageOf(res)).toMatch(/^PUSH_DISABLED: web push is not configured/);
  });
});

describe('POST /pushNotifications/tokenRegister', () => {
  it('saves the subscription once per device and sets push_notification_id', async () => {
    const { id, tokens } = await registeredUser();
    const body = await registration();
    const res = await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, message: 'TOKEN_REGISTERED', device_id: body.device_id });
    // Registering again (a new endpoint, another language) updates the same row.
    const again = { ...(await registration()), device_id: body.device_id, preferred_language: 'ar' };
    expect((await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: again })).status).toBe(200);
    expect(await rowsOf(id)).toEqual([{ device_id: body.device_id, device_family: 'web', endpoint: again.subscription.endpoint, preferred_language: 'ar' }]);
    expect(await pushIdOf(id)).toBe(body.device_id);
    // A second device is a second row and becomes the push id.
    const phone = await registration();
    await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: phone });
    expect((await rowsOf(id)).length).toBe(2);
    expect(await pushIdOf(id)).toBe(phone.device_id);
  });

  it('refuses guests (spec §6): 401 and nothing saved', async () => {
    const body = await registration();
    const res = await callApi('/pushNotifications/tokenRegister', { method: 'POST', body });
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toMatch(/^E_UNAUTHORIZED_ACCESS/);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(body.subscription.endpoint).first<{ n: number }>()) ?? { n: 1 };
    expect(n).toBe(0);
  });

  it.each([
    [{ device_id: 'short' }, 'BAD_REQUEST: device_id: must be 8 to 64 letters, digits, _ or -'],
    [{ device_family: 'ios' }, "BAD_REQUEST: device_family: must be 'web'"],
    [{ preferred_language: 'de' }, 'BAD_REQUEST: preferred_language: must be one of en, fr, ar, es'],
    [{ subscription: { endpoint: 'http://push.example.com/x', keys: { p256dh: 'x', auth: 'y' } } }, 'BAD_REQUEST: subscription.endpoint: must be an https URL'],
    [{ subscription: { endpoint: 'not a url' } }, 'BAD_REQUEST: subscription.endpoint: must be an https URL'],
  ])('refuses bad input %j with a clear 400', async (change, message) => {
    const { tokens } = await registeredUser();
    const res = await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: await registration(change) });
    expect(res.status).toBe(400);
    expect((await messageOf(res)).startsWith(message)).toBe(true);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const { tokens } = await registeredUser();
    const good = await registration();
    const bad = { ...good, subscription: { ...good.subscription, keys: { p256dh: good.subscription.keys.auth, auth: good.subscription.keys.p256dh } } };
    const res = await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: bad });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      'BAD_REQUEST: subscription.keys.p256dh: must be an uncompressed P-256 public key (65 bytes) in base64url; subscription.keys.auth: must be a 16-byte secret in base64url',
    );
    expect((await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: { device_id: good.device_id } })).status).toBe(400);
  });

  it('answers 503 PUSH_DISABLED when push is off, and saves nothing', async () => {
    const { id, tokens } = await registeredUser();
    const res = await api.request(
      '/pushNotifications/tokenRegister',
      { method: 'POST', headers: { Authorization: `Bearer ${tokens.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(await registration()) },
      { ...env, DEV_OUTBOX: 'false' },
    );
    expect(res.status).toBe(503);
    expect(await messageOf(res)).toMatch(/^PUSH_DISABLED/);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('a browser that changes hands belongs to the user who registered it last', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const body = await registration();
    await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: a.tokens.token, body });
    await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: b.tokens.token, body });
    expect(await rowsOf(a.id)).toEqual([]);
    expect(await pushIdOf(a.id)).toBeNull();
    expect((await rowsOf(b.id)).length).toBe(1);
  });

  it('10 parallel registrations of the same browser all answer 200 and leave one row', async () => {
    const { id, tokens } = await registeredUser();
    const body = await registration();
    const send = (deviceId: string) => callApi('/pushNotifications/tokenRegister', { method: 'POST', token: tokens.token, body: { ...body, device_id: deviceId } });
    // The same device 10 times at once, then the same endpoint under 10 device ids at once.
    const same = await Promise.all(Array.from({ length: 10 }, () => send(body.device_id)));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await rowsOf(id)).toEqual([{ device_id: body.device_id, device_family: 'web', endpoint: body.subscription.endpoint, preferred_language: 'fr' }]);
    const devices = Array.from({ length: 10 }, () => crypto.randomUUID());
    const moved = await Promise.all(devices.map(send));
    expect(moved.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await rowsOf(id);
    expect(rows.length).toBe(1);
    expect(devices).toContain((rows[0] as { device_id: string }).device_id);
    expect(await pushIdOf(id)).toBe((rows[0] as { device_id: string }).device_id);
  });

  it('10 parallel registrations of one browser by 10 users: all 200, one row, the others keep no dangling push id', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => registeredUser()));
    const body = await registration();
    const answers = await Promise.all(users.map((u) => callApi('/pushNotifications/tokenRegister', { method: 'POST', token: u.tokens.token, body })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const { results } = await env.DB.prepare('SELECT user_id FROM push_subscriptions WHERE endpoint = ?').bind(body.subscription.endpoint).all<{ user_id: string }>();
    expect(results.length).toBe(1);
    const owner = results[0]?.user_id;
    for (const u of users) expect(await pushIdOf(u.id)).toBe(u.id === owner ? body.device_id : null);
  });
});

describe('POST /pushNotifications/tokenUnregister', () => {
  it("removes this user's device, and another user cannot remove it", async () => {
    const [owner, other] = await Promise.all([registeredUser(), registeredUser()]);
    const laptop = await registration();
    const phone = await registration();
    for (const body of [laptop, phone]) await callApi('/pushNotifications/tokenRegister', { method: 'POST', token: owner.tokens.token, body });
    const target = { device_id: laptop.device_id, device_family: 'web' };
    const theirs = await callApi('/pushNotifications/tokenUnregister', { method: 'POST', token: other.tokens.token, body: target });
    expect(await theirs.json()).toEqual({ status: 200, message: 'TOKEN_UNREGISTERED', removed: 0 });
    expect((await rowsOf(owner.id)).length).toBe(2);
    const mine = await callApi('/pushNotifications/tokenUnregister', { method: 'POST', token: owner.tokens.token, body: { device_id: phone.device_id, device_family: 'web' } });
    expect(await mine.json()).toEqual({ status: 200, message: 'TOKEN_UNREGISTERED', removed: 1 });
    expect((await rowsOf(owner.id)).map((r) => r.device_id)).toEqual([laptop.device_id]);
    // The push id falls back to the device still subscribed, then to nothing.
    expect(await pushIdOf(owner.id)).toBe(laptop.device_id);
    await callApi('/pushNotifications/tokenUnregister', { method: 'POST', token: owner.tokens.token, body: target });
    expect(await pushIdOf(owner.id)).toBeNull();
  });

  it('refuses guests and bad input', async () => {
    expect((await callApi('/pushNotifications/tokenUnregister', { method: 'POST', body: { device_id: crypto.randomUUID(), device_family: 'web' } })).status).toBe(401);
    const { tokens } = await registeredUser();
    const res = await callApi('/pushNotifications/tokenUnregister', { method: 'POST', token: tokens.token, body: { device_id: crypto.randomUUID() } });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("BAD_REQUEST: device_family: must be 'web'");
  });
});

describe('logout', () => {
  it("unregisters this browser's push subscription before ending the session", async () => {
    const { email, jar } = await registered();
    const json = { 'Content-Type': 'application/json', Origin: 'http://localhost' };
    const deviceId = jar.get('deviceId') ?? '';
    expect(deviceId).not.toBe('');
    const body = await registration({ device_id: deviceId });
    const saved = await call('/api/pushNotifications/tokenRegister', { method: 'POST', headers: json, body: JSON.stringify(body) }, jar);
    expect(saved.res.status).toBe(200);
    const user = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>();
    expect((await rowsOf(user?.id ?? '')).length).toBe(1);
    expect((await post('/logout', {}, jar)).res.status).toBe(303);
    expect(await rowsOf(user?.id ?? '')).toEqual([]);
  });
});
