import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { makeTitle } from '../../test/catalogue';
import { call, en, html, newIp, post, quietConsole, registeredSubscriber, type Jar } from '../../test/site';

quietConsole();

const favsOf = async (email: string): Promise<number[]> => {
  const { results } = await env.DB.prepare(
    "SELECT a.content_id FROM actions a JOIN users u ON u.id = a.user_id WHERE u.email = ? AND a.type = 'fav' ORDER BY a.id",
  )
    .bind(email)
    .all<{ content_id: number }>();
  return results.map((r) => r.content_id);
};

/** The titles of the My List grid, in order. */
const listed = (page: string): string[] => [...page.matchAll(/class="tile__title">([^<]*)</g)].map((m) => m[1] ?? '');

describe('/favs (My List)', () => {
  it('asks a guest to register or log in, counting the titles kept in this browser', async () => {
    const { res, html: page } = await call('/favs?lang=en', { headers: { Cookie: 'favs=12.34' } });
    expect(res.status).toBe(200);
    expect(page).toContain(html(en('GUEST_LIST')));
    expect(page).toContain(html(en('GUEST_FAVS_KEPT', { count: 2 })));
    expect(page).toContain('href="/register?redirect=%2Ffavs"');
    expect(page).not.toContain('my-list__grid');
  });

  it("attaches a guest's titles to the account on its first page, once, newest first in My List", async () => {
    const [a, b] = [await makeTitle(), await makeTitle()];
    const { email, jar } = await registeredSubscriber();
    jar.set('favs', `${a.id}.${b.id}.${a.id}`);
    const { res } = await call('/?lang=en', {}, jar, newIp());
    expect(res.status).toBe(200);
    expect(jar.has('favs')).toBe(false);
    expect(await favsOf(email)).toEqual([a.id, b.id]);
    // Sent again (an old tab), nothing is added twice.
    jar.set('favs', `${a.id}`);
    await call('/?lang=en', {}, jar, newIp());
    expect(await favsOf(email)).toEqual([a.id, b.id]);
    const { html: page } = await call('/favs?lang=en', {}, jar, newIp());
    expect(listed(page)).toEqual([`Title ${b.id}`, `Title ${a.id}`]);
  });

  it('waits for a profile to be chosen before attaching, when the account has several', async () => {
    const title = await makeTitle();
    const { email, jar } = await registeredSubscriber();
    await call('/api/auth/profiles', { method: 'POST', headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Two' }) }, jar);
    jar.delete('profile');
    jar.set('favs', String(title.id));
    const chooser = await call('/?lang=en', {}, jar, newIp());
    expect(chooser.res.status).toBe(302);
    expect(await favsOf(email)).toEqual([]);
    expect(jar.get('favs')).toBe(String(title.id));
  });

  it('shows the empty state, and removes a title with the no-JavaScript form', async () => {
    const title = await makeTitle();
    const { email, jar }: { email: string; jar: Jar } = await registeredSubscriber();
    const empty = await call('/favs?lang=en', {}, jar, newIp());
    expect(empty.html).toContain(html(en('MY_LIST_EMPTY')));
    expect(empty.html).toContain('href="/category"');
    jar.set('favs', String(title.id));
    await call('/favs?lang=en', {}, jar, newIp());
    expect(await favsOf(email)).toEqual([title.id]);
    const removed = await post('/favs', { remove: String(title.id) }, jar, newIp());
    expect(removed.res.status).toBe(303);
    expect(removed.res.headers.get('location')).toBe('/favs');
    expect(await favsOf(email)).toEqual([]);
  });

  it('renders the toggles pressed for titles in the list', async () => {
    const title = await makeTitle();
    const guest = await call(`/content/${title.slug}?lang=en`, { headers: { Cookie: `favs=${title.id}` } });
    expect(guest.html).toMatch(/list-toggle--fav" aria-pressed="true"/);
    const stranger = await call(`/content/${title.slug}?lang=en`);
    expect(stranger.html).toMatch(/list-toggle--fav" aria-pressed="false"/);
  });
});

describe('logout', () => {
  it('tells the browser to clear local storage (spec §4)', async () => {
    const { jar } = await registeredSubscriber();
    const { res } = await post('/logout', {}, jar, newIp());
    expect(res.status).toBe(303);
    expect(res.headers.get('clear-site-data')).toBe('"storage"');
  });
});
