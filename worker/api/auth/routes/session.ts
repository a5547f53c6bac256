import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { consumeAll, limiter } from '../../../limits';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { authenticate } from '../../kernel/auth';
import { verifyPassword } from '../../kernel/password';
import { LoginInput, LogoutInput, RefreshInput } from '../schemas';
import { refreshSession, revokeSessions, sha256, startSession } from '../../kernel/tokens';
import { findUserByLogin } from '../../kernel/users';
import { clientOf, tooMany } from '../../kernel/request';

/** POST auth/login, auth/refresh, auth/logout (spec §7): sessions, with the login limits of worker/limits counted before the password check. */

/** Verified against when the login is unknown, so both failures take the same time. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$fpdPYss5EZ/NMBtcLCeIlm1Xic8UBjx2ymv8WKk3kUo';

export const session = new Hono<AppEnv>()
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
  });
