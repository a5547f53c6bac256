import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, GOOD_PASSWORD, login, mainProfile, messageOf, registeredUser, registeredSubscriber } from '../../test/accounts';
import { makeTitle } from '../../test/catalogue';
import { User } from '../auth/schemas';
import { ContentsList } from '../pages/schemas';
import { ToggleAnswer } from './favs';

type Account = Awaited<ReturnType<typeof registeredUser>>;

const add = (account: Account, type: 'fav' | 'like', id: number, body?: unknown) =>
  callApi(`/actions/${type}/${id}`, { method: 'POST', token: account.tokens.token, body });
const remove = (account: Account, type: 'fav' | 'like', id: number, query = '') =>
  callApi(`/actions/${type}/${id}${query}`, { method: 'DELETE', token: account.tokens.token });

const rows = (profileId: number, type: string) =>
  env.DB.prepare('SELECT content_id FROM actions WHERE profile_id = ? AND type = ? ORDER BY id').bind(profileId, type).all<{ content_id: number }>().then((r) => r.results.map((x) => x.content_id));

async function userOf(account: Account, profile?: number): Promise<User> {
  const res = await callApi(`/auth/user${profile ? `?profile=${profile}` : ''}`, { token: account.tokens.token });
  expect(res.status).toBe(200);
  return User.parse(await res.json());
}

