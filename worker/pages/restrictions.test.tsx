import { env } from 'cloudflare:workers';
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { quietConsole } from '../test/site';
import type { User } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { translate } from '../i18n';
import { guestUser } from '../session/user';
import { registeredUser } from '../test/accounts';
import { fetchSite } from '../test/site';
import { forProfile } from './loaders';

/**
 * Spec §5 Age restriction filter in the pages: a kids profile's pages never show a title above its
 * limit, and a restricted title's page is the 403 'content not available' page.
 */

const en = translate('en');
const ADULT_ONLY = ['red-line-tangier', 'medina-nights'];

/** A logged-in kids user (limited to 12): the cookies a browser would send. */
async function kidsCookies(): Promise<string> {
  const user = await registeredUser();
  await env.DB.prepare("UPDATE profiles SET age_restriction = '12-age-restriction', is_kid = 1 WHERE user_id = ?").bind(user.id).run();
  const profile = await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ?').bind(user.id).first<{ id: number }>();
  return `token=${encodeURIComponent(JSON.stringify(user.tokens))}; profile=${profile?.id}`;
}

const page = async (path: string, cookie?: string) => {
  const res = await fetchSite(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
};

quietConsole();

describe('content pages of a kids profile', () => {
  it("answer 403 'content not available' for a title above the limit, without its data", async () => {
    const cookie = await kidsCookies();
    const { res, html } = await page('/content/red-line-tangier', cookie);
    expect(res.status).toBe(403);
    expect(html).toContain(en('CONTENT_NOT_AVAILABLE'));
    expect(html).toContain(en('CONTENT_NOT_AVAILABLE_TEXT'));
    expect(html).not.toContain('class="content__facts"');
    const guest = await page('/content/red-line-tangier');
    expect(guest.res.status).toBe(200);
  });

  it('show titles within the limit', async () => {
    const { res, html } = await page('/content/the-sultans-clock', await kidsCookies());
    expect(res.status).toBe(200);
    expect(html).toContain('class="content__facts"');
  });

  it('keep adult titles off the home page and category pages', async () => {
    const cookie = await kidsCookies();
    const guestFilms = await page('/category/films');
    for (const slug of ADULT_ONLY) expect(guestFilms.html).toContain(`/content/${slug}"`);
    const guestHome = await page('/');
    expect(ADULT_ONLY.some((slug) => guestHome.html.includes(`/content/${slug}"`))).toBe(true);
    for (const path of ['/', '/category/films']) {
      const { res, html } = await page(path, cookie);
      expect(res.status, path).toBe(200);
      for (const slug of ADULT_ONLY) expect(html, `${path} ${slug}`).not.toContain(`/content/${slug}"`);
    }
  });
});

describe('forProfile', () => {
  const contextOf = (user: User) => ({ get: (key: string) => (key === 'user' ? user : undefined) }) as unknown as Context<AppEnv>;

  it("adds the logged-in user's profile id to catalogue calls, not the guest's", () => {
    const guest = guestUser('en');
    expect(forProfile(contextOf(guest), '/pages/navigation')).toBe('/pages/navigation');
    const user: User = { ...guest, id: 'u1', isAnonymous: false, profile: { ...guest.profile, id: 42 } };
    expect(forProfile(contextOf(user), '/pages/navigation')).toBe('/pages/navigation?profileId=42');
    expect(forProfile(contextOf(user), '/pages/category/films?limit=40&page=2')).toBe('/pages/category/films?limit=40&page=2&profileId=42');
  });
});
