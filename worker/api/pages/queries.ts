import { z } from 'zod';
import type { Lang } from '../../rules/lang';
import type { CategoryRef, Content, Episode, MenuItem, NavigationRow, Rating, Season } from './schemas';
import { keptFor, keptReads } from '../kernel/kept';

type DB = Pick<Env, 'DB'>;

type ContentRow = {
  id: number;
  slug: string;
  type: Content['type'];
  name_long: string;
  original_title: string;
  synopsis: string | null;
  publication_date_start: string;
  release_date: string | null;
  production_year: number | null;
  country: string | null;
  languages: string;
  subtitles: string;
  tags: string;
  cast: string;
  director: string | null;
  screenwriter: string | null;
  duration: number | null;
  trailer_url: string | null;
  featured: number;
  premium: number;
  tile_image: string | null;
  vertical_image: string | null;
};

type CategoryRow = {
  content_id: number;
  id: number;
  slug: string;
  name: string;
  rating: number | null;
  parent_slug: string | null;
};

/**
 * A content's duration: the length of its playable video when it has one (so resume positions and
 * progress bars match what plays), else the catalogue's figure.
 */
const DURATION = `COALESCE((SELECT CAST(ROUND(m.duration) AS INTEGER) FROM media m WHERE m.content_id = c.id AND m.kind = 'main'), c.duration) AS duration`;

/** Text in the requested language, falling back to English. ?1 is the language. */
const CONTENT_COLUMNS = `c.id, c.slug, c.type, c.original_title, c.publication_date_start, c.release_date,
  c.production_year, c.country, c.languages, c.subtitles, c.tags, c."cast" AS "cast", c.director, c.screenwriter,
  ${DURATION}, c.trailer_url, c.featured, c.premium, c.tile_image, c.vertical_image,
  COALESCE(t.name_long, te.name_long, c.original_title) AS name_long, COALESCE(t.synopsis, te.synopsis) AS synopsis`;
const CONTENT_TEXT = `LEFT JOIN content_i18n t ON t.content_id = c.id AND t.lang = ?1
  LEFT JOIN content_i18n te ON te.content_id = c.id AND te.lang = 'en'`;
const CATEGORY_NAME = `COALESCE(ci.name, ce.name, cat.slug)`;
const CATEGORY_TEXT = `LEFT JOIN category_i18n ci ON ci.category_id = cat.id AND ci.lang = ?1
  LEFT JOIN category_i18n ce ON ce.category_id = cat.id AND ce.lang = 'en'`;
/** Only published contents (publication_date_start reached) are listed. */
export const PUBLISHED = `c.publication_date_start <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')`;

/**
 * The viewer's age limit (spec §5 Age restriction filter): the N of the profile's
 * '{N}-age-restriction', or null for 'no-age-restriction' and guests (nothing filtered).
 * Get it in a route with `await viewerAgeLimit(c)` (worker/api/entitlements/routes.ts).
 */
export type AgeLimit = number | null;

/**
 * Spec §5 Age restriction filter as one SQL condition, for every query that lists contents
 * (home rows, categories, top, content pages, episodes, related; search and favourites too).
 * True when the content `alias` may be shown to a viewer whose age limit is bound to `?{param}`:
 * no maturity category (child of the 'maturity' parent) of the content — or of its parent, so
 * episodes follow their series — has a `rating` above the limit. Content without a maturity
 * category is kept; a null limit keeps everything (`rating > NULL` is never true).
 *
 *   db.prepare(`SELECT c.id FROM contents c WHERE c.parent_id IS NULL AND ${ageAllowed(2)} LIMIT ?1`).bind(limit, age)
 *
 * Use numbered parameters (`?N`) throughout the statement and bind the limit at position `param`.
 */
