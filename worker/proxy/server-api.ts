import type { Context } from 'hono';
import { Config } from '../api/configs/schemas';
import type { AppEnv } from '../env';
import { createApi, type Api } from '../rules/api-client';
import { forward } from '.';

/** The API client of page loaders: in-process through the proxy (cache, headers, API_ORIGIN). */
export const serverApi = (c: Context<AppEnv>): Api => createApi((path, init) => forward(c, path, init));

/** The config, fetched once per request (the access mode and the document both need it). */
export function loadConfig(c: Context<AppEnv>): Promise<Config> {
  let config = c.get('config');
  if (!config) {
    config = serverApi(c).request('/configs', (v) => Config.parse(v));
    c.set('config', config);
  }
  return config;
}
