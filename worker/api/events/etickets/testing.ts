import { env } from 'cloudflare:workers';
import type { ETicketClaims } from '../../../rules/eticket';
import { registeredUser } from '../../../test/accounts';
import { signETicket } from './signing';

/**
 * Test kit of e-tickets and stream passes: a festival show with its ticket types, paid orders
 * with their tickets written straight into D1 (the purchase itself is worker/api/events'), staff.
 */

const iso = (ms: number): string => new Date(ms).toISOString();
let counter = 0;

export type TestShow = { eventId: number; showId: number; types: Record<'venue' | 'stream' | 'both', number> };

/** An event with one show from `startsAt` for `hours`, its live stream (a channel id or a URL) and replay title. */
export async function makeShow(options: { startsAt: number; hours?: number; channelId?: number | null; liveSourceUrl?: string | null; replayContentId?: number | null }): Promise<TestShow> {
  const n = `${Date.now().toString(36)}-${++counter}-${crypto.randomUUID().slice(0, 6)}`;
  const ends = options.startsAt + (options.hours ?? 2) * 3_600_000;
  const event = await env.DB.prepare(
    `INSERT INTO events (slug, names, city, starts_at, ends_at, updated_at) VALUES (?1, '{"en":"Test festival","fr":"Festival test"}', 'Marrakech', ?2, ?3, ?2) RETURNING id`,
  )
    .bind(`fest-${n}`, iso(options.startsAt), iso(ends))
    .first<{ id: number }>();
  const show = await env.DB.prepare(
    `INSERT INTO event_shows (event_id, slug, titles, venue, starts_at, ends_at, capacity, channel_id, live_source_url, replay_content_id)
     VALUES (?1, ?2, '{"en":"Gala night","fr":"Soirée de gala","ar":"ليلة الغالا"}', 'Théâtre Royal', ?3, ?4, 100, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(event!.id, `show-${n}`, iso(options.startsAt), iso(ends), options.channelId ?? null, options.liveSourceUrl ?? null, options.replayContentId ?? null)
    .first<{ id: number }>();
  const types = {} as TestShow['types'];
  for (const kind of ['venue', 'stream', 'both'] as const) {
    const row = await env.DB.prepare(
      `INSERT INTO ticket_types (show_id, kind, names, price_mad, price_eur, price_usd) VALUES (?1, ?2, ?3, 10000, 1000, 1100) RETURNING id`,
    )
      .bind(show!.id, kind, JSON.stringify({ en: `Type ${kind}`, fr: `Type ${kind} (fr)` }))
      .first<{ id: number }>();
    types[kind] = row!.id;
  }
  return { eventId: event!.id, showId: show!.id, types };
}

/** A ticket of an order of `userId` in `state` ('valid' when paid), and its signed token. */
export async function makeTicket(userId: string, show: TestShow, kind: 'venue' | 'stream' | 'both', state: 'held' | 'valid' | 'void' = 'valid', holder = 'Amina El Idrissi'): Promise<{ id: string; token: string; claims: ETicketClaims }> {
  const orderId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const orderState = state === 'valid' ? 'fulfilled' : state === 'held' ? 'held' : 'expired';
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, show_id, state, amount, currency, hold_expires_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 10000, 'MAD', ?5, ?5, ?5)`,
    ).bind(orderId, userId, show.showId, orderState, at),
    env.DB.prepare(
      `INSERT INTO etickets (id, order_id, user_id, event_id, show_id, ticket_type_id, kind, holder, state, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(id, orderId, userId, show.eventId, show.showId, show.types[kind], kind, holder, state, at),
  ]);
  const claims: ETicketClaims = { t: id, e: show.eventId, s: show.showId, y: show.types[kind], k: kind, h: holder };
  return { id, token: await signETicket(env, claims), claims };
}

/** A registered account holding the door role (scripts/admin/staff.ts does this for operators). */
export async function staffMember() {
  const user = await registeredUser();
  await env.DB.prepare("INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, 'door', '2026-01-01T00:00:00.000Z')").bind(user.id).run();
  return user;
}
