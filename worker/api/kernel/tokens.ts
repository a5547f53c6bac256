import { jwtVerify, SignJWT } from 'jose';
import { toBase64url } from '../../rules/base64url';
import type { Bindings } from '../../env';
import { apiError } from '../errors';
import type { Tokens } from './schemas';

/**
 * Sessions: a short-lived signed access token (JWT, HS256, `sub` = user, `sid` = session) and a
 * random refresh token stored as a SHA-256 hash, rotated on every refresh.
 *
 * Rotation with a reuse window: a refresh token used again within REFRESH_REUSE_WINDOW_MS of its
 * rotation gets a fresh sibling (parallel requests that all carried the same expired access token
 * all succeed); used again after the window, it is taken as stolen and the whole session (the token
 * family) is revoked.
 */
export const REFRESH_REUSE_WINDOW_MS = 30_000;
const REFRESH_TTL_MS = 365 * 24 * 3600 * 1000;
const DEV_SECRET = 'tafrij-dev-only-secret: set JWT_SECRET with wrangler secret put';

/** What the server's own signatures (tokens, codes, sealed PINs, signed links) need: its secret, and whether this is development. */
export type ServerSecret = Pick<Bindings, 'JWT_SECRET' | 'DEV_OUTBOX'>;
/** The settings and the database a session is made with. */
type SessionEnv = ServerSecret & Pick<Bindings, 'DB' | 'ACCESS_TOKEN_TTL_SECONDS'>;

/** JWT_SECRET; a fixed development secret only where the dev outbox is on (never in production). */
export function serverSecret(env: ServerSecret): string {
  const secret = env.JWT_SECRET || (env.DEV_OUTBOX === 'true' ? DEV_SECRET : '');
  if (!secret) apiError(500, 'SERVER_MISCONFIGURED', 'JWT_SECRET is not set');
  return secret;
}

const secretKey = (env: ServerSecret): Uint8Array => new TextEncoder().encode(serverSecret(env));

export async function signAccessToken(env: ServerSecret & Pick<Bindings, 'ACCESS_TOKEN_TTL_SECONDS'>, userId: string, sessionId: string): Promise<string> {
  const ttl = Number.parseInt(env.ACCESS_TOKEN_TTL_SECONDS, 10) || 900;
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`)
    .sign(secretKey(env));
}

/** The access token's user and session, or null when it is invalid or expired. */
export async function verifyAccessToken(env: ServerSecret, token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** 32 random bytes, base64url. */
export const randomToken = (): string => toBase64url(crypto.getRandomValues(new Uint8Array(32)));

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function issueRefreshToken(db: D1Database, sessionId: string, now: number): Promise<string> {
  const token = randomToken();
  await db
    .prepare('INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256(token), sessionId, now, now + REFRESH_TTL_MS)
    .run();
  return token;
}

export type SessionPlace = { deviceId: string; userAgent: string; country: string; city: string; deviceName?: string };

/** The statement that adds a session (one row of the device history), for a batch. */
export function newSessionStatement(db: D1Database, id: string, userId: string, place: SessionPlace, at: Date): D1PreparedStatement {
  const when = at.toISOString();
  return db
    .prepare('INSERT INTO sessions (id, user_id, device_id, user_agent, device_name, country, city, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(id, userId, place.deviceId.slice(0, 64), place.userAgent.slice(0, 300), (place.deviceName ?? '').slice(0, 60), place.country.slice(0, 2), place.city.slice(0, 100), when, when);
}

/** The first tokens of a session that exists. */
export async function sessionTokens(env: SessionEnv, userId: string, sessionId: string, now = Date.now()): Promise<Tokens> {
  return { token: await signAccessToken(env, userId, sessionId), type: 'bearer', refreshToken: await issueRefreshToken(env.DB, sessionId, now) };
}

/** Starts a session (one row of the device history) and answers its first tokens. */
export async function startSession(env: SessionEnv, userId: string, place: SessionPlace): Promise<Tokens> {
  const id = crypto.randomUUID();
  await newSessionStatement(env.DB, id, userId, place, new Date()).run();
  return sessionTokens(env, userId, id);
}

type RefreshRow = {
  session_id: string;
  user_id: string;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: string | null;
  is_active: number;
};

/** POST /auth/refresh: rotates the refresh token (see the reuse window above). */
export async function refreshSession(env: SessionEnv, refreshToken: string, now = Date.now()): Promise<Tokens> {
  const hash = await sha256(refreshToken);
  const row = await env.DB.prepare(
    `SELECT rt.session_id, s.user_id, rt.expires_at, rt.rotated_at, s.revoked_at, u.is_active
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id JOIN users u ON u.id = s.user_id
      WHERE rt.token_hash = ?`,
  )
    .bind(hash)
    .first<RefreshRow>();
  if (!row) apiError(401, 'E_INVALID_JWT_REFRESH_TOKEN', 'invalid refresh token');
  if (!row.is_active) apiError(403, 'USER_SUSPENDED', 'account suspended');
  if (row.revoked_at || row.expires_at < now) apiError(401, 'E_INVALID_JWT_REFRESH_TOKEN', 'invalid refresh token');
  if (row.rotated_at !== null && now - row.rotated_at > REFRESH_REUSE_WINDOW_MS) {
    await revokeSessions(env.DB, { sessionId: row.session_id }, 'refresh-token-reuse');
    apiError(401, 'E_INVALID_JWT_REFRESH_TOKEN', 'refresh token reused');
  }
  await env.DB.batch([
    env.DB.prepare('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL').bind(now, hash),
    env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').bind(new Date(now).toISOString(), row.session_id),
  ]);
  return {
    token: await signAccessToken(env, row.user_id, row.session_id),
    type: 'bearer',
    refreshToken: await issueRefreshToken(env.DB, row.session_id, now),
  };
}

/** The statement that ends all of a user's sessions but one (`except`), so it can share a batch with what caused it. */
export const revokeSessionsStatement = (db: D1Database, which: { userId: string; except?: string | undefined }, reason: string, now = new Date().toISOString()): D1PreparedStatement =>
  db
    .prepare('UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE user_id = ? AND id != ? AND revoked_at IS NULL')
    .bind(now, reason, which.userId, which.except ?? '');

/** Ends sessions: one, all of a user's, or all of a user's but one. */
export async function revokeSessions(
  db: D1Database,
  which: { sessionId: string } | { userId: string; except?: string },
  reason: string,
): Promise<void> {
  const now = new Date().toISOString();
  if ('sessionId' in which) {
    await db.prepare('UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL').bind(now, reason, which.sessionId).run();
    return;
  }
  await revokeSessionsStatement(db, which, reason, now).run();
}

/** Spec §4 Suspended account: deactivates the user and ends every session (operators: scripts/admin). */
export async function suspendUser(db: D1Database, userId: string): Promise<void> {
  await db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').bind(userId).run();
  await revokeSessions(db, { userId }, 'suspended');
}
