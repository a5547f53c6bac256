import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { checkPassword, isSmsVerifiable } from '../../rules/account';
import { isLang, type Lang } from '../../rules/lang';
import type { AppEnv } from '../../env';
import { consumeAll, limiter } from '../../limits';
import { mailer, SendError, smsSender } from '../../messaging';
import { resetPasswordEmail, verificationCodeEmail, verificationCodeSms } from '../../messaging/templates';
import { baseUrl } from '../../messaging/types';
import { readConfig } from '../configs/queries';
import { apiError } from '../errors';
import { validationHook } from '../validation';
import { checkCode, createCode, createResetToken, resetTokenUser, setPasswordStatements, useCode, type CodeChannel } from './codes';
import { authenticate, caller, requireAuth } from './middleware';
import { hashPassword, verifyPassword } from './password';
import {
  ChangeByPhoneInput,
  ChangeWithoutTokenInput,
  type CodePurpose,
  ForgotQuery,
  LangInput,
  LoginInput,
  LogoutInput,
  NotificationInput,
  ProfileUpdateInput,
  RefreshInput,
  RegisterInput,
  ResetInput,
  SendCodeInput,
  TokenizedRegisterQuery,
  UserQuery,
} from './schemas';
import { refreshSession, revokeSessions, sha256, startSession } from './tokens';
import { resolveViewer, setCurrentProfile } from '../profiles/queries';
import { devices, findUserById, findUserByLogin, rethrowUnique, userView, type UserRow } from './users';

/**
 * The `auth/*` calls of spec §7 on D1. Error bodies are `{ status, message: 'CODE: detail' }`
 * with the codes the pages translate (spec §8); validation failures are `KEY: field`.
 */

/** Verified against when the login is unknown, so both failures take the same time. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$fpdPYss5EZ/NMBtcLCeIlm1Xic8UBjx2ymv8WKk3kUo';

/** The language of messages sent: the `lang` query parameter every call carries (spec §7). */
const lang = (c: Context<AppEnv>): Lang => {
  const value = c.req.query('lang');
  return isLang(value) ? value : 'en';
};

/** The visitor's IP, place and device, as the edge forwards them (worker/proxy). */
function clientOf(c: Context<AppEnv>) {
  const cf = c.req.raw.cf as { country?: unknown; city?: unknown } | undefined;
  return {
    ip: c.req.header('x-client-ip') || c.req.header('cf-connecting-ip') || '',
    deviceId: c.req.header('x-device-id') ?? '',
    userAgent: c.req.header('x-client-user-agent') || c.req.header('user-agent') || '',
    country: c.req.header('x-client-country') || (typeof cf?.country === 'string' ? cf.country : ''),
    city: c.req.header('x-client-city') || (typeof cf?.city === 'string' ? cf.city : ''),
  };
}

/** The public origin of the site, for links in emails: the PUBLIC_ORIGIN setting, never a request header. */
const publicOrigin = (c: Context<AppEnv>): string => baseUrl(c.env.PUBLIC_ORIGIN, 'http://localhost:8787');

async function strongPasswords(c: Context<AppEnv>): Promise<boolean> {
  return (await readConfig(c.env)).options.STRONG_PASSWORD === true;
}

/** Spec §5 Password rule (STRONG_PASSWORD adds a special character). */
async function requireGoodPassword(c: Context<AppEnv>, password: string, field = 'password'): Promise<void> {
  const problem = checkPassword(password, await strongPasswords(c));
  if (problem) apiError(400, problem, field);
}

/** Spec §5: the new password may not equal the old one. The exact body the reset page looks for. */
async function refuseSamePassword(user: UserRow, password: string): Promise<void> {
  if (await verifyPassword(user.password_hash, password)) apiError(400, 'BAD_REQUEST:SAME_PASSWORD');
}

function tooMany(c: Context<AppEnv>, code: string, delay: number, text: string) {
  return c.json({ status: 429, message: `${code}: ${text}`, delay }, 429);
}

