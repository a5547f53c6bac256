/**
 * The growth of the database (docs/scale.md, Growth): bytes per row, data and indexes, of the tables
 * that grow with members or with time, measured on a real local D1 file, and the size those rows make
 * at 1,000,000 members after a year.
 *
 *   node scripts/bench/growth.ts [--rows 20000] [--persist-to .wrangler/growth] [--fresh]
 *
 * The migrations are applied with `wrangler d1 migrations apply DB --local --persist-to <dir>` (once;
 * again with --fresh), the D1 SQLite file workerd made is copied to `<dir>/growth.sqlite`, and
 * `--rows` synthetic rows per table go into the copy through SQL (node:sqlite), with values shaped as
 * the worker writes them (UUIDs, SHA-256 hex, ISO times, argon2id hashes, user agents, JSON of the
 * audit log), in the order the app writes them (times increasing, random keys). SQLite's `dbstat`
 * then gives the pages of each table and of each of its indexes (the empty schema's pages taken
 * away): bytes per row = (table + indexes) / rows, as SQLite stores them (the D1 file's 4 KB pages).
 *
 * The projection multiplies each table's bytes per row by its rows after a year (each table's
 * `rate` below: the assumptions, with the code that writes the table), and prints, for the database
 * as it is and after each step of the plan (STEPS), its size after a year, the months until it holds
 * 10 GB and the members whose first year fills 10 GB. Deterministic (a seeded generator): two runs
 * print the same figures.
 */
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { random, runNpx } from './kit.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DAY = 86_400_000;
const YEAR_START = Date.parse('2026-01-01T00:00:00.000Z');

type Rand = () => number;
type Row = SQLInputValue[];

// ---------------------------------------------------------------- values shaped as the worker's

const word = (r: Rand): string => Math.floor(r() * 4294967296).toString(16).padStart(8, '0');
const hex = (r: Rand, chars: number): string => Array.from({ length: Math.ceil(chars / 8) }, () => word(r)).join('').slice(0, chars);
/** crypto.randomUUID()'s shape (user, session, transaction, order ids). */
const uuid = (r: Rand): string => {
  const h = hex(r, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
};
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64url = (r: Rand, chars: number): string => Array.from({ length: chars }, () => B64[Math.floor(r() * 64)]).join('');
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
function pick<T>(r: Rand, from: readonly T[]): T {
  return from[Math.floor(r() * from.length)] as T;
}
const iso = (ms: number): string => new Date(ms).toISOString();
/** The i-th of n times spread over the year, in order (rows are written as time goes). */
const at = (r: Rand, i: number, n: number): number => YEAR_START + Math.floor(((i + r()) / n) * 365 * DAY);

const FIRST = ['Amine', 'Yasmine', 'Karim', 'Salma', 'Omar', 'Nadia', 'Hicham', 'Leila', 'Youssef', 'Samira', 'Mehdi', 'Zineb', 'Claire', 'Lucas', 'Sofia'];
const LAST = ['Benali', 'El Idrissi', 'Tazi', 'Berrada', 'Alaoui', 'Bennani', 'Chraibi', 'El Fassi', 'Lahlou', 'Martin', 'Dubois', 'Garcia'];
const MAIL = ['gmail.com', 'hotmail.fr', 'yahoo.fr', 'outlook.com', 'menara.ma'];
const CITIES = ['Casablanca', 'Rabat', 'Marrakech', 'Fes', 'Tangier', 'Agadir', 'Paris', 'Brussels', 'Madrid'];
const AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 12; SMART TV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
];
/** An address; `n` makes it unique (users.email is). */
const email = (r: Rand, n = int(r, 1, 9999)): string => `${pick(r, FIRST).toLowerCase()}.${pick(r, LAST).toLowerCase().replace(' ', '')}${n}@${pick(r, MAIL)}`;
/** A Moroccan mobile number; `n` makes it unique (users.phone is). */
const phone = (r: Rand, n = int(r, 0, 99_999_999)): string => `+2126${String(n).padStart(8, '0')}`;
/** worker/api/kernel/password.ts: argon2id in its PHC string. */
const argon2 = (r: Rand): string => `$argon2id$v=19$m=19456,t=2,p=1$${b64url(r, 22)}$${b64url(r, 43)}`;
const ipv4 = (r: Rand): string => `${int(r, 41, 197)}.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 1, 254)}`;

// ---------------------------------------------------------------- the tables

