// Test kit of the customer routes: staff members signed in to the console, and the routes mounted as
// the API mounts them (/admin/customers, errors in the API's shape).
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import type { StaffRole } from '../../../rules/staff';
import { DUMMY_TOKEN } from '../../../rules/turnstile';
import { callApi, GOOD_PASSWORD, login, register, uniqueEmail } from '../../../test/accounts';
import { staffMember as consoleStaff } from '../../../test/staff';
import { makeTitle } from '../../../test/catalogue';
import { apiErrorAnswer } from '../../errors';
import { OrderAnswer } from '../../events/schemas';
import { festival } from '../../events/testing';
import { hashPassword } from '../../kernel/password';
import { decide, deliver, makeCoupon, pay, startCheckout } from '../../payments/testing';
import { customers } from './routes';

const app = new Hono<AppEnv>().route('/admin/customers', customers).onError((error, c) => apiErrorAnswer(error, { requestId: undefined, path: c.req.path }));

export type StaffMember = { id: string; email: string; token: string };

/** A registered account holding `roles`, with a live console session (its token for `x-staff-session`). */
export const staffMember = (...roles: StaffRole[]): Promise<StaffMember> => consoleStaff(roles);

/** A request to /admin/customers… as `staff` (or without a console session). */
export function callConsole(path: string, init: { staff?: StaffMember; method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Client-IP': '203.0.113.7', ...init.headers };
  if (init.staff) headers['x-staff-session'] = init.staff.token;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return Promise.resolve(app.request(`/admin/customers${path}`, { method: init.method ?? 'GET', headers, body }, env));
}

/** The audit entries about an account, oldest first. */
export const auditOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT staff_id, staff_roles, action, before_json, after_json, reason, ip FROM audit_log WHERE entity = 'user' AND entity_id = ?1 ORDER BY id")
      .bind(userId)
      .all<{ staff_id: string; staff_roles: string; action: string; before_json: string | null; after_json: string | null; reason: string | null; ip: string | null }>()
  ).results;

/** Fails the test with the answer's body when a call of the story did not succeed. */
async function ok(call: Promise<Response>, what: string): Promise<Response> {
  const res = await call;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

const randomDigits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');

/** A library of its own with one premium title, whose patron list holds `card` (PIN 4321). */
async function library(card: string): Promise<{ slug: string; title: string }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const slug = `story-${tag}`;
  const row = await env.DB.prepare(
    "INSERT INTO libraries (slug, name, city, postal_code, landing, monthly_tickets, patron_auth, search_text, updated_at) VALUES (?1, ?2, ?3, '99999', '{}', 5, 'csv', ?1, '2026-01-01') RETURNING id",
  )
    .bind(slug, JSON.stringify({ en: `Library ${tag}` }), JSON.stringify({ en: 'Town' }))
    .first<{ id: number }>();
  const title = await makeTitle({ premium: true });
  await env.DB.prepare('INSERT INTO library_titles (library_id, content_id, position) VALUES (?1, ?2, 0)').bind(row!.id, title.id).run();
  await env.DB.prepare("INSERT INTO library_patrons (library_id, card_number, pin_hash, name, valid_until, blocked, imported_at) VALUES (?1, ?2, ?3, 'Zineb', NULL, 0, '2026-01-01')")
    .bind(row!.id, card, await hashPassword('4321'))
    .run();
  return { slug, title: title.slug };
}

/** What a customer's story left behind: the references support may be given. */
export type Story = {
  id: string;
  email: string;
  phone: string;
  token: string;
  lastName: string;
  transactionId: string;
  providerRef: string;
  invoice: { number: number; issuedAt: string };
  voucherRef: string;
  ticket: string;
  orderId: string;
  eticketId: string;
  cardNumber: string;
  kidsProfile: number;
};

/**
 * A customer who did a bit of everything through the API, as a person would: registered with an
 * email and a phone, named the main profile, bought a ticket pack and unlocked a title, left a cash
 * voucher unpaid, added a library card and borrowed a title, subscribed by card, cancelled and
 * resumed, renewed with a coupon, made a PIN-locked profile, bought festival tickets, wrote to
 * support, asked for a verification code and a password reset, and signed out of a second device.
 */