export const ageAllowed = (param: number, alias = 'c'): string => `NOT EXISTS (SELECT 1 FROM content_categories age_cc
    JOIN categories age_cat ON age_cat.id = age_cc.category_id JOIN categories age_p ON age_p.id = age_cat.parent_id
    WHERE age_cc.content_id IN (${alias}.id, ${alias}.parent_id) AND age_p.slug = 'maturity' AND age_cat.rating > ?${param})`;

const jsonList = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
};

/**
 * A title's tags in the page's language: `contents.tags` is a JSON array (the same words in every
 * language) or an object of arrays by language ({"en": […], "fr": […]}), read in the language asked,
 * else English, else none.
 */
const tagsIn = (text: string, lang: Lang): string[] => {
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value)) return value.map(String);
  if (value === null || typeof value !== 'object') return [];
  const byLang = value as Record<string, unknown>;
  const list = byLang[lang] ?? byLang.en;
  return Array.isArray(list) ? list.map(String) : [];
};

const toCategoryRef = (row: CategoryRow): CategoryRef => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  parents: row.parent_slug ? [{ slug: row.parent_slug }] : [],
});

/** '{N}-age-restriction' from the maturity rating, 'no-age-restriction' for none or 0 (spec §9). */
export const ageRestriction = (rating: number | null | undefined): string =>
  rating ? `${rating}-age-restriction` : 'no-age-restriction';

function toContent(row: ContentRow, categories: CategoryRow[], lang: Lang): Content {
  const maturity = categories.find((c) => c.parent_slug === 'maturity');
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name_long: row.name_long,
    original_title: row.original_title,
    synopsis: row.synopsis,
    categories: categories.map(toCategoryRef),
    genres: categories.filter((c) => c.parent_slug === 'genres').map((c) => c.name),
    age_restriction: ageRestriction(maturity?.rating),
    publication_date_start: row.publication_date_start,
    release_date: row.release_date,
    production_year: row.production_year,
    country: row.country,
    languages: jsonList(row.languages),
    subtitles: jsonList(row.subtitles),
    tags: tagsIn(row.tags, lang),
    cast: jsonList(row.cast),
    director: row.director,
    screenwriter: row.screenwriter,
    duration: row.duration,
    trailer: row.trailer_url,
    featured: row.featured === 1,
    premium: row.premium === 1,
    tile_image: row.tile_image,
    vertical_image: row.vertical_image,
  };
}

/** A content's categories, as its row carries them (JSON): with the positions they are ordered by. */
const ContentCategories = z.array(
  z.object({ id: z.number(), slug: z.string(), name: z.string(), rating: z.number().nullable(), parent_slug: z.string().nullable(), parent_position: z.number().nullable(), position: z.number().nullable() }),
);

/** Parents first by position (top-level ones, without a parent, before any), then by the category's own position, as SQLite's ORDER BY. */
const byPositions = (a: { parent_position: number | null; position: number | null }, b: typeof a): number =>
  (a.parent_position ?? -Infinity) - (b.parent_position ?? -Infinity) || (a.position ?? -Infinity) - (b.position ?? -Infinity);

/** The columns of a content `c` (its texts in language ?1: CONTENT_TEXT joined) with its categories as JSON. */
const CONTENT_WITH_CATEGORIES = `${CONTENT_COLUMNS},
      (SELECT json_group_array(json_object('id', cat.id, 'slug', cat.slug, 'name', ${CATEGORY_NAME}, 'rating', cat.rating,
          'parent_slug', p.slug, 'parent_position', p.position, 'position', cat.position))
        FROM content_categories cc JOIN categories cat ON cat.id = cc.category_id
        LEFT JOIN categories p ON p.id = cat.parent_id ${CATEGORY_TEXT}
        WHERE cc.content_id = c.id) AS categories`;
type ContentWithCategories = ContentRow & { categories: string };

const contentOf = (row: ContentWithCategories, lang: Lang): Content => {
  const categories = ContentCategories.parse(JSON.parse(row.categories)).toSorted(byPositions);
  return toContent(row, categories.map((c) => ({ ...c, content_id: row.id })), lang);
};

