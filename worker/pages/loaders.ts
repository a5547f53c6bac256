import type { Context } from 'hono';
import { createApi, type Api } from '../../client/api';
import { Config } from '../api/configs/schemas';
import { CategoryPage, ContentPage, Menu, Navigation, TopContents } from '../api/pages/schemas';
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
export const loadNavigation = (c: Context<AppEnv>) => serverApi(c).request('/pages/navigation', (v) => Navigation.parse(v));
export const loadTop = (c: Context<AppEnv>, slug: string) =>
  serverApi(c).request(`/pages/category/top-${enc(slug)}`, (v) => TopContents.parse(v));
export const loadCategory = (c: Context<AppEnv>, slug: string, page = 1) =>
  serverApi(c).request(`/pages/category/${enc(slug)}?limit=40&page=${page}`, (v) => CategoryPage.parse(v));
export const loadContent = (c: Context<AppEnv>, slug: string) =>
  serverApi(c).request(`/pages/content/${enc(slug)}`, (v) => ContentPage.parse(v));
