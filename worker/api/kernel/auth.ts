import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../errors';
import { verifyAccessToken } from './tokens';
import { primaryOf, remember, sessionProfileKey } from './request-db';
import type { UserRow } from './users';

/**
 * The caller of an API route, from `Authorization: Bearer <access token>`:
 * - no or expired/invalid token → 401 E_UNAUTHORIZED_ACCESS (the edge refreshes and retries);
 * - suspended user → 403 USER_SUSPENDED (spec §4);
 * - session ended (logout, password reset, stolen refresh token) or user gone → 401 NOT_AUTHORIZED
 *   (the edge clears the cookie: spec §8 Global).
 */
export async function authenticate(c: Context<AppEnv>): Promise<{ user: UserRow; sessionId: string } | null> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return null;
  const claims = await verifyAccessToken(c.env, match[1]);
  if (!claims) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'invalid or expired access token');
  const { user, session } = await callerRows(c.env.DB, claims.userId, claims.sessionId);
  if (user && !user.is_active) apiError(403, 'USER_SUSPENDED', 'account suspended');
  if (!user || !session || session.revoked_at) apiError(401, 'NOT_AUTHORIZED', 'session ended');
  return { user, sessionId: claims.sessionId };
}

type CallerRow = UserRow & { session_id: string | null; session_revoked_at: string | null; session_profile_id: number | null };

/**
 * The caller's users row and session in one statement, read once per request (./request-db.ts)
 * from the primary, never a replica: a session revoked or an account suspended from elsewhere is
 * refused at once. The session's current profile comes with it, so the profile of the calls that
 * follow needs no statement of its own (worker/api/profiles/queries.ts currentProfileId).
 */
async function callerRows(db: D1Database, userId: string, sessionId: string): Promise<{ user: UserRow | null; session: { revoked_at: string | null } | null }> {
  const row = await remember(db, `caller:${userId}:${sessionId}`, () =>
    primaryOf(db)
      .prepare(
        `SELECT u.*, s.id AS session_id, s.revoked_at AS session_revoked_at, s.profile_id AS session_profile_id
         FROM users u LEFT JOIN sessions s ON s.id = ?2 AND s.user_id = u.id WHERE u.id = ?1`,
      )
      .bind(userId, sessionId)
      .first<CallerRow>(),
  );
  if (!row) return { user: null, session: null };
  const { session_id, session_revoked_at, session_profile_id, ...user } = row;
  if (session_id === null) return { user, session: null };
  void remember(db, sessionProfileKey(sessionId), () => Promise.resolve(session_profile_id));
  return { user, session: { revoked_at: session_revoked_at } };
}

/** Routes for logged-in users only. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = await authenticate(c);
  if (!auth) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
  c.set('auth', auth);
  await next();
};

/** The authenticated caller of a route behind requireAuth. */
export function caller(c: Context<AppEnv>): { user: UserRow; sessionId: string } {
  const auth = c.get('auth');
  if (!auth) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
  return auth;
}
