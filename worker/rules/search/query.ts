/**
 * The /search page's criteria (spec §2 /search?q=, §4 Search, §9): read from the page URL, written
 * back to it (shareable results) and turned into the API call GET /pages/search/. Shared by the
 * page route (worker/pages/search) and the search island. Pure module.
 */

/** Spec §9: search page size 40; a page with fewer is the last one (spec §4 end flag). */
export const SEARCH_PAGE_SIZE = 40;
/** Spec §4, §9: the search runs 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_PATH = '/search';

export type Direction = 'asc' | 'desc';
export type SearchType = 'video' | 'playlist';

/** What the viewer asked for. Empty strings mean "any". */
export type SearchCriteria = {
  /** The text, trimmed (spec §5). */
  q: string;
  year: string;
  /** A format category slug (films, series…). */
  format: string;
  /** A genre category slug. */
  genre: string;
  type: '' | SearchType;
  direction: Direction;
};

export const EMPTY_CRITERIA: SearchCriteria = { q: '', year: '', format: '', genre: '', type: '', direction: 'asc' };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const YEAR = /^\d{4}$/;

/** Criteria of a /search URL; unknown or malformed values are ignored (the page still renders). */
export function criteriaFromUrl(params: URLSearchParams): SearchCriteria {
  const get = (name: string) => (params.get(name) ?? '').trim();
  const type = get('type');
  return {
    q: get('q').slice(0, 200),
    year: YEAR.test(get('year')) ? get('year') : '',
    format: SLUG.test(get('format')) ? get('format') : '',
    genre: SLUG.test(get('genre')) ? get('genre') : '',
    type: type === 'video' || type === 'playlist' ? type : '',
    direction: get('direction') === 'desc' ? 'desc' : 'asc',
  };
}

/** True when the viewer asked for something (text or a filter); otherwise only recommendations show. */
export const hasCriteria = (c: SearchCriteria): boolean => c.q !== '' || c.year !== '' || c.format !== '' || c.genre !== '' || c.type !== '';

/** The shareable page URL of some criteria (defaults left out): `/search?q=casa&year=2024`. */
export function searchPageUrl(c: SearchCriteria, page = 1): string {
  const params = new URLSearchParams();
  if (c.q) params.set('q', c.q);
  if (c.year) params.set('year', c.year);
  if (c.format) params.set('format', c.format);
  if (c.genre) params.set('genre', c.genre);
  if (c.type) params.set('type', c.type);
  if (c.direction !== 'asc') params.set('direction', c.direction);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}

/** The API path of one page of results (spec §7 GET /pages/search{product}/). */
export function searchApiPath(c: SearchCriteria, { page, lang, origin = 'search', profileId }: { page: number; lang: string; origin?: string; profileId?: number | null }): string {
  const params = new URLSearchParams({ lang, filter: c.q, direction: c.direction, page: String(page), page_size: String(SEARCH_PAGE_SIZE), origin });
  if (c.year) params.set('year', c.year);
  const categories = [c.format, c.genre].filter((s) => s !== '');
  if (categories.length) params.set('categories', categories.join(','));
  if (c.type) params.set('types', c.type);
  if (profileId != null) params.set('profileId', String(profileId));
  return `/pages/search/?${params.toString()}`;
}

/** What a result tile needs (the island's props stay small). */
export type SearchTile = {
  id: number;
  slug: string;
  name_long: string;
  vertical_image: string | null;
  premium: boolean;
  /** The content type (spec §3): a film is `video`, a series `playlist`. */
  type: 'video' | 'playlist' | 'grid' | 'webview';
};
export const toSearchTile = ({ id, slug, name_long, vertical_image, premium, type }: SearchTile): SearchTile => ({ id, slug, name_long, vertical_image, premium, type });
