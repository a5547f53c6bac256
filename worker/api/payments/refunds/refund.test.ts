// The refund business function with a provider whose answer is lost: the amount stays held, the
// same refund sent again asks the provider again under the same refund id, and is recorded once.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../../../test/accounts';
import { cmiProvider } from '../providers/cmi';
import { cmiTestApi, cmiTestConfig, fakeCmiApi } from '../providers/cmi-testing';
import { PaymentProviderError, type PaymentProvider, type RefundRequest } from '../providers/types';
import { pay } from '../testing';
import { refundedOf } from './claims';
import { refundPayment, type RefundInput } from './refund';

/** A card provider whose first refund answer is lost on the way back (the refund was made), then answers again. */
function flakyProvider() {
  const asked: RefundRequest[] = [];
  const provider = {
    id: 'sandbox', currencies: ['MAD'], methods: ['card'], recurring: 'merchant',
    startCheckout: () => Promise.reject(new Error('not here')),
    readCallback: () => Promise.reject(new Error('not here')),
    async refund(request: RefundRequest) {
      asked.push(request);
      if (asked.length === 1) throw new PaymentProviderError('sandbox: connection reset');
      return { status: 'refunded' as const, providerRef: `re_${request.refundId}` };
    },
  } satisfies PaymentProvider;
  return { provider, asked };
}

describe('a refund whose provider answer is lost', () => {
  it('keeps the amount held, then the same refund sent again is asked under the same id and recorded once', async () => {
    const customer = await registeredUser();
    const { answer } = await pay(customer.tokens.token, 5, 'approve', { currency: 'MAD' });
    const tx = answer.transaction.id;
    const flaky = flakyProvider();
    const deps = { db: env.DB, provider: () => flaky.provider };
    const input: RefundInput = { transactionId: tx, amount: 9000, currency: 'MAD', reason: 'Double charge', effect: 'keep', idempotencyKey: crypto.randomUUID(), actor: { id: null, roles: [] }, origin: {} };
    expect(await refundPayment(deps, input, new Date())).toMatchObject({ ok: false, refusal: 'PROVIDER_UNAVAILABLE' });
    expect(await refundedOf(env.DB, tx)).toEqual({ done: 0, held: 9000 });
    // Meanwhile no other refund can take the held amount.
    expect(await refundPayment(deps, { ...input, amount: 7000, idempotencyKey: crypto.randomUUID() }, new Date())).toMatchObject({ ok: false, refusal: 'REFUND_TOO_LARGE' });
    const again = await refundPayment(deps, input, new Date());
    expect(again).toMatchObject({ ok: true, value: { fresh: true, refund: { state: 'done', attempts: 2 } } });
    expect(flaky.asked.map((r) => r.refundId)).toEqual([flaky.asked[0]?.refundId, flaky.asked[0]?.refundId]);
    expect(await refundedOf(env.DB, tx)).toEqual({ done: 9000, held: 0 });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM credit_notes WHERE transaction_id = ?').bind(tx).first<{ n: number }>())?.n).toBe(1);
    // And once more: the same refund, answered without asking the provider.
    expect(await refundPayment(deps, input, new Date())).toMatchObject({ ok: true, value: { fresh: false } });
    expect(flaky.asked).toHaveLength(2);
  });
});

describe('a CMI refund sent again (no idempotency key at CMI: the order history is asked first)', () => {
  /** A MAD payment, and a refund of part of it through a CMI whose next Credit answer is lost (`when`). */
  async function lostCmiRefund(when: 'after' | 'before') {
    const customer = await registeredUser();
    const { answer } = await pay(customer.tokens.token, 5, 'approve', { currency: 'MAD' });
    const tx = answer.transaction.id;
    const fake = fakeCmiApi({});
    fake.addOrder(tx, 15900);
    const deps = { db: env.DB, provider: () => cmiProvider({ ...cmiTestConfig, api: cmiTestApi }, fake.fetcher), wait: { steps: 100, stepMs: 20 } };
    const input: RefundInput = { transactionId: tx, amount: 7950, currency: 'MAD', reason: 'Seats were gone', effect: 'keep', idempotencyKey: crypto.randomUUID(), actor: { id: null, roles: [] }, origin: {} };
    fake.loseNextCredit(when);
    expect(await refundPayment(deps, input, new Date())).toMatchObject({ ok: false, refusal: 'PROVIDER_UNAVAILABLE' });
    expect(await refundedOf(env.DB, tx)).toEqual({ done: 0, held: 7950 });
    return { tx, fake, deps, input };
  }

  const creditNotes = async (tx: string) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM credit_notes WHERE transaction_id = ?').bind(tx).first<{ n: number }>())?.n;

  it('the Credit was made before its answer was lost: 20 parallel retries record it once, with no second Credit', async () => {
    const { tx, fake, deps, input } = await lostCmiRefund('after');
    expect(fake.credits).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundPayment(deps, input, new Date())));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.ok && a.value.fresh)).toHaveLength(1);
    expect(fake.credits).toHaveLength(1);
    expect(fake.seen.filter((s) => s.xml.includes('<ORDERHISTORY>QUERY</ORDERHISTORY>'))).toHaveLength(1);
    expect(await refundedOf(env.DB, tx)).toEqual({ done: 7950, held: 0 });
    expect((await env.DB.prepare('SELECT provider_ref FROM refunds WHERE transaction_id = ?').bind(tx).first<{ provider_ref: string }>())?.provider_ref).toBe(fake.credits[0]?.transId);
    expect(await creditNotes(tx)).toBe(1);
  });

  it('the answer was lost before the Credit reached CMI: 20 parallel retries send exactly one Credit', async () => {
    const { tx, fake, deps, input } = await lostCmiRefund('before');
    expect(fake.credits).toHaveLength(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundPayment(deps, input, new Date())));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(fake.credits).toHaveLength(1);
    expect(await refundedOf(env.DB, tx)).toEqual({ done: 7950, held: 0 });
    expect(await creditNotes(tx)).toBe(1);
    // A second refund of the other half later: the first Credit is recorded here, so the history is not taken for it.
    expect(await refundPayment(deps, { ...input, idempotencyKey: crypto.randomUUID() }, new Date())).toMatchObject({ ok: true });
    expect(fake.credits).toHaveLength(2);
  });
});
