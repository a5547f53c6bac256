// Live events in D1 (migration 0015_events.sql): festivals, lineup, shows, ticket types, orders, e-tickets.
import { z } from 'zod';
import { onSale, showPhase, TICKET_KINDS } from '../../rules/events';
import type { Lang } from '../../rules/lang';
import type { Currency } from '../../rules/subscription';
import { pickText } from '../../rules/texts';
import { showInventory } from './inventory';
import { ORDER_STATES, type Show, type TicketType } from './schemas';

export const EventRow = z.object({
  id: z.number(),
  slug: z.string(),
  names: z.string(),
  descriptions: z.string(),
  city: z.string(),
  image: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type EventRow = z.infer<typeof EventRow>;

export const ShowRow = z.object({
  id: z.number(),
  event_id: z.number(),
  slug: z.string(),
  titles: z.string(),
  descriptions: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number(),
  channel_id: z.number().nullable(),
  live_source_url: z.string().nullable(),
  replay_content_id: z.number().nullable(),
  image: z.string().nullable(),
});
export type ShowRow = z.infer<typeof ShowRow>;

export const TicketTypeRow = z.object({
  id: z.number(),
  show_id: z.number(),
  kind: z.enum(TICKET_KINDS),
  names: z.string(),
  price_mad: z.number(),
  price_eur: z.number(),
  price_usd: z.number(),
  max_per_order: z.number(),
});
export type TicketTypeRow = z.infer<typeof TicketTypeRow>;

export const priceIn = (t: Pick<TicketTypeRow, 'price_mad' | 'price_eur' | 'price_usd'>, currency: Currency): number =>
  currency === 'MAD' ? t.price_mad : currency === 'EUR' ? t.price_eur : t.price_usd;

export const toFestivalHead = (e: EventRow, lang: Lang) => ({
  slug: e.slug,
  name: pickText(e.names, lang),
  description: pickText(e.descriptions, lang),
  city: e.city,
  image: e.image,
  starts_at: e.starts_at,
  ends_at: e.ends_at,
});

export async function publishedEvents(db: D1Database): Promise<EventRow[]> {
  const { results } = await db.prepare('SELECT * FROM events WHERE published = 1 ORDER BY starts_at, id').all();
  return results.map((r) => EventRow.parse(r));
}

export async function eventBySlug(db: D1Database, slug: string): Promise<EventRow | null> {
  const row = await db.prepare('SELECT * FROM events WHERE slug = ? AND published = 1').bind(slug).first();
  return row ? EventRow.parse(row) : null;
}

export async function eventById(db: D1Database, id: number): Promise<EventRow | null> {
  const row = await db.prepare('SELECT * FROM events WHERE id = ?').bind(id).first();
  return row ? EventRow.parse(row) : null;
}

export async function showsOf(db: D1Database, eventId: number): Promise<ShowRow[]> {
  const { results } = await db.prepare('SELECT * FROM event_shows WHERE event_id = ? ORDER BY starts_at, id').bind(eventId).all();
  return results.map((r) => ShowRow.parse(r));
}

export async function showById(db: D1Database, id: number): Promise<ShowRow | null> {
  const row = await db.prepare('SELECT * FROM event_shows WHERE id = ?').bind(id).first();
  return row ? ShowRow.parse(row) : null;
}

export async function ticketTypesOf(db: D1Database, showIds: number[]): Promise<TicketTypeRow[]> {
  if (showIds.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT * FROM ticket_types WHERE show_id IN (${showIds.map(() => '?').join(', ')}) ORDER BY show_id, position, id`)
    .bind(...showIds)
    .all();
  return results.map((r) => TicketTypeRow.parse(r));
}

export async function artistsOf(db: D1Database, eventId: number, lang: Lang) {
  const { results } = await db.prepare('SELECT name, bios, image FROM event_artists WHERE event_id = ? ORDER BY position, id').bind(eventId).all<{ name: string; bios: string; image: string | null }>();
  return results.map((a) => ({ name: a.name, bio: pickText(a.bios, lang), image: a.image }));
}

/** A show as the pages show it: its ticket types (on sale at `now` or not) and the seats left in its inventory. */
export async function toShow(env: Pick<Env, 'SHOWS'>, s: ShowRow, types: TicketTypeRow[], lang: Lang, now: Date): Promise<Show> {
  const seatsLeft = await showInventory(env, s.id).seatsLeft(s.capacity, now.getTime());
  const ticketTypes: TicketType[] = types.map((t) => ({
    id: t.id,
    kind: t.kind,
    name: pickText(t.names, lang),
    prices: { MAD: t.price_mad, EUR: t.price_eur, USD: t.price_usd },
    max_per_order: t.max_per_order,
    // A seat is needed for venue tickets: none left, not on sale.
    on_sale: onSale(t.kind, s, now) && (t.kind === 'stream' || seatsLeft > 0),
  }));
  const selling = ticketTypes.filter((t) => t.on_sale);
  const cheapest = (currency: Currency) => Math.min(...selling.map((t) => t.prices[currency]));
  return {
    id: s.id,
    slug: s.slug,
    title: pickText(s.titles, lang),
    description: pickText(s.descriptions, lang),
    venue: s.venue,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    image: s.image,
    capacity: s.capacity,
    seats_left: seatsLeft,
    phase: showPhase(s, now),
    price_from: selling.length ? { MAD: cheapest('MAD'), EUR: cheapest('EUR'), USD: cheapest('USD') } : null,
    streamed: s.channel_id !== null || s.live_source_url !== null || s.replay_content_id !== null,
    ticket_types: ticketTypes,
  };
}

export const OrderRow = z.object({
  id: z.string(),
  user_id: z.string(),
  show_id: z.number(),
  state: z.enum(ORDER_STATES),
  amount: z.number(),
  currency: z.enum(['MAD', 'EUR', 'USD']),
  transaction_id: z.string().nullable(),
  hold_expires_at: z.string(),
  lang: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderRow = z.infer<typeof OrderRow>;

export async function orderById(db: D1Database, id: string): Promise<OrderRow | null> {
  const row = await db.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first();
  return row ? OrderRow.parse(row) : null;
}

/** The order a transaction pays (transactions.order_id, written when the checkout starts). */
export async function orderOfTransaction(db: D1Database, transactionId: string): Promise<OrderRow | null> {
  const row = await db.prepare('SELECT o.* FROM orders o JOIN transactions t ON t.order_id = o.id WHERE t.id = ?').bind(transactionId).first();
  return row ? OrderRow.parse(row) : null;
}

/** The show, festival and names a ticket or order is shown with. */
const SHOW_REF = `s.slug AS show_slug, s.titles, s.venue, s.starts_at, s.ends_at, e.slug AS festival_slug, e.names AS festival_names`;
type ShowRefRow = { show_slug: string; titles: string; venue: string; starts_at: string; ends_at: string; festival_slug: string; festival_names: string };
const toShowRef = (r: ShowRefRow, lang: Lang) => ({
  slug: r.show_slug,
  title: pickText(r.titles, lang),
  venue: r.venue,
  starts_at: r.starts_at,
  ends_at: r.ends_at,
  festival_slug: r.festival_slug,
  festival_name: pickText(r.festival_names, lang),
});

export type TicketRow = { id: string; event_id: number; show_id: number; ticket_type_id: number; kind: (typeof TICKET_KINDS)[number]; holder: string; state: 'held' | 'valid' | 'void'; used_at: string | null; type_names: string };

export async function ticketsOfOrder(db: D1Database, orderId: string): Promise<TicketRow[]> {
  const { results } = await db
    .prepare('SELECT k.id, k.event_id, k.show_id, k.ticket_type_id, k.kind, k.holder, k.state, k.used_at, t.names AS type_names FROM etickets k JOIN ticket_types t ON t.id = k.ticket_type_id WHERE k.order_id = ? ORDER BY k.rowid')
    .bind(orderId)
    .all<TicketRow>();
  return results;
}

export async function orderView(db: D1Database, order: OrderRow, lang: Lang) {
  const ref = await db
    .prepare(`SELECT ${SHOW_REF} FROM event_shows s JOIN events e ON e.id = s.event_id WHERE s.id = ?`)
    .bind(order.show_id)
    .first<ShowRefRow>();
  const tickets = await ticketsOfOrder(db, order.id);
  return {
    id: order.id,
    state: order.state,
    amount: order.amount,
    currency: order.currency,
    hold_expires_at: order.hold_expires_at,
    transaction_id: order.transaction_id,
    show: ref ? toShowRef(ref, lang) : { slug: '', title: '', venue: '', starts_at: order.created_at, ends_at: order.created_at, festival_slug: '', festival_name: '' },
    tickets: tickets.map((k) => ({ id: k.id, kind: k.kind, type_name: pickText(k.type_names, lang), holder: k.holder, state: k.state })),
  };
}

/** My tickets: the account's valid tickets (soonest show first), each with its show. */
export async function validTicketsOf(db: D1Database, userId: string, lang: Lang) {
  const { results } = await db
    .prepare(
      `SELECT k.id, k.event_id, k.show_id, k.ticket_type_id, k.kind, k.holder, k.used_at, t.names AS type_names, ${SHOW_REF}
       FROM etickets k JOIN ticket_types t ON t.id = k.ticket_type_id JOIN event_shows s ON s.id = k.show_id JOIN events e ON e.id = s.event_id
       WHERE k.user_id = ? AND k.state = 'valid' ORDER BY s.starts_at, k.created_at, k.rowid LIMIT 200`,
    )
    .bind(userId)
    .all<Omit<TicketRow, 'state'> & ShowRefRow>();
  return results.map((k) => ({ row: k, type_name: pickText(k.type_names, lang), show: toShowRef(k, lang) }));
}

/** Orders My tickets must speak of: waiting for payment confirmation, or paid with no seat left (refund due). */
export async function openOrdersOf(db: D1Database, userId: string, lang: Lang) {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.state, o.amount, o.currency, ${SHOW_REF} FROM orders o JOIN event_shows s ON s.id = o.show_id JOIN events e ON e.id = s.event_id
       WHERE o.user_id = ? AND o.state IN ('paid', 'refund_due') ORDER BY o.created_at DESC LIMIT 50`,
    )
    .bind(userId)
    .all<{ id: string; state: OrderRow['state']; amount: number; currency: Currency } & ShowRefRow>();
  return results.map((o) => ({ id: o.id, state: o.state, amount: o.amount, currency: o.currency, show: toShowRef(o, lang) }));
}
