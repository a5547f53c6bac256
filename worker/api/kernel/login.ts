import { consumeAll, limiter } from '../../limits';
import { verifyPassword } from './password';
import { done, refused, type Result } from './refusals';
import { findUserByLogin, type UserRow } from './users';

/** Verified against when the login is unknown, so both failures take the same time. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$fpdPYss5EZ/NMBtcLCeIlm1Xic8UBjx2ymv8WKk3kUo';

export type PasswordRefusal = 'TOO_FREQUENT' | 'INVALID' | 'SUSPENDED';

/**
 * A login (email or phone) and its password, with the login limits of worker/limits: every attempt
 * is counted before the password is checked, so a parallel burst is counted exactly (the 6th attempt
 * is refused, even with the right password); a good password gives its tries back. The account
 * (`login-account`, one counter whether named by email or phone) and the sending address
 * (`login-ip`) are both counted. Used by the site's login and the console's first step.
 */
export async function checkPassword(
  env: Env,
  input: { login: string; password: string; ip: string },
): Promise<Result<UserRow, PasswordRefusal> & { retryAfter?: number }> {
  const limits = limiter(env);
  const ipKey = input.ip || 'unknown-ip';
  const user = await findUserByLogin(env.DB, input.login);
  const accountKey = user ? `user:${user.id}` : `login:${input.login}`;
  const attempt = await consumeAll(env, [
    ['login-account', accountKey],
    ['login-ip', ipKey],
  ]);
  if (!attempt.allowed) return { ...refused('TOO_FREQUENT'), retryAfter: attempt.retryAfter };
  const ok = await verifyPassword(user?.password_hash ?? DECOY_HASH, input.password);
  if (!user || !ok) return refused('INVALID');
  await Promise.all([limits.reset('login-account', accountKey), limits.release('login-ip', ipKey)]);
  if (!user.is_active) return refused('SUSPENDED');
  return done(user);
}
