// Test kit of the reports: a console session for a staff member holding some roles.
import { env } from 'cloudflare:workers';
import type { StaffRole } from '../../rules/staff';
import { sha256Hex } from '../kernel/staff';

/** A new account holding `roles`, signed in to the console now: answers the session token (`x-staff-session`). */
export async function staffSessionToken(roles: readonly StaffRole[], now = new Date()): Promise<string> {
  const userId = crypto.randomUUID();
  const at = now.toISOString();
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '');
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, lang, created_at) VALUES (?1, ?2, 'x', 'en', ?3)").bind(userId, `staff-${userId}@example.com`, at),
    ...roles.map((role) => env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, ?2, ?3)').bind(userId, role, at)),
    env.DB.prepare('INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)').bind(await sha256Hex(token), userId, at, new Date(now.getTime() + 8 * 3_600_000).toISOString()),
  ]);
  return token;
}
