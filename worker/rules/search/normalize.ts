/**
 * Search text normalisation (spec §4 Search, §5 Search text), the ONE function applied to titles
 * and people before they are indexed (scripts/seed/search.ts, worker/api/search/queries.ts) and to
 * what a viewer types before it is matched (worker/api/search/routes.ts, the search island).
 *
 * Pure module, no imports: it runs in the worker, the browser and Node scripts alike.
 *
 * - case: lower-cased; compatibility forms unfolded (ligatures, presentation forms, full-width);
 * - Latin: accents removed (é→e, ñ→n, ç→c, ü→u…), œ→oe, æ→ae, ß→ss;
 * - Arabic: diacritics (tashkeel U+064B–U+065F, superscript alef U+0670, Quranic marks) and
 *   tatweel (U+0640) removed; alef forms أ إ آ ٱ → ا; ؤ → و; ئ → ي; taa marbuta ة → ه;
 *   alef maqsura ى → ي; Persian yeh/kaf → Arabic; Arabic-Indic digits → 0-9;
 * - everything that is not a letter or a digit separates words.
 */

/** Combining marks removed after canonical decomposition: Latin accents and Arabic diacritics. */
const MARKS = /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u0640]/g;

const FOLD: Readonly<Record<string, string>> = {
  // alef forms that survive decomposition (hamza forms decompose to ا + mark)
  'ٱ': 'ا', 'ٲ': 'ا', 'ٳ': 'ا', 'ٵ': 'ا',
  'ة': 'ه', 'ۀ': 'ه', 'ە': 'ه',
  'ى': 'ي', 'ی': 'ي', 'ې': 'ي', 'ۍ': 'ي',
  'ک': 'ك', 'ڪ': 'ك',
  'œ': 'oe', 'æ': 'ae', 'ß': 'ss', 'ø': 'o', 'đ': 'd', 'ł': 'l', 'ı': 'i',
  '٠': '0', '١': '1', '٢': '2', '٣': '3', '٤': '4', '٥': '5', '٦': '6', '٧': '7', '٨': '8', '٩': '9',
  '۰': '0', '۱': '1', '۲': '2', '۳': '3', '۴': '4', '۵': '5', '۶': '6', '۷': '7', '۸': '8', '۹': '9',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * Normalises text for search: see the module comment. Words are separated by single spaces.
 *
 *   normalizeSearch('L’Épicerie  de Hamid') === 'l epicerie de hamid'
 *   normalizeSearch('إلرّباط') === normalizeSearch('الرباط') === 'الرباط'
 */
export function normalizeSearch(text: string): string {
  return searchWords(text).join(' ');
}

/** The normalised words of `text`, in order (see normalizeSearch). */
export function searchWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(FOLDABLE, (ch) => FOLD[ch] ?? ch)
    .normalize('NFC');
  return folded.split(SEPARATORS).filter((w) => w !== '');
}

/** Arabic definite article: a word 'ال…' is also indexed without it, so 'رباط' finds 'الرباط'. */
const ARTICLE = 'ال';
const withoutArticle = (word: string): string | null => (word.startsWith(ARTICLE) && word.length >= ARTICLE.length + 2 ? word.slice(ARTICLE.length) : null);

/** Index text of some values: their normalised words, each once, plus Arabic words without the article. */
export function indexText(values: readonly (string | null | undefined)[]): string {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    for (const word of searchWords(value)) {
      words.add(word);
      const bare = withoutArticle(word);
      if (bare) words.add(bare);
    }
  }
  return [...words].join(' ');
}

/** Most words of a query that are matched (longer queries keep their first words). */
export const MAX_QUERY_WORDS = 8;

/**
 * The FTS5 MATCH expression of what the viewer typed: every normalised word must appear (in a
 * title, an original title, a person or an episode title), the last one as a prefix (type-ahead).
 * Null when nothing searchable was typed. Words are quoted, so FTS5 operators typed by the viewer
 * (AND, OR, NOT, NEAR, column filters) are plain words.
 *
 *   ftsQuery('Derniere  Cara') === '"derniere" "cara"*'
 */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** Sort key of a title: its normalised words, so 'Él' sorts with 'el' and 'إ' with 'ا'. */
export const sortKey = (title: string): string => normalizeSearch(title);

/**
 * The sort key of a title in `lang`: its name in that language, else in English, else its
 * original title (the same fallback as the catalogue's name_long).
 */
export const sortKeyIn = (names: Readonly<Partial<Record<string, string>>>, lang: string, originalTitle: string): string =>
  sortKey(names[lang] ?? names.en ?? originalTitle);

/** What is indexed of one top-level title (a film, a series…). */
export type SearchSource = {
  id: number;
  original_title: string;
  /** name_long in every language the title has. */
  names: readonly string[];
  cast: readonly string[];
  director: string | null;
  /** Titles of a series' episodes in every language (a series is found by its episodes' names). */
  episodes: readonly string[];
  production_year: number | null;
};

/** The FTS columns of a title (worker/db/migrations/0005_search.sql). */
export type SearchDocument = { titles: string; people: string; episodes: string; facets: string };

/** Facet tokens: every title has 'all' (filters without text), and 'y{year}' (the year filter). */
export const ALL_FACET = 'all';
export const yearFacet = (year: number): string => `y${year}`;

export function searchDocument(source: SearchSource): SearchDocument {
  return {
    titles: indexText([source.original_title, ...source.names]),
    people: indexText([...source.cast, source.director]),
    episodes: indexText(source.episodes),
    facets: [ALL_FACET, ...(source.production_year === null ? [] : [yearFacet(source.production_year)])].join(' '),
  };
}

/**
 * The MATCH expression of a search: the viewer's words (ftsQuery) in the text columns, the year
 * as a facet; 'all' when there is neither (every title, in order). Null when text was typed but
 * nothing in it is searchable.
 */
export function searchMatch(text: string, year: number | undefined): string | null {
  const words = text.trim() === '' ? '' : ftsQuery(text);
  if (words === null) return null;
  const parts = [...(words ? [`{titles people episodes} : (${words})`] : []), ...(year === undefined ? [] : [`facets : "${yearFacet(year)}"`])];
  return parts.length ? parts.join(' AND ') : `facets : "${ALL_FACET}"`;
}
