// Test kit of refunds: a staff member with roles and a live console session, and calls to the refunds' app as the console makes them.
import { env } from 'cloudflare:workers';
import { staffMember as consoleStaff } from '../../../test/staff';
import { refunds } from './routes';

/** A new account holding `roles`, signed in to the console: its id and session token. */
export const staffMember = (roles: string[]): Promise<{ id: string; email: string; token: string }> => consoleStaff(roles);

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
