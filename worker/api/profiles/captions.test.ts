import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredSubscriber } from '../../test/accounts';
import { Profile } from '../auth/schemas';

type Account = Awaited<ReturnType<typeof registeredSubscriber>>;

const profiles = async (account: Account): Promise<Profile[]> => ((await (await callApi('/auth/profiles', { token: account.tokens.token })).json()) as unknown[]).map((p) => Profile.parse(p));
const edit = (account: Account, id: number, body: Record<string, unknown>) => callApi(`/auth/profiles/${id}`, { method: 'PUT', token: account.tokens.token, body });
const stored = (id: number) => env.DB.prepare('SELECT caption_size, caption_background FROM profiles WHERE id = ?').bind(id).first<{ caption_size: string; caption_background: string }>();

describe('caption style of a profile', () => {
  it('starts at medium with a shadow, is saved per profile without a password, and read back', async () => {
    const account = await registeredSubscriber();
    const [main] = await profiles(account);
    if (!main) throw new Error('no profile');
    expect(main).toMatchObject({ caption_size: 'medium', caption_background: 'shadow' });

    const res = await edit(account, main.id, { caption_size: 'large', caption_background: 'box' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(Profile.parse(await res.json())).toMatchObject({ caption_size: 'large', caption_background: 'box', name: main.name });
    expect(await stored(main.id)).toEqual({ caption_size: 'large', caption_background: 'box' });

    // One field at a time leaves the other as it was.
    expect((await edit(account, main.id, { caption_background: 'none' })).status).toBe(200);
    const [again] = await profiles(account);
    expect(again).toMatchObject({ caption_size: 'large', caption_background: 'none' });
  });

  it('refuses unknown values with a 400 naming the field, and writes nothing', async () => {
    const account = await registeredSubscriber();
    const [main] = await profiles(account);
    if (!main) throw new Error('no profile');
    const size = await edit(account, main.id, { caption_size: 'huge', name: 'Changed' });
    expect(size.status).toBe(400);
    expect(await messageOf(size)).toMatch(/^INVALID_CAPTION_SIZE/);
    const background = await edit(account, main.id, { caption_background: 1 });
    expect(background.status).toBe(400);
    expect(await messageOf(background)).toMatch(/^INVALID_CAPTION_BACKGROUND/);
    expect(await stored(main.id)).toEqual({ caption_size: 'medium', caption_background: 'shadow' });
    expect((await profiles(account))[0]?.name).toBe(main.name);
  });

  it("answers 404 for another account's profile and leaves its style alone", async () => {
    const owner = await registeredSubscriber();
    const other = await registeredSubscriber();
    const [theirs] = await profiles(owner);
    if (!theirs) throw new Error('no profile');
    expect((await edit(other, theirs.id, { caption_size: 'small' })).status).toBe(404);
    expect((await stored(theirs.id))?.caption_size).toBe('medium');
  });
});
