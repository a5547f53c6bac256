// Live events and ticket purchase (issue 17): the hub's answers, orders through the sandbox checkout
// to fulfilment, exact inventory under parallel purchase, 10-minute holds, expiry by the scheduled job.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { decide, deliver } from '../payments/testing';
import { showInventory } from './inventory';
import { Festival, MyTickets, Order, OrderAnswer, ShowPage } from './schemas';
import { runOrders } from './settlement';
import { noticeDeps } from '../payments/deps';
import { festival, type Made } from './testing';

type Account = Awaited<ReturnType<typeof registeredUser>>;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** The tests' clock: real time (the inventory's alarm runs on it), moved forward where a test needs it. */
const T0 = Date.now();
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });
const iso = (ms: number) => new Date(ms).toISOString();

const order = (who: Account, body: Record<string, unknown>, when = T0) => callApi('/events/orders', { method: 'POST', token: who.tokens.token, body, headers: at(when) });
const buy = async (who: Account, show: Made, items: { type: number; quantity: number; holders?: string[] }[], when = T0) => {
  const res = await order(who, { show: show.showId, items, currency: 'MAD', method: 'card' }, when);
  expect(res.status, await res.clone().text()).toBe(200);
  return OrderAnswer.parse(await res.json());
};
const orderOf = async (who: Account, id: string) => Order.parse(await (await callApi(`/events/orders/${id}`, { token: who.tokens.token })).json());
const mails = async (email: string) => (await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ? AND channel = 'email' ORDER BY id").bind(email).all<{ subject: string; body: string }>()).results;
const seatsLeft = (show: Made, capacity: number, when = T0) => showInventory(env, show.showId).seatsLeft(capacity, when);

describe('the festival hub', { timeout: 60_000 }, () => {
  it('answers a festival with its lineup, shows, seats left and ticket types in the asked language', async () => {
    const made = await festival(100);
    const res = await callApi(`/pages/events/${made.slug}?lang=fr`, { headers: at(T0) });
    expect(res.status).toBe(200);
    const body = Festival.parse(await res.json());
    expect(body).toMatchObject({ name: 'Test festival (fr)', city: 'Marrakech', artists: [{ name: 'Yassine Amrani', bio: 'A comedian. (fr)' }] });
    expect(body.shows[0]).toMatchObject({ title: 'Opening night (fr)', venue: 'Théâtre Royal', seats_left: 100, phase: 'upcoming', price_from: { MAD: 5000 } });
    expect(body.shows[0]?.ticket_types.map((t) => [t.kind, t.prices.MAD, t.on_sale])).toEqual([['venue', 15000, true], ['stream', 5000, true], ['both', 18000, true]]);
    const show = ShowPage.parse(await (await callApi(`/pages/events/${made.slug}/${made.showSlug}`, { headers: at(T0) })).json());
    expect(show.methods.MAD).toContain('card');
    expect((await callApi('/pages/events/no-such-festival')).status).toBe(404);
    const bad = await callApi('/pages/events/Not_A_Slug');
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch(/^BAD_REQUEST/);
  });

  it('sells venue tickets until the show starts, and stream passes while it is live and for 48 hours after', async () => {
    const made = await festival(100, T0 - 30 * MIN);
    const user = await registeredUser();
    const venue = await order(user, { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' });
    expect(venue.status).toBe(409);
    expect(await messageOf(venue)).toMatch(/^TICKETS_NOT_ON_SALE/);
    await buy(user, made, [{ type: made.stream, quantity: 1 }]);
    await buy(user, made, [{ type: made.stream, quantity: 1 }], T0 + 40 * HOUR);
    const late = await order(user, { show: made.showId, items: [{ type: made.stream, quantity: 1 }], currency: 'MAD' }, T0 + 50 * HOUR);
    expect(await messageOf(late)).toMatch(/^TICKETS_NOT_ON_SALE/);
  });
});

// Route tests on a loaded machine: each registers accounts and runs a checkout (a minute, like the form-route tests).
describe('POST /events/orders', { timeout: 60_000 }, () => {
  it('refuses bad input with a 400 and its message, never a 5xx', async () => {
    const made = await festival(100);
    const user = await registeredUser();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^BAD_REQUEST/],
      [{ show: made.showId, items: [], currency: 'MAD' }, /^BAD_REQUEST/],
      [{ show: made.showId, items: [{ type: made.venue, quantity: 0 }], currency: 'MAD' }, /^TICKETS_NONE_CHOSEN/],
      [{ show: made.showId, items: [{ type: made.venue, quantity: 5 }], currency: 'MAD' }, /^TICKETS_OVER_MAX/],
      [{ show: made.showId, items: [{ type: 999999, quantity: 1 }], currency: 'MAD' }, /^TICKET_TYPE_NOT_FOUND/],
      [{ show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'XOF' }, /^BAD_REQUEST/],
      [{ show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD', method: 'cash' }, /^PAYMENT_METHOD_NOT_FOR_TICKETS/],
      // The amount is the server's: a browser's is refused, not used.
      [{ show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD', amount: 1 }, /^BAD_REQUEST/],
      [{ show: made.showId, items: [{ type: made.venue, quantity: 1, holders: ['x'.repeat(61)] }], currency: 'MAD' }, /^BAD_REQUEST/],
    ];
    for (const [body, message] of cases) {
      const res = await order(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toMatch(message);
    }
    const missing = await order(user, { show: 999999, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' });
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toMatch(/^SHOW_NOT_FOUND/);
    const guest = await callApi('/events/orders', { method: 'POST', body: { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' } });
    expect(guest.status).toBe(401);
    const malformed = await callApi('/events/orders', { method: 'POST', token: user.tokens.token, rawBody: '{"show":' });
    expect(malformed.status).toBe(400);
    for (const code of ['SOLD_OUT', 'TICKETS_NOT_ON_SALE', 'TICKETS_OVER_MAX', 'TICKETS_NONE_CHOSEN', 'PAYMENT_METHOD_NOT_FOR_TICKETS', 'SHOW_NOT_FOUND', 'TICKET_TYPE_NOT_FOUND']) {
      for (const lang of ['en', 'fr', 'ar', 'es'] as const) expect(dictionaries[lang][code], `${lang} ${code}`).toBeTruthy();
    }
  });

  it('computes the amount on the server, holds the seats, and is fulfilled once by the sandbox callback: tickets valid, mailed, on My tickets', async () => {
    const made = await festival(100);
    const user = await registeredUser();
    const answer = await buy(user, made, [{ type: made.venue, quantity: 2, holders: ['Salma', ''] }, { type: made.stream, quantity: 1 }]);
    expect(answer.order).toMatchObject({ state: 'held', amount: 2 * 15000 + 5000, currency: 'MAD' });
    expect(answer.order.hold_expires_at).toBe(iso(T0 + 10 * MIN));
    const tx = await env.DB.prepare('SELECT amount, purpose, plan_id, order_id FROM transactions WHERE id = ?').bind(answer.transaction.id).first();
    expect(tx).toMatchObject({ amount: 35000, purpose: 'order', plan_id: 9000, order_id: answer.order.id });
    // The stream pass takes no seat.
    expect(await seatsLeft(made, 100)).toBe(98);
    // A name left empty is the account's (here its email's local part: the profile kept its default name).
    const holder = user.email.split('@')[0]!.slice(0, 60);
    expect((await orderOf(user, answer.order.id)).tickets.map((k) => [k.kind, k.holder, k.state])).toEqual([['venue', 'Salma', 'held'], ['venue', holder, 'held'], ['stream', holder, 'held']]);

    const callback = await decide({ transaction: answer.transaction as never, checkout: answer.checkout }, 'approve');
    expect((await deliver(callback, new Date(T0 + 2 * MIN))).status).toBe(200);
    expect((await deliver(callback, new Date(T0 + 3 * MIN))).status).toBe(200);
    const done = await orderOf(user, answer.order.id);
    expect(done.state).toBe('fulfilled');
    expect(done.tickets.every((k) => k.state === 'valid')).toBe(true);
    expect(await seatsLeft(made, 100, T0 + 30 * MIN)).toBe(98);
    // A replayed callback fulfils once: one mail, with each ticket's code and the link to My tickets.
    const sent = await mails(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Opening night');
    expect(sent[0]?.body).toContain('/my-tickets');
    const mine = MyTickets.parse(await (await callApi('/events/tickets?lang=en', { token: user.tokens.token })).json());
    expect(mine.tickets).toHaveLength(3);
    expect(mine.tickets[0]?.token).toMatch(/^TFJ1\./);
    for (const k of mine.tickets) expect(sent[0]?.body).toContain(k.code);
  });

  it('sells exactly the last 10 seats to 50 parallel purchases; the others are told it is sold out', async () => {
    const made = await festival(10);
    // 15 buyers (an account has one open order per show): at least 5 of them meet a sold-out show.
    const buyers = await Promise.all(Array.from({ length: 15 }, () => registeredUser()));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => order(buyers[i % 15]!, { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const refusals = new Set(await Promise.all(answers.filter((r) => r.status === 409).map((r) => messageOf(r).then((m) => m.split(':')[0]))));
    expect(refusals.has('SOLD_OUT')).toBe(true);
    expect([...refusals].every((code) => code === 'SOLD_OUT' || code === 'ORDER_ALREADY_OPEN')).toBe(true);
    expect(await seatsLeft(made, 10)).toBe(0);
    const held = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE show_id = ? AND state = 'held'").bind(made.showId).first<{ n: number }>();
    expect(held?.n).toBe(10);
    const hub = Festival.parse(await (await callApi(`/pages/events/${made.slug}`, { headers: at(T0) })).json());
    expect(hub.shows[0]).toMatchObject({ seats_left: 0 });
    expect(hub.shows[0]?.ticket_types.find((t) => t.kind === 'venue')?.on_sale).toBe(false);
  });

  it('gives the seats of a hold back after 10 minutes; paid after that with the seats gone, the order is refund_due', async () => {
    const made = await festival(1);
    const [first, second] = [await registeredUser(), await registeredUser()];
    const early = await buy(first, made, [{ type: made.venue, quantity: 1 }]);
    const refused = await order(second, { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' }, T0 + 5 * MIN);
    expect(refused.status).toBe(409);
    // Ten minutes on, the hold ran out: its seat is back, and the second buyer takes it.
    await buy(second, made, [{ type: made.venue, quantity: 1 }], T0 + 11 * MIN);
    const callback = await decide({ transaction: early.transaction as never, checkout: early.checkout }, 'approve');
    expect((await deliver(callback, new Date(T0 + 12 * MIN))).status).toBe(200);
    const late = await orderOf(first, early.order.id);
    expect(late.state).toBe('refund_due');
    expect(late.tickets.every((k) => k.state === 'void')).toBe(true);
    const mine = MyTickets.parse(await (await callApi('/events/tickets', { token: first.tokens.token })).json());
    expect(mine.tickets).toHaveLength(0);
    expect(mine.orders.map((o) => [o.id, o.state])).toEqual([[early.order.id, 'refund_due']]);
    // The buyer is told once, naming the show and the amount, even when the callback comes again.
    expect((await deliver(callback, new Date(T0 + 13 * MIN))).status).toBe(200);
    const told = await mails(first.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('Opening night');
    expect(told[0]?.body).toMatch(/150[.,]00/);
  });

  it('re-takes a hold that ran out when seats remain', async () => {
    const made = await festival(5);
    const user = await registeredUser();
    const answer = await buy(user, made, [{ type: made.both, quantity: 2 }]);
    const callback = await decide({ transaction: answer.transaction as never, checkout: answer.checkout }, 'approve');
    expect((await deliver(callback, new Date(T0 + 15 * MIN))).status).toBe(200);
    expect((await orderOf(user, answer.order.id)).state).toBe('fulfilled');
    expect(await seatsLeft(made, 5, T0 + 20 * MIN)).toBe(3);
  });

  it('a declined payment fails the order, voids its tickets and gives the seats back', async () => {
    const made = await festival(3);
    const user = await registeredUser();
    const answer = await buy(user, made, [{ type: made.venue, quantity: 3 }]);
    expect(await seatsLeft(made, 3)).toBe(0);
    const callback = await decide({ transaction: answer.transaction as never, checkout: answer.checkout }, 'decline');
    expect((await deliver(callback, new Date(T0 + MIN))).status).toBe(200);
    const failed = await orderOf(user, answer.order.id);
    expect(failed.state).toBe('failed');
    expect(failed.tickets.every((k) => k.state === 'void')).toBe(true);
    expect(await seatsLeft(made, 3, T0 + MIN)).toBe(3);
  });

  it('the scheduled job expires held orders past their hold: tickets void, seats back', async () => {
    const made = await festival(2);
    const user = await registeredUser();
    const answer = await buy(user, made, [{ type: made.venue, quantity: 2 }], T0);
    await runOrders(noticeDeps(env), new Date(T0 + 5 * MIN));
    expect((await orderOf(user, answer.order.id)).state).toBe('held');
    const report = await runOrders(noticeDeps(env), new Date(T0 + 11 * MIN));
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const expired = await orderOf(user, answer.order.id);
    expect(expired.state).toBe('expired');
    expect(expired.tickets.every((k) => k.state === 'void')).toBe(true);
    expect(await seatsLeft(made, 2, T0 + 5 * MIN)).toBe(2);
  });

  it('shows an order only to its buyer', async () => {
    const made = await festival(10);
    const [buyer, other] = [await registeredUser(), await registeredUser()];
    const answer = await buy(buyer, made, [{ type: made.venue, quantity: 1 }]);
    expect((await callApi(`/events/orders/${answer.order.id}`, { token: other.tokens.token })).status).toBe(404);
    expect((await callApi('/events/orders/not-an-id', { token: other.tokens.token })).status).toBe(400);
  });
});

describe('a purchase form posted twice', { timeout: 60_000 }, () => {
  it('20 parallel posts with one attempt: one order, one hold, the same checkout to each; a new attempt meets the open order', async () => {
    const made = await festival(100);
    const user = await registeredUser();
    const body = { show: made.showId, items: [{ type: made.venue, quantity: 2 }], currency: 'MAD', method: 'card', attempt: crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(user, body)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const parsed = await Promise.all(answers.map(async (res) => OrderAnswer.parse(await res.json())));
    expect(new Set(parsed.map((a) => a.order.id)).size).toBe(1);
    expect(new Set(parsed.map((a) => a.checkout?.url)).size).toBe(1);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?').bind(user.id).first<{ n: number }>())?.n).toBe(1);
    expect(await seatsLeft(made, 100)).toBe(98);
    const again = await order(user, { ...body, attempt: crypto.randomUUID() });
    expect(again.status).toBe(409);
  });
});
