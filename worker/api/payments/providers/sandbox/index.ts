// The development and test provider (`npm start` uses it with no setup): a hosted-checkout-like
// page of its own (./page.ts) where the tester chooses approve, decline, a 3-D Secure challenge or
// "pending validation", and server-to-server callbacks signed like a real provider's (possibly
// twice, possibly late). Its own records live in KV, as a provider's live on its servers.
// Refunds are answered as a card acquirer answers them: once per refund id (its idempotency key),
// never more than the payment took, and refused for the test card that declines refunds.
import { z } from 'zod';
import { CURRENCIES } from '../../../../rules/subscription';
import { hmacHex, signatureHeader } from '../sign';
import { PaymentProviderError, type CallbackReading, type Checkout, type CheckoutRequest, type PaymentEvent, type RefundAnswer, type RefundRequest, type SavedCard } from '../types';
import type { MobileProvider } from '../mobile';
import { readSignedWebhook, verifiedCallback } from '../webhook';
import { SANDBOX_MOBILE_DECLINED_SUFFIX } from '../../../../rules/payment-methods';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Test cards: any other valid-looking number approves. */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  /** Approves the first payment; declines renewals. */
  declineRenewals: '4000000000000341',
  /** Always declines. */
  decline: '4000000000000002',
  /** Approves payments; its refunds are declined (Stripe's test card of a failed refund). */
  refundDeclined: '4000000000005126',
} as const;

export const Outcome = z.enum(['approve', 'decline', 'challenge', 'pending']);
export type Outcome = z.infer<typeof Outcome>;

/** A saved card; its fingerprint is the sandbox's SHA-256 (keyed with its secret) of the typed number, never the number. */
const Card = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number(), fingerprint: z.string().optional() });

const Money = z.object({ amount: z.number().int().nonnegative(), currency: z.enum(CURRENCIES) });

