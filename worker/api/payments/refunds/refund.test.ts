// The refund business function with a provider whose answer is lost: the amount stays held, the
// same refund sent again asks the provider again under the same refund id, and is recorded once.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../../../test/accounts';
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
