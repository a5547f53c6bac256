// The customer's story (issue 32): one timeline, newest first, assembled from every table that
// records something the customer did or was sent. Each source is one statement over its user index
// that answers (at, key, kind, data) newest first, after the cursor, at most a page and one; all
// sources run in one batch and are merged here. `key` is unique in the story, so (at, key) orders it
// completely and the cursor of a page is its last item's.
import { z } from 'zod';
import { fromBase64url, toBase64url } from '../../../rules/base64url';
import { shortCode } from '../../../rules/eticket';
import { RESET_TTL_MS } from '../../kernel/codes';
import { formatInvoiceNumber } from '../../payments/invoices';
import { TIMELINE_SOURCES, TimelineItem, type Timeline, type TimelineSource } from './schemas';

export const TIMELINE_PAGE = 50;
export const TIMELINE_PAGE_MAX = 200;

/** A JSON true or false in json_object() from a SQL condition. */
const flag = (condition: string) => `json(CASE WHEN ${condition} THEN 'true' ELSE 'false' END)`;
/** An epoch-milliseconds column as ISO 8601 (the codes' and reset links' times). */
const isoOfMs = (ms: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`;

/**
 * Each source's rows, as (at, key, kind, data). `$user`, `$email`, `$phone` stand for the account's
 * id, email and phone (a null one matches nothing); every SELECT reads through an index on them.
 * D1 limits the SELECTs of one compound statement (six are refused): a source with more is split in two.
 */
const SOURCES: Record<TimelineSource, string> = {
  account: `SELECT created_at AS at, 'account:' || id AS key, 'account.registered' AS kind, json_object('email', email, 'phone', phone, 'lang', lang) AS data FROM users WHERE id = $user`,
  sessions: `SELECT created_at AS at, 'session:' || id AS key, 'session.started' AS kind,
      json_object('sessionId', id, 'deviceId', device_id, 'device', device_name, 'userAgent', user_agent, 'country', country, 'city', city) AS data FROM sessions WHERE user_id = $user
    UNION ALL SELECT revoked_at, 'session-end:' || id, 'session.ended', json_object('sessionId', id, 'reason', revoked_reason) FROM sessions WHERE user_id = $user AND revoked_at IS NOT NULL`,
  profiles: `SELECT created_at AS at, 'profile:' || id AS key, 'profile.created' AS kind, json_object('profileId', id, 'name', name, 'kid', ${flag('is_kid = 1')}) AS data FROM profiles WHERE user_id = $user
    UNION ALL SELECT pin_changed_at, 'profile-pin:' || id, 'profile.pin_changed', json_object('profileId', id, 'name', name, 'pin', ${flag('pin_hash IS NOT NULL')}) FROM profiles WHERE user_id = $user AND pin_changed_at IS NOT NULL`,
  subscription: `SELECT at, 'subscription:' || id AS key, 'subscription.' || change AS kind, json_object('planId', plan_id, 'periodEnd', period_end, 'error', error) AS data FROM subscription_history WHERE user_id = $user`,
  payments: `SELECT created_at AS at, 'payment:' || id AS key, CASE WHEN purpose = 'subscribe' AND trial_days > 0 THEN 'payment.trial' ELSE 'payment.' || purpose END AS kind,
      json_object('transactionId', id, 'state', state, 'method', method, 'provider', provider, 'amount', amount, 'currency', currency, 'planId', plan_id, 'trialDays', trial_days,
        'coupon', coupon_code, 'discount', discount, 'voucherRef', voucher_ref, 'voucherExpiresAt', expires_at, 'error', error, 'agentId', agent_id, 'orderId', order_id, 'settledAt', updated_at) AS data
    FROM transactions WHERE user_id = $user`,
  invoices: `SELECT issued_at AS at, 'invoice:' || number AS key, 'invoice.issued' AS kind,
      json_object('number', number, 'transactionId', transaction_id, 'periodStart', period_start, 'periodEnd', period_end) AS data FROM invoices WHERE user_id = $user`,
  coupons: `SELECT redeemed_at AS at, 'coupon:' || code AS key, 'coupon.redeemed' AS kind, json_object('code', code, 'transactionId', transaction_id) AS data FROM coupon_redemptions WHERE user_id = $user`,
  tickets: `SELECT u.unlocked_at AS at, 'unlock:' || u.id AS key, 'tickets.unlocked' AS kind, json_object('contentId', u.content_id, 'slug', c.slug, 'expiresAt', u.expires_at) AS data
    FROM unlocks u LEFT JOIN contents c ON c.id = u.content_id WHERE u.user_id = $user`,
  libraries: `SELECT k.created_at AS at, 'library-card:' || k.id AS key, 'library.card_added' AS kind,
      json_object('cardId', k.id, 'libraryId', k.library_id, 'library', l.slug, 'cardNumber', k.card_number, 'validUntil', k.valid_until, 'invalid', k.invalid_reason) AS data
    FROM library_cards k JOIN libraries l ON l.id = k.library_id WHERE k.user_id = $user
    UNION ALL SELECT o.started_at, 'library-loan:' || o.id, 'library.loan',
      json_object('loanId', o.id, 'libraryId', o.library_id, 'library', l.slug, 'contentId', o.content_id, 'slug', c.slug, 'expiresAt', o.expires_at)
    FROM library_loans o JOIN libraries l ON l.id = o.library_id LEFT JOIN contents c ON c.id = o.content_id WHERE o.user_id = $user`,
  events: `SELECT o.created_at AS at, 'order:' || o.id AS key, 'events.order' AS kind,
      json_object('orderId', o.id, 'showId', o.show_id, 'show', s.slug, 'showTitles', s.titles, 'state', o.state, 'amount', o.amount, 'currency', o.currency, 'transactionId', o.transaction_id) AS data
    FROM orders o LEFT JOIN event_shows s ON s.id = o.show_id WHERE o.user_id = $user
    UNION ALL SELECT created_at, 'eticket:' || id, 'events.eticket', json_object('ticketId', id, 'code', id, 'orderId', order_id, 'showId', show_id, 'ticketKind', kind, 'state', state) FROM etickets WHERE user_id = $user
    UNION ALL SELECT used_at, 'eticket-scan:' || id, 'events.eticket_scanned', json_object('ticketId', id, 'code', id, 'showId', show_id) FROM etickets WHERE user_id = $user AND used_at IS NOT NULL`,
  // A message sent while logged in names the account; one sent as a guest from its email counts too.
  contact: `SELECT created_at AS at, 'contact:' || ticket AS key, 'contact.message' AS kind, json_object('ticket', ticket, 'subject', subject, 'topic', sub_subject) AS data FROM contact_messages WHERE user_id = $user
    UNION ALL SELECT created_at, 'contact:' || ticket, 'contact.message', json_object('ticket', ticket, 'subject', subject, 'topic', sub_subject) FROM contact_messages WHERE email = $email AND user_id IS NULL`,
  // What was sent: the outbox's emails and SMS (where it is on), verification codes, reset links.
  messages: `SELECT created_at AS at, 'outbox:' || id AS key, 'message.email' AS kind, json_object('to', recipient, 'subject', subject) AS data FROM outbox WHERE recipient = $email AND channel = 'email'
    UNION ALL SELECT created_at, 'outbox:' || id, 'message.sms', json_object('to', recipient) FROM outbox WHERE recipient = $phone AND channel = 'sms'
    UNION ALL SELECT ${isoOfMs('created_at')}, 'code:' || id, 'code.sent',
      json_object('channel', channel, 'to', target, 'purpose', CASE WHEN purpose LIKE 'email-change:%' THEN 'email-change' ELSE purpose END, 'used', ${flag('used_at IS NOT NULL')})
    FROM verification_codes WHERE (channel = 'email' AND target = $email) OR (channel = 'sms' AND target = $phone)
    UNION ALL SELECT ${isoOfMs(`expires_at - ${RESET_TTL_MS}`)}, 'reset:' || rowid, 'password.reset_requested', json_object('used', ${flag('used_at IS NOT NULL')}) FROM password_resets WHERE user_id = $user`,
  // Bell and push: programme reminders delivered, devices that accept push notifications.
  notifications: `SELECT r.sent_at AS at, 'reminder:' || r.programme_id AS key, 'notification.reminder' AS kind,
      json_object('programmeId', r.programme_id, 'channelId', p.channel_id, 'startsAt', p.starts_at, 'read', ${flag('r.read_at IS NOT NULL')}) AS data
    FROM programme_reminders r JOIN programmes p ON p.id = r.programme_id WHERE r.user_id = $user AND r.sent_at IS NOT NULL
    UNION ALL SELECT created_at, 'push:' || id, 'push.subscribed', json_object('deviceId', device_id, 'family', device_family, 'lang', preferred_language) FROM push_subscriptions WHERE user_id = $user`,
  // The back office's entries about the account, its payments and its contact tickets.
  audit: `SELECT at, 'audit:' || id AS key, 'audit' AS kind, json_object('action', action, 'staffId', staff_id, 'staffRoles', staff_roles, 'reason', reason, 'entity', entity, 'entityId', entity_id,
      'before', json(before_json), 'after', json(after_json)) AS data
    FROM audit_log WHERE (entity = 'user' AND entity_id = $user)
      OR (entity = 'transaction' AND entity_id IN (SELECT id FROM transactions WHERE user_id = $user))
      OR (entity = 'ticket' AND entity_id IN (SELECT ticket FROM contact_messages WHERE user_id = $user))`,
};

/** The account a story is about: the values its sources are read by. */
export type StoryOf = { userId: string; email: string | null; phone: string | null };

/** Where a page starts: strictly after (older than) this item. */
export type Cursor = { at: string; key: string };

const CursorJson = z.tuple([z.string().max(40), z.string().max(200)]);

export const encodeCursor = (cursor: Cursor): string => toBase64url(new TextEncoder().encode(JSON.stringify([cursor.at, cursor.key])));

/** A cursor as a page's `next` gave it, or null when it is not one. */
export function decodeCursor(text: string): Cursor | null {
  const bytes = fromBase64url(text);
  if (!bytes) return null;
  try {
    const parsed = CursorJson.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? { at: parsed.data[0], key: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** `$user`, `$email`, `$phone` as numbered parameters, and their values in that order. */
function bindNames(sql: string, story: StoryOf): { sql: string; args: unknown[] } {
  const values: Record<string, unknown> = { user: story.userId, email: story.email, phone: story.phone };
  const order: string[] = [];
  const numbered = sql.replace(/\$(user|email|phone)\b/g, (_, name: string) => {
    if (!order.includes(name)) order.push(name);
    return `?${order.indexOf(name) + 1}`;
  });
  return { sql: numbered, args: order.map((name) => values[name] ?? null) };
}

/** One source's page: its rows after the cursor, newest first, at most `limit` (SQL and its values). */
export function sourceQuery(source: TimelineSource, story: StoryOf, after: Cursor | null, limit: number): { sql: string; args: unknown[] } {
  const { sql, args } = bindNames(SOURCES[source], story);
  const n = args.length;
  return {
    sql: `SELECT at, key, kind, data FROM (${sql}) WHERE at < ?${n + 1} OR (at = ?${n + 1} AND key < ?${n + 2}) ORDER BY at DESC, key DESC LIMIT ?${n + 3}`,
    // No cursor: from the newest ('~' sorts after every ISO 8601 time).
    args: [...args, after?.at ?? '~', after?.key ?? '', limit],
  };
}

const Row = z.object({ at: z.string(), key: z.string(), kind: z.string(), data: z.string() });

type Raw = { at: string; key: string; kind: string; data: Record<string, unknown> };

/** What the stored values become on the page: invoice numbers as printed, e-tickets by their short code. */
function finish(item: Raw, invoicePrefix: string): Raw {
  const { kind, data } = item;
  if (kind === 'invoice.issued' && typeof data.number === 'number') return { ...item, data: { ...data, number: formatInvoiceNumber(invoicePrefix, data.number, item.at) } };
  if ((kind === 'events.eticket' || kind === 'events.eticket_scanned') && typeof data.code === 'string') return { ...item, data: { ...data, code: shortCode(data.code) } };
  return item;
}

export type TimelineQuery = { after: Cursor | null; limit: number; sources: readonly TimelineSource[] };

/** A page of the story: the newest items after the cursor across the chosen sources. */
export async function timeline(deps: { db: D1Database; invoicePrefix: string }, story: StoryOf, query: TimelineQuery): Promise<Timeline> {
  const sources = query.sources.length > 0 ? query.sources : TIMELINE_SOURCES;
  const results = await deps.db.batch(
    sources.map((source) => {
      const { sql, args } = sourceQuery(source, story, query.after, query.limit + 1);
      return deps.db.prepare(sql).bind(...args);
    }),
  );
  const rows = results.flatMap((result) => z.array(Row).parse(result.results));
  rows.sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  const page = rows.slice(0, query.limit);
  const items = page.map((row) => TimelineItem.parse(finish({ ...row, data: z.record(z.string(), z.unknown()).parse(JSON.parse(row.data)) }, deps.invoicePrefix)));
  const last = page.at(-1);
  return { items, next: rows.length > query.limit && last ? encodeCursor(last) : null };
}
