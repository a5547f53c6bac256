/**
 * Buying tickets for a show (issue 17, spec §1 e-ticket/event purchase flow): the order's amount is
 * computed here from the show's ticket types (never from the browser), its seats held for 10 minutes
 * in the show's Durable Object (worker/api/events/inventory.ts), its e-tickets written 'held', and it
 * is paid through the existing checkout (purpose 'order', worker/api/payments/checkout.ts buyOrder).
 * Nobody can keep a show sold out: an account has one open order per show, and an address opens a
 * bounded number of orders per hold period (the route, worker/limits 'event-order-ip').
 */
import { HOLD_MS, HOLDER_NAME_MAX, MAX_TICKETS_PER_ORDER, onSale, takesSeat } from '../../rules/events';
import type { Lang } from '../../rules/lang';
import { DEFAULT_PROFILE_NAME } from '../../rules/profiles';
import { pickText } from '../../rules/texts';
import type { UserRow } from '../kernel/users';
import { buyOrder } from '../payments/checkout';
import type { PaymentDeps } from '../payments/deps';
import { done, refused, type Result } from '../kernel/refusals';
import { showInventory } from './inventory';
import type { OrderRefusal } from './refusals';
import { eventById, priceIn, showById, ticketTypesOf } from './queries';
import type { OrderAnswer, OrderInput } from './schemas';

type Line = { typeId: number; kind: 'venue' | 'stream' | 'both'; holder: string };

/** The name printed on a ticket when none was typed: the account's first profile, unless it kept its default name; else the email's local part. */
async function defaultHolder(db: D1Database, user: UserRow): Promise<string> {
  const row = await db.prepare('SELECT name FROM profiles WHERE user_id = ? ORDER BY id LIMIT 1').bind(user.id).first<{ name: string }>();
  const name = row && row.name !== DEFAULT_PROFILE_NAME ? row.name : (user.email ?? '').split('@')[0] ?? '';
  return name.slice(0, HOLDER_NAME_MAX);
}

/** What an order uses: the checkout's (database, providers, mailer) and the shows' seat inventories. */
export type OrderDeps = PaymentDeps & { shows: Env['SHOWS'] };

export async function createOrder(deps: OrderDeps, user: UserRow, input: OrderInput, lang: Lang, now: Date): Promise<Result<OrderAnswer, OrderRefusal>> {
  const { db } = deps;
  // Spec: cash vouchers take days to be paid, longer than the 10-minute hold.
  if (input.method === 'cash') return refused('PAYMENT_METHOD_NOT_FOR_TICKETS', 'cash vouchers take longer than the hold');
  const show = await showById(db, input.show);
  const event = show ? await eventById(db, show.event_id) : null;
  if (!show || !event) return refused('SHOW_NOT_FOUND', String(input.show));
  const types = await ticketTypesOf(db, [show.id]);
  const fallback = await defaultHolder(db, user);
  const lines: Line[] = [];
  let amount = 0;
  for (const item of input.items) {
    if (item.quantity === 0) continue;
    const type = types.find((t) => t.id === item.type);
    if (!type) return refused('TICKET_TYPE_NOT_FOUND', String(item.type));
    if (input.items.filter((i) => i.type === item.type).length > 1) return refused('BAD_REQUEST', `items: ticket type ${item.type} twice`);
    if (item.quantity > type.max_per_order) return refused('TICKETS_OVER_MAX', String(type.max_per_order));
    if (!onSale(type.kind, show, now)) return refused('TICKETS_NOT_ON_SALE', String(type.id));
    amount += priceIn(type, input.currency) * item.quantity;
    for (let i = 0; i < item.quantity; i++) lines.push({ typeId: type.id, kind: type.kind, holder: item.holders?.[i]?.trim() || fallback });
  }
  if (lines.length === 0) return refused('TICKETS_NONE_CHOSEN', 'choose at least one ticket');
  if (lines.length > MAX_TICKETS_PER_ORDER) return refused('TICKETS_OVER_MAX', String(MAX_TICKETS_PER_ORDER));

  const id = crypto.randomUUID();
  const seats = lines.filter((l) => takesSeat(l.kind)).length;
  const at = now.toISOString();
  const holdEnd = new Date(now.getTime() + HOLD_MS).toISOString();
  // One open order per show and account: the order is written only if the account holds no unexpired
  // one on this show (one statement decides: exact under parallel orders), its e-tickets only with it.
  const [written] = await db.batch([
    db.prepare(
      `INSERT INTO orders (id, user_id, show_id, state, amount, currency, hold_expires_at, lang, created_at, updated_at) SELECT ?1, ?2, ?3, 'held', ?4, ?5, ?6, ?7, ?8, ?8
       WHERE NOT EXISTS (SELECT 1 FROM orders WHERE user_id = ?2 AND show_id = ?3 AND state = 'held' AND hold_expires_at > ?8)`,
    ).bind(id, user.id, show.id, amount, input.currency, holdEnd, lang, at),
    ...lines.map((l) =>
      db.prepare(
        `INSERT INTO etickets (id, order_id, user_id, event_id, show_id, ticket_type_id, kind, holder, state, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'held', ?9
         WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2)`,
      ).bind(
        // A ticket id without dashes: its first 10 characters are the short code typed at the door (worker/rules/eticket.ts).
        crypto.randomUUID().replaceAll('-', ''), id, user.id, event.id, show.id, l.typeId, l.kind, l.holder, at,
      ),
    ),
  ]);
  if ((written?.meta.changes ?? 0) !== 1) return refused('ORDER_ALREADY_OPEN', 'an order for this show is waiting for its payment');
  const inventory = showInventory({ SHOWS: deps.shows }, show.id);
  const held = await inventory.hold(id, seats, show.capacity, now.getTime());
  if (!held.ok) {
    // Nothing was held: the order never was.
    await db.batch([db.prepare('DELETE FROM etickets WHERE order_id = ?').bind(id), db.prepare('DELETE FROM orders WHERE id = ?').bind(id)]);
    return refused('SOLD_OUT', `${held.seatsLeft} seats left`);
  }
  // No checkout: the order is given up at once and its seats come back.
  const giveUp = async () => {
    await db.batch([
      db.prepare("UPDATE orders SET state = 'failed', updated_at = ? WHERE id = ? AND state = 'held'").bind(at, id),
      db.prepare("UPDATE etickets SET state = 'void' WHERE order_id = ? AND state = 'held'").bind(id),
    ]);
    await inventory.release(id);
  };
  try {
    const checkout = await buyOrder(deps, user, { id, amount, currency: input.currency, title: pickText(show.titles, lang), returnTo: `/events/orders/${id}` }, { method: input.method, phone: input.phone }, now);
    if (!checkout.ok) {
      await giveUp();
      return checkout;
    }
    const { transaction } = checkout.value;
    await db.prepare('UPDATE orders SET transaction_id = ? WHERE id = ?').bind(transaction.id, id).run();
    return done({ order: { id, state: 'held', amount, currency: input.currency, hold_expires_at: holdEnd }, transaction, checkout: checkout.value.checkout });
  } catch (error) {
    await giveUp();
    throw error;
  }
}