/** Loads contents by id, in the order given, with their categories: one statement whatever the count. */
export async function contentsByIds(env: DB, lang: Lang, ids: number[]): Promise<Content[]> {
  if (ids.length === 0) return [];
  const { results } = await env.DB.prepare(`SELECT ${CONTENT_WITH_CATEGORIES}
      FROM contents c ${CONTENT_TEXT} WHERE c.id IN (SELECT value FROM json_each(?2))`)
    .bind(lang, JSON.stringify(ids))
    .all<ContentWithCategories>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [contentOf(row, lang)] : [];
  });
}

/**
 * GET /pages/contents (spec §7, favourites and history): the published contents among `ids` that
 * the viewer may see (spec §5 age filter), in the order of `ids`; unknown or hidden ids are dropped.
 */
export async function visibleContentsByIds(env: DB, lang: Lang, age: AgeLimit, ids: number[]): Promise<Content[]> {
  if (ids.length === 0) return [];
  const { results } = await env.DB.prepare(`SELECT c.id FROM contents c
      WHERE c.id IN (SELECT value FROM json_each(?1)) AND ${PUBLISHED} AND ${ageAllowed(2)}`)
    .bind(JSON.stringify(ids), age)
    .all<{ id: number }>();
  const visible = new Set(results.map((r) => r.id));
  return contentsByIds(env, lang, ids.filter((id) => visible.has(id)));
}

export type CategoryWithText = CategoryRef & { description: string | null };

/** Categories by language and slug: every page with the bell asks for one; only operators change them (../kernel/kept.ts). */
const categories = keptReads<CategoryWithText | null>();

/** Forgets the kept categories (tests that change them in D1). */
export const forgetKeptCategories = (): void => categories.forget();

/** A category by slug, its name and description in `lang`; null when there is none. `now`: ms. */
export const categoryBySlug = (env: Pick<Env, 'DB' | 'CACHE_TTL_SECONDS'>, lang: Lang, slug: string, now = Date.now()): Promise<CategoryWithText | null> =>
  categories.get(`${lang}:${slug}`, now, keptFor(env), () => readCategory(env, lang, slug));

async function readCategory(env: DB, lang: Lang, slug: string): Promise<CategoryWithText | null> {
  const row = await env.DB.prepare(`SELECT cat.id, cat.slug, p.slug AS parent_slug, ${CATEGORY_NAME} AS name,
      COALESCE(ci.description, ce.description) AS description
      FROM categories cat LEFT JOIN categories p ON p.id = cat.parent_id ${CATEGORY_TEXT} WHERE cat.slug = ?2`)
    .bind(lang, slug)
    .first<CategoryRow & { description: string | null }>();
  return row ? { ...toCategoryRef(row), description: row.description } : null;
}

/**
 * Published top-level contents of a category that the viewer may see, by position; `featured` keeps
 * featured ones only. `total` counts the same filtered set.
 */
export async function categoryContents(
  env: DB,
  lang: Lang,
  age: AgeLimit,
  categoryId: number,
  { limit, offset, featured = false }: { limit: number; offset: number; featured?: boolean },
): Promise<{ contents: Content[]; total: number }> {
  const where = `cc.category_id = ?2 AND c.parent_id IS NULL AND ${PUBLISHED} AND ${ageAllowed(3)} ${featured ? 'AND c.featured = 1' : ''}`;
  // The page, its titles with their categories and the size of the whole filtered set, in one
  // statement (the window counts before LIMIT).
  const { results } = await env.DB.prepare(`WITH page AS (SELECT c.id, cc.position, COUNT(*) OVER () AS total
        FROM content_categories cc JOIN contents c ON c.id = cc.content_id
        WHERE ${where} ORDER BY cc.position, c.id LIMIT ?4 OFFSET ?5)
      SELECT ${CONTENT_WITH_CATEGORIES}, page.total FROM page JOIN contents c ON c.id = page.id ${CONTENT_TEXT}
      ORDER BY page.position, c.id`)
    .bind(lang, categoryId, age, limit, offset)
    .all<ContentWithCategories & { total: number }>();
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total =
    results[0]?.total ??
    (offset === 0
      ? 0
      : ((await env.DB.prepare(`SELECT COUNT(*) AS n FROM content_categories cc JOIN contents c ON c.id = cc.content_id WHERE ${where}`).bind(lang, categoryId, age).first<{ n: number }>())?.n ?? 0));
  return { contents: results.map((row) => contentOf(row, lang)), total };
}