async function kidsProfile(account: Account, age = 12): Promise<number> {
  const res = await callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body: { name: 'Kid', is_kid: true, age_restriction: `${age}-age-restriction` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const contents = async (query: string, token?: string): Promise<ContentsList> => {
  const res = await callApi(`/pages/contents?${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ContentsList.parse(await res.json());
};

describe('favourites and likes', () => {
  it('adds a title once however often it is added, and removes it idempotently', async () => {
    const account = await registeredSubscriber();
    const title = await makeTitle();
    const profile = await mainProfile(account);
    for (const _ of [1, 2]) {
      const res = await add(account, 'fav', title.id);
      expect(res.status).toBe(200);
      expect(ToggleAnswer.parse(await res.json())).toEqual({ id: title.id, type: 'fav', active: true });
    }
    const parallel = await Promise.all([1, 2, 3].map(() => add(account, 'fav', title.id)));
    expect(parallel.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await rows(profile, 'fav')).toEqual([title.id]);
    expect((await userOf(account)).favs).toEqual([{ id: title.id }]);

    for (const _ of [1, 2]) expect((await remove(account, 'fav', title.id)).status).toBe(200);
    expect(await rows(profile, 'fav')).toEqual([]);
  });

  it('keeps likes apart from favourites, and lists both in the order they were added', async () => {
    const account = await registeredSubscriber();
    const [a, b, c] = [await makeTitle(), await makeTitle(), await makeTitle()];
    for (const t of [a, b, c]) await add(account, 'fav', t.id);
    await add(account, 'like', b.id);
    const user = await userOf(account);
    expect(user.favs.map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    expect(user.likes).toEqual([{ id: b.id }]);
    await remove(account, 'like', b.id);
    expect((await userOf(account)).likes).toEqual([]);
    expect((await userOf(account)).favs).toHaveLength(3);
  });

  it('keeps one list per profile', async () => {
    const account = await registeredSubscriber();
    const title = await makeTitle();
    const second = await callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body: { name: 'Second' } });
    const secondId = ((await second.json()) as { id: number }).id;
    expect((await add(account, 'fav', title.id, { profile: secondId })).status).toBe(200);
    expect(await rows(secondId, 'fav')).toEqual([title.id]);
    expect(await rows(await mainProfile(account), 'fav')).toEqual([]);
    expect((await userOf(account, secondId)).favs).toEqual([{ id: title.id }]);
    expect((await remove(account, 'fav', title.id, `?profile=${secondId}`)).status).toBe(200);
    expect(await rows(secondId, 'fav')).toEqual([]);
  });

  it("refuses another account's profile and writes or deletes nothing", async () => {
    const [owner, intruder] = [await registeredSubscriber(), await registeredSubscriber()];
    const title = await makeTitle();
    const ownerProfile = await mainProfile(owner);
    await add(owner, 'fav', title.id);
    const added = await add(intruder, 'like', title.id, { profile: ownerProfile });
    expect(added.status).toBe(404);
    expect(await messageOf(added)).toMatch(/^PROFILE_NOT_FOUND/);
    const removed = await remove(intruder, 'fav', title.id, `?profile=${ownerProfile}`);
    expect(removed.status).toBe(404);
    expect(await rows(ownerProfile, 'fav')).toEqual([title.id]);
    expect(await rows(ownerProfile, 'like')).toEqual([]);
  });

  it('refuses guests, unknown or unpublished titles, bad ids and bad bodies', async () => {
    const account = await registeredSubscriber();
    expect((await callApi('/actions/fav/1', { method: 'POST' })).status).toBe(401);
    const unpublished = await makeTitle({ published: '2999-01-01T00:00:00Z' });
    expect(await messageOf(await add(account, 'fav', unpublished.id))).toMatch(/^CONTENT_NOT_FOUND/);
    expect(await messageOf(await add(account, 'fav', 987_654_321))).toMatch(/^CONTENT_NOT_FOUND/);
    expect((await callApi('/actions/fav/abc', { method: 'POST', token: account.tokens.token })).status).toBe(400);
    expect((await callApi('/actions/star/1', { method: 'POST', token: account.tokens.token })).status).toBe(404);
    const title = await makeTitle();
    expect(await messageOf(await add(account, 'fav', title.id, { profile: 'me' }))).toMatch(/^BAD_REQUEST: profile/);
    expect(await messageOf(await add(account, 'fav', title.id, { other: 1 }))).toMatch(/^BAD_REQUEST/);
    expect(await rows(await mainProfile(account), 'fav')).toEqual([]);
  });

  it('refuses a locked profile until its PIN is entered', async () => {
    const account = await registeredSubscriber();
    const title = await makeTitle();
    const second = ((await (await callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body: { name: 'Locked' } })).json()) as { id: number }).id;
    await callApi(`/auth/profiles/${second}/pin`, { method: 'PUT', token: account.tokens.token, body: { password: GOOD_PASSWORD, pin: '1234' } });
    const fresh = { ...account, tokens: await login(account.email) };
    const res = await add(fresh, 'fav', title.id, { profile: second });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^PROFILE_LOCKED/);
    expect(await rows(second, 'fav')).toEqual([]);
  });

  it("does not let a kids profile add a title above its age limit, and hides one added before", async () => {
    const account = await registeredSubscriber();
    const kid = await kidsProfile(account, 12);
    const [adult, family] = [await makeTitle({ rating: 16 }), await makeTitle({ rating: 10 })];
    const refused = await add(account, 'fav', adult.id, { profile: kid });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toMatch(/^CONTENT_NOT_AVAILABLE/);
    expect((await add(account, 'fav', family.id, { profile: kid })).status).toBe(200);
    // A title added while the profile had no limit stays in the list, but is not shown.
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?1, ?2, ?3, 'fav', ?4, ?4)").bind(account.id, kid, adult.id, now).run();
    const listed = await contents(`ids=${adult.id},${family.id}&profileId=${kid}`, account.tokens.token);
    expect(listed.contents.map((c) => c.id)).toEqual([family.id]);
    // Removing it still works.
    expect((await remove(account, 'fav', adult.id, `?profile=${kid}`)).status).toBe(200);
  });
});

describe('GET /pages/contents', () => {
  it('answers the titles in the order of ids, or reversed with direction=desc, dropping unknown and unpublished ones', async () => {
    const [a, b, c] = [await makeTitle(), await makeTitle(), await makeTitle()];
    const later = await makeTitle({ published: '2999-01-01T00:00:00Z' });
    expect((await contents(`ids=${b.id},${a.id},${c.id}`)).contents.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect((await contents(`ids=${b.id},${a.id},999999999,${later.id},${c.id}&direction=desc`)).contents.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expect((await contents(`ids=${a.id},${a.id}`)).contents.map((x) => x.id)).toEqual([a.id]);
    expect((await contents('ids=')).contents).toEqual([]);
    expect((await contents(`ids=${a.id}&lang=fr`)).contents[0]?.name_long).toBe(`Titre ${a.id}`);
  });

  it('takes batches of at most 20 ids', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => i + 1);
    expect((await contents(`ids=${ids.slice(0, 20).join(',')}`)).contents.length).toBeLessThanOrEqual(20);
    const res = await callApi(`/pages/contents?ids=${ids.join(',')}`);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^TOO_MANY_IDS/);
    const bad = await callApi('/pages/contents?ids=1,two');
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch(/^IDS_FORMAT/);
    expect((await callApi('/pages/contents?ids=1&direction=up')).status).toBe(400);
  });

  it('filters by the age limit of the profile asking; guests see everything', async () => {
    const account = await registeredSubscriber();
    const kid = await kidsProfile(account, 12);
    const [adult, family] = [await makeTitle({ rating: 18 }), await makeTitle({ rating: 12 })];
    const query = `ids=${adult.id},${family.id}`;
    expect((await contents(`${query}&profileId=${kid}`, account.tokens.token)).contents.map((x) => x.id)).toEqual([family.id]);
    expect((await contents(query, account.tokens.token)).contents.map((x) => x.id)).toEqual([adult.id, family.id]);
    expect((await contents(query)).contents.map((x) => x.id)).toEqual([adult.id, family.id]);
    const intruder = await registeredSubscriber();
    expect((await callApi(`/pages/contents?${query}&profileId=${kid}`, { token: intruder.tokens.token })).status).toBe(404);
  });
});
