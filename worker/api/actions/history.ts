import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../errors';
import { playbackViewer } from '../entitlements/access';
import { requestedProfile } from '../profiles/viewer';

/** The answer of DELETE /actions/watched (spec §8 success toast HISTORY_ERASED). */
export const HISTORY_ERASED = 'HISTORY_ERASED';

/**
 * Watch history (spec §7 DELETE /actions/watched: erase history). The watched times themselves
 * are saved by the player (PUT|POST /actions/watched/{contentId}, worker/api/player/routes.ts).
 */
export const history = new Hono<AppEnv>()
  /**
   * DELETE /actions/watched[?profile={id}]: forgets every watched time of the viewing profile (the
   * `profile` one, else the session's current profile), and nothing of the account's other
   * profiles. Logged-in callers only (401); another account's profile: 404 PROFILE_NOT_FOUND, a
   * profile whose PIN this session has not entered: 403 PROFILE_LOCKED — and nothing is deleted.
   */
  .delete('/watched', async (c) => {
    const viewer = await playbackViewer(c, requestedProfile(c, 'profile'));
    if (!viewer.user || !viewer.profile) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
    await c.env.DB.prepare("DELETE FROM actions WHERE user_id = ?1 AND profile_id = ?2 AND type = 'watched'").bind(viewer.user.id, viewer.profile.id).run();
    return c.json({ status: 200, message: HISTORY_ERASED }, 200, { 'Cache-Control': 'private, no-store' });
  });
