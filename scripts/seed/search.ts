/**
 * The search index (worker/db/migrations/0005_search.sql) of a whole catalogue as SQL statements:
 * per language, the titles in order, each with its rank (worker/rules/search/ranks.ts), its sort key and
 * its FTS row, all normalised by worker/rules/search/normalize.ts.
 *
 * PURE module (no node: imports): used by the demo seed (seedStatements), by the reindex script
 * (scripts/search/reindex.ts, from the rows of a database) and by the search bench.
 */
import { searchDocument } from '../../worker/rules/search/normalize.ts';
import { ftsTable, RANK_LANGS } from '../../worker/rules/search/ranks.ts';
import { rankedTitles, type IndexedTitle } from '../../worker/rules/search/source.ts';
import type { I18n, TitleSeed } from './types.ts';

export type { IndexedTitle };

const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** Rows per INSERT statement (D1 statements stay well under its size limit). */
const ROWS_PER_STATEMENT = 200;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Statements emptying the index. */
export const clearSearchIndexStatements = (): string[] => [...RANK_LANGS.map((lang) => `DELETE FROM ${ftsTable(lang)}`), 'DELETE FROM search_titles'];

/**
 * INSERT statements (no trailing semicolons) of the index of `titles`, which must be the whole
 * catalogue and the index empty: ranks are given in title order, with gaps.
 */
export function searchIndexStatements(titles: readonly IndexedTitle[]): string[] {
  const out: string[] = [];
  const docs = new Map(titles.map((t) => [t.id, searchDocument(t)]));
  for (const lang of RANK_LANGS) {
    for (const part of chunks(rankedTitles(titles, lang), ROWS_PER_STATEMENT)) {
      out.push(`INSERT INTO search_titles (content_id, lang, sort_key, rank) VALUES\n  ${part.map((t) => `(${t.id}, ${quote(lang)}, ${quote(t.key)}, ${t.rank})`).join(',\n  ')}`);
      out.push(
        `INSERT INTO ${ftsTable(lang)} (rowid, titles, people, episodes, facets) VALUES\n  ${part
          .map((t) => {
            const d = docs.get(t.id);
            return `(${t.rank}, ${quote(d?.titles ?? '')}, ${quote(d?.people ?? '')}, ${quote(d?.episodes ?? '')}, ${quote(d?.facets ?? '')})`;
          })
          .join(',\n  ')}`,
      );
    }
  }
  return out;
}

/** The demo catalogue's titles as the index needs them (episodes' names go to their series). */
export function seedIndexedTitles(titles: readonly TitleSeed[]): IndexedTitle[] {
  const all = (text: I18n): string[] => RANK_LANGS.map((lang) => text[lang]);
  return titles.map((t) => ({
    id: t.id,
    original_title: t.originalTitle,
    names: all(t.name),
    cast: t.cast,
    director: t.director,
    episodes: (t.seasons ?? []).flatMap((s) => s.episodes.flatMap((e) => all(e.name))),
    production_year: t.productionYear,
    sortNames: t.name,
  }));
}

/** Index statements of the demo catalogue (appended to seedStatements()). */
export const seedSearchStatements = (titles: readonly TitleSeed[]): string[] => searchIndexStatements(seedIndexedTitles(titles));
