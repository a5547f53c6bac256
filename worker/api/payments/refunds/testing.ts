// Test kit of refunds: a staff member with roles and a live console session, and calls to the refunds' app as the console makes them.
import { env } from 'cloudflare:workers';
import { register } from '../../../test/accounts';
import { sha256Hex } from '../../kernel/staff';
import { refunds } from './routes';

/** A new account holding `roles`, signed in to the console: its id and session token. */
export async function staffMember(roles: string[]): Promise<{ id: string; email: string; token: string }> {
  const user = await register();
  const at = new Date();
  for (const role of roles) await env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?, ?, ?)').bind(user.id, role, at.toISOString()).run();
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, '');
  await env.DB.prepare('INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await sha256Hex(token), user.id, at.toISOString(), at.toISOString(), new Date(at.getTime() + 8 * 3_600_000).toISOString())
    .run();
  return { id: user.id, email: user.email, token };
}

/** A request to the refunds' app (mounted at /admin/refunds) with a console session. */
export function adminRefunds(token: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return Promise.resolve(
    refunds.request(
      path,
      { method: init.method ?? 'GET', headers: { 'Content-Type': 'application/json', 'x-staff-session': token, ...init.headers }, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) },
      env,
    ),
  );
}
