/**
 * What the search index is built from, shared by the worker (worker/api/search/queries.ts), the
 * reindex script and the seed: the SQL reading a title's searchable text from D1, the row it
 * answers, and the titles of a whole catalogue in rank order per language. Pure module.
 */
import { sortKeyIn, type SearchSource } from './normalize.ts';
import { compareTitles, rankAt } from './ranks.ts';

/** A title as the index needs it: what is searched, and its name per language (sorting; missing: English, then the original title). */
export type IndexedTitle = SearchSource & { sortNames: Readonly<Partial<Record<string, string>>> };

/** A row of searchSourceSql: `names` is a JSON object lang → name_long, `cast` and `episodes` JSON arrays. */
export type SearchSourceRow = {
  id: number;
  original_title: string;
  cast: string;
  director: string | null;
  production_year: number | null;
  names: string | null;
  episodes: string | null;
};

/** The top-level titles (films, series…) matching the SQL condition `where` on `c`, with all their text. */
export const searchSourceSql = (where = '1'): string => `SELECT c.id, c.original_title, c."cast" AS "cast", c.director, c.production_year,
  (SELECT json_group_object(t.lang, t.name_long) FROM content_i18n t WHERE t.content_id = c.id) AS names,
  (SELECT json_group_array(et.name_long) FROM contents e JOIN content_i18n et ON et.content_id = e.id WHERE e.parent_id = c.id) AS episodes
  FROM contents c WHERE c.parent_id IS NULL AND c.type IN ('video', 'playlist') AND ${where} ORDER BY c.id`;

export function indexedTitleFromRow(row: SearchSourceRow): IndexedTitle {
  const names = JSON.parse(row.names ?? '{}') as Record<string, string>;
  const cast = JSON.parse(row.cast) as unknown;
  const episodes = JSON.parse(row.episodes ?? '[]') as unknown;
  return {
    id: row.id,
    original_title: row.original_title,
    names: Object.values(names),
    cast: Array.isArray(cast) ? cast.map(String) : [],
    director: row.director,
    episodes: Array.isArray(episodes) ? episodes.map(String) : [],
    production_year: row.production_year,
    sortNames: names,
  };
}

/** Every title of a catalogue in `lang`'s title order, with its sort key and the rank of a full build. */
export const rankedTitles = (titles: readonly IndexedTitle[], lang: string): { id: number; key: string; rank: number }[] =>
  titles
    .map((t) => ({ id: t.id, key: sortKeyIn(t.sortNames, lang, t.original_title) }))
    .toSorted(compareTitles)
    .map((t, position) => ({ ...t, rank: rankAt(lang, position) }));
