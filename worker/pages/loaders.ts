import type { Context } from 'hono';
import { CONTINUE_WATCHING_SCAN, continueWatching, watchedTitles, type WatchedTitle } from '../rules/watched';
import { z } from 'zod';
import { Config } from '../api/configs/schemas';
import { Plan } from '../api/payments/schemas';
import { CategoryPage, ContentPage, CONTENTS_BATCH, ContentsList, Menu, Navigation, Ratings, TopContents, type Content } from '../api/pages/schemas';
import type { AppEnv } from '../env';
import { loadConfig, serverApi } from '../proxy/server-api';

/** The API client of page loaders and the per-request config live with the proxy (worker/proxy/server-api.ts). */
export { loadConfig, serverApi };

/** The ticket packs on sale (pay per title). */
export const loadPacks = (c: Context<AppEnv>) => serverApi(c).request('/payments/packs', (v) => z.array(Plan).parse(v));

/** A plan or a ticket pack by id (a transaction's plan_id names either); undefined when neither is on sale any more. */
export async function loadPlanOrPack(c: Context<AppEnv>, id: number): Promise<Plan | undefined> {
  const [config, packs] = await Promise.all([loadConfig(c), loadPacks(c)]);
  return [...config.subscriptions, ...packs].find((p) => p.id === id);
}

const enc = encodeURIComponent;

/** Loaders of spec §7 calls, each answer checked with its zod schema (the API may be external). */
export const loadMenu = (c: Context<AppEnv>) => serverApi(c).request('/pages/menu', (v) => Menu.parse(v));
/** The maturity ratings, youngest first (age-restriction selects and labels of the profile pages). */
export const loadRatings = (c: Context<AppEnv>) => serverApi(c).request('/pages/ratings', (v) => Ratings.parse(v));

/**
 * Spec §7 `profileId`: a logged-in visitor's catalogue calls name the profile watching, whose age
 * limit filters the answer (spec §5). Guests send none (their calls may come from the KV cache),
 * nor does a visitor whose profile is still locked: the API then filters as the session's profile.
 */
export function forProfile(c: Context<AppEnv>, path: string): string {
  const user = c.get('user');
  if (!user || user.isAnonymous || user.profile.locked) return path;
  return `${path}${path.includes('?') ? '&' : '?'}profileId=${user.profile.id}`;
}

export const loadNavigation = (c: Context<AppEnv>) => serverApi(c).request(forProfile(c, '/pages/navigation'), (v) => Navigation.parse(v));
export const loadTop = (c: Context<AppEnv>, slug: string) =>
  serverApi(c).request(forProfile(c, `/pages/category/top-${enc(slug)}`), (v) => TopContents.parse(v));
export const loadCategory = (c: Context<AppEnv>, slug: string, page = 1) =>
  serverApi(c).request(forProfile(c, `/pages/category/${enc(slug)}?limit=40&page=${page}`), (v) => CategoryPage.parse(v));
export const loadContent = (c: Context<AppEnv>, slug: string) =>
  serverApi(c).request(forProfile(c, `/pages/content/${enc(slug)}`), (v) => ContentPage.parse(v));

/**
 * GET /pages/contents for any number of ids, in parallel batches of CONTENTS_BATCH (spec §9):
 * the visible contents in the order of `ids` ('asc') or the reverse ('desc': My List, newest
 * first, is fetched with `direction=desc` in batches cut from the end of `favs`); unknown,
 * unpublished and age-restricted ids are left out by the API.
 */
export async function loadContents(c: Context<AppEnv>, ids: readonly number[], direction: 'asc' | 'desc' = 'asc'): Promise<Content[]> {
  const batches: number[][] = [];
  if (direction === 'asc') for (let i = 0; i < ids.length; i += CONTENTS_BATCH) batches.push(ids.slice(i, i + CONTENTS_BATCH));
  else for (let end = ids.length; end > 0; end -= CONTENTS_BATCH) batches.push(ids.slice(Math.max(0, end - CONTENTS_BATCH), end));
  const api = serverApi(c);
  const answers = await Promise.all(
    batches.map((batch) => api.request(forProfile(c, `/pages/contents?ids=${batch.join(',')}&direction=${direction}`), (v) => ContentsList.parse(v).contents)),
  );
  return answers.flat();
}

/**
 * The home page's Continue watching row (spec §3 watchedContents: empty with hide_watched): the
 * profile's most recent unfinished titles. Null when there is nothing to look up (guests, hidden
 * history, nothing watched yet), so the page renders no placeholder for it.
 */
export function loadContinueWatching(c: Context<AppEnv>): Promise<WatchedTitle<Content>[]> | null {
  const user = c.get('user');
  if (!user || user.isAnonymous || user.hide_watched || user.watchedContents.length === 0) return null;
  const recent = user.watchedContents.slice(0, CONTINUE_WATCHING_SCAN);
  return loadContents(c, recent.map((w) => w.id)).then((contents) => continueWatching(watchedTitles(recent, contents)));
}
