import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ageLimit } from '../../rules/age';
import { titles } from '../../../scripts/seed/catalogue';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import type { Content } from '../pages/schemas';
import { rebuildSearchIndex, reindexContents } from './queries';
import { SearchFilters, SearchPage } from './schemas';

const search = async (query: string, token?: string): Promise<SearchPage> => {
  const res = await callApi(`/pages/search/?${query}`, { token });
  expect(res.status, query).toBe(200);
  return SearchPage.parse(await res.json());
};
const slugs = (page: SearchPage): string[] => page.contents.data.map((c) => c.slug);
const find = async (text: string, extra = ''): Promise<string[]> => slugs(await search(`filter=${encodeURIComponent(text)}${extra}`));

/** Every page of a search, page by page, until one says it is the last. */
async function allPages(query: string, pageSize: number, token?: string): Promise<{ pages: SearchPage[]; contents: Content[] }> {
  const pages: SearchPage[] = [];
  for (let page = 1; page < 50; page++) {
    const answer = await search(`${query}&page_size=${pageSize}&page=${page}`, token);
    pages.push(answer);
    if (answer.contents.data.length < pageSize) break;
  }
  return { pages, contents: pages.flatMap((p) => p.contents.data) };
}

describe('GET /pages/search/: normalisation (spec §4, §5 Search text)', () => {
  it("finds 'الرباط' however the alef, hamza, diacritics or tatweel are typed", async () => {
    const expected = await find('الرباط');
    expect(expected).toContain('the-stork-of-rabat');
    for (const typed of ['ألرباط', 'إلرباط', 'آلرباط', 'ٱلرباط', 'الرّباط', 'الربـــاط', 'رباط', '  بلارج الرباط  ', 'بلّارج']) {
      expect(await find(typed), typed).toEqual(expect.arrayContaining(['the-stork-of-rabat']));
    }
    expect(await find('إلرباط')).toEqual(expected);
  });

  it('folds taa marbuta / haa, alef maqsura / yaa and hamza seats', async () => {
    expect(await find('الحاجه واولادها')).toEqual(['hajja-and-sons']);
    expect(await find('الحاجة وأولادها')).toEqual(['hajja-and-sons']);
    expect(await find('ليالى المدينه')).toEqual(['medina-nights']);
    expect(await find('اصوات كناوه')).toEqual(['voices-of-the-gnawa']);
  });

  it('ignores case and French and Spanish accents, in every language a title has', async () => {
    expect(await find('la derniere caravane')).toEqual(['the-last-caravan']);
    expect(await find('LA DERNIÈRE CARAVANE')).toEqual(['the-last-caravan']);
    expect(await find('epicerie de hamid')).toEqual(['hanout-hamid']);
    expect(await find('cigueña')).toEqual(['the-stork-of-rabat']);
    expect(await find('ciguena')).toEqual(['the-stork-of-rabat']);
    expect(await find('Casa BLUES')).toEqual(['casa-blues']);
    expect(await find('آخر قافلة')).toEqual(['the-last-caravan']);
  });

  it('matches the last word as a prefix (type-ahead) and needs every word', async () => {
    expect(await find('la derniere cara')).toEqual(['the-last-caravan']);
    expect(await find('caravan')).toEqual(['the-last-caravan']);
    expect(await find('derniere zzz')).toEqual([]);
  });

  it('finds titles by cast and director, and series by their episodes', async () => {
    const byDirector = await find('farid benomar');
    expect(byDirector.length).toBeGreaterThan(0);
    const director = titles.find((t) => t.director === 'Farid Benomar');
    expect(byDirector).toContain(director?.slug);
    const actor = titles.find((t) => t.cast.includes('Zineb Tazi'));
    expect(await find('zineb tazi')).toContain(actor?.slug);
    expect(await find('la nouvelle cuisiniere')).toEqual(['dar-el-bacha']);
  });

  it('reads FTS5 syntax typed by the viewer as plain words', async () => {
    for (const typed of ['"', 'NOT', 'casa OR blues', 'title:casa', 'NEAR(', '*', '(']) {
      const res = await callApi(`/pages/search/?filter=${encodeURIComponent(typed)}`);
      expect(res.status, typed).toBe(200);
    }
    expect(await find('casa OR')).toEqual([]);
  });
});

