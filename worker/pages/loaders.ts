import type { Context } from 'hono';
import { createApi, type Api } from '../../client/api';
import { Config } from '../api/configs/schemas';
import { CategoryPage, ContentPage, Menu, Navigation, Ratings, TopContents } from '../api/pages/schemas';
import type { AppEnv } from '../env';
import { forward } from '../proxy';

/** The API client of page loaders: in-process through the proxy (cache, headers, API_ORIGIN). */
export const serverApi = (c: Context<AppEnv>): Api => createApi((path, init) => forward(c, path, init));

const enc = encodeURIComponent;

/** Loaders of spec §7 calls, each answer checked with its zod schema (the API may be external). */
/** The config, fetched once per request (the access mode and the document both need it). */
export function loadConfig(c: Context<AppEnv>): Promise<Config> {
  let config = c.get('config');
  if (!config) {
    config = serverApi(c).request('/configs', (v) => Config.parse(v));
    c.set('config', config);
  }
  return config;
}
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
