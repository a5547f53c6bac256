import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { requireAuth } from '../kernel/auth';
import { apiError } from '../errors';
import { playbackViewer } from '../entitlements/access';
import { watchTarget } from '../player/queries';
import { contentIdParam } from '../player/schemas';
import { requestedProfile } from '../profiles/viewer';
import { optionalJsonBody, validationHook } from '../kernel/validation';

/** The two per-profile toggles of spec §4 Favourites and likes: /actions/fav/{id} and /actions/like/{id}. */
export const ToggleType = z.enum(['fav', 'like']);
export type ToggleType = z.infer<typeof ToggleType>;

/** POST /actions/{fav|like}/{id} body: the profile (spec §7); the session's current profile when left out. */
export const ToggleBody = z.object({ profile: z.number().int().min(1).optional() }).strict();

/** The answer of a toggle: the title, the list it belongs to, and whether it is in it now. */
export const ToggleAnswer = z.object({ id: z.number(), type: ToggleType, active: z.boolean() });
export type ToggleAnswer = z.infer<typeof ToggleAnswer>;

const routeParams = contentIdParam.extend({ type: ToggleType });
const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * Adds or removes one title from the viewing profile's favourites or likes. Both directions are
 * idempotent (one row per profile, title and type). The profile must be the caller's (404
 * PROFILE_NOT_FOUND, nothing written) and unlocked (403 PROFILE_LOCKED); the title must exist
 * and be published (404 CONTENT_NOT_FOUND), and adding needs it within the profile's age limit
 * (403 CONTENT_NOT_AVAILABLE). Removing always works, so a list can be cleaned after a limit change.
 */
async function toggle(c: Context<AppEnv>, type: ToggleType, contentId: number, active: boolean, profile: number | undefined): Promise<Response> {
  const viewer = await playbackViewer(c, profile);
  if (!viewer.user || !viewer.profile) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
  const db = c.env.DB;
  if (active) {
    const target = await watchTarget(c.env, contentId, viewer.age);
    if (!target) apiError(404, 'CONTENT_NOT_FOUND', String(contentId));
    if (!target.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', String(contentId));
    const now = new Date().toISOString();
    await db
      .prepare(`INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
        ON CONFLICT (profile_id, content_id, type) DO NOTHING`)
      .bind(viewer.user.id, viewer.profile.id, contentId, type, now)
      .run();
  } else {
    await db.prepare('DELETE FROM actions WHERE profile_id = ?1 AND content_id = ?2 AND type = ?3').bind(viewer.profile.id, contentId, type).run();
  }
  return c.json({ id: contentId, type, active } satisfies ToggleAnswer, 200, NO_STORE);
}

/**
 * Favourites (My List) and likes per profile (spec §4 Favourites and likes, §7):
 * POST /actions/{fav|like}/{id} {profile?} adds, DELETE /actions/{fav|like}/{id}?profile={id} removes.
 * Logged-in callers only: guests keep favourites locally (client/favs) until they log in.
 */
export const favs = new Hono<AppEnv>()
  .post('/:type{fav|like}/:contentId', requireAuth, zValidator('param', routeParams, validationHook), async (c) => {
    const { type, contentId } = c.req.valid('param');
    const body = await optionalJsonBody(c, ToggleBody);
    return toggle(c, type, contentId, true, body.profile);
  })
  .delete('/:type{fav|like}/:contentId', requireAuth, zValidator('param', routeParams, validationHook), async (c) => {
    const { type, contentId } = c.req.valid('param');
    return toggle(c, type, contentId, false, requestedProfile(c, 'profile'));
  });
