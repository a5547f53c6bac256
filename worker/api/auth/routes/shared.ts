import type { Context } from 'hono';
import { checkPassword } from '../../../rules/account';
import type { AppEnv } from '../../../env';
import { readConfig } from '../../configs/queries';
import { apiError } from '../../errors';

/** The password rules of the `auth/*` routes (the request helpers every area shares are in worker/api/kernel/request.ts). */

async function strongPasswords(c: Context<AppEnv>): Promise<boolean> {
  return (await readConfig(c.env)).options.STRONG_PASSWORD === true;
}

/** Spec §5 Password rule (STRONG_PASSWORD adds a special character). */
export async function requireGoodPassword(c: Context<AppEnv>, password: string, field = 'password'): Promise<void> {
  const problem = checkPassword(password, await strongPasswords(c));
  if (problem) apiError(400, problem, field);
}