describe('GET /pages/search/: filters, sort and paging', () => {
  it('filters by production year, with or without text', async () => {
    const expected = titles.filter((t) => t.productionYear === 2024 && t.published <= new Date().toISOString()).map((t) => t.slug);
    const page = await search('year=2024');
    expect(page.contents.data.every((c) => c.production_year === 2024)).toBe(true);
    expect(slugs(page).toSorted()).toEqual(expected.toSorted());
    expect((await search('filter=the&year=2024')).contents.data.every((c) => c.production_year === 2024)).toBe(true);
    expect(await find('caravane', '&year=2024')).toEqual([]);
    expect(await find('caravane', '&year=2023')).toEqual(['the-last-caravan']);
  });

  it('keeps titles in every category given', async () => {
    const page = await search('categories=films,drama');
    expect(page.contents.data.length).toBeGreaterThan(0);
    for (const c of page.contents.data) expect(c.categories.map((cat) => cat.slug)).toEqual(expect.arrayContaining(['films', 'drama']));
    const films = await search('categories=films');
    expect(films.contents.data.length).toBeGreaterThan(page.contents.data.length);
  });

  it('filters by type and by the product of /pages/search{product}/', async () => {
    const series = await search('types=playlist');
    expect(series.contents.data.length).toBeGreaterThan(0);
    expect(series.contents.data.every((c) => c.type === 'playlist')).toBe(true);
    const both = await search('types=video,playlist&page_size=40');
    expect(both.contents.data.length).toBe(40);
    const kids = await callApi('/pages/search-kids/?filter=the');
    expect(kids.status).toBe(200);
    const kidsPage = SearchPage.parse(await kids.json());
    expect(kidsPage.contents.data.length).toBeGreaterThan(0);
    expect(kidsPage.contents.data.every((c) => c.categories.some((cat) => cat.slug === 'kids'))).toBe(true);
    expect((await callApi('/pages/search?filter=casa')).status).toBe(200);
    const unknown = await callApi('/pages/search-nothing-here/?filter=casa');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('CATEGORY_NOT_FOUND: nothing-here');
  });

  it('lists only published top-level titles, never episodes', async () => {
    const { contents } = await allPages('types=video,playlist', 40);
    const now = new Date().toISOString();
    const expected = titles.filter((t) => t.published <= now).map((t) => t.slug);
    expect(contents.map((c) => c.slug).toSorted()).toEqual(expected.toSorted());
    expect(contents.some((c) => /-s\d+e\d+$/.test(c.slug))).toBe(false);
  });

  it('sorts by title in the requested language, asc by default, desc on request', async () => {
    const asc = await search('categories=films&lang=fr');
    const desc = await search('categories=films&lang=fr&direction=desc');
    const names = asc.contents.data.map((c) => c.name_long);
    expect(names.length).toBeGreaterThan(5);
    const folded = names.map((n) => n.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(folded).toEqual(folded.toSorted());
    expect(slugs(desc)).toEqual(slugs(asc).toReversed());
    const ar = await search('categories=films&lang=ar');
    expect(ar.contents.data[0]?.name_long).toMatch(/^[\u0600-\u06ff]/);
  });

  it('pages by page_size: page 2 follows page 1, the last page is shorter and says it ends', async () => {
    const { pages, contents } = await allPages('types=video,playlist', 7);
    expect(pages.length).toBeGreaterThan(2);
    const last = pages.at(-1);
    expect(last?.contents.data.length).toBeLessThan(7);
    expect(last?.contents.end).toBe(true);
    expect(pages[0]?.contents).toMatchObject({ page: 1, page_size: 7, end: false });
    expect(pages[1]?.contents.page).toBe(2);
    expect(new Set(contents.map((c) => c.id)).size).toBe(contents.length);
    // Page 2 continues page 1 in the same order as one bigger page.
    const big = await search('types=video,playlist&page_size=14');
    expect(slugs(big)).toEqual([...slugs(pages[0] as SearchPage), ...slugs(pages[1] as SearchPage)]);
    // Past the end: nothing, and no recommendations (they belong to an empty first page).
    const past = await search('types=video,playlist&page=99');
    expect(past.contents.data).toEqual([]);
    expect(past.recommendations).toEqual([]);
  });

  it('defaults to pages of 40 and refuses more', async () => {
    const page = await search('types=video,playlist');
    expect(page.contents.page_size).toBe(40);
    expect(page.contents.data).toHaveLength(40);
    const res = await callApi('/pages/search/?types=video&page_size=41');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^BAD_REQUEST: page_size/);
  });
});

