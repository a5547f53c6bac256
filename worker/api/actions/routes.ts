import { zValidator } from '@hono/zod-validator';
import { csvLine } from '../../rules/csv';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireAuth } from '../kernel/auth';
import type { UserRow } from '../kernel/users';
import { now } from '../kernel/clock';
import { refuse, type RefusalAnswers } from '../kernel/refusals';
import { memberViewer, requestedProfile } from '../entitlements/routes';
import { contentIdParam } from '../player/schemas';
import { optionalJsonBody, validationHook } from '../kernel/validation';
import { recordClick, toggleAction, ToggleBody, ToggleType, type Actor, type TitleRefusal, type ToggleAnswer } from './favs';
import { eraseHistory, HISTORY_ERASED } from './history';
import { actionsQuery, ClickBody, type ActionItem } from './schemas';
import { streamLimiter } from '../../limits/streams';
import { catchUp } from '../kernel/request-db';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The refusals of acting on a title, answered with the title's id. */
const TITLE_REFUSALS: RefusalAnswers<TitleRefusal> = {
  CONTENT_NOT_FOUND: [404, 'CONTENT_NOT_FOUND'],
  CONTENT_NOT_AVAILABLE: [403, 'CONTENT_NOT_AVAILABLE'],
};

/**
 * The logged-in caller and the profile the call is for (spec §7 `profileId` / `profile`): that one,
 * which must be theirs (404 PROFILE_NOT_FOUND) and unlocked in this session (403 PROFILE_LOCKED),
 * else the session's current profile. Guests: 401.
 */
async function actor(c: Context<AppEnv>, requested: number | undefined): Promise<Actor & { user: UserRow }> {
  const viewer = await memberViewer(c, requested);
  return { user: viewer.user, userId: viewer.user.id, profileId: viewer.profile.id, age: viewer.age };
}

type Row = { type: string; content_id: number; content: string | null; profile: string; time: number | null; date: string };

/**
 * The spec §7 CSV download: every action of every profile of the account (favourites, likes,
 * watched times, clicks). 'No data' if empty.
 */
