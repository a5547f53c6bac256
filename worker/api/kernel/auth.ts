import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../errors';
import { verifyAccessToken } from './tokens';
import { findUserById, type UserRow } from './users';

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
  const [user, session] = await Promise.all([
    findUserById(c.env.DB, claims.userId),
    c.env.DB.prepare('SELECT revoked_at FROM sessions WHERE id = ? AND user_id = ?').bind(claims.sessionId, claims.userId).first<{ revoked_at: string | null }>(),
  ]);
  if (user && !user.is_active) apiError(403, 'USER_SUSPENDED', 'account suspended');
  if (!user || !session || session.revoked_at) apiError(401, 'NOT_AUTHORIZED', 'session ended');
  return { user, sessionId: claims.sessionId };
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
