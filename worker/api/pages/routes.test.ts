import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ageLimit } from '../../rules/age';
import { callApi, messageOf, registeredUser, registeredSubscriber } from '../../test/accounts';
import { api } from '../index';
import { CategoryPage, ContentPage, Menu, Navigation, Ratings, TopContents, type Content } from './schemas';

const get = (path: string) => api.request(path, {}, env);

describe('GET /pages/navigation', () => {
  it('answers the home rows with their contents in the requested language', async () => {
    const res = await get('/pages/navigation?lang=fr');
    expect(res.status).toBe(200);
    const rows = Navigation.parse(await res.json());
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => r.contents.length > 0 && r.contents.length <= 12)).toBe(true);
    expect(rows.find((r) => r.category.slug === 'films')?.category.name).toBe('Films');
  });

  it('refuses an unsupported language with a BAD_REQUEST message', async () => {
    const res = await get('/pages/navigation?lang=de');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^BAD_REQUEST: lang/);
  });
});

describe('GET /pages/menu', () => {
  it('answers slug, name and type of each item, translated', async () => {
    const en = Menu.parse(await (await get('/pages/menu?lang=en')).json());
    const ar = Menu.parse(await (await get('/pages/menu?lang=ar')).json());
    expect(en.map((m) => m.slug)).toEqual(ar.map((m) => m.slug));
    expect(en[0]).toMatchObject({ slug: 'films', type: 'category' });
    expect(ar[0]?.name).not.toBe(en[0]?.name);
  });
});

