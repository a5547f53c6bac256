import { Hono } from 'hono';
import type { AppEnv } from '../../env';

/** Favourites and likes per profile (spec §4 Favourites and likes, §7 /actions/fav|like/{id}). */
export const favs = new Hono<AppEnv>();
