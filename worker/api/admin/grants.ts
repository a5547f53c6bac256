import type { StaffRole } from '../../rules/staff';
import { auditStatement, type Actor, type Origin } from '../kernel/audit';
import { done, refused, type Result } from '../kernel/refusals';

/**
 * Who holds which role (issue 32): the staff list, and granting or removing a role with a reason,
 * each change and its audit entry in one batch. Removing someone's last console role ends their
 * console sessions; the last administrator's role cannot be removed.
 */

export type StaffMember = {
  id: string;
  email: string | null;
  phone: string | null;
  roles: string[];
  secondFactor: boolean;
  lastSeen: string | null;
};

type Row = { id: string; email: string | null; phone: string | null; roles: string; confirmed_at: string | null; last_seen: string | null };

/** Everyone who holds a role, filtered by role and by email or phone. */
export async function listStaff(db: D1Database, filter: { q?: string | undefined; role?: StaffRole | undefined }): Promise<StaffMember[]> {
  const { results } = await db
    .prepare(
      `SELECT u.id, u.email, u.phone, group_concat(g.role) AS roles, t.confirmed_at,
        (SELECT MAX(s.seen_at) FROM staff_sessions s WHERE s.user_id = u.id) AS last_seen
       FROM staff_grants g JOIN users u ON u.id = g.user_id LEFT JOIN staff_totp t ON t.user_id = u.id
       WHERE (?1 = '' OR u.email LIKE '%' || ?1 || '%' OR u.phone LIKE '%' || ?1 || '%')
         AND (?2 = '' OR u.id IN (SELECT user_id FROM staff_grants WHERE role = ?2))
       GROUP BY u.id ORDER BY u.email LIMIT 500`,
    )
    .bind((filter.q ?? '').trim().toLowerCase(), filter.role ?? '')
    .all<Row>();
  return results.map((row) => ({
    id: row.id,
    email: row.email,
    phone: row.phone,
    roles: row.roles.split(',').sort(),
    secondFactor: row.confirmed_at !== null,
    lastSeen: row.last_seen,
  }));
}

export type GrantRefusal = 'USER_NOT_FOUND' | 'ALREADY_GRANTED' | 'NOT_GRANTED' | 'LAST_ADMINISTRATOR';
type Change = { db: D1Database; actor: Actor; origin: Origin; now: Date };

/** Gives `role` to the account of `login` (email or phone). */
export async function grantRole({ db, actor, origin, now }: Change, input: { login: string; role: StaffRole; reason: string }): Promise<Result<{ userId: string }, GrantRefusal>> {
  const login = input.login.trim().toLowerCase();
  const user = await db.prepare('SELECT id FROM users WHERE email = ?1 OR phone = ?1').bind(login).first<{ id: string }>();
  if (!user) return refused('USER_NOT_FOUND');
  const [inserted] = await db.batch([
    db.prepare('INSERT OR IGNORE INTO staff_grants (user_id, role, granted_by, granted_at) VALUES (?1, ?2, ?3, ?4)').bind(user.id, input.role, actor.id, now.toISOString()),
    auditStatement(db, { actor, action: 'staff.grant', entity: 'user', entityId: user.id, after: { role: input.role }, reason: input.reason, origin, at: now }, { sql: 'changes() = 1', args: [] }),
  ]);
  if (inserted?.meta.changes !== 1) return refused('ALREADY_GRANTED');
  return done({ userId: user.id });
}

/** Takes `role` from `userId`; without a console role left, their console sessions end. */
export async function revokeRole({ db, actor, origin, now }: Change, input: { userId: string; role: StaffRole; reason: string }): Promise<Result<{ userId: string }, GrantRefusal>> {
  const [removed] = await db.batch([
    // One statement decides: the last administrator keeps the role, whoever asks and however many at once.
    db
      .prepare(
        `DELETE FROM staff_grants WHERE user_id = ?1 AND role = ?2
           AND (role <> 'administrator' OR (SELECT COUNT(*) FROM staff_grants WHERE role = 'administrator') > 1)`,
      )
      .bind(input.userId, input.role),
    auditStatement(db, { actor, action: 'staff.revoke', entity: 'user', entityId: input.userId, before: { role: input.role }, reason: input.reason, origin, at: now }, { sql: 'changes() = 1', args: [] }),
    db
      .prepare(
        'DELETE FROM staff_sessions WHERE user_id = ?1 AND NOT EXISTS (SELECT 1 FROM staff_grants g JOIN staff_roles r ON r.name = g.role WHERE g.user_id = ?1 AND r.console = 1)',
      )
      .bind(input.userId),
  ]);
  if (removed?.meta.changes === 1) return done({ userId: input.userId });
  const held = await db.prepare('SELECT 1 AS held FROM staff_grants WHERE user_id = ?1 AND role = ?2').bind(input.userId, input.role).first();
  return refused(held ? 'LAST_ADMINISTRATOR' : 'NOT_GRANTED');
}
