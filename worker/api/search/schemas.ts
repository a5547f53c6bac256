import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from '../../rules/search/query';
import { CategoryRef, Content } from '../pages/schemas';
import { Ad } from '../partners/schemas';
import { langQuery, slug } from '../schemas';

/** Longest search text accepted (characters, after trimming). */
export const SEARCH_TEXT_MAX = 200;
/** Titles offered when a search finds nothing (spec §7: recommendations). */
export const RECOMMENDATIONS_COUNT = 12;
export const SEARCH_TYPES = ['video', 'playlist'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** An absent parameter and an empty one (`?year=` from a form) mean the same: not given. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A comma-joined list (spec §7 categories, types): empty items are ignored, duplicates kept once. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => [...new Set((v ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''))])
    .pipe(z.array(item).max(max, `at most ${max} items`));

/**
 * Query of GET /pages/search{product}/ (spec §7): filter (the text, trimmed, spec §5), year
 * (production year), categories (comma-joined slugs: a title must be in each), types (comma-joined
 * video|playlist), direction (asc by default: by title A→Z in the requested language), page
 * (1-based), page_size (40 at most), origin (where the search started: accepted, not used),
 * profileId (the profile watching, whose age limit filters, spec §5).
 */
export const searchQuery = langQuery.extend({
  filter: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(SEARCH_TEXT_MAX, `at most ${SEARCH_TEXT_MAX} characters`)),
  year: optional(z.coerce.number().int().min(1888).max(2100)),
  categories: commaList(slug, 10),
  types: commaList(z.enum(SEARCH_TYPES), SEARCH_TYPES.length),
  direction: optional(z.enum(['asc', 'desc'])).transform((v) => v ?? 'asc'),
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  page_size: optional(z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE)).transform((v) => v ?? SEARCH_PAGE_SIZE),
  origin: optional(z.string().max(64)),
  proxy: z.string().optional(),
  profileId: optional(z.coerce.number().int().min(0)),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** `search{product}`: the route name, 'search' followed by an optional product (a category slug). */
export const searchRoute = z.object({
  route: z
    .string()
    .regex(/^search(?:[-_]?[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'must be search or search-{category slug}')
    .transform((r) => r.slice('search'.length).replace(/^[-_]/, '')),
});

/**
 * GET /pages/search{product}/ (spec §3 Search data, §7): one page of results, the ads of the
 * search page (the search-placement ads running now in the language, worker/api/partners) and,
 * when the first page is empty, recommended titles. Both lists of titles are filtered by the
 * viewer's age limit.
 */
export const SearchPage = z.object({
  contents: z.object({
    data: z.array(Content),
    page: z.number(),
    page_size: z.number(),
    /** True when this page is the last one (it holds fewer than page_size titles). */
    end: z.boolean(),
  }),
  ads: z.array(Ad),
  recommendations: z.array(Content),
});
export type SearchPage = z.infer<typeof SearchPage>;

/** GET /pages/search/filters: what the search page offers to filter by. */
export const SearchFilters = z.object({
  /** Production years of the titles the viewer may see, newest first. */
  years: z.array(z.number()),
  /** Format categories (those linked from the menu: films, series…). */
  formats: z.array(CategoryRef),
  /** Children of the 'genres' category. */
  genres: z.array(CategoryRef),
});
export type SearchFilters = z.infer<typeof SearchFilters>;
