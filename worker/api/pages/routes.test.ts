import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api } from '../index';
import { CategoryPage, ContentPage, Menu, Navigation, TopContents } from './schemas';

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
