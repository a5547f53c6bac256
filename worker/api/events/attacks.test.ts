// Event orders under attack: nobody keeps a show sold out with unpaid orders.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIMIT_RULES } from '../../limits';
import { newIp } from '../../test/site';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { showInventory } from './inventory';
import { decide, deliver, signedSandboxCallback, storedTransaction } from '../payments/testing';
import { OrderAnswer } from './schemas';
import { festival } from './testing';

const T0 = Date.now();
const MINUTE = 60_000;

const order = (token: string, body: Record<string, unknown>, when = T0, ip?: string) =>
  callApi('/events/orders', { method: 'POST', token, body, headers: { 'x-test-now': new Date(when).toISOString(), ...(ip ? { 'X-Client-IP': ip } : {}) } });

describe('unpaid orders cannot keep a show sold out', () => {
  it('50 parallel orders of 4 seats from one account on a 600-seat show: one open order, 596 seats still on sale', async () => {
    const made = await festival(600);
    const user = await registeredUser();
    const items = [{ type: made.venue, quantity: 4 }];
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(user.tokens.token, { show: made.showId, items, currency: 'MAD' })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(await Promise.all(refused.map((res) => messageOf(res))))).toEqual(new Set(['ORDER_ALREADY_OPEN: an order for this show is waiting for its payment']));
    expect(await showInventory(env, made.showId).seatsLeft(600, T0)).toBe(596);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE show_id = ? AND user_id = ?").bind(made.showId, user.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    // Once its hold has run out (unpaid), the account may order again.
    expect((await order(user.tokens.token, { show: made.showId, items, currency: 'MAD' }, T0 + 11 * MINUTE)).status).toBe(200);
  }, 120_000);

  it(`one address opens at most ${LIMIT_RULES['event-order-ip'].max} orders during a hold, counted exactly`, async () => {
    const made = await festival(600);
    const ip = newIp();
    const max = LIMIT_RULES['event-order-ip'].max;
    const users = await Promise.all(Array.from({ length: max + 5 }, () => registeredUser()));
    const answers = await Promise.all(users.map((u) => order(u.tokens.token, { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD' }, T0, ip)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(max);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(5);
    expect(await messageOf(refused[0] as Response)).toMatch(/^ORDERS_TOO_FREQUENT: too many orders from this address, wait \d+ seconds$/);
    expect(await showInventory(env, made.showId).seatsLeft(600, T0)).toBe(600 - max);
  }, 180_000);
});

describe('an order whose payment failed, then is accepted after all', () => {
  it('is refund_due with its transaction (replayed 5 times at once): no valid ticket, no seat taken', async () => {
    const made = await festival(50);
    const user = await registeredUser();
    const res = await order(user.tokens.token, { show: made.showId, items: [{ type: made.venue, quantity: 2 }], currency: 'MAD', method: 'card' }, Date.now());
    const answer = OrderAnswer.parse(await res.json());
    expect((await deliver(await decide({ transaction: answer.transaction as never, checkout: answer.checkout }, 'decline'))).status).toBe(200);
    const tx = await storedTransaction(answer.transaction.id);
    const callback = await signedSandboxCallback({ id: `evt_${crypto.randomUUID()}`, type: 'payment.accepted', transactionId: answer.transaction.id, providerRef: tx?.provider_ref ?? '', money: { amount: tx?.amount ?? 0, currency: 'MAD' } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(callback)));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await storedTransaction(answer.transaction.id)).toMatchObject({ state: 'refund_due' });
    const row = await env.DB.prepare('SELECT state FROM orders WHERE id = ?').bind(answer.order.id).first<{ state: string }>();
    expect(row?.state).toBe('refund_due');
    const valid = await env.DB.prepare("SELECT COUNT(*) AS n FROM etickets WHERE order_id = ? AND state = 'valid'").bind(answer.order.id).first<{ n: number }>();
    expect(valid?.n).toBe(0);
    expect(await showInventory(env, made.showId).seatsLeft(50, Date.now())).toBe(50);
  }, 60_000);
});
