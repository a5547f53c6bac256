import type { Context } from 'hono';
import { checkPassword } from '../../../rules/account';
import type { AppEnv } from '../../../env';
import { readConfig } from '../../configs/queries';
import { apiError } from '../../errors';
import { refuse, type RefusalAnswers } from '../../kernel/refusals';
import { takenRefusal, type TakenRefusal } from '../users';

/** The password rules and refusals of the `auth/*` routes (the request helpers every area shares are in worker/api/kernel/request.ts). */

async function strongPasswords(c: Context<AppEnv>): Promise<boolean> {
  return (await readConfig(c.env)).options.STRONG_PASSWORD === true;
}

/** The account routes' refusals as HTTP answers: the spec's `users_email_unique` / `users_phone_unique` bodies (409). */
const ACCOUNT_REFUSALS: RefusalAnswers<TakenRefusal> = {
  EMAIL_TAKEN: [409, 'E_UNIQUE', 'duplicate key value violates unique constraint "users_email_unique"'],
  PHONE_TAKEN: [409, 'E_UNIQUE', 'duplicate key value violates unique constraint "users_phone_unique"'],
};

/** A failed write of a users row: its 409 when the email or phone is another account's, else the failure itself. */
export function rethrowUnique(error: unknown): never {
  const refusal = takenRefusal(error);
  if (refusal) refuse(ACCOUNT_REFUSALS, refusal);
  throw error;
}

/** Spec §5 Password rule (STRONG_PASSWORD adds a special character). */
export async function requireGoodPassword(c: Context<AppEnv>, password: string, field = 'password'): Promise<void> {
  const problem = checkPassword(password, await strongPasswords(c));
  if (problem) apiError(400, problem, field);
}
