import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BOOKMARK, FIRST_READ } from '../api/kernel/request-db';
import { makeTitle } from '../test/catalogue';
import { call, registered, type Jar } from '../test/site';
import { BOOKMARK_COOKIE } from './bookmark-cookie';

/**
 * The visitor's D1 bookmark through the whole worker: a member's write hands back a bookmark in a
 * cookie, the next request's session starts from it and reads the write; a bad cookie is ignored.
 */

const SITE = 'http://localhost';
const bookmarkCookie = (res: Response): string | undefined => res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
const favs = async (jar: Jar): Promise<number[]> => ((JSON.parse((await call('/api/auth/user', {}, jar)).html) as { favs: { id: number }[] }).favs).map((f) => f.id);

let sessions: MockInstance<D1Database['withSession']>;
beforeEach(() => {
  sessions = vi.spyOn(env.DB, 'withSession');
});
afterEach(() => sessions.mockRestore());

describe('the bookmark cookie', () => {
  it('comes back after a write; the next request starts from it and reads the write', async () => {
    const { jar } = await registered();
    const title = await makeTitle();
    const { res } = await call(`/api/actions/fav/${title.id}`, { method: 'POST', headers: { Origin: SITE, 'Content-Type': 'application/json' }, body: '{}' }, jar);
    expect(res.status).toBe(200);
    const cookie = bookmarkCookie(res) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const kept = jar.get(BOOKMARK_COOKIE) ?? '';
    expect(kept).toMatch(BOOKMARK);

    sessions.mockClear();
    expect(await favs(jar)).toEqual([title.id]);
    expect(sessions).toHaveBeenCalledTimes(1);
    expect(sessions).toHaveBeenCalledWith(kept);
    // Reads move it on too: the member's next request starts at least there.
    expect((jar.get(BOOKMARK_COOKIE) ?? '') >= kept).toBe(true);
  });

  it('is one session for all the API calls of a page; the caller is checked once, on the primary', async () => {
    const { jar } = await registered();
    sessions.mockClear();
    const primary = vi.spyOn(env.DB, 'prepare');
    const { res } = await call('/', {}, jar);
    const checks = primary.mock.calls.filter(([sql]) => /FROM users u LEFT JOIN sessions s/.test(sql));
    primary.mockRestore();
    expect(res.status).toBe(200);
    expect(checks).toHaveLength(1);
    expect(sessions).toHaveBeenCalledTimes(1);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toHaveLength(1);
  });

  it('is ignored when it is not a bookmark: the page answers, the session starts unconstrained', async () => {
    const { jar } = await registered();
    for (const bad of ['garbage', 'first-primary', '%00', 'a'.repeat(300), '00000000-0000002a-00000000-;x']) {
      jar.set(BOOKMARK_COOKIE, bad);
      sessions.mockClear();
      const { res } = await call('/favs', {}, jar);
      expect(res.status).toBe(200);
      expect(sessions).toHaveBeenCalledWith(FIRST_READ);
      expect(jar.get(BOOKMARK_COOKIE)).toMatch(BOOKMARK);
    }
  });

  it('is not given to a guest who only reads (their pages stay cacheable)', async () => {
    const { res } = await call('/login');
    expect(res.status).toBe(200);
    expect(bookmarkCookie(res)).toBeUndefined();
    expect(bookmarkCookie((await call('/api/pages/navigation')).res)).toBeUndefined();
  });
});
