// Live events and e-tickets (issue 17): what the API, the page loaders and the tests agree on.
import { z } from 'zod';
import { HOLDER_NAME_MAX, MAX_TICKETS_PER_ORDER, TICKET_KINDS } from '../../rules/events';
import { CURRENCIES } from '../../rules/subscription';
import { slug } from '../schemas';

const Prices = z.object({ MAD: z.number(), EUR: z.number(), USD: z.number() });
const Kind = z.enum(TICKET_KINDS);

/** A ticket type of a show, with whether it can still be bought now. */
export const TicketType = z.object({
  id: z.number(),
  kind: Kind,
  name: z.string(),
  prices: Prices,
  max_per_order: z.number(),
  on_sale: z.boolean(),
});
export type TicketType = z.infer<typeof TicketType>;

/** A show of a festival: date, venue, seats left (0: sold out), its ticket types. */
export const Show = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  image: z.string().nullable(),
  capacity: z.number(),
  seats_left: z.number(),
  phase: z.enum(['upcoming', 'live', 'replay', 'over']),
  /** The cheapest ticket on sale, by currency; null when nothing is on sale. */
  price_from: Prices.nullable(),
  /** The show is streamed (a live channel or source): stream passes exist. */
  streamed: z.boolean(),
  ticket_types: z.array(TicketType),
});
export type Show = z.infer<typeof Show>;

export const Artist = z.object({ name: z.string(), bio: z.string(), image: z.string().nullable() });

const FestivalHead = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  city: z.string(),
  image: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
});

/** GET /pages/events: the festivals on the hub. */
export const FestivalList = z.object({ festivals: z.array(FestivalHead) });
export type FestivalList = z.infer<typeof FestivalList>;

/** GET /pages/events/{slug}: a festival with its lineup and shows. */
export const Festival = FestivalHead.extend({ artists: z.array(Artist), shows: z.array(Show) });
export type Festival = z.infer<typeof Festival>;

/** GET /pages/events/{slug}/{show}: one show with the ways to pay for tickets in each currency. */
export const ShowPage = z.object({
  festival: FestivalHead,
  show: Show,
  methods: z.object({ MAD: z.array(z.enum(['card', 'mobile'])), EUR: z.array(z.enum(['card', 'mobile'])), USD: z.array(z.enum(['card', 'mobile'])) }),
});
export type ShowPage = z.infer<typeof ShowPage>;

const holder = z.string().trim().max(HOLDER_NAME_MAX, `holder: at most ${HOLDER_NAME_MAX} characters`);

/** POST /events/orders: which tickets of a show (the amount is computed here, never sent by the browser). */
export const OrderInput = z.strictObject({
  show: z.number().int().positive(),
  items: z
    .array(z.strictObject({ type: z.number().int().positive(), quantity: z.number().int().min(0).max(MAX_TICKETS_PER_ORDER), holders: z.array(holder).max(MAX_TICKETS_PER_ORDER).optional() }))
    .min(1)
    .max(10),
  currency: z.enum(CURRENCIES),
  // Cash is named so it gets its own message (vouchers take days, longer than the hold), not a generic 400.
  method: z.enum(['card', 'mobile', 'cash']).default('card'),
  phone: z.string().max(20).optional(),
  lang: z.enum(['en', 'fr', 'ar', 'es']).optional(),
  /** A random id the purchase form carries: the same form posted twice starts one order (worker/api/payments/once.ts). */
  attempt: z.string().uuid().optional(),
});
export type OrderInput = z.infer<typeof OrderInput>;

export const ORDER_STATES = ['held', 'paid', 'fulfilled', 'expired', 'failed', 'refund_due', 'refunded'] as const;
export const TICKET_STATES = ['held', 'valid', 'void'] as const;

const ShowRef = z.object({ slug: z.string(), title: z.string(), venue: z.string(), starts_at: z.string(), ends_at: z.string(), festival_slug: z.string(), festival_name: z.string() });

/** An order as its buyer sees it (GET /events/orders/{id}). */
export const Order = z.object({
  id: z.string(),
  state: z.enum(ORDER_STATES),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  hold_expires_at: z.string(),
  transaction_id: z.string().nullable(),
  show: ShowRef,
  tickets: z.array(z.object({ id: z.string(), kind: Kind, type_name: z.string(), holder: z.string(), state: z.enum(TICKET_STATES) })),
});
export type Order = z.infer<typeof Order>;

/** POST /events/orders: the held order and where the browser goes to pay. */
export const OrderAnswer = z.object({
  order: z.object({ id: z.string(), state: z.enum(ORDER_STATES), amount: z.number(), currency: z.enum(CURRENCIES), hold_expires_at: z.string() }),
  transaction: z.object({ id: z.string(), state: z.string() }),
  checkout: z
    .union([z.object({ method: z.literal('GET'), url: z.string() }), z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) })])
    .nullable(),
});
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** GET /events/tickets (My tickets): valid tickets with their signed token, and orders that need saying (refund due, waiting). */
export const MyTickets = z.object({
  tickets: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      token: z.string(),
      kind: Kind,
      type_name: z.string(),
      holder: z.string(),
      used_at: z.string().nullable(),
      show: ShowRef,
    }),
  ),
  orders: z.array(z.object({ id: z.string(), state: z.enum(ORDER_STATES), amount: z.number(), currency: z.enum(CURRENCIES), show: ShowRef })),
});
export type MyTickets = z.infer<typeof MyTickets>;

export const festivalParam = z.object({ slug });
export const showParam = z.object({ slug, show: slug });
export const orderParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'an order id') });
