import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { limiter } from '../../../limits';
import { mailer, SendError } from '../../../messaging';
import { resetPasswordEmail } from '../../../messaging/templates';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { checkCode, createResetToken, resetTokenUser, setPasswordStatements } from '../../kernel/codes';
import { caller, requireAuth } from '../../kernel/auth';
import { hashPassword, verifyPassword } from '../../kernel/password';
import { ChangeByPhoneInput, ChangeWithoutTokenInput, ForgotQuery, ResetInput } from '../schemas';
import { findUserById, findUserByLogin } from '../../kernel/users';
import { lang, publicOrigin, refuseSamePassword, tooMany } from '../../kernel/request';
import { requireGoodPassword } from './shared';

/** The password calls (spec §7): the emailed reset link, the change by link, by SMS code and by the current password. Every change ends pending reset links. */
export const password = new Hono<AppEnv>()
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
    await c.env.DB.batch(setPasswordStatements(c.env.DB, user, await hashPassword(password), { reason: 'password-reset' }));
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
    await c.env.DB.batch(setPasswordStatements(c.env.DB, user, await hashPassword(password), { keep: sessionId, reason: 'password-change' }));
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
      ...setPasswordStatements(c.env.DB, user, await hashPassword(password), { reason: 'password-reset' }),
      c.env.DB.prepare('UPDATE users SET is_phone_verified = 1 WHERE id = ?').bind(user.id),
    ]);
    return c.json({ status: 200, message: 'PASSWORD_HAS_BEEN_CHANGED' });
  });
