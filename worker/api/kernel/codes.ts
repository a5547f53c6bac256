import type { Bindings } from '../../env';
import type { CodePurpose } from './schemas';
import { randomToken, revokeSessionsStatement, serverSecret, sha256, type ServerSecret } from './tokens';

/**
 * Verification codes (6 digits; purpose 'payment': a mobile payment's consent, worker/api/payments), 10 minutes, single use, 5 tries) and password reset tokens
 * (random, 1 hour, single use). Codes are stored as HMACs keyed by the server secret (a 6-digit
 * SHA-256 would be brute-forced offline); reset tokens, being random, as SHA-256.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = 60 * 60 * 1000;

export type CodeChannel = 'email' | 'sms';

/**
 * What a code is for: the purposes a person asks for (`CodePurpose`), a mobile payment's consent, and
 * `email-change:{userId}`: the code support asks for to move that account to the address it was sent to.
 */
export type CodeUse = CodePurpose | 'payment' | `email-change:${string}`;

async function hmac(env: ServerSecret, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(serverSecret(env)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A uniform random 6-digit code (rejection sampling, no modulo bias). */
export function randomCode(): string {
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const n = buffer[0] ?? 0;
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, '0');
  }
}

/** Creates a code for (channel, target, purpose), replacing any earlier one; answers the code to send. */
export async function createCode(env: ServerSecret & Pick<Bindings, 'DB'>, channel: CodeChannel, target: string, purpose: CodeUse): Promise<string> {
  const code = randomCode();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare('UPDATE verification_codes SET used_at = ? WHERE channel = ? AND target = ? AND purpose = ? AND used_at IS NULL').bind(now, channel, target, purpose),
    env.DB.prepare('INSERT INTO verification_codes (channel, target, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
      channel,
      target,
      purpose,
      await hmac(env, `${channel}:${target}:${purpose}:${code}`),
      now + CODE_TTL_MS,
      now,
    ),
  ]);
  return code;
}

/**
 * Checks a code without using it up: answers the code's id when right. Every check counts one try
 * before the comparison, in one statement (the try is only taken while fewer than
 * CODE_MAX_ATTEMPTS were), so parallel guesses are counted exactly: at most 5 are ever compared.
 * Call `useCode` once the action succeeded.
 */
export async function checkCode(env: ServerSecret & Pick<Bindings, 'DB'>, channel: CodeChannel, target: string, purpose: CodeUse, code: string): Promise<number | null> {
  const row = await env.DB.prepare(
    `UPDATE verification_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM verification_codes WHERE channel = ? AND target = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1)
        AND attempts < ?
      RETURNING id, code_hash`,
  )
    .bind(channel, target, purpose, Date.now(), CODE_MAX_ATTEMPTS)
    .first<{ id: number; code_hash: string }>();
  if (!row) return null;
  return row.code_hash === (await hmac(env, `${channel}:${target}:${purpose}:${code.trim()}`)) ? row.id : null;
}

export const useCode = (db: D1Database, id: number): Promise<D1Result> =>
  db.prepare('UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').bind(Date.now(), id).run();

/**
 * A new password for the user, in one batch with the end of every pending way to reset it (the
 * emailed reset links and the SMS reset codes) and of the user's other sessions (all of them on a
 * reset; all but the caller's on a change): a crash can never leave the new password with an old
 * session alive. Every password change goes through here (reset link, SMS code, changeWithoutToken,
 * PUT auth/profile), so no older link or session outlives a change.
 */
export function setPasswordStatements(
  db: D1Database,
  user: { id: string; phone: string | null },
  passwordHash: string,
  sessions: { keep?: string | undefined; reason: 'password-change' | 'password-reset' },
  now = Date.now(),
): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').bind(passwordHash, user.id),
    revokeSessionsStatement(db, { userId: user.id, except: sessions.keep }, sessions.reason, new Date(now).toISOString()),
    db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(now, user.id),
    db.prepare("UPDATE verification_codes SET used_at = ? WHERE channel = 'sms' AND target = ? AND purpose = 'reset' AND used_at IS NULL").bind(now, user.phone ?? ''),
  ];
}

/** A new reset token for the user (earlier unused ones stop working). */
export async function createResetToken(db: D1Database, userId: string): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.batch([
    db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(now, userId),
    db.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)').bind(await sha256(token), userId, now + RESET_TTL_MS),
  ]);
  return token;
}

/** The user of a valid (unused, unexpired) reset token, or null. */
export async function resetTokenUser(db: D1Database, token: string): Promise<{ hash: string; userId: string } | null> {
  const hash = await sha256(token);
  const row = await db
    .prepare('SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(hash, Date.now())
    .first<{ user_id: string }>();
  return row ? { hash, userId: row.user_id } : null;
}