/** How a table grows: `member` rows once per member, `memberMonth` per member and month, `month` per month whatever the members. */
type Rate = { member: number; memberMonth: number; month: number; grows: 'members' | 'time' | 'both' | 'none'; why: string };

type Table = { name: string; insert: string; row: (r: Rand, i: number, n: number, pool: Pool) => Row; rate: Rate };

/** Ids the rows point at, so the indexes on user_id, session_id… hold as many repeats as in the app. */
type Pool = { users: string[]; sessions: string[]; transactions: string[]; staff: string[] };

const MEMBERS = 1_000_000;
/** Share of the members who pay (a subscription) in a month. */
const PAYING = 0.4;
/** Share of the members who use the service in a month (sign in, watch). */
const ACTIVE = 0.6;

/**
 * Each table's insert, a row as the worker writes it (the code named in `why`), and the rate it grows
 * at: the assumptions of the projection. A member is an account (up to 5 profiles; 2 on average) used
 * on 2 devices.
 */
const TABLES: Table[] = [
  {
    name: 'users',
    insert: `INSERT INTO users (id, email, phone, password_hash, lang, is_email_verified, subscription_id, subscription_start, subscription_renewal, subscription_end, options, created_at)
             VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, '{}', ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      const paying = r() < PAYING;
      return [p.users[i % p.users.length] as string, email(r, i), r() < 0.5 ? phone(r, i * 37 + 11) : null, argon2(r), pick(r, ['ar', 'fr', 'en']), paying ? pick(r, [4, 5, 6, 7]) : null, paying ? iso(t) : null, paying ? iso(t + 30 * DAY) : null, paying ? iso(t + 30 * DAY) : null, iso(t)];
    },
    rate: { member: 1, memberMonth: 0, month: 0, grows: 'members', why: 'worker/api/auth: one per account, updated in place' },
  },
  {
    name: 'profiles',
    insert: `INSERT INTO profiles (user_id, name, picture, first_name, last_name, country, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => [p.users[Math.floor(i / 2) % p.users.length] as string, i % 2 ? pick(r, FIRST) : 'Default', `avatar-${int(r, 1, 12)}`, i % 2 ? null : pick(r, FIRST), i % 2 ? null : pick(r, LAST), 'MA', iso(at(r, i, n))],
    rate: { member: 2, memberMonth: 0, month: 0, grows: 'members', why: 'worker/api/profiles: 2 profiles per account on average (at most 5), updated in place' },
  },
  {
    name: 'sessions',
    insert: `INSERT INTO sessions (id, user_id, device_id, user_agent, device_name, country, city, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [p.sessions[i % p.sessions.length] as string, p.users[i % p.users.length] as string, uuid(r), pick(r, AGENTS), '', 'MA', pick(r, CITIES), iso(t), iso(t + int(r, 0, 30) * DAY)];
    },
    rate: { member: 2, memberMonth: 0.5, month: 0, grows: 'both', why: 'worker/api/kernel/tokens.ts: a row per sign-in, kept revoked (the device history); 2 devices, a new sign-in every 4 months per device' },
  },
  {
    name: 'refresh_tokens',
    insert: `INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at, rotated_at) VALUES (?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [hex(r, 64), p.sessions[i % p.sessions.length] as string, t, t + 365 * DAY, t + int(r, 900, 86_400) * 1000];
    },
    rate: { member: 0, memberMonth: ACTIVE * 10 * 4, month: 0, grows: 'both', why: 'worker/api/kernel/tokens.ts: a new row at every refresh (the access token lasts ACCESS_TOKEN_TTL_SECONDS, 900 s: about 4 in an evening of use), the rotated ones kept until the account goes; 60 % of members active, 10 days a month' },
  },
  {
    name: 'actions',
    insert: `INSERT INTO actions (user_id, profile_id, content_id, type, time, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      const type = pick(r, ['watched', 'watched', 'watched', 'watched', 'watched', 'watched', 'watched', 'watched', 'fav', 'like', 'click']);
      return [p.users[Math.floor(i / 24) % p.users.length] as string, Math.floor(i / 12) + 1, int(r, 1, 20_000) * 16 + (i % 16), type, type === 'watched' ? Math.round(r() * 3_600_000) / 1000 : null, iso(t), iso(t + int(r, 0, 5) * DAY)];
    },
    rate: { member: 0, memberMonth: ACTIVE * 2 * 13, month: 0, grows: 'both', why: 'worker/limits/positions.ts, worker/api/actions/favs.ts: one row per profile, title (an episode is one) and type, updated in place; per active profile and month 10 new titles watched, 1 fav, 1 like, 1 notification opened' },
  },
  {
    name: 'transactions',
    insert: `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, provider_ref, return_to, created_at, updated_at, voucher_ref, expires_at, payer_phone)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      const method = pick(r, ['card', 'card', 'card', 'mobile', 'cash']);
      const state = pick(r, ['accepted', 'accepted', 'accepted', 'accepted', 'failed', 'expired']);
      return [p.transactions[i % p.transactions.length] as string, p.users[i % p.users.length] as string, pick(r, [4, 5, 6, 7]), pick(r, ['renew', 'renew', 'renew', 'subscribe', 'change']), method === 'card' ? pick(r, ['cmi', 'stripe']) : method === 'cash' ? 'cashplus' : 'inwi', method, pick(r, [5900, 699, 15900]), pick(r, ['MAD', 'MAD', 'EUR']), state, state === 'expired' ? null : `pi_${b64url(r, 24)}`, r() < 0.3 ? `/content/${pick(r, ['casa-blues', 'le-fils-du-desert', 'ramadan-nights'])}` : null, iso(t), iso(t + int(r, 1, 600) * 1000), method === 'cash' ? String(int(r, 100_000_000, 999_999_999)) : null, method === 'cash' ? iso(t + 4 * DAY) : null, method === 'mobile' ? phone(r) : null];
    },
    rate: { member: 0, memberMonth: PAYING * 1.25, month: 0, grows: 'both', why: 'worker/api/payments/transactions.ts: a row per checkout and renewal, kept (the accounts); 40 % of members pay, a renewal a month, a quarter more for failures, expired vouchers, changes' },
  },
  {
    name: 'invoices',
    insert: `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [i + 1, p.transactions[i % p.transactions.length] as string, p.users[i % p.users.length] as string, iso(t), pick(r, ['ar', 'fr', 'en']), iso(t), iso(t + 30 * DAY)];
    },
    rate: { member: 0, memberMonth: PAYING, month: 0, grows: 'both', why: 'worker/api/payments/transactions.ts: one per accepted payment; kept (accounting law: 10 years)' },
  },
  {
    name: 'payment_events',
    insert: `INSERT INTO payment_events (provider, event_id, received_at) VALUES (?, ?, ?)`,
    row: (r, i, n) => [pick(r, ['stripe', 'cmi', 'cashplus', 'inwi']), r() < 0.5 ? `evt_${b64url(r, 24)}` : uuid(r), iso(at(r, i, n))],
    rate: { member: 0, memberMonth: PAYING * 1.5, month: 0, grows: 'both', why: "worker/api/payments/transactions.ts: a row per provider callback (its id, for exactly once); 1.5 per payment" },
  },
  {
    name: 'subscriptions',
    insert: `INSERT INTO subscriptions (user_id, plan_id, state, provider, currency, customer_ref, subscription_ref, card_brand, card_last4, card_exp, last_write, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const stripe = r() < 0.4;
      return [p.users[i % p.users.length] as string, pick(r, [4, 5, 6, 7]), pick(r, ['active', 'active', 'active', 'expired', 'past_due']), stripe ? 'stripe' : 'cmi', stripe ? 'EUR' : 'MAD', stripe ? `cus_${b64url(r, 14)}` : null, stripe ? `sub_${b64url(r, 24)}` : null, 'visa', String(int(r, 1000, 9999)), `${int(r, 1, 12)}/${int(r, 27, 31)}`, uuid(r), iso(at(r, i, n))];
    },
    rate: { member: 0.6, memberMonth: 0, month: 0, grows: 'members', why: 'worker/api/payments/state.ts: one per account that ever paid, updated in place' },
  },
  {
    name: 'subscription_history',
    insert: `INSERT INTO subscription_history (user_id, at, change, plan_id, period_end, error) VALUES (?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const change = pick(r, ['cancelled', 'ended', 'ended', 'resumed', 'payment_failed']);
      const t = at(r, i, n);
      return [p.users[i % p.users.length] as string, iso(t), change, pick(r, [4, 5, 6, 7]), iso(t + int(r, 1, 30) * DAY), change === 'payment_failed' ? pick(r, ['card_declined', 'insufficient_funds', 'expired_card']) : null];
    },
    rate: { member: 0, memberMonth: 0.1, month: 0, grows: 'both', why: "migration 0027's trigger on users: a row per cancellation, end, resumption, failed renewal" },
  },
  {
    name: 'push_subscriptions',
    insert: `INSERT INTO push_subscriptions (user_id, device_id, device_family, endpoint, p256dh, auth, preferred_language, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = iso(at(r, i, n));
      const endpoint = r() < 0.7 ? `https://fcm.googleapis.com/fcm/send/${b64url(r, 11)}:APA91b${b64url(r, 134)}` : `https://web.push.apple.com/${b64url(r, 120)}`;
      return [p.users[i % p.users.length] as string, uuid(r), 'web', endpoint, b64url(r, 87), b64url(r, 22), pick(r, ['ar', 'fr', 'en']), t, t];
    },
    rate: { member: 1, memberMonth: 0, month: 0, grows: 'members', why: 'worker/push/subscriptions.ts: one per device that accepts notifications, replaced in place' },
  },
  {
    name: 'push_deliveries',
    insert: `INSERT INTO push_deliveries (content_id, queued_at, pushed_at, sent, failed, removed) VALUES (?, ?, ?, ?, ?, ?)`,
    row: (r, i, n) => {
      const t = at(r, i, n);
      return [i + 1, iso(t), iso(t + 60_000), int(r, 0, 800_000), int(r, 0, 5000), int(r, 0, 2000)];
    },
    rate: { member: 0, memberMonth: 0, month: 300, grows: 'time', why: "migration 0006's trigger: one per title published into a notified category (10 a day), whatever the members" },
  },
  {
    name: 'programme_reminders',
    insert: `INSERT INTO programme_reminders (user_id, programme_id, lang, created_at, sent_at, read_at) VALUES (?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [p.users[i % p.users.length] as string, Math.floor(i / 7) + 1, pick(r, ['ar', 'fr', 'en']), iso(t), iso(t + DAY), r() < 0.4 ? iso(t + DAY + 3_600_000) : null];
    },
    rate: { member: 0, memberMonth: ACTIVE * 0.5, month: 0, grows: 'both', why: 'worker/api/live-tv/reminders.ts: a row per reminder set (one every other month per active member), kept after it is sent (the bell)' },
  },
  {
    name: 'audit_log',
    insert: `INSERT INTO audit_log (at, staff_id, staff_roles, action, entity, entity_id, before_json, after_json, reason, ip, country) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const action = pick(r, ['customer.update', 'ticket.reply', 'ticket.assign', 'refund.create', 'customer.suspend', 'content.update']);
      const entity = action.split('.')[0] as string;
      const before = { state: 'open', assignee_id: null, email: email(r), subscription_end: iso(at(r, i, n)) };
      const after = { ...before, state: 'waiting', assignee_id: pick(r, p.staff) };
      return [iso(at(r, i, n)), pick(r, p.staff), pick(r, ['support', 'finance', 'support,finance', 'content']), action, entity, entity === 'customer' ? (p.users[i % p.users.length] as string) : String(int(r, 1, 1_000_000)), JSON.stringify(before), JSON.stringify(after), r() < 0.5 ? 'customer asked by email' : null, ipv4(r), 'MA'];
    },
    rate: { member: 0, memberMonth: 0.05, month: 30_000, grows: 'both', why: 'worker/api/kernel/audit.ts: one per back office action, append-only (triggers refuse UPDATE and DELETE); 50 staff, 20 actions a working day, plus the support that follows members' },
  },
  {
    name: 'contact_messages',
    insert: `INSERT INTO contact_messages (ticket, subject, name, email, phone, message, lang, user_id, profile_id, device_id, last_transaction_id, created_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => [`TFJ-${((i * 2_654_435_761) % 16_777_216).toString(16).padStart(6, '0').toUpperCase()}`, pick(r, ['payment', 'playback', 'account', 'other']), `${pick(r, FIRST)} ${pick(r, LAST)}`, email(r), r() < 0.5 ? phone(r) : null, 'Bonjour, mon abonnement a été débité deux fois ce mois-ci mais la vidéo ne se lance pas sur ma télévision. Pouvez-vous vérifier ?', pick(r, ['ar', 'fr', 'en']), p.users[i % p.users.length] as string, i + 1, uuid(r), p.transactions[i % p.transactions.length] as string, iso(at(r, i, n)), pick(r, ['new', 'open', 'resolved', 'resolved'])],
    rate: { member: 0, memberMonth: 0.02, month: 0, grows: 'both', why: 'worker/api/contact: a ticket per contact form (2 % of members a month), kept' },
  },
  {
    name: 'support_messages',
    insert: `INSERT INTO support_messages (ticket_id, kind, author_id, body, saved_answer_id, emailed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [Math.floor(i / 2) + 1, pick(r, ['reply', 'reply', 'note']), pick(r, p.staff), 'Bonjour, nous avons vérifié votre compte : le second débit est remboursé, vous le verrez sous 5 jours. Pour la télévision, mettez l’application à jour puis reconnectez-vous. Bonne soirée, l’équipe Tafrij', r() < 0.3 ? int(r, 1, 40) : null, iso(t + 60_000), iso(t)];
    },
    rate: { member: 0, memberMonth: 0.06, month: 0, grows: 'both', why: "worker/api/contact/support: the customer's message (migration 0024's trigger) and 2 replies or notes per ticket" },
  },
  {
    name: 'orders',
    insert: `INSERT INTO orders (id, user_id, show_id, state, amount, currency, transaction_id, hold_expires_at, lang, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [uuid(r), p.users[i % p.users.length] as string, int(r, 1, 400), pick(r, ['fulfilled', 'fulfilled', 'fulfilled', 'expired', 'failed']), pick(r, [15000, 25000, 40000]), 'MAD', uuid(r), iso(t + 600_000), pick(r, ['ar', 'fr', 'en']), iso(t), iso(t + 120_000)];
    },
    rate: { member: 0, memberMonth: 0.03, month: 0, grows: 'both', why: 'worker/api/events/orders.ts: a row per ticket checkout, kept' },
  },
  {
    name: 'etickets',
    insert: `INSERT INTO etickets (id, order_id, user_id, event_id, show_id, ticket_type_id, kind, holder, state, used_at, used_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      const used = r() < 0.6;
      return [hex(r, 32), uuid(r), p.users[i % p.users.length] as string, int(r, 1, 100), int(r, 1, 400), int(r, 1, 1200), pick(r, ['venue', 'stream', 'both']), `${pick(r, FIRST)} ${pick(r, LAST)}`, 'valid', used ? iso(t + 7 * DAY) : null, used ? pick(r, p.staff) : null, iso(t)];
    },
    rate: { member: 0, memberMonth: 0.06, month: 0, grows: 'both', why: 'worker/api/events/orders.ts: 2 tickets per order (a UUID without dashes), kept' },
  },
  {
    name: 'library_loans',
    insert: `INSERT INTO library_loans (id, user_id, library_id, card_number, content_id, started_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [uuid(r), p.users[i % p.users.length] as string, int(r, 1, 30), String(int(r, 10_000_000, 99_999_999)), int(r, 1, 20_000), iso(t), iso(t + 2 * DAY)];
    },
    rate: { member: 0, memberMonth: 0.05, month: 0, grows: 'both', why: 'worker/api/libraries/loans.ts: a row per loan through a library card, kept' },
  },
  {
    name: 'ad_counts',
    insert: `INSERT INTO ad_counts (ad_id, day, impressions, clicks) VALUES (?, ?, ?, ?)`,
    row: (r, i) => [(i % 50) + 1, iso(YEAR_START + Math.floor(i / 50) * DAY).slice(0, 10), int(r, 1000, 900_000), int(r, 0, 20_000)],
    rate: { member: 0, memberMonth: 0, month: 1500, grows: 'time', why: 'worker/limits/counters.ts: one row per ad and day it runs (50 ads), whatever the crowd' },
  },
  {
    name: 'counter_flushes',
    insert: `INSERT INTO counter_flushes (shard, seq) VALUES (?, ?)`,
    row: (r, i) => [i % 5 ? `ad:${Math.floor(i / 16) + 1}:${i % 16}` : `help:${Math.floor(i / 4) + 1}:${i % 4}`, int(r, 1, 500_000)],
    rate: { member: 0, memberMonth: 0, month: 180, grows: 'time', why: 'worker/limits/counters.ts: one row per shard (16 per ad, 4 per help article), updated in place: 10 new ads and 5 new articles a month' },
  },
  {
    name: 'outbox',
    insert: `INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)`,
    row: (r, i, n) => [r() < 0.7 ? 'email' : 'sms', r() < 0.7 ? email(r) : phone(r), 'Votre code Tafrij', `Votre code de vérification est ${int(r, 100_000, 999_999)}. Il expire dans 10 minutes.`, iso(at(r, i, n))],
    rate: { member: 0, memberMonth: 0, month: 0, grows: 'none', why: 'worker/messaging/outbox.ts: written only with DEV_OUTBOX=true (development); production sends through the providers' },
  },
  {
    name: 'verification_codes',
    insert: `INSERT INTO verification_codes (channel, target, purpose, code_hash, attempts, expires_at, used_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n) => {
      const t = at(r, i, n);
      return [r() < 0.6 ? 'email' : 'sms', r() < 0.6 ? email(r) : phone(r), pick(r, ['verify', 'reset', 'login']), hex(r, 64), int(r, 0, 2), t + 600_000, r() < 0.8 ? t + 60_000 : null, t];
    },
    rate: { member: 1, memberMonth: 0.05, month: 0, grows: 'both', why: 'worker/api/kernel/codes.ts: a row per code sent (registration, reset), marked used, kept' },
  },
  {
    name: 'password_resets',
    insert: `INSERT INTO password_resets (token_hash, user_id, expires_at, used_at) VALUES (?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [hex(r, 64), p.users[i % p.users.length] as string, t + 3_600_000, r() < 0.7 ? t + 300_000 : null];
    },
    rate: { member: 0, memberMonth: 0.02, month: 0, grows: 'both', why: 'worker/api/kernel/codes.ts: a row per reset link, kept' },
  },
  {
    name: 'trial_claims',
    insert: `INSERT INTO trial_claims (key_hash, user_id, claimed_at) VALUES (?, ?, ?)`,
    row: (r, i, n, p) => [hex(r, 64), p.users[i % p.users.length] as string, iso(at(r, i, n))],
    rate: { member: 0.5, memberMonth: 0, month: 0, grows: 'members', why: 'worker/api/payments: one per trial taken (its card or phone hashed), kept' },
  },
  {
    name: 'unlocks',
    insert: `INSERT INTO unlocks (id, user_id, content_id, unlocked_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => {
      const t = at(r, i, n);
      return [uuid(r), p.users[i % p.users.length] as string, int(r, 1, 20_000), iso(t), iso(t + 2 * DAY)];
    },
    rate: { member: 0, memberMonth: 0.1, month: 0, grows: 'both', why: 'worker/api/payments/tickets.ts: a row per title unlocked with a ticket, kept' },
  },
  {
    name: 'agent_audit',
    insert: `INSERT INTO agent_audit (agent_id, action, target_user_id, query, transaction_id, amount, currency, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row: (r, i, n, p) => [`agent-${int(r, 1, 50)}`, pick(r, ['lookup', 'record_payment', 'record_payment', 'lookup_unknown']), p.users[i % p.users.length] as string, phone(r), p.transactions[i % p.transactions.length] as string, 5900, 'MAD', null, iso(at(r, i, n))],
    rate: { member: 0, memberMonth: PAYING * 0.05 * 2, month: 0, grows: 'both', why: "worker/api/agents/agents.ts: a lookup and a payment per agent's sale (5 % of payments), kept" },
  },
];

// ---------------------------------------------------------------- measure

type Options = { rows: number; persistTo: string; fresh: boolean };

function options(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const rows = Number.parseInt(value('rows') ?? '20000', 10);
  if (!Number.isInteger(rows) || rows < 100) throw new Error('--rows must be an integer of at least 100');
  return { rows, persistTo: value('persist-to') ?? '.wrangler/growth', fresh: argv.includes('--fresh') };
}

/** The D1 file workerd made for DB under `persistTo`, migrations applied (applied again with `fresh`). */
function migratedD1(persistTo: string, fresh: boolean, log: (m: string) => void): string {
  const dir = resolve(ROOT, persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const find = (): string | undefined => (existsSync(dir) ? readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f)) : undefined);
  if (fresh) rmSync(resolve(ROOT, persistTo), { recursive: true, force: true });
  if (fresh || !find()) runNpx(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], log);
  const file = find();
  if (!file) throw new Error(`no D1 file under ${dir}`);
  return join(dir, file);
}

/** Bytes of pages per table, its indexes (automatic ones included) added to it. */
function pagesByTable(db: DatabaseSync): Map<string, { data: number; indexes: number }> {
  const owner = new Map<string, { table: string; index: boolean }>();
  for (const o of db.prepare("SELECT name, tbl_name, type FROM sqlite_master WHERE type IN ('table', 'index')").all()) {
    owner.set(String(o.name), { table: String(o.tbl_name), index: o.type === 'index' });
  }
  const out = new Map<string, { data: number; indexes: number }>();
  for (const s of db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all()) {
    const o = owner.get(String(s.name));
    if (!o) continue;
    const sum = out.get(o.table) ?? { data: 0, indexes: 0 };
    if (o.index) sum.indexes += Number(s.bytes);
    else sum.data += Number(s.bytes);
    out.set(o.table, sum);
  }
  return out;
}

export type Measured = { table: string; rows: number; data: number; indexes: number; perRow: number; rate: Rate };

export function measure(file: string, rowsPerTable: number): Measured[] {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    const empty = pagesByTable(db);
    const r = random(35);
    const pool: Pool = {
      users: Array.from({ length: rowsPerTable }, () => uuid(r)),
      sessions: Array.from({ length: rowsPerTable }, () => uuid(r)),
      transactions: Array.from({ length: rowsPerTable }, () => uuid(r)),
      staff: Array.from({ length: 50 }, () => uuid(r)),
    };
    for (const t of TABLES) {
      const insert = db.prepare(t.insert);
      db.exec('BEGIN');
      for (let i = 0; i < rowsPerTable; i++) insert.run(...t.row(r, i, rowsPerTable, pool));
      db.exec('COMMIT');
    }
    const full = pagesByTable(db);
    return TABLES.map((t) => {
      const rows = Number(db.prepare(`SELECT COUNT(*) AS n FROM ${t.name}`).get()?.n);
      const before = empty.get(t.name) ?? { data: 0, indexes: 0 };
      const after = full.get(t.name) ?? { data: 0, indexes: 0 };
      const data = after.data - before.data;
      const indexes = after.indexes - before.indexes;
      return { table: t.name, rows, data, indexes, perRow: (data + indexes) / rows, rate: t.rate };
    });
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- project

const GB = 1e9;
export const D1_MAX_BYTES = 10 * GB;

export type Projected = Measured & { rowsAtStart: number; rowsPerMonth: number; rowsAfterYear: number; bytesAfterYear: number };

/** Rows and bytes after 12 months at `members` (all there from the start: the upper side). */
export function project(measured: readonly Measured[], members = MEMBERS): Projected[] {
  return measured.map((m) => {
    const rowsAtStart = m.rate.member * members;
    const rowsPerMonth = m.rate.memberMonth * members + m.rate.month;
    const rowsAfterYear = rowsAtStart + 12 * rowsPerMonth;
    return { ...m, rowsAtStart, rowsPerMonth, rowsAfterYear, bytesAfterYear: rowsAfterYear * m.perRow };
  });
}

/**
 * What a step of the plan (docs/scale.md, Growth) leaves in a database: the tables it holds (all but
 * `leaves`, or only `holds`), some keeping only their last months of rows (`keeps`: the older ones
 * deleted or archived to R2).
 */
export type Step = { name: string; holds?: readonly string[]; leaves: readonly string[]; keeps: Readonly<Record<string, number>> };

const BILLING = ['transactions', 'invoices', 'payment_events', 'subscriptions', 'subscription_history', 'trial_claims', 'unlocks', 'orders', 'etickets', 'library_loans', 'agent_audit'];
const BACK_OFFICE = ['audit_log', 'contact_messages', 'support_messages'];
const EXPIRED = { payment_events: 1, verification_codes: 1, password_resets: 1, programme_reminders: 1, sessions: 3, unlocks: 1, library_loans: 1, outbox: 0 };

export const STEPS: readonly Step[] = [
  { name: 'as now', leaves: [], keeps: {} },
  { name: '1. one refresh token per session', leaves: ['refresh_tokens'], keeps: {} },
  { name: "2. the history in the account's Durable Object", leaves: ['refresh_tokens', 'actions'], keeps: {} },
  { name: '3. expired rows deleted, old sessions archived to R2', leaves: ['refresh_tokens', 'actions'], keeps: EXPIRED },
  { name: '4. split: the accounts database', leaves: ['refresh_tokens', 'actions', ...BILLING, ...BACK_OFFICE], keeps: EXPIRED },
  { name: '4. split: the billing database', holds: BILLING, leaves: [], keeps: EXPIRED },
  { name: '4. split: the back office database', holds: BACK_OFFICE, leaves: [], keeps: EXPIRED },
  { name: '5. billing keeps 12 months, older payments archived to R2', holds: BILLING, leaves: [], keeps: { ...EXPIRED, transactions: 12, invoices: 12, subscription_history: 12, orders: 12, etickets: 12, agent_audit: 12 } },
];

/** A table's bytes after `months` under a step: the accounts' rows, then each month's (only the last `keeps` months of them). */
function bytesUnder(p: Projected, step: Step, months: number): number {
  if (step.leaves.includes(p.table) || (step.holds && !step.holds.includes(p.table))) return 0;
  const kept = step.keeps[p.table];
  return (p.rowsAtStart + Math.min(months, kept ?? months) * p.rowsPerMonth) * p.perRow;
}

/** Months until the database holds `limit` bytes under `step` (Infinity when it does not in 100 years). */
export function monthsToFill(projected: readonly Projected[], step: Step = STEPS[0] as Step, limit = D1_MAX_BYTES): number {
  const total = (months: number): number => projected.reduce((s, p) => s + bytesUnder(p, step, months), 0);
  if (total(0) >= limit) return 0;
  let [lo, hi] = [0, 1200];
  if (total(hi) < limit) return Number.POSITIVE_INFINITY;
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    if (total(mid) >= limit) hi = mid;
    else lo = mid;
  }
  return hi;
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const size = (bytes: number): string => (bytes >= GB ? `${fmt(bytes / GB, 1)} GB` : `${fmt(bytes / 1e6, 0)} MB`);
const months = (m: number): string => (m === Number.POSITIVE_INFINITY ? 'never' : m >= 120 ? 'over 10 years' : `${fmt(m, 1)} months`);

/** The members whose first year fills `limit` under `step` (the rows grow linearly with the members). */
function membersToFill(measured: readonly Measured[], step: Step, limit = D1_MAX_BYTES): number {
  const year = (members: number): number => project(measured, members).reduce((s, p) => s + bytesUnder(p, step, 12), 0);
  const fixed = year(0);
  const perMember = (year(MEMBERS) - fixed) / MEMBERS;
  return perMember > 0 ? (limit - fixed) / perMember : Number.POSITIVE_INFINITY;
}

export function report(measured: readonly Measured[], members = MEMBERS): string {
  const projected = project(measured, members);
  const lines = [
    `| table | grows with | bytes/row (data + indexes) | rows at ${fmt(members)} members | rows a month | rows after a year | size after a year |`,
    '|---|---|---|---|---|---|---|',
  ];
  const sorted = [...projected].sort((a, b) => b.bytesAfterYear - a.bytesAfterYear);
  for (const p of sorted) {
    lines.push(`| ${p.table} | ${p.rate.grows} | ${fmt(p.perRow)} (${fmt(p.data / p.rows)} + ${fmt(p.indexes / p.rows)}) | ${fmt(p.rowsAtStart)} | ${fmt(p.rowsPerMonth)} | ${fmt(p.rowsAfterYear)} | ${size(p.bytesAfterYear)} |`);
  }
  lines.push(`| **total** | | | | | | **${size(projected.reduce((s, p) => s + p.bytesAfterYear, 0))}** |`);
  lines.push('', `| after the plan's step | the database after a year | 10 GB full after | members whose first year fills 10 GB |`, '|---|---|---|---|');
  for (const step of STEPS) {
    const most = membersToFill(measured, step);
    lines.push(`| ${step.name} | ${size(projected.reduce((s, p) => s + bytesUnder(p, step, 12), 0))} | ${months(monthsToFill(projected, step))} | ${most === Number.POSITIVE_INFINITY ? 'any' : fmt(Math.round(most / 1000) * 1000)} |`);
  }
  return lines.join('\n');
}

function main(): void {
  const opts = options(process.argv.slice(2));
  const log = (m: string): void => console.error(m);
  const source = migratedD1(opts.persistTo, opts.fresh, log);
  const file = resolve(ROOT, opts.persistTo, 'growth.sqlite');
  rmSync(file, { force: true });
  copyFileSync(source, file);
  log(`${opts.rows} rows per table into ${file}`);
  const started = Date.now();
  const measured = measure(file, opts.rows);
  log(`measured in ${fmt((Date.now() - started) / 1000, 1)} s`);
  console.log(report(measured));
  console.log('');
  for (const t of TABLES) console.log(`- ${t.name}: ${t.rate.why}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
