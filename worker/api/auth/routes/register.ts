import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { DEFAULT_PROFILE_NAME } from '../../../rules/profiles';
import { readConfig } from '../../configs/queries';
import { apiError } from '../../errors';
import { validationHook } from '../../kernel/validation';
import { checkCode, useCode } from '../../kernel/codes';
import { hashPassword } from '../../kernel/password';
import { RegisterInput, TokenizedRegisterQuery } from '../schemas';
import { limiter } from '../../../limits';
import { clientOf, lang, tooMany } from '../../kernel/request';
import { requireGoodPassword, rethrowUnique } from './shared';

/** POST auth/register (spec §4 Registration): the user and its first profile. */
export const register = new Hono<AppEnv>()
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
    // Accounts per address an hour, counted before the account is made (exact under parallel requests); a refused insert gives its count back.
    const { ip } = clientOf(c);
    const limits = limiter(c.env);
    if (ip) {
      const gate = await limits.consume('register-ip', ip, Number(c.env.REGISTRATIONS_PER_ADDRESS_HOUR) || undefined);
      if (!gate.allowed) return tooMany(c, 'REGISTER_TOO_FREQUENT', gate.retryAfter, `too many accounts created from this address, wait ${gate.retryAfter} seconds`);
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
        DEFAULT_PROFILE_NAME,
        username,
        input.profile.first_name ?? null,
        input.profile.last_name ?? null,
        input.profile.birth ?? null,
        now,
      ),
    ]).catch(async (error: unknown) => {
      if (ip) await limits.release('register-ip', ip);
      return rethrowUnique(error);
    });
    if (codeId !== null) await useCode(c.env.DB, codeId);
    return c.json({ id }, 201);
  });
