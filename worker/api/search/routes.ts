import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { searchMatch } from '../../rules/search/normalize';
import type { AppEnv } from '../../env';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { placementAds } from '../partners/queries';
import { viewerAgeLimit } from '../entitlements/routes';
import { langQuery } from '../schemas';
import { validationHook } from '../kernel/validation';
import { categoryExists, recommendedContents, searchContents, searchFilters } from './queries';
import { RECOMMENDATIONS_COUNT, searchQuery, searchRoute, type SearchFilters, type SearchPage } from './schemas';

/**
 * Search (spec §4 Search, §5 Search text, §7 `GET /pages/search{product}/`), mounted under /pages.
 *
 * - `/pages/search/` searches the whole catalogue; `/pages/search{product}/` (e.g.
 *   `/pages/search-kids/`) only the titles of the category `product` (404 CATEGORY_NOT_FOUND).
 * - `filter` is trimmed and normalised (worker/rules/search/normalize.ts), then matched with FTS5 against
 *   every name of a title, its original title, cast, director and its episodes' titles; every word
 *   must match, the last one as a prefix. With neither text nor year, categories or types, the
 *   answer has no contents (and so recommendations).
 * - Results are the published top-level titles (an episode's title finds its series), sorted by
 *   title in the requested language, A→Z (`direction=asc`, the default) or Z→A (`desc`).
 * - `recommendations` (featured, then newest titles) come with an empty first page; both lists are
 *   filtered by the viewer's age limit (spec §5). `ads`: the search-placement ads running now in the language.
 */
export const search = new Hono<AppEnv>()
  .get('/search/filters', zValidator('query', langQuery, validationHook), async (c) => {
    const age = await viewerAgeLimit(c);
    return c.json((await searchFilters(c.env, c.req.valid('query').lang, age)) satisfies SearchFilters);
  })
  .get('/:route{search[A-Za-z0-9_-]*}', zValidator('param', searchRoute, validationHook), zValidator('query', searchQuery, validationHook), async (c) => {
    const product = c.req.valid('param').route;
    const query = c.req.valid('query');
    const [age, productFound, ads] = await Promise.all([
      viewerAgeLimit(c),
      product ? categoryExists(c.env, product) : true,
      placementAds(c.env, query.lang, now(c), 'search'),
    ]);
    if (!productFound) apiError(404, 'CATEGORY_NOT_FOUND', product);
    const match = searchMatch(query.filter, query.year);
    const categories = product ? [...new Set([product, ...query.categories])] : query.categories;
    // Typed text with nothing searchable in it ('!!!') finds nothing; no criteria at all lists nothing.
    const asked = query.filter !== '' || query.year !== undefined || categories.length > 0 || query.types.length > 0;
    const { contents, end } =
      match === null || !asked
        ? { contents: [], end: true }
        : await searchContents(c.env, query.lang, age, {
            match,
            year: query.year,
            categories,
            types: query.types,
            direction: query.direction,
            offset: (query.page - 1) * query.page_size,
            limit: query.page_size,
          });
    const recommendations = contents.length === 0 && query.page === 1 ? await recommendedContents(c.env, query.lang, age, RECOMMENDATIONS_COUNT) : [];
    return c.json({
      contents: { data: contents, page: query.page, page_size: query.page_size, end },
      ads,
      recommendations,
    } satisfies SearchPage);
  });
