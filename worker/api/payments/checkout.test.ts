// The checkout called as a cron, a CLI or a back office would: with what it uses, no HTTP. Refusals are values.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../../test/accounts';
import { findUserById, type UserRow } from '../kernel/users';
import { buyOrder, subscribe } from './checkout';
import { paymentDeps, type PaymentDeps } from './deps';

const PLAN_3_MONTHS = 5;

async function user(): Promise<UserRow> {
  const { id } = await registeredUser();
  const row = await findUserById(env.DB, id);
  if (!row) throw new Error('no user');
  return row;
}

const transactionsOf = async (userId: string) =>
  (await env.DB.prepare('SELECT state, method, amount FROM transactions WHERE user_id = ?').bind(userId).all<{ state: string; method: string; amount: number }>()).results;

describe('the checkout as a function', () => {
  it('answers why not as a value, and writes nothing', async () => {
    const buyer = await user();
    const deps = paymentDeps(env);
    const at = new Date();
    expect(await subscribe(deps, buyer, 999_999, {}, at)).toEqual({ ok: false, refusal: 'PLAN_NOT_FOUND', detail: '999999' });
    expect(await subscribe(deps, buyer, PLAN_3_MONTHS, { coupon: 'NO-SUCH-CODE' }, at)).toEqual({ ok: false, refusal: 'COUPON_NOT_FOUND', detail: 'coupon' });
    const nowhere: PaymentDeps = { ...deps, providers: { of: () => null, byId: () => null } };
    expect(await subscribe(nowhere, buyer, PLAN_3_MONTHS, { currency: 'EUR' }, at)).toEqual({ ok: false, refusal: 'PAYMENT_UNAVAILABLE', detail: 'no card provider for EUR' });
    expect(await buyOrder(deps, buyer, { id: crypto.randomUUID(), amount: 100, currency: 'MAD', title: 'Show', returnTo: '/events' }, { method: 'cash' }, at)).toEqual({
      ok: false,
      refusal: 'PAYMENT_METHOD_NOT_FOR_TICKETS',
      detail: 'cash',
    });
    expect(await transactionsOf(buyer.id)).toEqual([]);
  });

  it('a cash voucher through the mailer it is given', async () => {
    const buyer = await user();
    const told: string[] = [];
    const deps: PaymentDeps = { ...paymentDeps(env), mailer: { settled: async () => {}, voucher: async (id) => void told.push(id) } };
    const out = await subscribe(deps, buyer, PLAN_3_MONTHS, { method: 'cash', currency: 'MAD' }, new Date());
    if (!out.ok) throw new Error(out.refusal);
    expect(out.value.transaction.state).toBe('pending');
    expect(told).toEqual([out.value.transaction.id]);
    expect(await transactionsOf(buyer.id)).toEqual([{ state: 'pending', method: 'cash', amount: 15900 }]);
  });
});
