import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readConfig } from './queries';

/** GET /configs (spec §7). */
export const configs = new Hono<AppEnv>().get('/', async (c) => c.json(await readConfig(c.env)));
