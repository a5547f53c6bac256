// Revenue net of refunds (issue 32), on refunds made through the back office's refund route
// (/admin/refunds, worker/api/payments/refunds) and read through /admin/reports: a refund is
// subtracted on the day it was made, in its payment's currency, per plan; held or refused claims
// move no money; the payment's own instant is never rewritten by a refund.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../../test/accounts';
import { staffMember } from '../../test/staff';
import { pay } from '../payments/testing';
import { RevenueReport } from './schemas';

/** 3 months (the seed's plans). */
const PLAN_3_MONTHS = 5;

async function cardPayment(currency: 'MAD' | 'EUR', at: string): Promise<{ id: string; amount: number; updatedAt: string }> {
  const customer = await registeredUser();
  const { answer, callback } = await pay(customer.tokens.token, PLAN_3_MONTHS, 'approve', { currency, at: new Date(at) });
  expect(callback.status).toBe(200);
  const row = await env.DB.prepare('SELECT id, amount, updated_at FROM transactions WHERE id = ?').bind(answer.transaction.id).first<{ id: string; amount: number; updated_at: string }>();
  if (!row) throw new Error('no payment');
  return { id: row.id, amount: row.amount, updatedAt: row.updated_at };
}

/** A refund through the console's API, made at `at`. */
async function refund(tx: string, amount: number, currency: string, at: string): Promise<void> {
  const finance = await staffMember(['finance'], new Date(at));
  const res = await callApi('/admin/refunds', {
    method: 'POST',
    headers: { ...finance.headers, 'x-test-now': at },
    body: { transactionId: tx, amount, currency, reason: 'Customer asked: service outage', effect: 'keep', idempotencyKey: crypto.randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function revenue(query: string, at: string): Promise<RevenueReport> {
  const finance = await staffMember(['finance'], new Date(at));
  const res = await callApi(`/admin/reports/revenue?${query}`, { headers: { ...finance.headers, 'x-test-now': at } });
  expect(res.status, await res.clone().text()).toBe(200);
  return RevenueReport.parse(await res.json());
}

describe('revenue net of refunds', () => {
  it('subtracts a half refund on the day it was made, in its currency and plan, without touching the payment’s instant', async () => {
    const mad = await cardPayment('MAD', '2035-05-10T10:00:00.000Z');
    const eur = await cardPayment('EUR', '2035-05-10T11:00:00.000Z');
    await refund(mad.id, mad.amount / 2, 'MAD', '2035-05-12T09:00:00.000Z');
    // The payment stays accepted, dated when it was accepted: the refund is recorded beside it.
    expect(await env.DB.prepare('SELECT state, updated_at FROM transactions WHERE id = ?').bind(mad.id).first()).toEqual({ state: 'accepted', updated_at: mad.updatedAt });

    const report = await revenue('from=2035-05-10&to=2035-05-12&granularity=day&by=plan', '2035-05-13T08:00:00.000Z');
    expect(report.currencies.map((c) => c.currency)).toEqual(['EUR', 'MAD']);
    const dirhams = report.currencies.find((c) => c.currency === 'MAD');
    expect(dirhams?.totals).toEqual({ payments: 1, gross: mad.amount, refunds: mad.amount / 2, net: mad.amount / 2 });
    expect(dirhams?.buckets).toEqual([
      { bucket: '2035-05-10', payments: 1, gross: mad.amount, refunds: 0, net: mad.amount },
      { bucket: '2035-05-11', payments: 0, gross: 0, refunds: 0, net: 0 },
      { bucket: '2035-05-12', payments: 0, gross: 0, refunds: mad.amount / 2, net: -mad.amount / 2 },
    ]);
    expect(dirhams?.groups.map((g) => [g.key, g.totals.net])).toEqual([[String(PLAN_3_MONTHS), mad.amount / 2]]);
    // Euros are their own: never added to the dirhams, no refund of theirs.
    expect(report.currencies.find((c) => c.currency === 'EUR')?.totals).toEqual({ payments: 1, gross: eur.amount, refunds: 0, net: eur.amount });

    // Before the refund's day, the period is untouched.
    const before = await revenue('from=2035-05-10&to=2035-05-11&granularity=day', '2035-05-13T08:00:00.000Z');
    expect(before.currencies.find((c) => c.currency === 'MAD')?.totals).toEqual({ payments: 1, gross: mad.amount, refunds: 0, net: mad.amount });
  });

  it('keeps a refunded-in-full sale on its day and its refund on the refund’s; a claim held or refused moves no money', async () => {
    const eur = await cardPayment('EUR', '2035-07-01T10:00:00.000Z');
    await refund(eur.id, eur.amount, 'EUR', '2035-07-03T10:00:00.000Z');
    expect(await env.DB.prepare('SELECT state, updated_at FROM transactions WHERE id = ?').bind(eur.id).first()).toEqual({ state: 'refunded', updated_at: eur.updatedAt });
    const other = await cardPayment('EUR', '2035-07-01T12:00:00.000Z');
    for (const state of ['claimed', 'refused']) {
      await env.DB.prepare(
        `INSERT INTO refunds (id, idempotency_key, transaction_id, user_id, provider, method, amount, currency, effect, reason, state, attempted_at, created_at, decided_at)
         SELECT ?1, ?1, id, user_id, provider, method, 100, currency, 'keep', 'test', ?2, ?3, ?3, ?3 FROM transactions WHERE id = ?4`,
      )
        .bind(crypto.randomUUID(), state, '2035-07-02T10:00:00.000Z', other.id)
        .run();
    }
    const report = await revenue('from=2035-07-01&to=2035-07-03&granularity=day', '2035-07-04T08:00:00.000Z');
    expect(report.currencies.map((c) => [c.currency, c.buckets.map((b) => [b.bucket, b.gross, b.refunds, b.net])])).toEqual([
      ['EUR', [['2035-07-01', eur.amount + other.amount, 0, eur.amount + other.amount], ['2035-07-02', 0, 0, 0], ['2035-07-03', 0, eur.amount, -eur.amount]]],
    ]);
  });
});
