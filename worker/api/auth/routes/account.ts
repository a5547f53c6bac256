import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { readConfig } from '../../configs/queries';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { checkCode, setPasswordStatements, useCode, type CodeChannel } from '../../kernel/codes';
import { caller, requireAuth } from '../../kernel/auth';
import { hashPassword, verifyPassword } from '../../kernel/password';
import { DeviceParam, LangInput, NotificationInput, ProfileUpdateInput, UserQuery } from '../schemas';
import { resolveViewer, setCurrentProfile } from '../../profiles/queries';
import { devices, userView } from '../users';
import { findUserById } from '../../kernel/users';
import { requireGoodPassword, rethrowUnique } from './shared';
import { refuseSamePassword } from '../../kernel/request';
import { streamLimiter } from '../../../limits/streams';
import { catchUp } from '../../kernel/request-db';

/** The account (spec §3, §7): GET/DELETE auth/user, devices, PUT auth/profile, lang and notificationActive. */
export const account = new Hono<AppEnv>()
  /** GET auth/user[?profile=id]: the user (spec §3) with the selected profile. */
  /**
   * GET auth/user (optional ?profile={id}): with a profile, that profile becomes this session's
   * current one (spec §4 SET_PROFILE): 404 PROFILE_NOT_FOUND if it is not one of the user's visible
   * profiles, 403 PROFILE_LOCKED if its PIN was not entered (GET auth/profile/pin unlocks it).
   */
  .get('/user', requireAuth, zValidator('query', UserQuery, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const requested = c.req.valid('query').profile;
    // The watched times the account's object still keeps are written before userView reads them (worker/limits/positions.ts).
    const [viewer, settled] = await Promise.all([resolveViewer(c.env.DB, user, sessionId, await readConfig(c.env), requested), streamLimiter(c.env).settlePositions(user.id)]);
    catchUp(c.env.DB, settled);
    if (viewer === 'missing') apiError(404, 'PROFILE_NOT_FOUND', String(requested));
    if (viewer.locked && requested !== undefined) apiError(403, 'PROFILE_LOCKED', String(requested));
    if (requested !== undefined && requested !== viewer.currentId) {
      await setCurrentProfile(c.env.DB, sessionId, requested);
      return c.json(await userView(c.env.DB, user, { ...viewer, currentId: requested }));
    }
    return c.json(await userView(c.env.DB, user, viewer));
  })

  /** GET /auth/devices: the device history of the account page. */
  .get('/devices', requireAuth, async (c) => {
    const { user, sessionId } = caller(c);
    return c.json(await devices(c.env.DB, user.id, sessionId));
  })

  /** DELETE /auth/devices/:id: signs a device of the history out (a TV linked with a code, a lost phone). Not this device: that is logout. */
  .delete('/devices/:id', requireAuth, zValidator('param', DeviceParam, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const { id } = c.req.valid('param');
    if (id === sessionId) apiError(400, 'THIS_DEVICE_SIGN_OUT', 'use logout to sign this device out');
    const res = await c.env.DB.prepare("UPDATE sessions SET revoked_at = ?, revoked_reason = 'signed-out-from-history' WHERE id = ? AND user_id = ? AND revoked_at IS NULL")
      .bind(new Date().toISOString(), id, user.id)
      .run();
    if (res.meta.changes !== 1) apiError(404, 'DEVICE_NOT_FOUND', id);
    return c.json({ status: 200, message: 'DEVICE_SIGNED_OUT' });
  })

  /** PUT auth/profile: account fields (see ProfileUpdateInput for what each change requires). */
  .put('/profile', requireAuth, zValidator('json', ProfileUpdateInput, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const input = c.req.valid('json');
    const sets: string[] = [];
    const values: (string | number | null)[] = [];
    const set = (column: string, value: string | number | null) => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    const needCurrentPassword = async () => {
      if (!input.current_password || !(await verifyPassword(user.password_hash, input.current_password))) apiError(400, 'WRONG_PASSWORD', 'current_password');
    };
    const usedCodes: number[] = [];
    const codeFor = async (channel: CodeChannel, target: string): Promise<boolean> => {
      if (!input.code) return false;
      const id = await checkCode(c.env, channel, target, 'verify', input.code);
      if (id !== null) usedCodes.push(id);
      return id !== null;
    };

    if (input.email !== undefined && input.email !== user.email) {
      await needCurrentPassword();
      set('email', input.email);
      set('is_email_verified', (await codeFor('email', input.email)) ? 1 : 0);
    } else if (input.isEmailVerified === true && user.email && !user.is_email_verified) {
      if (!(await codeFor('email', user.email))) apiError(400, 'INVALID_CODE', 'code');
      set('is_email_verified', 1);
    }
    if (input.phone !== undefined && input.phone !== user.phone) {
      if (!(await codeFor('sms', input.phone))) apiError(400, 'INVALID_CODE', 'code');
      set('phone', input.phone);
      set('is_phone_verified', 1);
    } else if (input.isPhoneVerified === true && user.phone && !user.is_phone_verified) {
      if (!(await codeFor('sms', user.phone))) apiError(400, 'INVALID_CODE', 'code');
      set('is_phone_verified', 1);
    }
    let passwordHash: string | null = null;
    if (input.password !== undefined && input.password !== '') {
      await needCurrentPassword();
      await requireGoodPassword(c, input.password);
      await refuseSamePassword(user, input.password);
      passwordHash = await hashPassword(input.password);
    }
    if (input.hide_watched !== undefined) set('hide_watched', input.hide_watched ? 1 : 0);

    const statements: D1PreparedStatement[] = passwordHash === null ? [] : setPasswordStatements(c.env.DB, user, passwordHash, { keep: sessionId, reason: 'password-change' });
    // Spec §7 `libraries`: the library cards to keep; the caller's other cards are removed (issue 17).
    if (input.libraries !== undefined) {
      statements.push(c.env.DB.prepare('DELETE FROM library_cards WHERE user_id = ?1 AND id NOT IN (SELECT value FROM json_each(?2))').bind(user.id, JSON.stringify(input.libraries)));
    }
    if (sets.length > 0) statements.push(c.env.DB.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`).bind(...values, user.id));
    if (input.profile) {
      const p = input.profile;
      statements.push(
        c.env.DB.prepare(
          `UPDATE profiles SET username = COALESCE(?, username), first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name), birth = COALESCE(?, birth)
            WHERE id = (SELECT MIN(id) FROM profiles WHERE user_id = ?)`,
        ).bind(p.username ?? null, p.first_name ?? null, p.last_name ?? null, p.birth ?? null, user.id),
      );
    }
    if (statements.length > 0) await c.env.DB.batch(statements).catch(rethrowUnique);
    for (const id of usedCodes) await useCode(c.env.DB, id);
    const updated = await findUserById(c.env.DB, user.id);
    if (!updated) apiError(404, 'USER_NOT_FOUND');
    const viewer = await resolveViewer(c.env.DB, updated, sessionId, await readConfig(c.env));
    if (viewer === 'missing') apiError(500, 'INTERNAL_ERROR', 'user without profile');
    return c.json(await userView(c.env.DB, updated, viewer));
  })

  /** DELETE auth/user: deletes the account and everything attached to it; needs the password. */
  .delete('/user', requireAuth, async (c) => {
    const { user } = caller(c);
    const body: unknown = await c.req.json().catch(() => ({}));
    const password = typeof body === 'object' && body !== null && 'password' in body && typeof body.password === 'string' ? body.password : '';
    if (!(await verifyPassword(user.password_hash, password))) apiError(400, 'WRONG_PASSWORD', 'password');
    await c.env.DB.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run();
    return c.json({ status: 200, message: 'ACCOUNT_DELETED' });
  })

  /** PUT /auth/lang: the user's language (spec §4 Language change). */
  .put('/lang', requireAuth, zValidator('json', LangInput, validationHook), async (c) => {
    await c.env.DB.prepare('UPDATE users SET lang = ? WHERE id = ?').bind(c.req.valid('json').lang, caller(c).user.id).run();
    return c.json({ status: 200, message: 'PROFILE_UPDATED' });
  })

  /** PUT /auth/notificationActive: isActive. */
  .put('/notificationActive', requireAuth, zValidator('json', NotificationInput, validationHook), async (c) => {
    await c.env.DB.prepare('UPDATE users SET notification_active = ? WHERE id = ?').bind(c.req.valid('json').isActive ? 1 : 0, caller(c).user.id).run();
    return c.json({ status: 200, message: 'PROFILE_UPDATED' });
  });
