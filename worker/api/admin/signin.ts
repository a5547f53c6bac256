import { jwtVerify, SignJWT } from 'jose';
import { limiter } from '../../limits';
import { RECOVERY_CODES, STAFF_CHALLENGE_MINUTES, STAFF_SESSION_MAX_HOURS } from '../../rules/staff';
import { auditStatement, type Origin } from '../kernel/audit';
import { checkPassword } from '../kernel/login';
import { consoleRoles } from '../kernel/staff';
import { done, refused, type Result } from '../kernel/refusals';
import { randomToken, serverSecret, sha256, type ServerSecret } from '../kernel/tokens';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/**
 * Signing in to the console (issue 32), in two steps. First the password (the site's login limits
 * apply), by an account that holds a console role: it answers a challenge good for a few minutes.
 * Then a code of the staff member's authenticator app, or one of their recovery codes. The first
 * time, the first step also answers a new secret to add to the app, and the first good code
 * confirms it and answers ten recovery codes, shown once.
 */

export type SignInRefusal = 'TOO_FREQUENT' | 'INVALID' | 'SUSPENDED' | 'NOT_STAFF' | 'CHALLENGE_EXPIRED' | 'CODE_INVALID';

type Deps = { env: Env & ServerSecret; now: Date; origin: Origin };

const CHALLENGE = 'staff-challenge';
const key = (env: ServerSecret) => new TextEncoder().encode(serverSecret(env));

export type FirstStep = { challenge: string; enrol: null | { secret: string; uri: string } };

/** Step one: the password of a staff account → the challenge (and, before the second factor is set up, its secret). */
export async function startSignIn({ env, now, origin }: Deps, input: { login: string; password: string }): Promise<Result<FirstStep, SignInRefusal> & { retryAfter?: number }> {
  const checked = await checkPassword(env, { ...input, ip: origin.ip ?? '' });
  if (!checked.ok) return checked;
  const user = checked.value;
  if ((await consoleRoles(env.DB, user.id)).length === 0) return refused('NOT_STAFF');
  let totp = await env.DB.prepare('SELECT secret, confirmed_at FROM staff_totp WHERE user_id = ?1').bind(user.id).first<{ secret: string; confirmed_at: string | null }>();
  if (!totp) {
    // Two first steps at once keep the one secret written first.
    await env.DB.prepare('INSERT OR IGNORE INTO staff_totp (user_id, secret) VALUES (?1, ?2)').bind(user.id, newTotpSecret()).run();
    totp = await env.DB.prepare('SELECT secret, confirmed_at FROM staff_totp WHERE user_id = ?1').bind(user.id).first<{ secret: string; confirmed_at: string | null }>();
  }
  const challenge = await new SignJWT({ purpose: CHALLENGE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + STAFF_CHALLENGE_MINUTES * 60)
    .sign(key(env));
  const enrol = totp && !totp.confirmed_at ? { secret: totp.secret, uri: otpauthUri('Tafrij', user.email ?? user.phone ?? user.id, totp.secret) } : null;
  return done({ challenge, enrol });
}

export type Signed = { token: string; expiresAt: string; recoveryCodes: string[] | null };

/** A recovery code as it is shown: 10 characters in two groups, e.g. "k3m9x-2hq7p". */
const recoveryCode = (): string => {
  const raw = randomToken().replace(/[-_]/g, '').toLowerCase().slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

/** Step two: the challenge and a code (or a recovery code) → a console session. */
export async function finishSignIn({ env, now, origin }: Deps, input: { challenge: string; code?: string | undefined; recoveryCode?: string | undefined }): Promise<Result<Signed, SignInRefusal> & { retryAfter?: number }> {
  let userId: string;
  try {
    const { payload } = await jwtVerify(input.challenge, key(env), { algorithms: ['HS256'], currentDate: now });
    if (payload.purpose !== CHALLENGE || typeof payload.sub !== 'string') return refused('CHALLENGE_EXPIRED');
    userId = payload.sub;
  } catch {
    return refused('CHALLENGE_EXPIRED');
  }
  // Every code typed is counted before it is checked: five tries a quarter of an hour.
  const limits = limiter(env);
  const attempt = await limits.consume('staff-code', userId);
  if (!attempt.allowed) return { ...refused('TOO_FREQUENT'), retryAfter: attempt.retryAfter };
  const at = now.toISOString();
  const totp = await env.DB.prepare('SELECT secret, confirmed_at, last_step FROM staff_totp WHERE user_id = ?1').bind(userId).first<{ secret: string; confirmed_at: string | null; last_step: number }>();
  if (!totp) return refused('CODE_INVALID');
  let accepted = false;
  if (input.code) {
    const step = await matchingStep(totp.secret, input.code.replace(/\s/g, ''), now, totp.last_step);
    // The step is taken in one statement: the same code sent twice at once signs in once.
    if (step !== null) {
      const taken = await env.DB.prepare('UPDATE staff_totp SET last_step = ?2, confirmed_at = COALESCE(confirmed_at, ?3) WHERE user_id = ?1 AND last_step < ?2').bind(userId, step, at).run();
      accepted = taken.meta.changes === 1;
    }
  } else if (input.recoveryCode && totp.confirmed_at) {
    const hash = await sha256(input.recoveryCode.trim().toLowerCase());
    const used = await env.DB.prepare('UPDATE staff_recovery_codes SET used_at = ?3 WHERE user_id = ?1 AND code_hash = ?2 AND used_at IS NULL').bind(userId, hash, at).run();
    accepted = used.meta.changes === 1;
  }
  if (!accepted) return refused('CODE_INVALID');
  await limits.reset('staff-code', userId);
  const roles = await consoleRoles(env.DB, userId);
  const user = await env.DB.prepare('SELECT is_active FROM users WHERE id = ?1').bind(userId).first<{ is_active: number }>();
  if (!user?.is_active) return refused('SUSPENDED');
  if (roles.length === 0) return refused('NOT_STAFF');
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3600_000).toISOString();
  // The first good code sets the second factor up: ten recovery codes, shown once.
  const recoveryCodes = totp.confirmed_at ? null : Array.from({ length: RECOVERY_CODES }, recoveryCode);
  const recoveryRows = await Promise.all(
    (recoveryCodes ?? []).map(async (code) => env.DB.prepare('INSERT INTO staff_recovery_codes (user_id, code_hash) VALUES (?1, ?2)').bind(userId, await sha256(code))),
  );
  await env.DB.batch([
    env.DB.prepare('INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at, ip) VALUES (?1, ?2, ?3, ?3, ?4, ?5)').bind(await sha256(token), userId, at, expiresAt, origin.ip ?? null),
    ...(recoveryCodes ? [env.DB.prepare('DELETE FROM staff_recovery_codes WHERE user_id = ?1').bind(userId), ...recoveryRows] : []),
    auditStatement(env.DB, {
      actor: { id: userId, roles },
      action: recoveryCodes ? 'staff.second_factor_set' : input.code ? 'staff.sign_in' : 'staff.sign_in_recovery_code',
      entity: 'staff',
      entityId: userId,
      origin,
      at: now,
    }),
  ]);
  return done({ token, expiresAt, recoveryCodes });
}

/** Signing out: the session ends now. */
export async function endStaffSession(db: D1Database, sessionHash: string): Promise<void> {
  await db.prepare('DELETE FROM staff_sessions WHERE token_hash = ?1').bind(sessionHash).run();
}
