import type { Lang } from '../../rules/lang';
import { searchDocument, sortKeyIn, type SearchDocument } from '../../rules/search/normalize';
import { ftsTable, RANK_LANGS, rankRange } from '../../rules/search/ranks';
import { indexedTitleFromRow, rankedTitles, searchSourceSql, type IndexedTitle, type SearchSourceRow } from '../../rules/search/source';
import { ageAllowed, contentsByIds, PUBLISHED, type AgeLimit } from '../pages/queries';
import type { CategoryRef, Content } from '../pages/schemas';
import type { SearchFilters, SearchType } from './schemas';

type DB = Pick<Env, 'DB'>;

/** Numbered SQL parameters built as a statement grows: `p(value)` answers `?N`. */
class Params {
  readonly values: unknown[] = [];
  p(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
  /** The position of a new parameter (for helpers such as ageAllowed that take a position). */
  at(value: unknown): number {
    this.values.push(value);
    return this.values.length;
  }
}

export type SearchCriteria = {
  /** FTS5 MATCH expression (worker/rules/search/normalize.ts searchMatch): text and year. */
  match: string;
  /** The year again, checked on the title itself. */
  year?: number | undefined;
  /** Category slugs: a title must be in each. */
  categories: string[];
  types: SearchType[];
  direction: 'asc' | 'desc';
  /** 0-based offset and page size. */
  offset: number;
  limit: number;
};

/**
 * One page of the published top-level titles (films, series…; an episode's title finds its series,
 * whose index row holds the episodes' titles) that match `criteria` and that the viewer may see
 * (spec §5 age filter), in title order in `lang`. The index of `lang` is read in rank order
 * (= title order), so SQLite stops after the page: no sort of every match. Categories, types, the
 * year and the age limit are checked on each candidate row. Answers the page and whether more
 * titles follow (one extra row is read to know).
 */
export async function searchContents(env: DB, lang: Lang, age: AgeLimit, criteria: SearchCriteria): Promise<{ contents: Content[]; end: boolean }> {
  const q = new Params();
  const fts = ftsTable(lang);
  const where = [`f.${fts} MATCH ${q.p(criteria.match)}`, `c.parent_id IS NULL`, PUBLISHED, `c.type IN ('video', 'playlist')`];
  if (criteria.year !== undefined) where.push(`c.production_year = ${q.p(criteria.year)}`);
  if (criteria.types.length > 0) where.push(`c.type IN (SELECT value FROM json_each(${q.p(JSON.stringify(criteria.types))}))`);
  for (const slug of criteria.categories) {
    where.push(`EXISTS (SELECT 1 FROM content_categories fcc JOIN categories fcat ON fcat.id = fcc.category_id
      WHERE fcc.content_id = c.id AND fcat.slug = ${q.p(slug)})`);
  }
  // A guest or an unrestricted profile (null limit) sees everything: no per-row check at all.
  if (age !== null) where.push(ageAllowed(q.at(age)));
  const sql = `SELECT s.content_id AS id FROM ${fts} f JOIN search_titles s ON s.rank = f.rowid JOIN contents c ON c.id = s.content_id
    WHERE ${where.join(' AND ')}
    ORDER BY f.rowid ${criteria.direction === 'desc' ? 'DESC' : 'ASC'} LIMIT ${q.p(criteria.limit + 1)} OFFSET ${q.p(criteria.offset)}`;
  const { results } = await env.DB.prepare(sql).bind(...q.values).all<{ id: number }>();
  const ids = results.slice(0, criteria.limit).map((r) => r.id);
  return { contents: await contentsByIds(env, lang, ids), end: results.length <= criteria.limit };
}

/** Recommended titles (shown when a search finds nothing): featured first, then the newest, age-filtered. */
export async function recommendedContents(env: DB, lang: Lang, age: AgeLimit, limit: number): Promise<Content[]> {
  const q = new Params();
  const limitParam = q.p(limit);
  const allowed = age === null ? '1' : ageAllowed(q.at(age));
  const { results } = await env.DB.prepare(`SELECT c.id FROM contents c
      WHERE c.parent_id IS NULL AND ${PUBLISHED} AND c.type IN ('video', 'playlist') AND ${allowed}
      ORDER BY c.featured DESC, c.publication_date_start DESC LIMIT ${limitParam}`)
    .bind(...q.values)
    .all<{ id: number }>();
  return contentsByIds(env, lang, results.map((r) => r.id));
}

/** Whether a category slug exists (the product of /pages/search{product}/). */
export async function categoryExists(env: DB, slug: string): Promise<boolean> {
  return (await env.DB.prepare('SELECT 1 AS ok FROM categories WHERE slug = ?1').bind(slug).first<{ ok: number }>()) !== null;
}

type CategoryRow = { id: number; slug: string; name: string; parent_slug: string | null };
const toRef = (r: CategoryRow): CategoryRef => ({ id: r.id, slug: r.slug, name: r.name, parents: r.parent_slug ? [{ slug: r.parent_slug }] : [] });

/**
 * What the search page filters by: production years of the titles the viewer may see (newest
 * first), the format categories linked from the menu and the genres, named in `lang`.
 */
export async function searchFilters(env: DB, lang: Lang, age: AgeLimit): Promise<SearchFilters> {
  const q = new Params();
  const allowed = age === null ? '1' : ageAllowed(q.at(age));
  const name = `COALESCE(ci.name, ce.name, cat.slug) AS name`;
  const text = `LEFT JOIN category_i18n ci ON ci.category_id = cat.id AND ci.lang = ?1
    LEFT JOIN category_i18n ce ON ce.category_id = cat.id AND ce.lang = 'en'`;
  const [years, formats, genres] = await env.DB.batch<{ year: number } | CategoryRow>([
    // Each year once (index contents_year), kept when one title of it is visible to the viewer.
    env.DB.prepare(`SELECT y.year FROM (SELECT DISTINCT production_year AS year FROM contents WHERE parent_id IS NULL AND production_year IS NOT NULL) y
      WHERE EXISTS (SELECT 1 FROM contents c WHERE c.parent_id IS NULL AND c.production_year = y.year AND ${PUBLISHED} AND c.type IN ('video', 'playlist') AND ${allowed})
      ORDER BY y.year DESC`).bind(...q.values),
    env.DB.prepare(`SELECT cat.id, cat.slug, NULL AS parent_slug, ${name} FROM menu_items m JOIN categories cat ON cat.slug = m.slug ${text}
      WHERE m.type = 'category' ORDER BY m.position, m.id`).bind(lang),
    env.DB.prepare(`SELECT cat.id, cat.slug, p.slug AS parent_slug, ${name} FROM categories cat JOIN categories p ON p.id = cat.parent_id ${text}
      WHERE p.slug = 'genres' ORDER BY cat.position, cat.id`).bind(lang),
  ]);
  return {
    years: (years?.results as { year: number }[]).map((r) => r.year),
    formats: (formats?.results as CategoryRow[]).map(toRef),
    genres: (genres?.results as CategoryRow[]).map(toRef),
  };
}

/** What is indexed of top-level titles (all of them without `ids`), read from D1. */
async function sources(env: DB, ids?: number[]): Promise<IndexedTitle[]> {
  const statement = env.DB.prepare(searchSourceSql(ids ? 'c.id IN (SELECT value FROM json_each(?1))' : '1'));
  const { results } = await (ids ? statement.bind(JSON.stringify(ids)) : statement).all<SearchSourceRow>();
  return results.map(indexedTitleFromRow);
}

const insertFts = (env: DB, lang: string, rank: number, doc: SearchDocument) =>
  env.DB.prepare(`INSERT INTO ${ftsTable(lang)} (rowid, titles, people, episodes, facets) VALUES (?1, ?2, ?3, ?4, ?5)`).bind(rank, doc.titles, doc.people, doc.episodes, doc.facets);

/** Statements removing titles from the index. */
const unindex = (env: DB, list: string) => [
  ...RANK_LANGS.map((lang) =>
    env.DB.prepare(`DELETE FROM ${ftsTable(lang)} WHERE rowid IN (SELECT rank FROM search_titles WHERE lang = ?2 AND content_id IN (SELECT value FROM json_each(?1)))`).bind(list, lang),
  ),
  env.DB.prepare('DELETE FROM search_titles WHERE content_id IN (SELECT value FROM json_each(?1))').bind(list),
];

/** Rebuilds the whole index from D1 (ranks evenly spread again); answers the number of titles. */
export async function rebuildSearchIndex(env: DB): Promise<number> {
  const all = await sources(env);
  const statements = [...RANK_LANGS.map((lang) => env.DB.prepare(`DELETE FROM ${ftsTable(lang)}`)), env.DB.prepare('DELETE FROM search_titles')];
  const docs = new Map(all.map((t) => [t.id, searchDocument(t)]));
  for (const lang of RANK_LANGS) {
    for (const { id, key, rank } of rankedTitles(all, lang)) {
      const doc = docs.get(id);
      statements.push(env.DB.prepare('INSERT INTO search_titles (content_id, lang, sort_key, rank) VALUES (?1, ?2, ?3, ?4)').bind(id, lang, key, rank));
      if (doc) statements.push(insertFts(env, lang, rank, doc));
    }
  }
  // One batch is one transaction: searches never see a half-built index. (Catalogues of tens of
  // thousands of titles are better rebuilt with scripts/search/reindex.ts.)
  await env.DB.batch(statements);
  return all.length;
}

/**
 * Rewrites the index rows of the given top-level titles from their current text (names in every
 * language, original title, cast, director, episode titles, production year). Call it after
 * writing a title; episodes' ids are ignored (reindex their series); titles that no longer exist
 * leave the index. Each title takes the rank midway between its neighbours in each language; when
 * two neighbours have no rank left between them, the whole index is rebuilt.
 */
export async function reindexContents(env: DB, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = JSON.stringify(ids);
  const found = await sources(env, ids);
  await env.DB.batch(unindex(env, list));
  for (const source of found) {
    const doc = searchDocument(source);
    for (const lang of RANK_LANGS) {
      const key = sortKeyIn(source.sortNames, lang, source.original_title);
      const [from, to] = rankRange(lang);
      // The ranks of the neighbours in title order (key, then id), else the ends of the range.
      const row = await env.DB.prepare(`SELECT
          COALESCE((SELECT rank FROM search_titles WHERE lang = ?1 AND (sort_key, content_id) < (?2, ?3) ORDER BY sort_key DESC, content_id DESC LIMIT 1), ?4) AS below,
          COALESCE((SELECT rank FROM search_titles WHERE lang = ?1 AND (sort_key, content_id) > (?2, ?3) ORDER BY sort_key, content_id LIMIT 1), ?5) AS above`)
        .bind(lang, key, source.id, from, to)
        .first<{ below: number; above: number }>();
      const below = row?.below ?? from;
      const above = row?.above ?? to;
      if (above - below < 2) {
        await rebuildSearchIndex(env);
        return;
      }
      const rank = below + Math.floor((above - below) / 2);
      await env.DB.batch([
        env.DB.prepare('INSERT INTO search_titles (content_id, lang, sort_key, rank) VALUES (?1, ?2, ?3, ?4)').bind(source.id, lang, key, rank),
        insertFts(env, lang, rank, doc),
      ]);
    }
  }
}