describe('GET /pages/category/{slug}', () => {
  it('pages through a category', async () => {
    const first = CategoryPage.parse(await (await get('/pages/category/films?limit=5&page=1')).json());
    const second = CategoryPage.parse(await (await get('/pages/category/films?limit=5&page=2')).json());
    expect(first.contents).toHaveLength(5);
    expect(first.total).toBeGreaterThanOrEqual(15);
    expect(second.contents[0]?.id).not.toBe(first.contents[0]?.id);
    expect(first.contents.every((c) => c.categories.some((cat) => cat.slug === 'films'))).toBe(true);
    // Past the last page: no titles, and still the size of the whole category.
    const beyond = CategoryPage.parse(await (await get('/pages/category/films?limit=5&page=500')).json());
    expect(beyond.contents).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('answers 404 CATEGORY_NOT_FOUND for an unknown slug', async () => {
    const res = await get('/pages/category/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, message: 'CATEGORY_NOT_FOUND: nothing-here' });
  });

  it('refuses a malformed slug and an out-of-range limit', async () => {
    expect((await get('/pages/category/Bad_Slug')).status).toBe(400);
    const res = await get('/pages/category/films?limit=1000');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('limit');
  });
});

describe('GET /pages/category/top-{slug}', () => {
  it('keeps the first 5 featured contents of the category', async () => {
    const { contents } = TopContents.parse(await (await get('/pages/category/top-films')).json());
    expect(contents.length).toBeGreaterThan(0);
    expect(contents.length).toBeLessThanOrEqual(5);
    expect(contents.every((c) => c.featured)).toBe(true);
  });
});

describe('GET /pages/content/{slug}', () => {
  it('answers every field of a content, with seasons for a series', async () => {
    const nav = Navigation.parse(await (await get('/pages/navigation')).json());
    const series = nav.flatMap((r) => r.contents).find((c) => c.type === 'playlist');
    expect(series).toBeDefined();
    const { content, related } = ContentPage.parse(await (await get(`/pages/content/${series?.slug}?lang=ar`)).json());
    expect(content.seasons.length).toBeGreaterThan(0);
    expect(content.seasons[0]?.episodes.length).toBeGreaterThan(0);
    expect(content.cast.length).toBeGreaterThan(0);
    expect(content.age_restriction).toMatch(/^(no-age-restriction|\d+-age-restriction)$/);
    expect(related.every((r) => r.id !== content.id)).toBe(true);
  });

  it('answers 404 CONTENT_NOT_FOUND for an unknown slug', async () => {
    const res = await get('/pages/content/unknown-title');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('CONTENT_NOT_FOUND: unknown-title');
  });
});

describe('unknown API routes', () => {
  it('answer 404 with E_ROUTE_NOT_FOUND', async () => {
    const res = await get('/pages/nope/at/all');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('E_ROUTE_NOT_FOUND: GET /pages/nope/at/all');
  });
});

describe('GET /pages/ratings', () => {
  it('answers the maturity ratings, youngest first, named in the requested language', async () => {
    const res = await get('/pages/ratings?lang=fr');
    expect(res.status).toBe(200);
    const ratings = Ratings.parse(await res.json());
    expect(ratings.map((r) => [r.slug, r.rating])).toEqual([
      ['all-ages', 0],
      ['10-plus', 10],
      ['12-plus', 12],
      ['16-plus', 16],
      ['18-plus', 18],
    ]);
    expect(ratings.every((r) => r.name !== r.slug)).toBe(true);
  });
});

/**
 * Spec §5 Age restriction filter on every list endpoint. Profiles are changed directly in D1 (the
 * profile API has its own tests): a kids profile limited to 12 must never see a 16+ or 18+ title.
 */
describe('age restriction filter', () => {
  const KIDS = '12-age-restriction';
  /** A user whose (only) profile is a kids profile with `restriction`. */
  async function restrictedUser(restriction = KIDS) {
    const user = await registeredUser();
    await env.DB.prepare('UPDATE profiles SET age_restriction = ?, is_kid = 1 WHERE user_id = ?').bind(restriction, user.id).run();
    return user;
  }
  const as = async (path: string, token?: string) => {
    const res = await callApi(path, { token });
    expect(res.status, path).toBe(200);
    return (await res.json()) as unknown;
  };
  const rated = (c: Content) => ageLimit(c.age_restriction) ?? 0;
  const aboveKids = (contents: Content[]) => contents.filter((c) => rated(c) > 12).map((c) => c.slug);
  const unrated = (c: Content) => !c.categories.some((cat) => cat.parents[0]?.slug === 'maturity');

  it('keeps 16+ and 18+ titles out of the home rows', async () => {
    const { tokens } = await restrictedUser();
    const guest = Navigation.parse(await as('/pages/navigation'));
    expect(aboveKids(guest.flatMap((r) => r.contents)).length).toBeGreaterThan(0);
    const kids = Navigation.parse(await as('/pages/navigation', tokens.token));
    expect(kids.length).toBeGreaterThan(0);
    expect(kids.every((r) => r.contents.length > 0)).toBe(true);
    expect(aboveKids(kids.flatMap((r) => r.contents))).toEqual([]);
  });

  it('filters category pages and counts only what the profile may see', async () => {
    const { tokens } = await restrictedUser();
    const guest = CategoryPage.parse(await as('/pages/category/films?limit=100'));
    expect(aboveKids(guest.contents)).toEqual(expect.arrayContaining(['medina-nights', 'red-line-tangier']));
    const kids = CategoryPage.parse(await as('/pages/category/films?limit=100', tokens.token));
    expect(aboveKids(kids.contents)).toEqual([]);
    expect(kids.total).toBe(kids.contents.length);
    expect(kids.total).toBe(guest.total - aboveKids(guest.contents).length);
    const paged = CategoryPage.parse(await as('/pages/category/films?limit=5&page=2', tokens.token));
    expect(paged.total).toBe(kids.total);
    expect(aboveKids(paged.contents)).toEqual([]);
  });

  it('keeps content without a maturity category', async () => {
    const { tokens } = await restrictedUser('10-age-restriction');
    const guest = CategoryPage.parse(await as('/pages/category/films?limit=100'));
    const kids = CategoryPage.parse(await as('/pages/category/films?limit=100', tokens.token));
    const unratedSlugs = guest.contents.filter(unrated).map((c) => c.slug);
    expect(unratedSlugs.length).toBeGreaterThan(0);
    expect(kids.contents.map((c) => c.slug)).toEqual(expect.arrayContaining(unratedSlugs));
    expect(kids.contents.every((c) => unrated(c) || rated(c) <= 10)).toBe(true);
    const series = ContentPage.parse(await as('/pages/content/hanout-hamid', tokens.token));
    expect(unrated(series.content)).toBe(true);
    expect(series.content.seasons.length).toBeGreaterThan(0);
  });

  it('filters top content', async () => {
    const { tokens } = await restrictedUser();
    const guest = TopContents.parse(await as('/pages/category/top-films'));
    expect(aboveKids(guest.contents).length).toBeGreaterThan(0);
    const kids = TopContents.parse(await as('/pages/category/top-films', tokens.token));
    expect(kids.contents.length).toBeGreaterThan(0);
    expect(kids.contents.every((c) => c.featured)).toBe(true);
    expect(aboveKids(kids.contents)).toEqual([]);
  });

  it('answers 403 CONTENT_NOT_AVAILABLE for a title above the limit, its episodes included, and never its data', async () => {
    const { tokens } = await restrictedUser();
    for (const slug of ['red-line-tangier', 'medina-nights', 'midnight-radio', 'midnight-radio-s1e1']) {
      const res = await callApi(`/pages/content/${slug}`, { token: tokens.token });
      expect(res.status, slug).toBe(403);
      expect(await res.json()).toEqual({ status: 403, message: `CONTENT_NOT_AVAILABLE: ${slug}` });
    }
    expect((await callApi('/pages/content/midnight-radio-s1e1')).status).toBe(200);
    expect((await callApi('/pages/content/no-such-title', { token: tokens.token })).status).toBe(404);
  });

  it('shows allowed titles with related titles the profile may see', async () => {
    const { tokens } = await restrictedUser();
    const allAges = ContentPage.parse(await as('/pages/content/the-sultans-clock', tokens.token));
    expect(allAges.content.slug).toBe('the-sultans-clock');
    const guest = ContentPage.parse(await as('/pages/content/the-last-caravan?limit=12'));
    expect(aboveKids(guest.related).length).toBeGreaterThan(0);
    const kids = ContentPage.parse(await as('/pages/content/the-last-caravan?limit=12', tokens.token));
    expect(kids.related.length).toBeGreaterThan(0);
    expect(aboveKids(kids.related)).toEqual([]);
    const series = ContentPage.parse(await as('/pages/content/dar-el-bacha', tokens.token));
    expect(series.content.seasons[0]?.episodes.length).toBeGreaterThan(0);
  });

  it('filters nothing for guests and profiles without restriction', async () => {
    const { tokens } = await registeredUser();
    const paths = ['/pages/navigation', '/pages/category/films?limit=100', '/pages/category/top-films', '/pages/content/red-line-tangier'];
    // The same catalogue; a member also learns their ticket balance on a premium title (pay per title), a guest not.
    const catalogue = async (path: string, token?: string) => {
      const answer = (await as(path, token)) as { content?: { tickets?: unknown } };
      if (answer.content) delete answer.content.tickets;
      return answer;
    };
    for (const path of paths) expect(await catalogue(path, tokens.token), path).toEqual(await catalogue(path));
    const { tokens: adult } = await restrictedUser('no-age-restriction');
    for (const path of paths) expect(await catalogue(path, adult.token), path).toEqual(await catalogue(path));
    expect(((await as('/pages/content/red-line-tangier', tokens.token)) as { content: { tickets: unknown } }).content.tickets).toEqual({ credits: 0, until: null });
    expect(((await as('/pages/content/red-line-tangier')) as { content: { tickets: unknown } }).content.tickets).toBeNull();
  });

  it('filters as the profile named by profileId', async () => {
    const user = await registeredSubscriber();
    const kid = await env.DB.prepare(
      "INSERT INTO profiles (user_id, name, is_kid, age_restriction, created_at) VALUES (?, 'Kid', 1, ?, datetime('now')) RETURNING id",
    )
      .bind(user.id, KIDS)
      .first<{ id: number }>();
    const token = user.tokens.token;
    expect((await callApi('/pages/content/red-line-tangier', { token })).status).toBe(200);
    const res = await callApi(`/pages/content/red-line-tangier?profileId=${kid?.id}`, { token });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toBe('CONTENT_NOT_AVAILABLE: red-line-tangier');
    const nav = Navigation.parse(await as(`/pages/navigation?profileId=${kid?.id}`, token));
    expect(aboveKids(nav.flatMap((r) => r.contents))).toEqual([]);
  });

  it("answers 404 for another account's profile and 403 PROFILE_LOCKED for a PIN profile not unlocked", async () => {
    const owner = await registeredUser();
    const other = await registeredUser();
    const profileOf = async (userId: string) =>
      (await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ? ORDER BY id').bind(userId).first<{ id: number }>())?.id;
    const othersProfile = await profileOf(other.id);
    for (const path of ['/pages/navigation', '/pages/category/films', '/pages/content/the-sultans-clock']) {
      const res = await callApi(`${path}?profileId=${othersProfile}`, { token: owner.tokens.token });
      expect(res.status, path).toBe(404);
      expect(await messageOf(res)).toMatch(/^PROFILE_NOT_FOUND/);
    }
    const own = await profileOf(owner.id);
    await env.DB.prepare("UPDATE profiles SET pin_hash = 'x', pin_is_activated = 1 WHERE id = ?").bind(own).run();
    await env.DB.prepare('UPDATE sessions SET profile_id = NULL WHERE user_id = ?').bind(owner.id).run();
    const res = await callApi(`/pages/category/films?profileId=${own}`, { token: owner.tokens.token });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^PROFILE_LOCKED/);
  });
});
