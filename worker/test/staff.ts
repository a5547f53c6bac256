import { env } from 'cloudflare:workers';
import { randomToken, sha256 } from '../api/kernel/tokens';
import { register } from './accounts';

/**
 * Staff for back-office tests (every area's console tests use this one): an account holding `roles`
 * (the migration's, or a role a test makes), with a live console session made directly
 * in D1 (the sign-in with a second factor has its own tests in worker/api/admin), and the header the
 * console's pages send.
 */
export async function staffMember(roles: readonly string[], at = new Date()): Promise<{ id: string; email: string; token: string; headers: Record<string, string> }> {
  const user = await register();
  const token = randomToken();
  const iso = at.toISOString();
  await env.DB.batch([
    ...roles.map((role) => env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, ?2, ?3)').bind(user.id, role, iso)),
    env.DB.prepare('INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)').bind(await sha256(token), user.id, iso, new Date(at.getTime() + 8 * 3600_000).toISOString()),
  ]);
  return { id: user.id, email: user.email, token, headers: { 'x-staff-session': token } };
}