/** The playback facts of a content page (issue 5): where and how it can be played. */
export type ContentPlaybackFacts = {
  /** Own list, else the series' (JSON arrays of ISO codes; [] = everywhere). */
  allowed_countries: string;
  parent_countries: string | null;
  youtube_id: string | null;
  /** The content or its series is premium. */
  premium_any: number;
  has_media: number;
  has_trailer: number;
  /** The series of an episode (a ticket may have unlocked it). */
  parent_id: number | null;
};

/**
 * A published content by slug with its playback facts; null when there is none, 'restricted' when
 * the viewer's age limit hides it (its data is not even loaded).
 */
export async function contentBySlug(
  env: DB,
  lang: Lang,
  age: AgeLimit,
  slug: string,
): Promise<{ content: Content; playback: ContentPlaybackFacts } | 'restricted' | null> {
  const row = await env.DB.prepare(`SELECT c.id, c.parent_id, ${ageAllowed(2)} AS allowed, c.allowed_countries, p.allowed_countries AS parent_countries,
      c.youtube_id, (c.premium = 1 OR COALESCE(p.premium, 0) = 1) AS premium_any,
      EXISTS (SELECT 1 FROM media m WHERE m.content_id = c.id AND m.kind = 'main') AS has_media,
      EXISTS (SELECT 1 FROM media m WHERE m.content_id = c.id AND m.kind = 'trailer') AS has_trailer
      FROM contents c LEFT JOIN contents p ON p.id = c.parent_id WHERE c.slug = ?1 AND ${PUBLISHED}`)
    .bind(slug, age)
    .first<{ id: number; allowed: number } & ContentPlaybackFacts>();
  if (!row) return null;
  if (!row.allowed) return 'restricted';
  const [content] = await contentsByIds(env, lang, [row.id]);
  return content ? { content, playback: row } : null;
}

/** Episodes of a series grouped by season (none when the series, or an episode, is above the age limit). */
export async function seasonsOf(env: DB, lang: Lang, age: AgeLimit, seriesId: number): Promise<Season[]> {
  const { results } = await env.DB.prepare(`SELECT c.id, c.slug, c.season_number, c.episode_number, ${DURATION}, c.tile_image,
      COALESCE(t.name_long, te.name_long, c.original_title) AS name_long, COALESCE(t.synopsis, te.synopsis) AS synopsis
      FROM contents c ${CONTENT_TEXT} WHERE c.parent_id = ?2 AND ${PUBLISHED} AND ${ageAllowed(3)}
      ORDER BY c.season_number, c.episode_number`).bind(lang, seriesId, age).all<Episode>();
  const seasons = Map.groupBy(results, (e) => e.season_number);
  return [...seasons].map(([number, episodes]) => ({ number, episodes }));
}

