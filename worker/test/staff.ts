import { env } from 'cloudflare:workers';
import { sha256Hex } from '../api/kernel/staff';
import { randomToken } from '../api/kernel/tokens';
import type { StaffRole } from '../rules/staff';
import { register } from './accounts';

/**
 * Staff for back-office tests: an account holding `roles`, with a live console session made directly
 * in D1 (the sign-in with a second factor has its own tests in worker/api/admin), and the header the
 * console's pages send.
 */
export async function staffMember(roles: readonly StaffRole[], at = new Date()): Promise<{ id: string; email: string; token: string; headers: Record<string, string> }> {
  const user = await register();
  const token = randomToken();
  const iso = at.toISOString();
  await env.DB.batch([
    ...roles.map((role) => env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, ?2, ?3)').bind(user.id, role, iso)),
    env.DB.prepare('INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)').bind(await sha256Hex(token), user.id, iso, new Date(at.getTime() + 8 * 3600_000).toISOString()),
  ]);
  return { id: user.id, email: user.email, token, headers: { 'x-staff-session': token } };
}
