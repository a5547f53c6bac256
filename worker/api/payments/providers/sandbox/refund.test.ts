// The sandbox acquirer's refunds: answered as a card acquirer answers them (its checkouts and
// renewal charges in KV, as a provider's records live on its servers).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CheckoutRequest, RefundAnswer, RefundRequest } from '../types';
import { freshCardNumber, SANDBOX_CARDS, sandboxProvider } from '.';

const sandbox = sandboxProvider({ secret: 'sandbox-refund-test', origin: 'https://tafrij.test', store: env.CACHE });

/** The sandbox's refund operation (optional in the provider interface: card providers have one). */
function sandboxRefund(request: RefundRequest): Promise<RefundAnswer> {
  if (!sandbox.refund) throw new Error('the sandbox takes no refunds');
  return sandbox.refund(request);
}

/** A card checkout of `amount` MAD approved with `card`: its reference. */
async function paid(amount: number, card = freshCardNumber()): Promise<{ ref: string; transactionId: string; customerRef: string }> {
  const transactionId = crypto.randomUUID();
  const request: CheckoutRequest = {
    transactionId, purpose: 'subscribe', method: 'card', expiresAt: null, user: { id: crypto.randomUUID(), email: null, lang: 'fr' }, plan: { id: 5, name: '3 mois', durationMinutes: 129600 },
    money: { amount, currency: 'MAD' }, trialDays: 0, urls: { ok: 'https://tafrij.test/ok', fail: 'https://tafrij.test/fail', callback: 'https://tafrij.test/cb' }, customerRef: null,
  };
  const ref = (await sandbox.startCheckout(request)).providerRef ?? '';
  const decided = await sandbox.decide(ref, { outcome: 'approve', cardNumber: card });
  return { ref, transactionId, customerRef: decided?.checkout.customerRef ?? '' };
}

const refund = (payment: { ref: string; transactionId: string }, amount: number, refundId: string = crypto.randomUUID()) =>
  sandboxRefund({ refundId, transactionId: payment.transactionId, providerRef: payment.ref, money: { amount, currency: 'MAD' }, captured: amount });

describe('sandbox refunds', () => {
  it('refunds in parts up to what the payment took, and answers a refund sent again as the first time', async () => {
    const payment = await paid(15900);
    const first = await refund(payment, 7950, 'refund-one');
    expect(first).toEqual({ status: 'refunded', providerRef: 'sbx_re_refund-one' });
    expect(await refund(payment, 7950, 'refund-one')).toEqual(first);
    expect(await refund(payment, 7951)).toEqual({ status: 'refused', reason: 'AMOUNT_EXCEEDS_CAPTURED' });
    expect(await refund(payment, 7950)).toMatchObject({ status: 'refunded' });
    expect(await refund(payment, 1)).toEqual({ status: 'refused', reason: 'AMOUNT_EXCEEDS_CAPTURED' });
  });

  it('refuses the refunds of the test card that declines them, another currency, and payments it never took', async () => {
    const declined = await paid(4900, SANDBOX_CARDS.refundDeclined);
    expect(await refund(declined, 100)).toEqual({ status: 'refused', reason: 'REFUND_DECLINED_BY_ISSUER' });
    const payment = await paid(4900);
    expect(await sandboxRefund({ refundId: crypto.randomUUID(), transactionId: payment.transactionId, providerRef: payment.ref, money: { amount: 100, currency: 'EUR' }, captured: 4900 })).toEqual({ status: 'refused', reason: 'CURRENCY_MISMATCH' });
    expect(await refund({ ref: payment.ref, transactionId: 'another-transaction' }, 100)).toEqual({ status: 'refused', reason: 'NO_SUCH_PAYMENT' });
    expect(await refund({ ref: 'sbx_unknown', transactionId: payment.transactionId }, 100)).toEqual({ status: 'refused', reason: 'NO_SUCH_PAYMENT' });
  });

  it('refunds a renewal it charged to the saved card', async () => {
    const payment = await paid(4900);
    const transactionId = crypto.randomUUID();
    const charged = await sandbox.chargeSaved?.({ transactionId, customerRef: payment.customerRef, money: { amount: 4900, currency: 'MAD' }, description: 'renewal' });
    expect(charged).toMatchObject({ kind: 'accepted', providerRef: `sbx_charge_${transactionId}` });
    expect(await refund({ ref: `sbx_charge_${transactionId}`, transactionId }, 4900)).toMatchObject({ status: 'refunded' });
  });
});
