import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { isSmsVerifiable } from '../../../rules/account';
import type { AppEnv } from '../../../env';
import { consumeAll } from '../../../limits';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { createCode, type CodeChannel } from '../../kernel/codes';
import { authenticate } from '../../kernel/auth';
import { type CodePurpose, SendCodeInput } from '../schemas';
import { findUserByLogin } from '../../kernel/users';
import { countSms, tooMany, deliverCode } from '../../kernel/request';

/** POST auth/code/send (spec §8 'code sent by email or SMS'): verification codes and their sending limits. */
export const code = new Hono<AppEnv>()
  /**
   * POST /auth/code/send: a verification code by email or SMS (spec §8 'code sent by email or SMS').
   * SMS only to Moroccan numbers; another number is verified through the user's verified email.
   * Limits: SMS 3 a day per number (answer `remaining`), one send a minute per target; SMS also per
   * sending address (fewer to numbers no account has verified), device and hour for the service
   * (worker/limits LIMIT_RULES).
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
    let remaining: number | undefined;
    if (via === 'sms') {
      const sms = await countSms(c, to);
      if (sms.refused) return sms.refused;
      remaining = sms.remaining;
    } else {
      const sending = await consumeAll(c.env, [['code-email', to]]);
      if (!sending.allowed) return tooMany(c, 'CODE_TOO_FREQUENT', sending.retryAfter, `sent too frequently, wait ${sending.retryAfter} seconds`);
    }
    const code = await createCode(c.env, input.channel, input.target, input.purpose satisfies CodePurpose);
    await deliverCode(c, via, to, code);
    return c.json({ sent: true, channel: via, ...(remaining === undefined ? {} : { remaining }) });
  });
