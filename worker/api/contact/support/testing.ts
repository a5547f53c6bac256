import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { newTicket, type ContactSubject } from '../../../rules/contact';
import type { Lang } from '../../../rules/lang';
import { uniqueEmail } from '../../../test/accounts';
import { apiErrorAnswer } from '../../errors';
import { staffMember as consoleStaff } from '../../../test/staff';
import { support } from './routes';

/** Test kit of the support inbox: staff with a console session, tickets, and the console API as the lead mounts it. */

/** The console API at /admin/support, answering errors as the API does. */
export const consoleApi = new Hono<AppEnv>().route('/admin/support', support).onError((error, c) => apiErrorAnswer(error, { requestId: undefined, path: c.req.path }));

export type StaffMember = { id: string; email: string; token: string };

/** An account holding `roles` (none: a customer) with a live console session. */
export const staffMember = (...roles: string[]): Promise<StaffMember> => consoleStaff(roles);

/** Calls the console API as `staff` (JSON body when given). */
export function asStaff(staff: StaffMember | null, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Client-IP': '203.0.113.7', ...init.headers };
  if (staff) headers['x-staff-session'] = staff.token;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return Promise.resolve(consoleApi.request(`/admin/support${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }, env));
}

export type TicketSeed = { subject?: ContactSubject; lang?: Lang; name?: string; email?: string; message?: string; createdAt?: string; topic?: string; library?: string };

/** A contact message as the form stores it (its thread opens by the migration's trigger); answers its ticket number. */
export async function seedTicket(seed: TicketSeed = {}): Promise<{ ticket: string; email: string; name: string }> {
  const ticket = newTicket();
  const email = seed.email ?? uniqueEmail();
  const name = seed.name ?? 'Amina El Idrissi';
  await env.DB.prepare(
    `INSERT INTO contact_messages (ticket, subject, sub_subject, library, name, email, message, lang, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(ticket, seed.subject ?? 'technical', seed.topic ?? null, seed.library ?? null, name, email, seed.message ?? 'The film stops after ten minutes.', seed.lang ?? 'en', seed.createdAt ?? new Date().toISOString())
    .run();
  return { ticket, email, name };
}

/** The emails the dev outbox holds for a recipient, oldest first. */
export const outboxFor = (to: string) =>
  env.DB.prepare('SELECT recipient, subject, body FROM outbox WHERE recipient = ? ORDER BY id').bind(to).all<{ recipient: string; subject: string; body: string }>().then((r) => r.results);

/** The reply link in an email's text. */
export function replyLinkIn(body: string): string {
  const link = /https?:\/\/\S+\/contact\/reply\/\S+/.exec(body)?.[0];
  if (!link) throw new Error(`no reply link in: ${body}`);
  return link;
}

/** The audit entries of a ticket (or a saved answer), oldest first. */
export const auditOf = (entityId: string) =>
  env.DB.prepare('SELECT staff_id, action, entity, before_json, after_json FROM audit_log WHERE entity_id = ? ORDER BY id')
    .bind(entityId)
    .all<{ staff_id: string; action: string; entity: string; before_json: string | null; after_json: string | null }>()
    .then((r) => r.results);
