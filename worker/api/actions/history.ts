import { Hono } from 'hono';
import type { AppEnv } from '../../env';

/** Watch history (spec §7 DELETE /actions/watched: erase history). */
export const history = new Hono<AppEnv>();
