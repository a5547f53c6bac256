import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { hasActiveSubscription } from '../../rules/subscription';
import { settleAgeRestriction } from '../../rules/age';
import type { AppEnv } from '../../env';
import { limiter } from '../../limits';
import { caller, requireAuth } from '../kernel/auth';
import { hashPassword, verifyPassword } from '../kernel/password';
import type { UserRow } from '../kernel/users';
import { readConfig } from '../configs/queries';
import { apiError } from '../errors';
import { validationHook } from '../kernel/validation';
import { now } from '../kernel/clock';
import { checkProfilePin } from './pin-check';
import { MAX_PROFILES, profilesNeedSubscription } from '../../rules/profiles';
import {
  profileRows,
  resolveViewer,
  setCurrentProfile,
  toProfile,
  type ProfileRow,
  type Viewer,
} from './queries';
import { DeleteInput, IdParam, PinInput, PinQuery, ProfileCreateInput, ProfileEditInput, RestrictionInput } from './schemas';

/**
 * Profiles, PIN locks and parental control (issue 4; spec §3 Profile, §4 Profile switching,
 * §5 PIN, §6 Profile owner, §7 GET auth/profile/pin), mounted under /auth:
 *   GET    /auth/profiles                 the visible profiles
 *   POST   /auth/profiles                 create (at most MAX_PROFILES)
 *   PUT    /auth/profiles/:id             edit (kids flag and age restriction need the password)
 *   DELETE /auth/profiles/:id             delete (not the main profile; a PIN profile needs the password)
 *   PUT    /auth/profiles/:id/pin         set, change (pin) or remove (null) the PIN, with the password
 *   PUT    /auth/profiles/:id/restriction parental control, with the password
 *   GET    /auth/profile/pin?pin=&id=     unlock: that profile becomes this session's current one
 * A session watching as a kids profile cannot manage profiles (403 KIDS_PROFILE).
 */

type Ctx = Context<AppEnv>;

async function viewerOf(c: Ctx): Promise<Viewer> {
  const { user, sessionId } = caller(c);
  const viewer = await resolveViewer(c.env.DB, user, sessionId, await readConfig(c.env));
  if (viewer === 'missing') apiError(500, 'INTERNAL_ERROR', 'user without profile');
  return viewer;
}

/** Spec §6 Profile owner: profiles are managed from a grown-up profile, never from a kids one. */
async function managerOf(c: Ctx): Promise<Viewer> {
  const viewer = await viewerOf(c);
  if (viewer.row.is_kid === 1) apiError(403, 'KIDS_PROFILE', 'a kids profile cannot manage profiles');
  return viewer;
}

/** One of the caller's visible profiles, else 404 (another account's id changes nothing). */
function ownProfile(viewer: Viewer, id: number): ProfileRow {
  const row = viewer.rows.find((p) => p.id === id);
  if (!row) apiError(404, 'PROFILE_NOT_FOUND', String(id));
  return row;
}

const isMain = (viewer: Viewer, row: ProfileRow): boolean => viewer.rows[0]?.id === row.id;

async function requirePassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!password || !(await verifyPassword(user.password_hash, password))) apiError(400, 'WRONG_PASSWORD', 'password');
}