export async function customerStory(): Promise<Story> {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = uniqueEmail();
  const phone = `+2126${randomDigits(8)}`;
  const lastName = `Qadiri${tag}`;
  await ok(callApi('/auth/register?lang=fr', { method: 'POST', body: { email, phone, password: GOOD_PASSWORD, profile: { username: 'zineb' } }, headers: { 'X-Client-IP': crypto.randomUUID() } }), 'register');
  const { token } = await login(email);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: string }>())!.id;
  const as = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => ok(callApi(path, { ...init, token }), path);
  await as('/auth/profile', { method: 'PUT', body: { profile: { first_name: 'Zineb', last_name: lastName } } });

  // Pay per title before any subscription: a pack by card, one unlock; another pack left as a cash voucher.
  const pack = await startCheckout(token, 8, { currency: 'MAD' });
  await ok(deliver(await decide(pack, 'approve')), 'pack callback');
  const premium = await makeTitle({ premium: true });
  await as(`/pages/content/${premium.slug}/unlock`, { method: 'POST' });
  const voucher = await startCheckout(token, 8, { method: 'cash', currency: 'MAD' });
  const voucherRef = (await env.DB.prepare('SELECT voucher_ref FROM transactions WHERE id = ?1').bind(voucher.transaction.id).first<{ voucher_ref: string }>())!.voucher_ref;

  // A library card, and a loan of one of its titles.
  const cardNumber = `77${randomDigits(8)}`;
  const lib = await library(cardNumber);
  await as(`/libraries/${lib.slug}/card`, { method: 'POST', body: { cardNumber, pin: '4321' }, headers: { 'X-Client-IP': crypto.randomUUID() } });
  await as('/libraries/loans', { method: 'POST', body: { contentSlug: lib.title } });

  // The day pass by card (invoice), cancelled and resumed, then another day paid with a 100 % coupon.
  const { answer } = await pay(token, 1, 'approve', { currency: 'MAD' });
  const transactionId = answer.transaction.id;
  await as('/payments/subscription', { method: 'DELETE' });
  await as('/payments/subscription/resume', { method: 'POST' });
  await as('/payments/subscription/1', { method: 'POST', body: { method: 'coupon', coupon: await makeCoupon({ kind: 'percent', value: 100, plans: [1] }), currency: 'MAD' } });
  const paid = (await env.DB.prepare('SELECT t.provider_ref, i.number, i.issued_at FROM transactions t JOIN invoices i ON i.transaction_id = t.id WHERE t.id = ?1').bind(transactionId).first<{ provider_ref: string; number: number; issued_at: string }>())!;

  // A second profile, locked with a PIN.
  const kids = (await (await as('/auth/profiles', { method: 'POST', body: { name: 'Kids', is_kid: true } })).json()) as { id: number };
  await as(`/auth/profiles/${kids.id}/pin`, { method: 'PUT', body: { password: GOOD_PASSWORD, pin: '1234' } });

  // Festival tickets, paid and fulfilled.
  const show = await festival(100);
  const order = OrderAnswer.parse(await (await as('/events/orders', { method: 'POST', body: { show: show.showId, items: [{ type: show.venue, quantity: 1 }], currency: 'MAD', method: 'card' } })).json());
  await ok(deliver(await decide({ transaction: { id: order.transaction.id, state: 'created' }, checkout: order.checkout }, 'approve')), 'order callback');
  const eticketId = (await env.DB.prepare('SELECT id FROM etickets WHERE order_id = ?1').bind(order.order.id).first<{ id: string }>())!.id;

  // A message to support, a verification code, a password reset link; a second device signed out.
  const contact = (await (
    await as('/contact?lang=fr', { method: 'POST', body: { subject: 'billing', name: 'Zineb', email, message: 'I was charged twice for the day pass.', turnstile_token: DUMMY_TOKEN }, headers: { 'X-Client-IP': crypto.randomUUID() } })
  ).json()) as { ticket: string };
  await as('/auth/code/send', { method: 'POST', body: { channel: 'email', target: email, purpose: 'verify' } });
  await ok(callApi(`/auth/password/forgot?email=${encodeURIComponent(email)}&lang=fr`, { method: 'POST' }), 'forgot');
  const second = await login(email);
  await ok(callApi('/auth/logout', { method: 'POST', token: second.token }), 'logout');

  return {
    id, email, phone, token, lastName, transactionId, providerRef: paid.provider_ref, invoice: { number: paid.number, issuedAt: paid.issued_at }, voucherRef,
    ticket: contact.ticket, orderId: order.order.id, eticketId, cardNumber, kidsProfile: kids.id,
  };
}

/** `n` accounts whose emails start with `prefix` (`prefix-000@…`), each made by `shape` from its number. */
export async function accountsByEmail(prefix: string, n: number, shape: (i: number) => { createdAt: string; active?: boolean; premium?: boolean }): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  const insert = env.DB.prepare(
    "INSERT INTO users (id, email, password_hash, is_active, subscription_id, subscription_end, created_at) VALUES (?1, ?2, 'x', ?3, ?4, ?5, ?6)",
  );
  await env.DB.batch(
    ids.map((id, i) => {
      const { createdAt, active = true, premium = false } = shape(i);
      return insert.bind(id, `${prefix}-${String(i).padStart(3, '0')}@example.com`, active ? 1 : 0, premium ? 1 : null, premium ? '2099-12-31T00:00:00.000Z' : null, createdAt);
    }),
  );
  return ids;
}
