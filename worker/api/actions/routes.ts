import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import type { UserRow } from '../kernel/users';
import { apiError } from '../errors';
import { playbackViewer } from '../entitlements/access';
import { watchTarget } from '../player/queries';
import { contentIdParam } from '../player/schemas';
import { requestedProfile } from '../profiles/viewer';
import { optionalJsonBody, validationHook } from '../kernel/validation';
import { actionsQuery, ClickBody, type ActionItem, type ActionType } from './schemas';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** One CSV field: quoted when needed, and defused against spreadsheet formula injection. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]): string => fields.map(csvField).join(',');

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
 * The logged-in caller and the profile the call is for (spec §7 `profileId` / `profile`): that one,
 * which must be theirs (404 PROFILE_NOT_FOUND) and unlocked in this session (403 PROFILE_LOCKED),
 * else the session's current profile. Guests: 401.
 */
async function member(c: Context<AppEnv>, requested: number | undefined) {
  const viewer = await playbackViewer(c, requested);
  if (!viewer.user || !viewer.profile) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
  return { ...viewer, user: viewer.user, profile: viewer.profile };
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
    const { user, profile } = await member(c, requestedProfile(c, 'profileId'));
    if (!types) return csvDownload(c, user);
    const { results } = await c.env.DB.prepare(
      `SELECT content_id, profile_id, type, created_at FROM actions
        WHERE user_id = ?1 AND profile_id = ?2 AND type IN (SELECT value FROM json_each(?3))
          AND (?4 IS NULL OR content_id IN (SELECT value FROM json_each(?4)))
        ORDER BY created_at DESC, id DESC`,
    )
      .bind(user.id, profile.id, JSON.stringify(types), contentIds ? JSON.stringify(contentIds) : null)
      .all<ActionItem>();
    return c.json(results satisfies ActionItem[], 200, NO_STORE);
  })
  .post('/click/:contentId', zValidator('param', contentIdParam, validationHook), async (c) => {
    const { contentId } = c.req.valid('param');
    const body = await optionalJsonBody(c, ClickBody);
    const viewer = await member(c, body.profile);
    const target = await watchTarget(c.env, contentId, viewer.age);
    if (!target) apiError(404, 'CONTENT_NOT_FOUND', String(contentId));
    if (!target.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', String(contentId));
    const type: ActionType = 'click';
    const item = await c.env.DB.prepare(
      `INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
        ON CONFLICT (profile_id, content_id, type) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING content_id, profile_id, type, created_at`,
    )
      .bind(viewer.user.id, viewer.profile.id, contentId, type, new Date().toISOString())
      .first<ActionItem>();
    return c.json(item, 200, NO_STORE);
  });
