import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, mainProfile, messageOf, registeredUser, registeredSubscriber } from '../../test/accounts';
import { makeTitle } from '../../test/catalogue';
import { CategoryPage } from '../pages/schemas';
import { ActionItem, ActionList } from './schemas';

type Account = Awaited<ReturnType<typeof registeredUser>>;

/** Seeded titles of the notifications category (scripts/seed/catalogue.ts), newest first. */
const NIGHT_TRAIN = 15; // 16+
const NOTIFIED = [NIGHT_TRAIN, 38, 13, 58];

const click = (account: Account | null, contentId: number | string, body?: unknown) =>
  callApi(`/actions/click/${contentId}`, { method: 'POST', token: account?.tokens.token, body });

const list = (account: Account | null, query: string) => callApi(`/actions/?${query}`, { token: account?.tokens.token });

async function clicksOf(account: Account, query = 'types=click'): Promise<ActionItem[]> {
  const res = await list(account, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return ActionList.parse(await res.json());
}

const rowsOf = (account: Account) =>
  env.DB.prepare("SELECT profile_id, content_id FROM actions WHERE user_id = ? AND type = 'click' ORDER BY id").bind(account.id).all<{ profile_id: number; content_id: number }>();

async function addProfile(account: Account, body: Record<string, unknown>): Promise<number> {
  const res = await callApi('/auth/profiles', { method: 'POST', token: account.tokens.token, body: { picture: 'avatar-2', ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('POST /actions/click/{contentId}', () => {
  it('records one click per profile and title, however often it is sent', async () => {
    const account = await registeredSubscriber();
    const profile = await mainProfile(account);
    const first = await click(account, 38);
    expect(first.status).toBe(200);
    const item = ActionItem.parse(await first.json());
    expect(item).toMatchObject({ content_id: 38, profile_id: profile, type: 'click' });
    const again = await click(account, 38, { profile });
    expect(ActionItem.parse(await again.json())).toEqual(item);
    await Promise.all([click(account, 38), click(account, 38)]);
    expect((await rowsOf(account)).results).toEqual([{ profile_id: profile, content_id: 38 }]);
  });

  it('keeps each profile its own clicks', async () => {
    const account = await registeredSubscriber();
    const main = await mainProfile(account);
    const other = await addProfile(account, { name: 'Second' });
    expect((await click(account, 13, { profile: other })).status).toBe(200);
    expect(await clicksOf(account)).toEqual([]);
    expect((await clicksOf(account, `types=click&profileId=${other}`)).map((c) => c.content_id)).toEqual([13]);
    expect((await clicksOf(account, `types=click&profileId=${main}`)).map((c) => c.content_id)).toEqual([]);
  });

  it("refuses another account's profile and writes nothing", async () => {
    const [mine, theirs] = await Promise.all([registeredSubscriber(), registeredSubscriber()]);
    const theirProfile = await mainProfile(theirs);
    const res = await click(mine, 38, { profile: theirProfile });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`PROFILE_NOT_FOUND: ${theirProfile}`);
    expect((await rowsOf(mine)).results).toEqual([]);
    expect((await rowsOf(theirs)).results).toEqual([]);
  });

  it('refuses a PIN-locked profile of the account until its PIN is entered in this session', async () => {
    const account = await registeredSubscriber();
    const locked = await addProfile(account, { name: 'Locked' });
    const pin = await callApi(`/auth/profiles/${locked}/pin`, { method: 'PUT', token: account.tokens.token, body: { password: account.password, pin: '1234' } });
    expect(pin.status).toBe(200);
    const res = await click(account, 38, { profile: locked });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe(`PROFILE_LOCKED: ${locked}`);
    expect((await list(account, `types=click&profileId=${locked}`)).status).toBe(403);
    expect((await rowsOf(account)).results).toEqual([]);
  });

  it('answers 401 to guests, 404 for an unknown or unpublished title, 403 above the age limit, 400 for bad input', async () => {
    const account = await registeredSubscriber();
    expect((await click(null, 38)).status).toBe(401);
    expect(await messageOf(await click(account, 999_999_999))).toBe('CONTENT_NOT_FOUND: 999999999');
    const future = await makeTitle({ published: '2999-01-01T00:00:00Z' });
    expect((await click(account, future.id)).status).toBe(404);
    const kid = await addProfile(account, { name: 'Kid', is_kid: true });
    const adult = await click(account, NIGHT_TRAIN, { profile: kid });
    expect(adult.status).toBe(403);
    expect(await messageOf(adult)).toBe(`CONTENT_NOT_AVAILABLE: ${NIGHT_TRAIN}`);
    for (const [id, body, message] of [
      ['abc', undefined, /^BAD_REQUEST: contentId/],
      [0, undefined, /^BAD_REQUEST: contentId/],
      [38, { profile: 'x' }, /^BAD_REQUEST: profile/],
      [38, { profile: 1, extra: true }, /^BAD_REQUEST: /],
    ] as const) {
      const res = await click(account, id, body);
      expect(res.status, String(id)).toBe(400);
      expect(await messageOf(res)).toMatch(message);
    }
    const notJson = await callApi('/actions/click/38', { method: 'POST', token: account.tokens.token, headers: { 'Content-Type': 'text/plain' } });
    expect(notJson.status).toBe(200); // an empty body is {}
    const broken = await (await import('../index')).api.request(
      '/actions/click/38',
      { method: 'POST', body: '{oops', headers: { Authorization: `Bearer ${account.tokens.token}` } },
      env,
    );
    expect(broken.status).toBe(400);
    expect(await messageOf(broken)).toBe('BAD_REQUEST: body: expected JSON');
    expect((await rowsOf(account)).results.map((r) => r.content_id)).toEqual([38]);
  });
});

describe('GET /actions/?types=click', () => {
  it("lists the current profile's clicks, most recent first, filtered by contentIds", async () => {
    const account = await registeredSubscriber();
    for (const id of [38, 13, 58]) expect((await click(account, id)).status).toBe(200);
    expect((await clicksOf(account)).map((c) => c.content_id)).toEqual([58, 13, 38]);
    expect((await clicksOf(account, 'types=click&contentIds=15,38,13')).map((c) => c.content_id)).toEqual([13, 38]);
    expect((await clicksOf(account, 'types=click&contentIds=15')).map((c) => c.content_id)).toEqual([]);
    expect((await clicksOf(account, `types=click&contentIds=38&profileId=${await mainProfile(account)}&lang=fr`)).map((c) => c.content_id)).toEqual([38]);
    // Other types are listed apart: a fav is not a click.
    expect(await clicksOf(account, 'types=fav')).toEqual([]);
  });

  it("refuses guests, another account's profile and bad input", async () => {
    const [mine, theirs] = await Promise.all([registeredSubscriber(), registeredSubscriber()]);
    expect((await list(null, 'types=click')).status).toBe(401);
    const foreign = await list(mine, `types=click&profileId=${await mainProfile(theirs)}`);
    expect(foreign.status).toBe(404);
    expect(await messageOf(foreign)).toMatch(/^PROFILE_NOT_FOUND/);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const [query, message] of [
      ['types=clicks', /^BAD_REQUEST: types\.0: /],
      ['types=', /^BAD_REQUEST: types: /],
      ['types=click&contentIds=1,abc', /^BAD_REQUEST: contentIds\.1: must be a positive integer/],
      ['types=click&contentIds=0', /^BAD_REQUEST: contentIds\.0: /],
      [`types=click&contentIds=${tooMany}`, /^TOO_MANY_IDS: contentIds/],
      ['types=click&profileId=abc', /^PROFILE_NOT_FOUND: profileId/],
    ] as const) {
      const res = await list(mine, query);
      expect(res.status, query).toBe(400);
      expect(await messageOf(res), query).toMatch(message);
    }
  });
});

describe('GET /actions/ (CSV download)', () => {
  it('still answers the CSV of the account, clicks included', async () => {
    const account = await registeredSubscriber();
    const empty = await list(account, '');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('No data');
    await click(account, 38);
    const res = await list(account, 'lang=en');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const [header, row] = (await res.text()).trim().split('\r\n');
    expect(header).toBe('type,content_id,content,profile,time,date');
    expect(row).toMatch(/^click,38,.+,Default,,\d{4}-/);
    expect((await list(null, '')).status).toBe(401);
  });
});

describe('GET /pages/category/notifications', () => {
  const notifications = async (account: Account, query = '') => {
    const res = await callApi(`/pages/category/notifications?${query}`, { token: account.tokens.token });
    expect(res.status, await res.clone().text()).toBe(200);
    // Other tests may announce their own titles: look at the seeded ones.
    return CategoryPage.parse(await res.json()).contents.map((c) => c.id).filter((id) => NOTIFIED.includes(id));
  };

  it('lists the announced titles newest first, without those above a kids profile age limit', async () => {
    const account = await registeredSubscriber();
    expect(await notifications(account)).toEqual(NOTIFIED);
    const kid = await addProfile(account, { name: 'Kid', is_kid: true });
    expect(await notifications(account, `profileId=${kid}`)).toEqual(NOTIFIED.filter((id) => id !== NIGHT_TRAIN));
  });
});
