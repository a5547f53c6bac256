import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, GOOD_PASSWORD, messageOf, registeredUser, registeredSubscriber } from '../../test/accounts';
import { Profile, User } from '../auth/schemas';

type Account = Awaited<ReturnType<typeof registeredUser>>;

const json = <T,>(res: Response) => res.json() as Promise<T>;

async function profilesOf(account: Account): Promise<Profile[]> {
  const res = await callApi('/auth/profiles', { token: account.tokens.token });
  expect(res.status).toBe(200);
  return (await json<unknown[]>(res)).map((p) => Profile.parse(p));
}

async function create(account: Account, body: Record<string, unknown>): Promise<Response> {
  return callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body });
}

async function createOk(account: Account, body: Record<string, unknown>): Promise<Profile> {
  const res = await create(account, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return Profile.parse(await res.json());
}

const row = (id: number) => env.DB.prepare('SELECT * FROM profiles WHERE id = ?').bind(id).first<Record<string, unknown>>();

async function setPin(account: Account, id: number, pin: string | null, password = GOOD_PASSWORD): Promise<Response> {
  return callApi(`/auth/profiles/${id}/pin`, { method: 'PUT', token: account.tokens.token, body: { password, pin } });
}

const unlock = (account: Account, id: number, pin: string) => callApi(`/auth/profile/pin?pin=${pin}&id=${id}`, { token: account.tokens.token });

describe('profiles', () => {
  it('lists the first profile created at registration, with every spec field and no PIN', async () => {
    const account = await registeredSubscriber();
    const [main, ...others] = await profilesOf(account);
    expect(others).toEqual([]);
    expect(main).toMatchObject({ name: 'Default', username: 'Test', is_kid: false, age_restriction: 'no-age-restriction', has_pin: false, locked: false, autoplay: true });
    expect(JSON.stringify(main)).not.toContain('pin_hash');
  });

  it('creates up to 5 profiles and refuses the 6th, also when created in parallel', async () => {
    const account = await registeredSubscriber();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(account, { name: `P${i}` })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect(await messageOf(refused as Response)).toMatch(/^PROFILE_LIMIT_REACHED/);
    expect(await profilesOf(account)).toHaveLength(5);
  });

  it('creates a kids profile limited to 12 by default, and refuses a kids profile above 12', async () => {
    const account = await registeredSubscriber();
    const kid = await createOk(account, { name: 'Yasmine', is_kid: true, picture: 'avatar-3' });
    expect(kid).toMatchObject({ is_kid: true, age_restriction: '12-age-restriction', picture: 'avatar-3' });
    const ten = await createOk(account, { name: 'Adam', is_kid: true, age_restriction: '10-age-restriction' });
    expect(ten.age_restriction).toBe('10-age-restriction');
    const tooOld = await create(account, { name: 'Rayan', is_kid: true, age_restriction: '16-age-restriction' });
    expect(tooOld.status).toBe(400);
    expect(await messageOf(tooOld)).toBe('KIDS_AGE_LIMIT: age_restriction');
  });

  it.each([
    [{ name: '' }, 'NAME_REQUIRED: name'],
    [{ name: 'x'.repeat(41) }, 'NAME_TOO_LONG: name'],
    [{ name: 'A', picture: 'https://evil.example/x.png' }, 'INVALID_PICTURE: picture'],
    [{ name: 'A', age_restriction: '13-age-restriction' }, 'INVALID_AGE_RESTRICTION: age_restriction'],
    [{ name: 'A', age_restriction: 'adults' }, 'INVALID_AGE_RESTRICTION: age_restriction'],
  ])('refuses %j with its message and creates nothing', async (body, message) => {
    const account = await registeredSubscriber();
    const res = await create(account, body);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await profilesOf(account)).toHaveLength(1);
  });

  it('edits name, picture, autoplay and personal fields; kids flag and age need the password', async () => {
    const account = await registeredSubscriber();
    const profile = await createOk(account, { name: 'Sara' });
    const edit = (body: Record<string, unknown>) => callApi(`/auth/profiles/${profile.id}`, { method: 'PUT', token: account.tokens.token, body });

    const renamed = await edit({ name: 'Sara B', picture: 'avatar-5', autoplay: false, first_name: 'Sara', zipCode: '20000', birth: '2012-05-01' });
    expect(renamed.status).toBe(200);
    expect(Profile.parse(await renamed.json())).toMatchObject({ name: 'Sara B', picture: 'avatar-5', autoplay: false, first_name: 'Sara', zipCode: '20000', birth: '2012-05-01' });

    const noPassword = await edit({ age_restriction: '16-age-restriction' });
    expect(noPassword.status).toBe(400);
    expect(await messageOf(noPassword)).toBe('WRONG_PASSWORD: password');
    const wrong = await edit({ is_kid: true, password: 'Wrong1234' });
    expect(await messageOf(wrong)).toBe('WRONG_PASSWORD: password');
    expect(await row(profile.id)).toMatchObject({ is_kid: 0, age_restriction: 'no-age-restriction' });

    const kid = await edit({ is_kid: true, password: GOOD_PASSWORD });
    expect(Profile.parse(await kid.json())).toMatchObject({ is_kid: true, age_restriction: '12-age-restriction' });
  });

  it('keeps the main profile grown-up and undeletable', async () => {
    const account = await registeredSubscriber();
    const [main] = await profilesOf(account);
    const kid = await callApi(`/auth/profiles/${main?.id}`, { method: 'PUT', token: account.tokens.token, body: { is_kid: true, password: GOOD_PASSWORD } });
    expect(kid.status).toBe(409);
    const deleted = await callApi(`/auth/profiles/${main?.id}`, { method: 'DELETE', token: account.tokens.token });
    expect(deleted.status).toBe(409);
    expect(await messageOf(deleted)).toMatch(/^MAIN_PROFILE/);
  });

  it('deletes a profile with its actions; a PIN profile needs the password', async () => {
    const account = await registeredSubscriber();
    const profile = await createOk(account, { name: 'Omar' });
    await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?, ?, 1, 'fav', 'now', 'now')").bind(account.id, profile.id).run();
    expect((await setPin(account, profile.id, '4321')).status).toBe(200);
    const without = await callApi(`/auth/profiles/${profile.id}`, { method: 'DELETE', token: account.tokens.token });
    expect(without.status).toBe(400);
    expect(await row(profile.id)).not.toBeNull();
    const res = await callApi(`/auth/profiles/${profile.id}`, { method: 'DELETE', token: account.tokens.token, body: { password: GOOD_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await row(profile.id)).toBeNull();
    const actions = await env.DB.prepare('SELECT COUNT(*) AS n FROM actions WHERE profile_id = ?').bind(profile.id).first<{ n: number }>();
    expect(actions?.n).toBe(0);
  });

  it("answers 404 for another account's profile on every call, and changes nothing", async () => {
    const owner = await registeredSubscriber();
    const other = await registeredSubscriber();
    const target = await createOk(owner, { name: 'Mine' });
    const before = await row(target.id);
    const token = other.tokens.token;
    const calls = [
      callApi(`/auth/profiles/${target.id}`, { method: 'PUT', token, body: { name: 'Stolen' } }),
      callApi(`/auth/profiles/${target.id}/pin`, { method: 'PUT', token, body: { password: GOOD_PASSWORD, pin: '1111' } }),
      callApi(`/auth/profiles/${target.id}/restriction`, { method: 'PUT', token, body: { password: GOOD_PASSWORD, age_restriction: '10-age-restriction' } }),
      callApi(`/auth/profiles/${target.id}`, { method: 'DELETE', token, body: { password: GOOD_PASSWORD } }),
      callApi(`/auth/profile/pin?pin=1111&id=${target.id}`, { token }),
      callApi(`/auth/user?profile=${target.id}`, { token }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect(await row(target.id)).toEqual(before);
  });

  it('refuses profile management from a kids profile', async () => {
    const account = await registeredSubscriber();
    const kid = await createOk(account, { name: 'Kid', is_kid: true });
    expect((await callApi(`/auth/user?profile=${kid.id}`, { token: account.tokens.token })).status).toBe(200);
    const res = await create(account, { name: 'Sneaky' });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^KIDS_PROFILE/);
    const loosen = await callApi(`/auth/profiles/${kid.id}/restriction`, { method: 'PUT', token: account.tokens.token, body: { password: GOOD_PASSWORD, age_restriction: 'no-age-restriction' } });
    expect(loosen.status).toBe(403);
    expect((await row(kid.id))?.age_restriction).toBe('12-age-restriction');
  });

  it('sets parental control with the password only', async () => {
    const account = await registeredSubscriber();
    const profile = await createOk(account, { name: 'Teen' });
    const put = (password: string, age: string) => callApi(`/auth/profiles/${profile.id}/restriction`, { method: 'PUT', token: account.tokens.token, body: { password, age_restriction: age } });
    const wrong = await put('Wrong1234', '16-age-restriction');
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe('WRONG_PASSWORD: password');
    expect((await row(profile.id))?.age_restriction).toBe('no-age-restriction');
    const ok = await put(GOOD_PASSWORD, '16-age-restriction');
    expect(Profile.parse(await ok.json()).age_restriction).toBe('16-age-restriction');
  });
});

describe('PIN', () => {
  it('is set with the password, stored hashed, never returned, and removed with the password', async () => {
    const account = await registeredSubscriber();
    const [main] = await profilesOf(account);
    const id = main?.id ?? 0;
    const wrong = await setPin(account, id, '1234', 'Wrong1234');
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe('WRONG_PASSWORD: password');
    expect((await row(id))?.pin_hash).toBeNull();

    for (const pin of ['123', '12345', '12a4', ' 1234']) {
      const bad = await setPin(account, id, pin);
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe('PIN_FORMAT: pin');
    }

    const set = await setPin(account, id, '1234');
    expect(set.status).toBe(200);
    const text = await set.text();
    expect(text).not.toContain('1234');
    expect(Profile.parse(JSON.parse(text))).toMatchObject({ has_pin: true, pin_is_activated: true });
    expect(String((await row(id))?.pin_hash)).toMatch(/^\$argon2id\$/);

    const removed = await setPin(account, id, null);
    expect(Profile.parse(await removed.json())).toMatchObject({ has_pin: false, pin_is_activated: false });
  });

  it('locks the profile for other sessions until the right PIN is entered there', async () => {
    const account = await registeredSubscriber();
    const [main] = await profilesOf(account);
    const kid = await createOk(account, { name: 'Kid', is_kid: true });
    const id = main?.id ?? 0;
    await setPin(account, id, '2468');
    // The session that set the PIN is watching as that profile: it stays unlocked there.
    // A new session (log in again) finds it locked.
    const { login } = await import('../../test/accounts');
    const fresh = { ...account, tokens: await login(account.email) };
    const [listed] = await profilesOf(fresh);
    expect(listed).toMatchObject({ id, locked: true });
    const locked = await callApi(`/auth/user?profile=${id}`, { token: fresh.tokens.token });
    expect(locked.status).toBe(403);
    expect(await messageOf(locked)).toMatch(/^PROFILE_LOCKED/);
    // Without a choice the user answer shows the locked profile without its personal lists.
    const user = User.parse(await (await callApi('/auth/user', { token: fresh.tokens.token })).json());
    expect(user.profile).toMatchObject({ id, locked: true });

    const wrong = await unlock(fresh, id, '1111');
    expect(wrong.status).toBe(404);
    expect(await messageOf(wrong)).toMatch(/^CODE_WAS_INCORRECT/);
    const right = await unlock(fresh, id, '2468');
    expect(right.status).toBe(200);
    expect(Profile.parse(await right.json())).toMatchObject({ id, locked: false });
    expect((await callApi(`/auth/user?profile=${id}`, { token: fresh.tokens.token })).status).toBe(200);

    // Switching to the kids profile locks the main profile again (spec §4).
    expect((await callApi(`/auth/user?profile=${kid.id}`, { token: fresh.tokens.token })).status).toBe(200);
    expect((await callApi(`/auth/user?profile=${id}`, { token: fresh.tokens.token })).status).toBe(403);
  });

  it('counts tries exactly under parallel requests: 5 answered, the rest 429 with a delay', async () => {
    const account = await registeredSubscriber();
    const profile = await createOk(account, { name: 'Locked' });
    await setPin(account, profile.id, '9753');
    const { login } = await import('../../test/accounts');
    const fresh = { ...account, tokens: await login(account.email) };
    const answers = await Promise.all(Array.from({ length: 12 }, () => unlock(fresh, profile.id, '0000')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = (await answers.find((r) => r.status === 429)?.json()) as { message: string; delay: number };
    expect(refused.message).toMatch(/^TOO_MANY_ATTEMPTS/);
    expect(refused.delay).toBeGreaterThan(800);
    // The right PIN is refused too until the window has passed.
    expect((await unlock(fresh, profile.id, '9753')).status).toBe(429);
  });

  it('refuses a PIN that is not 4 digits', async () => {
    const account = await registeredSubscriber();
    const [main] = await profilesOf(account);
    const res = await unlock(account, main?.id ?? 0, '12');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('PIN_FORMAT: pin');
  });
});

describe('GET auth/user?profile=', () => {
  it('switches the session to a profile without PIN and answers its lists', async () => {
    const account = await registeredSubscriber();
    const second = await createOk(account, { name: 'Second' });
    await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?, ?, 7, 'fav', 'now', 'now')").bind(account.id, second.id).run();
    const user = User.parse(await (await callApi(`/auth/user?profile=${second.id}`, { token: account.tokens.token })).json());
    expect(user.profile.id).toBe(second.id);
    expect(user.favs).toEqual([{ id: 7 }]);
    expect(user.profiles).toHaveLength(2);
    // Remembered by the session: the next call without ?profile is the same profile.
    const again = User.parse(await (await callApi('/auth/user', { token: account.tokens.token })).json());
    expect(again.profile.id).toBe(second.id);
  });
});

describe('profile data usage (issue 34)', () => {
  it('starts Automatic, saves Data saver and Best quality, refuses anything else with 400 and no write', async () => {
    const account = await registeredSubscriber();
    const profile = await createOk(account, { name: 'Nadia' });
    expect(profile.data_usage).toBe('auto');
    const edit = (body: Record<string, unknown>) => callApi(`/auth/profiles/${profile.id}`, { method: 'PUT', token: account.tokens.token, body });

    const saver = await edit({ data_usage: 'saver' });
    expect(saver.status).toBe(200);
    expect(Profile.parse(await saver.json()).data_usage).toBe('saver');
    expect(await row(profile.id)).toMatchObject({ data_usage: 'saver' });

    const bad = await edit({ data_usage: 'low', name: 'Changed' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('INVALID_DATA_USAGE: data_usage');
    expect(await row(profile.id)).toMatchObject({ data_usage: 'saver', name: 'Nadia' });

    const best = await edit({ data_usage: 'best' });
    expect(Profile.parse(await best.json()).data_usage).toBe('best');
    expect((await profilesOf(account)).find((p) => p.id === profile.id)?.data_usage).toBe('best');
  });
});
