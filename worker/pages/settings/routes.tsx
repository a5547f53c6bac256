import { Hono } from 'hono';
import type { AppEnv } from '../../env';

/** Placeholder: page routes of the settings pages (being written). */
export const settingsPages = new Hono<AppEnv>();