/** Up to `limit` other published titles the viewer may see, sharing the content's format or genre categories. */
export async function relatedTo(env: DB, lang: Lang, age: AgeLimit, content: Content, limit = 12): Promise<Content[]> {
  const categoryIds = content.categories.filter((c) => c.parents[0]?.slug !== 'maturity').map((c) => c.id);
  const { results } = await env.DB.prepare(`SELECT c.id, COUNT(*) AS shared FROM content_categories cc
      JOIN contents c ON c.id = cc.content_id
      WHERE cc.category_id IN (SELECT value FROM json_each(?1)) AND c.id != ?2 AND c.parent_id IS NULL AND ${PUBLISHED} AND ${ageAllowed(4)}
      GROUP BY c.id ORDER BY shared DESC, c.publication_date_start DESC LIMIT ?3`)
    .bind(JSON.stringify(categoryIds), content.id, limit, age)
    .all<{ id: number }>();
  return contentsByIds(env, lang, results.map((r) => r.id));
}

export async function menuItems(env: DB, lang: Lang): Promise<MenuItem[]> {
  const { results } = await env.DB.prepare(`SELECT m.slug, m.type, COALESCE(t.name, te.name, m.slug) AS name FROM menu_items m
      LEFT JOIN menu_item_i18n t ON t.menu_item_id = m.id AND t.lang = ?1
      LEFT JOIN menu_item_i18n te ON te.menu_item_id = m.id AND te.lang = 'en'
      ORDER BY m.position, m.id`).bind(lang).all<MenuItem>();
  return results;
}

/**
 * Home rows: each navigation category with its first `perRow` contents the viewer may see, in
 * three queries. A row left with nothing to show is left out.
 */
export async function navigationRows(env: DB, lang: Lang, age: AgeLimit, perRow = 12): Promise<NavigationRow[]> {
  const [rows, members] = await env.DB.batch<{ id: number; category_id: number; slug: string; name: string; parent_slug: string | null } | { category_id: number; content_id: number }>([
    env.DB.prepare(`SELECT n.id, n.category_id, cat.slug, p.slug AS parent_slug, ${CATEGORY_NAME} AS name FROM navigation n
      JOIN categories cat ON cat.id = n.category_id LEFT JOIN categories p ON p.id = cat.parent_id ${CATEGORY_TEXT}
      ORDER BY n.position, n.id`).bind(lang),
    env.DB.prepare(`SELECT category_id, content_id FROM (
        SELECT cc.category_id, cc.content_id, ROW_NUMBER() OVER (PARTITION BY cc.category_id ORDER BY cc.position, c.id) AS rank
        FROM content_categories cc JOIN contents c ON c.id = cc.content_id
        WHERE cc.category_id IN (SELECT category_id FROM navigation) AND c.parent_id IS NULL AND ${PUBLISHED} AND ${ageAllowed(2)})
      WHERE rank <= ?1 ORDER BY category_id, rank`).bind(perRow, age),
  ]);
  const navRows = rows?.results as { id: number; category_id: number; slug: string; name: string; parent_slug: string | null }[];
  const memberRows = members?.results as { category_id: number; content_id: number }[];
  const contents = new Map((await contentsByIds(env, lang, [...new Set(memberRows.map((m) => m.content_id))])).map((c) => [c.id, c]));
  const byCategory = Map.groupBy(memberRows, (m) => m.category_id);
  return navRows
    .map((row) => ({
      id: row.id,
      category: { id: row.category_id, slug: row.slug, name: row.name, parents: row.parent_slug ? [{ slug: row.parent_slug }] : [] },
      contents: (byCategory.get(row.category_id) ?? []).flatMap((m) => contents.get(m.content_id) ?? []),
    }))
    .filter((row) => row.contents.length > 0);
}

/** The maturity ratings (children of 'maturity'), youngest first, named in the requested language. */
export async function maturityRatings(env: DB, lang: Lang): Promise<Rating[]> {
  const { results } = await env.DB.prepare(`SELECT cat.slug, cat.rating, ${CATEGORY_NAME} AS name FROM categories cat
      JOIN categories p ON p.id = cat.parent_id ${CATEGORY_TEXT}
      WHERE p.slug = 'maturity' AND cat.rating IS NOT NULL ORDER BY cat.rating, cat.position`).bind(lang).all<Rating>();
  return results;
}
