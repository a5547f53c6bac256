import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { authenticate } from '../../kernel/auth';
import { checkPassword } from '../../kernel/login';
import { LoginInput, LogoutInput, RefreshInput } from '../schemas';
import { refreshSession, revokeSessions, sha256, startSession } from '../../kernel/tokens';
import { clientOf, tooMany } from '../../kernel/request';

/** POST auth/login, auth/refresh, auth/logout (spec §7): sessions, with the login limits of worker/limits counted before the password check. */

export const session = new Hono<AppEnv>()
  /** POST auth/login: login (email or phone) and password → token, type, refreshToken. */
  .post('/login', zValidator('json', LoginInput, validationHook), async (c) => {
    const { login, password } = c.req.valid('json');
    const client = clientOf(c);
    const checked = await checkPassword(c.env, { login, password, ip: client.ip });
    if (!checked.ok) {
      if (checked.refusal === 'SUSPENDED') apiError(403, 'USER_SUSPENDED', 'account suspended');
      if (checked.refusal === 'INVALID') apiError(400, 'E_INVALID_CREDENTIALS', 'Login failed');
      const delay = checked.retryAfter ?? 1;
      return tooMany(c, 'LOGIN_TOO_FREQUENT', delay, `Login failed too frequently. Please wait ${delay} seconds to retry.`);
    }
    const user = checked.value;
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