describe('GET /pages/search/: recommendations and bad input', () => {
  it('answers recommendations when nothing is found, and only then', async () => {
    const none = await search('filter=zzqqxxw');
    expect(none.contents.data).toEqual([]);
    expect(none.contents.end).toBe(true);
    expect(none.recommendations.length).toBeGreaterThan(0);
    expect(none.recommendations[0]?.featured).toBe(true);
    expect(none.ads).toEqual([]);
    const found = await search('filter=casa');
    expect(found.contents.data.length).toBeGreaterThan(0);
    expect(found.recommendations).toEqual([]);
    const empty = await search('filter=%20%20');
    expect(empty.contents.data).toEqual([]);
    expect(empty.recommendations.length).toBeGreaterThan(0);
  });

  it('answers 400 with the field for bad input', async () => {
    const cases: [string, RegExp][] = [
      ['direction=up', /^BAD_REQUEST: direction/],
      ['page=0', /^BAD_REQUEST: page/],
      ['types=grid', /^BAD_REQUEST: types/],
      ['year=abc', /^BAD_REQUEST: year/],
      ['categories=Bad_Slug', /^BAD_REQUEST: categories/],
      [`filter=${'a'.repeat(201)}`, /^BAD_REQUEST: filter/],
      ['lang=de', /^BAD_REQUEST: lang/],
    ];
    for (const [query, message] of cases) {
      const res = await callApi(`/pages/search/?${query}`);
      expect(res.status, query).toBe(400);
      expect(await messageOf(res), query).toMatch(message);
    }
    expect((await search('year=&direction=&page=&categories=&types=&origin=home')).contents.data).toEqual([]);
  });
});

describe('GET /pages/search/: age filter (spec §5)', () => {
  const rated = (c: Content) => ageLimit(c.age_restriction) ?? 0;
  const aboveKids = (contents: Content[]) => contents.filter((c) => rated(c) > 12).map((c) => c.slug);

  it('keeps 16+ and 18+ titles out of the results and recommendations of a kids profile', async () => {
    const user = await registeredUser();
    await env.DB.prepare("UPDATE profiles SET age_restriction = '12-age-restriction', is_kid = 1 WHERE user_id = ?").bind(user.id).run();
    const token = user.tokens.token;
    const guest = await allPages('types=video,playlist', 40);
    expect(aboveKids(guest.contents)).toEqual(expect.arrayContaining(['medina-nights', 'red-line-tangier']));
    const kids = await allPages('types=video,playlist', 40, token);
    expect(aboveKids(kids.contents)).toEqual([]);
    expect(kids.contents.length).toBe(guest.contents.length - aboveKids(guest.contents).length);
    expect(slugs(await search('filter=medina%20nights', token))).toEqual([]);
    expect(slugs(await search('filter=medina%20nights'))).toEqual(['medina-nights']);
    const none = await search('filter=zzqqxxw', token);
    expect(none.recommendations.length).toBeGreaterThan(0);
    expect(aboveKids(none.recommendations)).toEqual([]);
    const guestNone = await search('filter=zzqqxxw');
    expect(aboveKids(guestNone.recommendations).length).toBeGreaterThan(0);
  });
});

describe('GET /pages/search/filters', () => {
  it('answers years, formats and genres in the requested language', async () => {
    const res = await callApi('/pages/search/filters?lang=fr');
    expect(res.status).toBe(200);
    const filters = SearchFilters.parse(await res.json());
    expect(filters.years).toEqual(filters.years.toSorted((a, b) => b - a));
    expect(filters.years).toContain(2024);
    expect(filters.formats.map((f) => f.slug)).toEqual(['films', 'series', 'documentaries', 'theatre', 'kids']);
    expect(filters.genres.find((g) => g.slug === 'drama')?.name).toBe('Drame');
  });
});