/** A checkout as the sandbox keeps it. */
export const SandboxCheckout = z.object({
  ref: z.string(),
  transactionId: z.string(),
  purpose: z.enum(['subscribe', 'renew', 'change', 'card', 'tickets', 'order']),
  method: z.enum(['card', 'cash', 'agent', 'mobile']).default('card'),
  payerPhone: z.string().optional(),
  /** Cash and agent collections: the reference the agency counter takes. */
  voucher: z.object({ reference: z.string(), expiresAt: z.string().nullable() }).optional(),
  cancelled: z.boolean().optional(),
  planName: z.string(),
  money: Money,
  trialDays: z.number(),
  urls: z.object({ ok: z.string(), fail: z.string(), callback: z.string() }),
  customerRef: z.string().nullable(),
  lang: z.string(),
  /** Set once the tester decided. */
  result: z.enum(['accepted', 'failed', 'pending']).optional(),
  reason: z.string().optional(),
  card: Card.optional(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;

const Customer = z.object({ number: z.string(), card: Card });

/** The callback body the sandbox posts. */
const CallbackBody = z.object({
  id: z.string(),
  type: z.enum(['payment.accepted', 'payment.failed', 'payment.pending']),
  transactionId: z.string(),
  providerRef: z.string(),
  money: Money,
  reason: z.string().optional(),
  customerRef: z.string().optional(),
  card: Card.optional(),
});

const TTL = 7 * 86_400;
const checkoutKey = (ref: string) => `sandbox:checkout:${ref}`;
const voucherKey = (reference: string) => `sandbox:voucher:${reference}`;
/** A renewal charged to a saved card (chargeSaved), kept for its refunds. */
const chargeKey = (ref: string) => `sandbox:charge:${ref}`;
/** A refund's answer by its id (the same refund sent again answers the same), and what a payment has given back. */
const refundKey = (id: string) => `sandbox:refund:${id}`;
const refundedKey = (ref: string) => `sandbox:refunded:${ref}`;

const Charge = z.object({ transactionId: z.string(), money: Money, fingerprint: z.string().optional() });
const KeptRefund = z.union([z.object({ status: z.literal('refunded'), providerRef: z.string() }), z.object({ status: z.literal('refused'), reason: z.string() })]);

/** Why the sandbox agency counter refuses a voucher. */
export type VoucherRefusal = 'unknown' | 'expired' | 'cancelled' | 'paid';

/** A 12-digit reference for the counter (random, not guessable from another one). */
function voucherReference(): string {
  const bytes = crypto.getRandomValues(new Uint32Array(3));
  return Array.from(bytes, (b) => String(b % 10_000).padStart(4, '0')).join('');
}
const customerKey = (ref: string) => `sandbox:customer:${ref}`;

export type SandboxConfig = { secret: string; origin: string; store: KVNamespace; now?: () => Date };

export function sandboxProvider(config: SandboxConfig): MobileProvider & {
  readCheckout(ref: string): Promise<SandboxCheckout | null>;
  /** The agency counter (cash vouchers, agents' deposits): takes the money for a reference and returns the signed callback. */
  payVoucher(reference: string): Promise<{ checkout: SandboxCheckout; callback: Request } | { refused: VoucherRefusal; checkout: SandboxCheckout | null }>;
  decide(ref: string, choice: { outcome: 'approve' | 'decline' | 'pending'; cardNumber: string; reason?: string }): Promise<{ checkout: SandboxCheckout; callback: Request } | null>;
} {
  const now = config.now ?? (() => new Date());

  /** The checkout of a reference the sandbox made (`sbx_…`); null for any other reference or a record that does not parse. */
  async function readCheckout(ref: string): Promise<SandboxCheckout | null> {
    if (!/^sbx_[\w-]{1,80}$/.test(ref)) return null;
    const text = await config.store.get(checkoutKey(ref));
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = SandboxCheckout.safeParse(value);
    return parsed.success ? parsed.data : null;
  }

  /** The event a decided checkout stands for; the same id every time (callbacks, confirmations). */
  function eventOf(c: SandboxCheckout): PaymentEvent | null {
    const base = { eventId: `sbx_evt_${c.ref}`, transactionId: c.transactionId, providerRef: c.ref };
    // A trial charges nothing today.
    const charged = c.trialDays > 0 ? { ...c.money, amount: 0 } : c.money;
    if (c.result === 'accepted') return { ...base, kind: 'accepted', money: charged, ...(c.card ? { card: c.card } : {}), ...(c.customerRef ? { customerRef: c.customerRef } : {}) };
    if (c.result === 'failed') return { ...base, kind: 'failed', reason: c.reason ?? 'CARD_DECLINED' };
    if (c.result === 'pending') return { ...base, kind: 'pending' };
    return null;
  }

  /** A payment the sandbox took: a checkout it accepted, or a renewal it charged; null for any other reference. */
  async function paymentOf(ref: string): Promise<z.infer<typeof Charge> | null> {
    const c = await readCheckout(ref);
    // A trial's checkout charged nothing (eventOf).
    if (c) return c.result === 'accepted' ? { transactionId: c.transactionId, money: c.trialDays > 0 ? { ...c.money, amount: 0 } : c.money, fingerprint: c.card?.fingerprint } : null;
    const charge = Charge.safeParse(await config.store.get(chargeKey(ref), 'json'));
    return charge.success ? charge.data : null;
  }

  /** The sandbox acquirer's refund: one answer per refund id, never more than the payment took. */
  async function refund(request: RefundRequest): Promise<RefundAnswer> {
    const kept = KeptRefund.safeParse(await config.store.get(refundKey(request.refundId), 'json'));
    if (kept.success) return kept.data;
    const payment = request.providerRef ? await paymentOf(request.providerRef) : null;
    const refused = (reason: string): RefundAnswer => ({ status: 'refused', reason });
    let answer: RefundAnswer;
    const given = Number((await config.store.get(refundedKey(request.providerRef ?? ''))) ?? 0);
    if (!payment || payment.transactionId !== request.transactionId) answer = refused('NO_SUCH_PAYMENT');
    else if (payment.money.currency !== request.money.currency) answer = refused('CURRENCY_MISMATCH');
    else if (payment.fingerprint && payment.fingerprint === (await hmacHex(config.secret, `card:${SANDBOX_CARDS.refundDeclined}`))) answer = refused('REFUND_DECLINED_BY_ISSUER');
    else if (given + request.money.amount > payment.money.amount) answer = refused('AMOUNT_EXCEEDS_CAPTURED');
    else {
      await config.store.put(refundedKey(request.providerRef ?? ''), String(given + request.money.amount), { expirationTtl: TTL });
      answer = { status: 'refunded', providerRef: `sbx_re_${request.refundId}` };
    }
    await config.store.put(refundKey(request.refundId), JSON.stringify(answer), { expirationTtl: TTL });
    return answer;
  }

  async function signedCallback(c: SandboxCheckout): Promise<Request> {
    const event = eventOf(c);
    if (!event || !('transactionId' in event)) throw new Error('sandbox: undecided checkout');
    const body = JSON.stringify({
      id: event.eventId,
      type: `payment.${event.kind}`,
      transactionId: c.transactionId,
      providerRef: c.ref,
      money: event.kind === 'accepted' ? event.money : c.money,
      ...(event.kind === 'failed' ? { reason: event.reason } : {}),
      ...(c.customerRef ? { customerRef: c.customerRef } : {}),
      ...(c.card ? { card: c.card } : {}),
    });
    return new Request(c.urls.callback, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: await signatureHeader(config.secret, body, now()) },
      body,
    });
  }

  return {
    id: 'sandbox',
    currencies: CURRENCIES,
    methods: ['card', 'cash', 'agent', 'mobile'],
    recurring: 'merchant',

    async startCheckout(request: CheckoutRequest): Promise<Checkout> {
      const ref = `sbx_${crypto.randomUUID()}`;
      const voucher = request.method === 'cash' || request.method === 'agent' ? { reference: voucherReference(), expiresAt: request.expiresAt } : undefined;
      const checkout: SandboxCheckout = {
        ref,
        transactionId: request.transactionId,
        purpose: request.purpose,
        method: request.method,
        ...(voucher ? { voucher } : {}),
        ...(request.payerPhone ? { payerPhone: request.payerPhone } : {}),
        planName: request.plan.name,
        money: request.money,
        trialDays: request.trialDays,
        urls: request.urls,
        customerRef: request.customerRef ?? `sbx_cus_${request.user.id}`,
        lang: request.user.lang,
      };
      await config.store.put(checkoutKey(ref), JSON.stringify(checkout), { expirationTtl: TTL });
      // Mobile: the payer confirms with our SMS code on our page, then we confirm here (confirmMobile).
      if (request.method === 'mobile') return { method: 'GET', url: request.urls.ok, providerRef: ref };
      if (voucher) {
        await config.store.put(voucherKey(voucher.reference), ref, { expirationTtl: TTL });
        // No page of ours to visit: the payer shows the voucher (our `ok` page) at the counter.
        return { method: 'GET', url: request.urls.ok, providerRef: ref, voucher };
      }
      return { method: 'GET', url: `${config.origin}/payments/sandbox/${ref}`, providerRef: ref };
    },

    /** The operator takes the amount from the phone: declined for numbers ending in 0000 (no balance). */
    async confirmMobile(providerRef: string, transactionId: string): Promise<PaymentEvent> {
      const c = await readCheckout(providerRef);
      if (!c || c.transactionId !== transactionId || c.method !== 'mobile') throw new PaymentProviderError('sandbox: no such mobile payment');
      const decided: SandboxCheckout = c.result ? c : (c.payerPhone ?? '').endsWith(SANDBOX_MOBILE_DECLINED_SUFFIX) ? { ...c, result: 'failed', reason: 'MOBILE_INSUFFICIENT_BALANCE' } : { ...c, result: 'accepted' };
      if (!c.result) await config.store.put(checkoutKey(providerRef), JSON.stringify(decided), { expirationTtl: TTL });
      const event = eventOf(decided);
      if (!event) throw new PaymentProviderError('sandbox: undecided');
      return event;
    },

    async cancelVoucher(providerRef: string): Promise<boolean> {
      const c = await readCheckout(providerRef);
      if (c?.result === 'accepted') return false;
      if (c) await config.store.put(checkoutKey(providerRef), JSON.stringify({ ...c, cancelled: true }), { expirationTtl: TTL });
      return true;
    },

    async payVoucher(reference: string) {
      const ref = await config.store.get(voucherKey(reference.replace(/\D/g, '')));
      const c = ref ? await readCheckout(ref) : null;
      if (!c?.voucher) return { refused: 'unknown' as const, checkout: null };
      if (c.result) return { refused: 'paid' as const, checkout: c };
      if (c.cancelled) return { refused: 'cancelled' as const, checkout: c };
      if (c.voucher.expiresAt && Date.parse(c.voucher.expiresAt) <= now().getTime()) return { refused: 'expired' as const, checkout: c };
      const decided: SandboxCheckout = { ...c, result: 'accepted' };
      await config.store.put(checkoutKey(c.ref), JSON.stringify(decided), { expirationTtl: TTL });
      return { checkout: decided, callback: await signedCallback(decided) };
    },

    async readCallback(request: Request): Promise<CallbackReading> {
      const parsed = await readSignedWebhook(request, { secret: config.secret, header: SANDBOX_SIGNATURE_HEADER, now: now() }, CallbackBody);
      if (!parsed.success) return parsed.refusal;
      const b = parsed.data;
      const base = { eventId: b.id, transactionId: b.transactionId, providerRef: b.providerRef };
      const event: PaymentEvent =
        b.type === 'payment.accepted'
          ? { ...base, kind: 'accepted', money: b.money, ...(b.card ? { card: b.card } : {}), ...(b.customerRef ? { customerRef: b.customerRef } : {}) }
          : b.type === 'payment.failed'
            ? { ...base, kind: 'failed', reason: b.reason ?? 'CARD_DECLINED' }
            : { ...base, kind: 'pending' };
      return verifiedCallback([event]);
    },

    async confirm(providerRef: string, transactionId: string): Promise<PaymentEvent | null> {
      const c = await readCheckout(providerRef);
      return c && c.transactionId === transactionId ? eventOf(c) : null;
    },

    async chargeSaved(request): Promise<PaymentEvent> {
      const parsed = Customer.safeParse(await config.store.get(customerKey(request.customerRef), 'json'));
      const base = { eventId: `sbx_evt_${request.transactionId}`, transactionId: request.transactionId, providerRef: `sbx_charge_${request.transactionId}` };
      if (!parsed.success) return { ...base, kind: 'failed', reason: 'NO_CARD' };
      if (parsed.data.number === SANDBOX_CARDS.declineRenewals || parsed.data.number === SANDBOX_CARDS.decline) return { ...base, kind: 'failed', reason: 'CARD_DECLINED' };
      await config.store.put(chargeKey(base.providerRef), JSON.stringify({ transactionId: request.transactionId, money: request.money, fingerprint: parsed.data.card.fingerprint }), { expirationTtl: TTL });
      return { ...base, kind: 'accepted', money: request.money, card: parsed.data.card, customerRef: request.customerRef };
    },

    refund,

    async removeCard(customerRef: string): Promise<void> {
      await config.store.delete(customerKey(customerRef));
    },

    readCheckout,

    /** The tester's choice on the hosted page: records the result and the card, and returns the signed callback to deliver. */
    async decide(ref, choice) {
      const c = await readCheckout(ref);
      if (!c || c.result) return null;
      const digits = choice.cardNumber.replace(/\D/g, '');
      // The same number gives the same fingerprint on every account (as a real provider's card fingerprint).
      const card: SavedCard = { brand: brandOf(digits), last4: digits.slice(-4), expMonth: 12, expYear: now().getUTCFullYear() + 3, fingerprint: await hmacHex(config.secret, `card:${digits}`) };
      const declined = choice.outcome === 'decline' || digits === SANDBOX_CARDS.decline;
      const decided: SandboxCheckout = {
        ...c,
        result: declined ? 'failed' : choice.outcome === 'pending' ? 'pending' : 'accepted',
        ...(declined ? { reason: choice.reason ?? 'CARD_DECLINED' } : {}),
        ...(!declined ? { card } : {}),
      };
      await config.store.put(checkoutKey(ref), JSON.stringify(decided), { expirationTtl: TTL });
      if (!declined && decided.customerRef) await config.store.put(customerKey(decided.customerRef), JSON.stringify({ number: digits, card }));
      return { checkout: decided, callback: await signedCallback(decided) };
    },
  };
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]|^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** The Luhn sum of a number's digits (a valid number's is a multiple of 10). */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum;
}

/** Luhn check of a card number typed on the sandbox page. */
export function luhnValid(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhnSum(digits) % 10 === 0;
}

/** A new valid-looking card number that approves (a card of its own, for tests: every number has its own trial). */
export function freshCardNumber(): string {
  const body = `4${Array.from(crypto.getRandomValues(new Uint8Array(14)), (b) => String(b % 10)).join('')}`;
  return `${body}${(10 - (luhnSum(`${body}0`) % 10)) % 10}`;
}
