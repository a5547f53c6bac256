import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../errors';
import { langQuery } from '../schemas';
import { effectiveCountries } from '../entitlements/access';
import { accessFor, playbackViewer, requestedProfile, requestTicketFacts, viewerAgeLimit } from '../entitlements/routes';
import { now } from '../kernel/clock';
import { libraryOffer } from '../entitlements/library';
import { validationHook } from '../kernel/validation';
import {
  categoryBySlug,
  categoryContents,
  contentBySlug,
  maturityRatings,
  menuItems,
  navigationRows,
  relatedTo,
  seasonsOf,
  visibleContentsByIds,
} from './queries';
import { contentsQuery, listQuery, slugParam, type CategoryPage, type ContentPage, type ContentsList, type Rating, type TopContents } from './schemas';

/** Top content (spec §9): the first 5 featured items. */
export const TOP_CONTENT_COUNT = 5;

/**
 * Catalogue pages of spec §7: navigation, menu, content, category and top-{slug}, plus the maturity
 * ratings. Contents are filtered by the viewer's age limit (spec §5, `viewerAgeLimit`: optional
 * Bearer and `profileId`; guests see everything); a title above it answers 403 CONTENT_NOT_AVAILABLE.
 */
export const pages = new Hono<AppEnv>()
  .get('/navigation', zValidator('query', langQuery, validationHook), async (c) => {
    const age = await viewerAgeLimit(c);
    return c.json(await navigationRows(c.env, c.req.valid('query').lang, age));
  })
  .get('/ratings', zValidator('query', langQuery, validationHook), async (c) =>
    c.json((await maturityRatings(c.env, c.req.valid('query').lang)) satisfies Rating[]),
  )
  .get('/menu', zValidator('query', langQuery, validationHook), async (c) =>
    c.json(await menuItems(c.env, c.req.valid('query').lang)),
  )
  /** Spec §7: favourites fetched in batches of at most 20 ids (and the history rows), age-filtered. */
  .get('/contents', zValidator('query', contentsQuery, validationHook), async (c) => {
    const { lang, ids, direction } = c.req.valid('query');
    const ordered = direction === 'desc' ? [...ids].reverse() : ids;
    const contents = await visibleContentsByIds(c.env, lang, await viewerAgeLimit(c), ordered);
    return c.json({ contents } satisfies ContentsList, 200, { 'Cache-Control': 'private, no-store' });
  })
  .get('/content/:slug', zValidator('param', slugParam, validationHook), zValidator('query', listQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang, limit } = c.req.valid('query');
    // The viewer's age limit (as viewerAgeLimit), plus the subscription `access` depends on.
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const { age } = viewer;
    const found = await contentBySlug(c.env, lang, age, slug);
    if (!found) apiError(404, 'CONTENT_NOT_FOUND', slug);
    if (found === 'restricted') apiError(403, 'CONTENT_NOT_AVAILABLE', slug);
    const { content, playback } = found;
    const unlockable = [content.id, ...(playback.parent_id !== null ? [playback.parent_id] : [])];
    const allowed_countries = effectiveCountries(playback.allowed_countries, playback.parent_countries);
    const premiumForThem = playback.premium_any === 1 && !viewer.subscribed;
    const [seasons, related, access, library] = await Promise.all([
      content.type === 'playlist' ? seasonsOf(c.env, lang, age, content.id) : [],
      relatedTo(c.env, lang, age, content, Math.min(limit, 12)),
      accessFor(c, viewer, { premium: playback.premium_any === 1, allowedCountries: allowed_countries }, unlockable),
      // Library titles (issue 17): the libraries including it, the viewer's card and loan, in the same parallel loads.
      premiumForThem ? libraryOffer(c.env.DB, viewer.user?.id ?? null, unlockable, lang, now(c)) : null,
    ]);
    const tickets = await requestTicketFacts(c, viewer, premiumForThem, unlockable);
    const facts = { allowed_countries, youtube_id: playback.youtube_id, has_media: playback.has_media === 1, has_trailer: playback.has_trailer === 1, access, tickets, library };
    return c.json({ content: { ...content, seasons, ...facts }, related } satisfies ContentPage);
  })
  .get('/category/:slug', zValidator('param', slugParam, validationHook), zValidator('query', listQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang, limit, page } = c.req.valid('query');
    const top = slug.startsWith('top-');
    const categorySlug = top ? slug.slice('top-'.length) : slug;
    const [age, category] = await Promise.all([viewerAgeLimit(c), categoryBySlug(c.env, lang, categorySlug)]);
    if (!category) apiError(404, 'CATEGORY_NOT_FOUND', categorySlug);
    if (top) {
      const { contents } = await categoryContents(c.env, lang, age, category.id, { limit: TOP_CONTENT_COUNT, offset: 0, featured: true });
      return c.json({ contents } satisfies TopContents);
    }
    const { contents, total } = await categoryContents(c.env, lang, age, category.id, { limit, offset: (page - 1) * limit });
    return c.json({ category, contents, total, page, limit } satisfies CategoryPage);
  });