async function csvDownload(c: Context<AppEnv>, user: UserRow): Promise<Response> {
  const { results } = await c.env.DB.prepare(
    `SELECT a.type, a.content_id, COALESCE(ci.name_long, c.slug) AS content, p.name AS profile, a.time, a.updated_at AS date
       FROM actions a JOIN profiles p ON p.id = a.profile_id
       LEFT JOIN contents c ON c.id = a.content_id
       LEFT JOIN content_i18n ci ON ci.content_id = a.content_id AND ci.lang = 'en'
      WHERE a.user_id = ?
      ORDER BY a.updated_at DESC`,
  )
    .bind(user.id)
    .all<Row>();
  const headers = { 'Content-Disposition': 'attachment; filename="tafrij-data.csv"', ...NO_STORE };
  if (results.length === 0) return c.body('No data', 200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  const lines = [csvLine(['type', 'content_id', 'content', 'profile', 'time', 'date'])];
  for (const r of results) lines.push(csvLine([r.type, r.content_id, r.content, r.profile, r.time, r.date]));
  return c.body(`${lines.join('\r\n')}\r\n`, 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' });
}

/**
 * Action records of spec §3 (content_id, profile_id, type) and the data download:
 * - GET /actions/ (no `types`): the account's data as a CSV download (see csvDownload);
 * - GET /actions/?types=click[&contentIds=1,2][&profileId=3]: the viewing profile's actions of those
 *   types (comma-separated: fav, like, watched, click), limited to `contentIds` (at most 100) when
 *   given, most recent first: the notification bell's read state (spec §4 notification read or
 *   unread: a clicked notification is read);
 * - POST /actions/click/{contentId} {profile?}: records that the profile opened the notification
 *   of that title (one click per profile and title: repeating it changes nothing but updated_at).
 * Logged-in callers only (401). Another account's profile: 404 PROFILE_NOT_FOUND, a PIN-locked one:
 * 403 PROFILE_LOCKED, and nothing is read or written.
 */
export const actions = new Hono<AppEnv>()
  .get('/', zValidator('query', actionsQuery, validationHook), async (c) => {
    const { types, contentIds } = c.req.valid('query');
    const { user, profileId } = await actor(c, requestedProfile(c, 'profileId'));
    // Watched times the account's object still keeps are written first (worker/limits/positions.ts).
    if (!types || types.includes('watched')) catchUp(c.env.DB, await streamLimiter(c.env).settlePositions(user.id));
    if (!types) return csvDownload(c, user);
    const { results } = await c.env.DB.prepare(
      `SELECT content_id, profile_id, type, created_at FROM actions
        WHERE user_id = ?1 AND profile_id = ?2 AND type IN (SELECT value FROM json_each(?3))
          AND (?4 IS NULL OR content_id IN (SELECT value FROM json_each(?4)))
        ORDER BY created_at DESC, id DESC`,
    )
      .bind(user.id, profileId, JSON.stringify(types), contentIds ? JSON.stringify(contentIds) : null)
      .all<ActionItem>();
    return c.json(results satisfies ActionItem[], 200, NO_STORE);
  })
  .post('/click/:contentId', zValidator('param', contentIdParam, validationHook), async (c) => {
    const { contentId } = c.req.valid('param');
    const body = await optionalJsonBody(c, ClickBody);
    const clicked = await recordClick(c.env.DB, await actor(c, body.profile), contentId, now(c));
    if (!clicked.ok) refuse(TITLE_REFUSALS, clicked.refusal, String(contentId));
    return c.json(clicked.item satisfies ActionItem, 200, NO_STORE);
  });

const toggleParams = contentIdParam.extend({ type: ToggleType });

/** Adds or removes a title of the profile's favourites or likes (toggleAction); the profile as `actor` finds it. */
async function toggle(c: Context<AppEnv>, type: ToggleType, contentId: number, active: boolean, profile: number | undefined): Promise<Response> {
  const toggled = await toggleAction(c.env.DB, await actor(c, profile), type, contentId, active, now(c));
  if (!toggled.ok) refuse(TITLE_REFUSALS, toggled.refusal, String(contentId));
  return c.json({ id: contentId, type, active } satisfies ToggleAnswer, 200, NO_STORE);
}

/**
 * Favourites (My List) and likes per profile (spec §4 Favourites and likes, §7):
 * POST /actions/{fav|like}/{id} {profile?} adds, DELETE /actions/{fav|like}/{id}?profile={id} removes.
 * Logged-in callers only: guests keep favourites locally (client/favs) until they log in. Another
 * account's profile: 404 PROFILE_NOT_FOUND, a PIN-locked one: 403 PROFILE_LOCKED, and nothing is
 * written; adding a title that is not published: 404 CONTENT_NOT_FOUND, above the profile's age
 * limit: 403 CONTENT_NOT_AVAILABLE.
 */
export const favs = new Hono<AppEnv>()
  .post('/:type{fav|like}/:contentId', requireAuth, zValidator('param', toggleParams, validationHook), async (c) => {
    const { type, contentId } = c.req.valid('param');
    const body = await optionalJsonBody(c, ToggleBody);
    return toggle(c, type, contentId, true, body.profile);
  })
  .delete('/:type{fav|like}/:contentId', requireAuth, zValidator('param', toggleParams, validationHook), async (c) => {
    const { type, contentId } = c.req.valid('param');
    return toggle(c, type, contentId, false, requestedProfile(c, 'profile'));
  });

/**
 * DELETE /actions/watched[?profile={id}]: forgets every watched time of the viewing profile (the
 * `profile` one, else the session's current profile), and nothing of the account's other
 * profiles. Logged-in callers only (401); another account's profile: 404 PROFILE_NOT_FOUND, a
 * profile whose PIN this session has not entered: 403 PROFILE_LOCKED — and nothing is deleted.
 */
export const history = new Hono<AppEnv>().delete('/watched', async (c) => {
  const { userId, profileId } = await actor(c, requestedProfile(c, 'profile'));
  // What the account's object still keeps for this profile would come back after the erase: dropped first.
  await streamLimiter(c.env).forgetPositions(userId, profileId);
  await eraseHistory(c.env.DB, userId, profileId);
  return c.json({ status: 200, message: HISTORY_ERASED }, 200, NO_STORE);
});