describe('reindexContents', () => {
  it('indexes a new title, follows its renaming and forgets it when deleted', async () => {
    const id = 990_001;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO contents (id, slug, type, original_title, "cast", director, production_year, publication_date_start)
        VALUES (?1, 'zz-search-probe', 'video', 'Qasr Zubayda', '["Yassine Qorchi"]', 'Nour Éddine', 2001, '2020-01-01T00:00:00Z')`).bind(id),
      env.DB.prepare(`INSERT INTO content_i18n (content_id, lang, name_long) VALUES (?1, 'en', 'Palace of Zubayda'), (?1, 'ar', 'قصر زبيدة')`).bind(id),
    ]);
    expect(await find('zubayda')).toEqual([]);
    await reindexContents(env, [id]);
    expect(await find('palace zub')).toEqual(['zz-search-probe']);
    // It takes its place in title order among the others.
    const listing = (await allPages('types=video', 40)).contents.map((c) => c.name_long);
    const folded = listing.map((n) => n.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(folded).toEqual(folded.toSorted());
    expect(listing).toContain('Palace of Zubayda');
    expect(await find('قصر زبيده')).toEqual(['zz-search-probe']);
    expect(await find('qorchi')).toEqual(['zz-search-probe']);
    expect(await find('nour eddine')).toEqual(['zz-search-probe']);
    await env.DB.prepare(`UPDATE content_i18n SET name_long = 'Garden of Zubayda' WHERE content_id = ?1 AND lang = 'en'`).bind(id).run();
    await reindexContents(env, [id]);
    expect(await find('palace')).toEqual([]);
    expect(await find('garden zubayda')).toEqual(['zz-search-probe']);
    await env.DB.prepare('DELETE FROM contents WHERE id = ?1').bind(id).run();
    expect(await find('zubayda')).toEqual([]);
    const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM search_titles WHERE content_id = ?1').bind(id).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe('reindexContents when ranks run out', () => {
  it('rebuilds the index when two neighbours have no rank left between them', async () => {
    // Titles with the same name go after one another, before the first real title: each takes
    // half of the gap left, until none is left and the index is rebuilt.
    const ids = Array.from({ length: 20 }, (_, i) => 990_100 + i);
    for (const id of ids) {
      await env.DB.batch([
        env.DB.prepare(`INSERT INTO contents (id, slug, type, original_title, production_year, publication_date_start)
          VALUES (?1, ?2, 'video', 'Aaazz', 1999, '2020-01-01T00:00:00Z')`).bind(id, `zz-rank-probe-${id - 990_100}`),
        env.DB.prepare(`INSERT INTO content_i18n (content_id, lang, name_long) VALUES (?1, 'en', 'Aaazz')`).bind(id),
      ]);
      await reindexContents(env, [id]);
    }
    const found = await find('aaazz');
    expect(found).toEqual(ids.map((id) => `zz-rank-probe-${id - 990_100}`));
    const ranks = await env.DB.prepare(`SELECT rank FROM search_titles WHERE lang = 'en' ORDER BY sort_key, content_id`).all<{ rank: number }>();
    const values = ranks.results.map((r) => r.rank);
    expect(values).toEqual(values.toSorted((a, b) => a - b));
    // Rebuilt: the ranks are evenly spread again.
    expect(values[1]! - values[0]!).toBe(2 ** 16);
    await env.DB.prepare('DELETE FROM contents WHERE id >= 990100 AND id < 990200').run();
    expect(await find('aaazz')).toEqual([]);
  });
});

describe('rebuildSearchIndex', () => {
  it('rebuilds the same index: same results in the same order', async () => {
    const before = await Promise.all(['en', 'ar'].map((lang) => allPages(`types=video,playlist&lang=${lang}`, 40)));
    const count = await rebuildSearchIndex(env);
    expect(count).toBeGreaterThanOrEqual(titles.length);
    const after = await Promise.all(['en', 'ar'].map((lang) => allPages(`types=video,playlist&lang=${lang}`, 40)));
    expect(after.map((a) => a.contents.map((c) => c.slug))).toEqual(before.map((b) => b.contents.map((c) => c.slug)));
    expect(await find('إلرباط')).toContain('the-stork-of-rabat');
  });
});