/** Delivers a verification code; the SMS/email provider's failure is 502 SEND_FAILED. */
async function deliverCode(c: Context<AppEnv>, channel: CodeChannel, to: string, code: string): Promise<void> {
  try {
    if (channel === 'sms') await smsSender(c.env).send({ to, text: verificationCodeSms(lang(c), code) });
    else await mailer(c.env).send({ to, ...verificationCodeEmail(lang(c), code) });
  } catch (error) {
    if (error instanceof SendError) apiError(502, 'SEND_FAILED', `${channel} provider`);
    throw error;
  }
}

export const auth = new Hono<AppEnv>()
  /** POST auth/login: login (email or phone) and password → token, type, refreshToken. */
  .post('/login', zValidator('json', LoginInput, validationHook), async (c) => {
    const { login, password } = c.req.valid('json');
    const client = clientOf(c);
    const limits = limiter(c.env);
    const ipKey = client.ip || 'unknown-ip';
    const user = await findUserByLogin(c.env.DB, login);
    // One counter per account, whether it is named by its email or its phone.
    const accountKey = user ? `user:${user.id}` : `login:${login}`;
    // Every attempt is counted before the password is checked, so a parallel burst is counted
    // exactly (the 6th attempt is refused, even with the right password); a good login gives its
    // tries back.
    const attempt = await consumeAll(c.env, [
      ['login-account', accountKey],
      ['login-ip', ipKey],
    ]);
    if (!attempt.allowed) {
      const delay = attempt.retryAfter;
      return tooMany(c, 'LOGIN_TOO_FREQUENT', delay, `Login failed too frequently. Please wait ${delay} seconds to retry.`);
    }
    const ok = await verifyPassword(user?.password_hash ?? DECOY_HASH, password);
    if (!user || !ok) apiError(400, 'E_INVALID_CREDENTIALS', 'Login failed');
    await Promise.all([limits.reset('login-account', accountKey), limits.release('login-ip', ipKey)]);
    if (!user.is_active) apiError(403, 'USER_SUSPENDED', 'account suspended');
    return c.json(await startSession(c.env, user.id, client));
  })

  /** POST /auth/refresh: refresh_token → token, refreshToken (rotated). */
  .post('/refresh', zValidator('json', RefreshInput, validationHook), async (c) =>
    c.json(await refreshSession(c.env, c.req.valid('json').refresh_token)),
  )

  /** POST /auth/logout: ends the session of the access token, or of the refresh token given. */
  .post('/logout', async (c) => {
    const body = LogoutInput.safeParse(await c.req.json().catch(() => ({})));
    const auth = await authenticate(c).catch(() => null);
    if (auth) await revokeSessions(c.env.DB, { sessionId: auth.sessionId }, 'logout');
    else if (body.success && body.data.refresh_token) {
      const row = await c.env.DB.prepare('SELECT session_id FROM refresh_tokens WHERE token_hash = ?')
        .bind(await sha256(body.data.refresh_token))
        .first<{ session_id: string }>();
      if (row) await revokeSessions(c.env.DB, { sessionId: row.session_id }, 'logout');
    }
    return c.json({ status: 200, message: 'LOGGED_OUT' });
  })

  /** POST auth/register: creates the user and its first profile. Logging in is a second call (spec §4). */
  .post('/register', zValidator('json', RegisterInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    await requireGoodPassword(c, input.password);
    if (input.password_confirmation !== undefined && input.password_confirmation !== input.password) {
      apiError(400, 'PASSWORD_CONFIRMATION_FAILED', 'password_confirmation');
    }
    const config = await readConfig(c.env);
    let emailVerified = 0;
    let codeId: number | null = null;
    if (config.options.TOKENIZED_REGISTER) {
      const query = TokenizedRegisterQuery.safeParse(c.req.query());
      if (!query.success || query.data.validation_email !== input.email) apiError(400, 'INVALID_CODE', 'validation_token');
      codeId = await checkCode(c.env, 'email', query.data.validation_email, 'register', query.data.validation_token);
      if (codeId === null) apiError(400, 'INVALID_CODE', 'validation_token');
      emailVerified = 1;
    }
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(input.password);
    const username = input.profile.username || null;
    await c.env.DB.batch([
      c.env.DB.prepare(
        'INSERT INTO users (id, email, phone, password_hash, lang, is_email_verified, options, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind(id, input.email ?? null, input.phone ?? null, passwordHash, lang(c), emailVerified, JSON.stringify(input.code ? { registerCode: input.code } : {}), now),
      c.env.DB.prepare('INSERT INTO profiles (user_id, name, username, first_name, last_name, birth, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(
        id,
        'Default',
        username,
        input.profile.first_name ?? null,
        input.profile.last_name ?? null,
        input.profile.birth ?? null,
        now,
      ),
    ]).catch(rethrowUnique);
    if (codeId !== null) await useCode(c.env.DB, codeId);
    return c.json({ id }, 201);
  })

  /** POST /auth/password/forgot?email=: emails a single-use link valid 1 hour. */
  .post('/password/forgot', zValidator('query', ForgotQuery, validationHook), async (c) => {
    const { email } = c.req.valid('query');
    const limit = await limiter(c.env).consume('password-forgot', email);
    if (!limit.allowed) return tooMany(c, 'TOO_FREQUENT', limit.retryAfter, `sent too frequently, wait ${limit.retryAfter} seconds`);
    const user = await findUserByLogin(c.env.DB, email);
    if (!user || user.email !== email) apiError(404, 'USER_NOT_FOUND', 'User does not exists.');
    const token = await createResetToken(c.env.DB, user.id);
    const link = `${publicOrigin(c)}/changePassword?${new URLSearchParams({ email, reset_token: token })}`;
    try {
      await mailer(c.env).send({ to: email, ...resetPasswordEmail(lang(c), link) });
    } catch (error) {
      if (error instanceof SendError) apiError(502, 'SEND_FAILED', 'email provider');
      throw error;
    }
    return c.json({ sent: true });
  })

  /** POST /auth/password/change: email, password, reset_token. Ends every session of the user. */
  .post('/password/change', zValidator('json', ResetInput, validationHook), async (c) => {
    const { email, password, reset_token } = c.req.valid('json');
    await requireGoodPassword(c, password);
    const reset = await resetTokenUser(c.env.DB, reset_token);
    const user = reset ? await findUserById(c.env.DB, reset.userId) : null;
    if (!reset || !user || user.email !== email) apiError(400, 'E_INVALID_RESET_TOKEN', 'invalid or expired reset token');
    await refuseSamePassword(user, password);
    await c.env.DB.batch(setPasswordStatements(c.env.DB, user, await hashPassword(password)));
    await revokeSessions(c.env.DB, { userId: user.id }, 'password-reset');
    return c.json({ status: 200, message: 'PASSWORD_HAS_BEEN_CHANGED' });
  })

  /** POST /auth/password/changeWithoutToken: a logged-in user changes the password with the current one. */
  .post('/password/changeWithoutToken', requireAuth, zValidator('json', ChangeWithoutTokenInput, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const { email, current_password, password } = c.req.valid('json');
    if (user.email !== email) apiError(400, 'WRONG_EMAIL', 'email');
    if (!(await verifyPassword(user.password_hash, current_password))) apiError(400, 'WRONG_PASSWORD', 'current_password');
    await requireGoodPassword(c, password);
    await refuseSamePassword(user, password);
    await c.env.DB.batch(setPasswordStatements(c.env.DB, user, await hashPassword(password)));
    await revokeSessions(c.env.DB, { userId: user.id, except: sessionId }, 'password-change');
    return c.json({ status: 200, message: 'PASSWORD_HAS_BEEN_CHANGED' });
  })

  /** POST /auth/password/changeByPhone: phone, the SMS code (purpose reset), new password. */
  .post('/password/changeByPhone', zValidator('json', ChangeByPhoneInput, validationHook), async (c) => {
    const { phone, code, password } = c.req.valid('json');
    await requireGoodPassword(c, password);
    const user = await findUserByLogin(c.env.DB, phone);
    const codeId = user ? await checkCode(c.env, 'sms', phone, 'reset', code) : null;
    if (!user || codeId === null) apiError(400, 'INVALID_CODE', 'code');
    await refuseSamePassword(user, password);
    await c.env.DB.batch([
      ...setPasswordStatements(c.env.DB, user, await hashPassword(password)),
      c.env.DB.prepare('UPDATE users SET is_phone_verified = 1 WHERE id = ?').bind(user.id),
    ]);
    await revokeSessions(c.env.DB, { userId: user.id }, 'password-reset');
    return c.json({ status: 200, message: 'PASSWORD_HAS_BEEN_CHANGED' });
  })

  /**
   * POST /auth/code/send: a verification code by email or SMS (spec §8 'code sent by email or SMS').
   * SMS only to Moroccan numbers; another number is verified through the user's verified email.
   * Limits: SMS 3 a day per number (answer `remaining`), one send a minute per target; SMS also per
   * sending address, device and hour for the service (worker/limits LIMIT_RULES).
   */
  .post('/code/send', zValidator('json', SendCodeInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const auth = input.purpose === 'verify' ? await authenticate(c) : null;
    if (input.purpose === 'verify' && !auth) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
    if (input.purpose === 'reset' && !(await findUserByLogin(c.env.DB, input.target))) apiError(404, 'USER_NOT_FOUND', 'User does not exists.');
    let via: CodeChannel = input.channel;
    let to = input.target;
    if (input.channel === 'sms' && !isSmsVerifiable(input.target)) {
      const user = auth?.user;
      if (!user?.email || !user.is_email_verified) apiError(400, 'PHONE_NOT_VERIFIABLE', 'a non-Moroccan phone needs a verified email');
      via = 'email';
      to = user.email;
    }
    // SMS: per number, and per sending address, device and hour for the whole service (SMS pumping).
    const client = clientOf(c);
    const sending = await consumeAll(
      c.env,
      via === 'sms'
        ? [
            ['code-sms', to],
            ['code-sms-ip', client.ip || 'unknown-ip'],
            ['code-sms-device', client.deviceId || 'unknown-device'],
            ['code-sms-global', 'all'],
          ]
        : [['code-email', to]],
    );
    const [limit] = sending.states;
    if (!sending.allowed || !limit) {
      if (via === 'sms' && limit && !limit.allowed && limit.remaining === 0) return tooMany(c, 'SMS_DAILY_LIMIT', limit.retryAfter, 'daily SMS limit reached');
      return tooMany(c, 'CODE_TOO_FREQUENT', sending.retryAfter, `sent too frequently, wait ${sending.retryAfter} seconds`);
    }
    const code = await createCode(c.env, input.channel, input.target, input.purpose satisfies CodePurpose);
    await deliverCode(c, via, to, code);
    return c.json({ sent: true, channel: via, ...(via === 'sms' ? { remaining: limit.remaining } : {}) });
  })

  /** GET auth/user[?profile=id]: the user (spec §3) with the selected profile. */
  /**
   * GET auth/user (optional ?profile={id}): with a profile, that profile becomes this session's
   * current one (spec §4 SET_PROFILE): 404 PROFILE_NOT_FOUND if it is not one of the user's visible
   * profiles, 403 PROFILE_LOCKED if its PIN was not entered (GET auth/profile/pin unlocks it).
   */
  .get('/user', requireAuth, zValidator('query', UserQuery, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const requested = c.req.valid('query').profile;
    const viewer = await resolveViewer(c.env.DB, user, sessionId, await readConfig(c.env), requested);
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
    if (input.libraries !== undefined) set('libraries', JSON.stringify(input.libraries));

    const statements: D1PreparedStatement[] = passwordHash === null ? [] : setPasswordStatements(c.env.DB, user, passwordHash);
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
    if (passwordHash !== null) await revokeSessions(c.env.DB, { userId: user.id, except: sessionId }, 'password-change');
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
