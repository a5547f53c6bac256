import { Hono } from 'hono';
import type { AppEnv } from '../../env';

/** Placeholder: page routes of the auth pages (being written). */
export const authPages = new Hono<AppEnv>();
