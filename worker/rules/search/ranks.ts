/**
 * Ranks of the search index (worker/db/migrations/0005_search.sql): the FTS rowid of a title in a
 * language is its place in that language's title order, so FTS5 hands results over already sorted.
 *
 *   rank = slot(lang) · 2^40 + (position + 1) · 2^16
 *
 * Each language has its own FTS table (ftsTable) and range of 2^40 ranks (room for 16 million
 * titles; ranks are unique across languages in search_titles); positions are
 * 2^16 apart so a title added later takes the midpoint between its neighbours (16 halvings at
 * the same place before a rebuild is needed). Pure module.
 */
export const RANK_LANGS = ['en', 'fr', 'ar', 'es'] as const;
export type RankLang = (typeof RANK_LANGS)[number];

export const RANK_SPAN = 2 ** 40;
export const RANK_GAP = 2 ** 16;

export const langSlot = (lang: string): number => {
  const slot = (RANK_LANGS as readonly string[]).indexOf(lang);
  return slot < 0 ? 0 : slot;
};
/** The FTS table of a language's index. */
export const ftsTable = (lang: string): `search_fts_${RankLang}` => `search_fts_${RANK_LANGS[langSlot(lang)] ?? 'en'}`;
/** First rowid of a language's range (inclusive) and the first of the next one (exclusive). */
export const rankRange = (lang: string): [number, number] => [langSlot(lang) * RANK_SPAN, (langSlot(lang) + 1) * RANK_SPAN];
/** The rank of the `position`-th title (0-based) of a full build. */
export const rankAt = (lang: string, position: number): number => langSlot(lang) * RANK_SPAN + (position + 1) * RANK_GAP;

/** Title order: sort key by code point (as SQLite compares UTF-8 text), then id. */
export function compareTitles(a: { key: string; id: number }, b: { key: string; id: number }): number {
  if (a.key !== b.key) {
    const x = [...a.key];
    const y = [...b.key];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  }
  return a.id - b.id;
}
