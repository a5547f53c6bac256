import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, GOOD_PASSWORD, mainProfile, messageOf, registeredUser, registeredSubscriber } from '../../test/accounts';
import { makeTitle } from '../../test/catalogue';
import { User } from '../auth/schemas';

/**
 * DELETE /actions/watched (spec §7 erase history, §8 HISTORY_ERASED): the viewing profile's
 * watched times go, and nothing else — not its favourites, not the other profiles' or accounts'.
 */

type Account = Awaited<ReturnType<typeof registeredUser>>;

async function newProfile(account: Account, name: string): Promise<number> {
  const res = await callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body: { name, picture: 'avatar-2' } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A watched time as the player saves it when the page goes away (POST: written at once, not kept by the account's object). */
const watch = async (account: Account, profile: number, contentId: number, time: number) => {
  const res = await callApi(`/actions/watched/${contentId}`, { method: 'POST', token: account.tokens.token, body: { time, profile } });
  expect(res.status, await res.clone().text()).toBe(200);
};

/** Every action of a profile, as `type:content_id`. */
const actionsOf = async (profile: number): Promise<string[]> =>
  (
    await env.DB.prepare('SELECT type, content_id FROM actions WHERE profile_id = ? ORDER BY type, content_id').bind(profile).all<{ type: string; content_id: number }>()
  ).results.map((a) => `${a.type}:${a.content_id}`);

const erase = (account: Account, query = '') => callApi(`/actions/watched${query}`, { method: 'DELETE', token: account.tokens.token });

/** An account with two profiles, each having watched both titles; the main profile also has a favourite. */
async function family() {
  const account = await registeredSubscriber();
  const [a, b] = [await makeTitle(), await makeTitle()];
  const main = await mainProfile(account);
  const second = await newProfile(account, 'Second');
  for (const profile of [main, second]) {
    await watch(account, profile, a.id, 30);
    await watch(account, profile, b.id, 60);
  }
  await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?, ?, ?, 'fav', '2026-01-01', '2026-01-01')")
    .bind(account.id, main, a.id)
    .run();
  return { account, main, second, a, b };
}

describe('DELETE /actions/watched', () => {
  it('erases the current profile’s watched times only, answering HISTORY_ERASED', async () => {
    const { account, main, second, a, b } = await family();
    const res = await erase(account);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 200, message: 'HISTORY_ERASED' });
    expect(await actionsOf(main)).toEqual([`fav:${a.id}`]);
    expect(await actionsOf(second)).toEqual([`watched:${a.id}`, `watched:${b.id}`]);

    const user = User.parse(await (await callApi('/auth/user', { token: account.tokens.token })).json());
    expect(user.watched).toEqual([]);
    expect(user.watchedContents).toEqual([]);
    expect(user.favs).toEqual([{ id: a.id }]);
  });

  it('erases a save that still waits in the account\'s object: it does not come back at the next read', async () => {
    const { account, main } = await family();
    const c = await makeTitle();
    const res = await callApi(`/actions/watched/${c.id}`, { method: 'PUT', token: account.tokens.token, body: { time: 40, profile: main } });
    expect(res.status).toBe(200);
    expect(await messageOf(await erase(account))).toBe('HISTORY_ERASED');
    const user = User.parse(await (await callApi('/auth/user', { token: account.tokens.token })).json());
    expect(user.watched).toEqual([]);
    expect(await actionsOf(main)).not.toContain(`watched:${c.id}`);
  });

  it('erases the profile named by ?profile=, and is idempotent', async () => {
    const { account, main, second, a, b } = await family();
    expect(await messageOf(await erase(account, `?profile=${second}`))).toBe('HISTORY_ERASED');
    expect(await actionsOf(second)).toEqual([]);
    expect(await actionsOf(main)).toEqual([`fav:${a.id}`, `watched:${a.id}`, `watched:${b.id}`]);
    expect((await erase(account, `?profile=${second}`)).status).toBe(200);
  });

  it('refuses another account’s profile with 404 PROFILE_NOT_FOUND and deletes nothing', async () => {
    const { account, main, second, a, b } = await family();
    const stranger = await registeredSubscriber();
    const title = await makeTitle();
    const theirs = await mainProfile(stranger);
    await watch(stranger, theirs, title.id, 10);

    const res = await erase(account, `?profile=${theirs}`);
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`PROFILE_NOT_FOUND: ${theirs}`);
    expect(await actionsOf(theirs)).toEqual([`watched:${title.id}`]);
    expect(await actionsOf(main)).toEqual([`fav:${a.id}`, `watched:${a.id}`, `watched:${b.id}`]);
    expect(await actionsOf(second)).toEqual([`watched:${a.id}`, `watched:${b.id}`]);
    // A malformed id is refused as well.
    expect((await erase(account, '?profile=abc')).status).toBe(400);
  });

  it('refuses a profile whose PIN this session has not entered (403 PROFILE_LOCKED)', async () => {
    const { account, second, a, b } = await family();
    const pin = await callApi(`/auth/profiles/${second}/pin`, { method: 'PUT', token: account.tokens.token, body: { password: GOOD_PASSWORD, pin: '1234' } });
    expect(pin.status, await pin.clone().text()).toBe(200);
    const res = await erase(account, `?profile=${second}`);
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^PROFILE_LOCKED/);
    expect(await actionsOf(second)).toEqual([`watched:${a.id}`, `watched:${b.id}`]);
  });

  it('answers guests 401 and deletes nothing', async () => {
    const { main, a, b } = await family();
    for (const query of ['', `?profile=${main}`]) {
      const res = await callApi(`/actions/watched${query}`, { method: 'DELETE' });
      expect(res.status).toBe(401);
      expect(await messageOf(res)).toMatch(/^E_UNAUTHORIZED_ACCESS/);
    }
    expect(await actionsOf(main)).toEqual([`fav:${a.id}`, `watched:${a.id}`, `watched:${b.id}`]);
  });
});