/** The ages of the maturity category tree (children of 'maturity' with a rating above 0). */
async function maturityRatings(db: D1Database): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT DISTINCT cat.rating FROM categories cat JOIN categories p ON p.id = cat.parent_id
      WHERE p.slug = 'maturity' AND cat.rating > 0 ORDER BY cat.rating`)
    .all<{ rating: number }>();
  return results.map((r) => r.rating);
}

async function settledAge(c: Ctx, isKid: boolean, restriction: string): Promise<string> {
  const settled = settleAgeRestriction(isKid, restriction, await maturityRatings(c.env.DB));
  if ('error' in settled) apiError(400, settled.error, 'age_restriction');
  return settled.value;
}

async function reload(c: Ctx, id: number, currentId: number | null) {
  const row = await c.env.DB.prepare('SELECT * FROM profiles WHERE id = ?').bind(id).first<ProfileRow>();
  if (!row) apiError(404, 'PROFILE_NOT_FOUND', String(id));
  return toProfile(row, currentId);
}

/** Column of each editable field (spec §3 names → profiles columns). */
const COLUMNS = {
  name: 'name',
  picture: 'picture',
  autoplay: 'autoplay',
  caption_size: 'caption_size',
  caption_background: 'caption_background',
  data_usage: 'data_usage',
  username: 'username',
  gender: 'gender',
  first_name: 'first_name',
  last_name: 'last_name',
  address: 'address',
  zipCode: 'zip_code',
  country: 'country',
  birth: 'birth',
} as const;

export const profiles = new Hono<AppEnv>()
  .use('/profiles/*', requireAuth)
  .use('/profiles', requireAuth)
  .use('/profile/pin', requireAuth)

  .get('/profiles', async (c) => {
    const viewer = await viewerOf(c);
    return c.json(viewer.rows.map((row) => toProfile(row, viewer.currentId)));
  })

  .post('/profiles', zValidator('json', ProfileCreateInput, validationHook), async (c) => {
    const { user } = caller(c);
    const viewer = await managerOf(c);
    const input = c.req.valid('json');
    const config = await readConfig(c.env);
    if (profilesNeedSubscription(config) && !hasActiveSubscription(user)) apiError(403, 'SUBSCRIPTION_REQUIRED', 'profiles need a subscription');
    const isKid = input.is_kid ?? false;
    const age = await settledAge(c, isKid, input.age_restriction ?? 'no-age-restriction');
    // One statement: the count and the insert cannot interleave with a parallel create.
    const created = await c.env.DB.prepare(
      `INSERT INTO profiles (user_id, name, picture, is_kid, age_restriction, autoplay, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE (SELECT COUNT(*) FROM profiles WHERE user_id = ?1) < ?8 RETURNING id`,
    )
      .bind(user.id, input.name, input.picture ?? 'avatar-1', isKid ? 1 : 0, age, input.autoplay === false ? 0 : 1, new Date().toISOString(), MAX_PROFILES)
      .first<{ id: number }>();
    if (!created) apiError(409, 'PROFILE_LIMIT_REACHED', `at most ${MAX_PROFILES} profiles`);
    return c.json(await reload(c, created.id, viewer.currentId), 201);
  })

  .put('/profiles/:id', zValidator('param', IdParam, validationHook), zValidator('json', ProfileEditInput, validationHook), async (c) => {
    const { user } = caller(c);
    const viewer = await managerOf(c);
    const row = ownProfile(viewer, c.req.valid('param').id);
    const input = c.req.valid('json');
    const isKid = input.is_kid ?? row.is_kid === 1;
    const restriction = input.age_restriction ?? row.age_restriction;
    const parental = isKid !== (row.is_kid === 1) || restriction !== row.age_restriction;
    if (isKid && isMain(viewer, row)) apiError(409, 'MAIN_PROFILE', 'the main profile cannot be a kids profile');
    if (parental) await requirePassword(user, input.password);
    const sets: string[] = [];
    const values: (string | number | null)[] = [];
    for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      const value = input[field];
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value === '' ? null : value);
    }
    if (parental || input.is_kid !== undefined) {
      sets.push('is_kid = ?', 'age_restriction = ?');
      values.push(isKid ? 1 : 0, await settledAge(c, isKid, restriction));
    }
    if (sets.length > 0) await c.env.DB.prepare(`UPDATE profiles SET ${sets.join(', ')} WHERE id = ?`).bind(...values, row.id).run();
    return c.json(await reload(c, row.id, viewer.currentId));
  })

  .put('/profiles/:id/restriction', zValidator('param', IdParam, validationHook), zValidator('json', RestrictionInput, validationHook), async (c) => {
    const { user } = caller(c);
    const viewer = await managerOf(c);
    const row = ownProfile(viewer, c.req.valid('param').id);
    const { password, age_restriction } = c.req.valid('json');
    await requirePassword(user, password);
    const age = await settledAge(c, row.is_kid === 1, age_restriction);
    await c.env.DB.prepare('UPDATE profiles SET age_restriction = ? WHERE id = ?').bind(age, row.id).run();
    return c.json(await reload(c, row.id, viewer.currentId));
  })

  .put('/profiles/:id/pin', zValidator('param', IdParam, validationHook), zValidator('json', PinInput, validationHook), async (c) => {
    const { user } = caller(c);
    const viewer = await managerOf(c);
    const row = ownProfile(viewer, c.req.valid('param').id);
    const { password, pin } = c.req.valid('json');
    await requirePassword(user, password);
    // A PIN is stored as an argon2id hash (worker/api/kernel/password.ts), never returned.
    const hash = pin === null ? null : await hashPassword(pin);
    await c.env.DB.prepare('UPDATE profiles SET pin_hash = ?, pin_is_activated = ?, pin_changed_at = ? WHERE id = ?').bind(hash, hash ? 1 : 0, now(c).toISOString(), row.id).run();
    // Locking the profile being watched does not lock out the session that knows the password.
    if (row.id === viewer.row.id && viewer.currentId !== row.id) await setCurrentProfile(c.env.DB, caller(c).sessionId, row.id);
    return c.json(await reload(c, row.id, row.id === viewer.row.id ? row.id : viewer.currentId));
  })

  .delete('/profiles/:id', zValidator('param', IdParam, validationHook), async (c) => {
    const { user } = caller(c);
    const viewer = await managerOf(c);
    const row = ownProfile(viewer, c.req.valid('param').id);
    if (isMain(viewer, row)) apiError(409, 'MAIN_PROFILE', 'the main profile cannot be deleted');
    const body = DeleteInput.safeParse(await c.req.json().catch(() => ({})));
    if (row.pin_is_activated === 1) await requirePassword(user, body.success ? body.data.password : undefined);
    await c.env.DB.batch([
      c.env.DB.prepare('UPDATE sessions SET profile_id = NULL WHERE profile_id = ?').bind(row.id),
      c.env.DB.prepare('DELETE FROM actions WHERE profile_id = ?').bind(row.id),
      c.env.DB.prepare('DELETE FROM profiles WHERE id = ? AND user_id = ?').bind(row.id, user.id),
    ]);
    return c.json({ status: 200, message: 'PROFILE_DELETED' });
  })

  /**
   * GET auth/profile/pin?pin=&id= (spec §7, §8 PIN check): 404 for a wrong PIN, 429 with `delay`
   * after 5 tries in 15 minutes for that profile (Durable Object rule 'pin', counted before the
   * check, so parallel tries are counted exactly), 200 with the profile, now current and unlocked.
   */
  .get('/profile/pin', zValidator('query', PinQuery, validationHook), async (c) => {
    const { sessionId } = caller(c);
    const viewer = await viewerOf(c);
    const { pin, id } = c.req.valid('query');
    const row = viewer.rows.find((p) => p.id === id);
    if (!row) apiError(404, 'PROFILE_NOT_FOUND', String(id));
    const check = await checkProfilePin(limiter(c.env), row, pin);
    if (!check.ok && check.retryAfter > 0) {
      return c.json({ status: 429, message: `TOO_MANY_ATTEMPTS: wait ${check.retryAfter} seconds`, delay: check.retryAfter }, 429);
    }
    if (!check.ok) apiError(404, 'CODE_WAS_INCORRECT', 'wrong PIN');
    await setCurrentProfile(c.env.DB, sessionId, row.id);
    return c.json(toProfile(row, row.id));
  });
