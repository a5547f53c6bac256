import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { isPermission, STAFF_SESSION_IDLE_MINUTES, type Permission } from '../../rules/staff';
import { apiError } from '../errors';
import { authenticate } from './auth';
import type { Actor, Origin } from './audit';
import { now } from './clock';
import { clientOf } from './request';
import { sha256 } from './tokens';

/**
 * The staff member behind a back-office request (issue 32). The console's pages send the session's
 * token as `x-staff-session` (the edge reads it from the console's cookie, which only /admin sees);
 * the session is looked up in D1 on every request, with the roles held now, so removing a role or
 * suspending the account ends it at once.
 */
export type Staff = {
  userId: string;
  email: string | null;
  roles: string[];
  permissions: Permission[];
  /** SHA-256 of the session token (the `staff_sessions` key). */
  sessionHash: string;
};

/** The console roles an account holds now. */
export async function consoleRoles(db: D1Database, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT g.role FROM staff_grants g JOIN staff_roles r ON r.name = g.role WHERE g.user_id = ?1 AND r.console = 1 ORDER BY g.role')
    .bind(userId)
    .all<{ role: string }>();
  return results.map((row) => row.role);
}

type SessionRow = { user_id: string; email: string | null; is_active: number; seen_at: string; expires_at: string; roles: string | null; permissions: string | null };

/**
 * The live session of a token at `at`, or null (unknown, idle too long, past its end, account
 * suspended, no console role left). A live session's `seen_at` moves to `at`.
 */
export async function staffSession(db: D1Database, token: string, at: Date): Promise<Staff | null> {
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) return null;
  const sessionHash = await sha256(token);
  const row = await db
    .prepare(
      `SELECT s.user_id, u.email, u.is_active, s.seen_at, s.expires_at,
        (SELECT group_concat(g.role) FROM staff_grants g JOIN staff_roles r ON r.name = g.role WHERE g.user_id = s.user_id AND r.console = 1) AS roles,
        (SELECT group_concat(DISTINCT p.permission) FROM staff_grants g JOIN staff_role_permissions p ON p.role = g.role WHERE g.user_id = s.user_id) AS permissions
       FROM staff_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1`,
    )
    .bind(sessionHash)
    .first<SessionRow>();
  if (!row) return null;
  const idleSince = at.getTime() - STAFF_SESSION_IDLE_MINUTES * 60_000;
  const roles = row.roles?.split(',').sort() ?? [];
  const live = row.is_active === 1 && roles.length > 0 && Date.parse(row.expires_at) > at.getTime() && Date.parse(row.seen_at) > idleSince;
  if (!live) {
    await db.prepare('DELETE FROM staff_sessions WHERE token_hash = ?1').bind(sessionHash).run();
    return null;
  }
  await db.prepare('UPDATE staff_sessions SET seen_at = ?2 WHERE token_hash = ?1').bind(sessionHash, at.toISOString()).run();
  return {
    userId: row.user_id,
    email: row.email,
    roles,
    permissions: (row.permissions ?? '').split(',').filter(isPermission).sort(),
    sessionHash,
  };
}

/**
 * Back-office routes: a live console session. Without one, a site user who holds no console role (a
 * customer, a sales agent, a librarian, door staff) gets 403 STAFF_FORBIDDEN; anyone else 401
 * STAFF_SESSION_REQUIRED (the console signs in again).
 */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('staff')) {
    const staff = await staffSession(c.env.DB, c.req.header('x-staff-session') ?? '', now(c));
    if (!staff) {
      const site = await authenticate(c).catch(() => null);
      if (site && (await consoleRoles(c.env.DB, site.user.id)).length === 0) apiError(403, 'STAFF_FORBIDDEN', 'the console is for staff');
      apiError(401, 'STAFF_SESSION_REQUIRED', 'sign in to the console');
    }
    c.set('staff', staff);
  }
  await next();
};

/** A back-office route that needs `permission`: a session without it gets 403 STAFF_FORBIDDEN. */
export const can =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) =>
    requireStaff(c, async () => {
      if (!staffOf(c).permissions.includes(permission)) apiError(403, 'STAFF_FORBIDDEN', permission);
      await next();
    });

/** The staff member of a route behind requireStaff or can(). */
export function staffOf(c: Context<AppEnv>): Staff {
  const staff = c.get('staff');
  if (!staff) apiError(401, 'STAFF_SESSION_REQUIRED', 'sign in to the console');
  return staff;
}

/** The audit log's "who" and "from where" of a back-office request. */
export function actorOf(c: Context<AppEnv>): Actor {
  const staff = staffOf(c);
  return { id: staff.userId, roles: staff.roles };
}
export function originOf(c: Context<AppEnv>): Origin {
  const client = clientOf(c);
  return { ip: client.ip || null, country: client.country || null };
}
