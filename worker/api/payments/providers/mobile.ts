// Mobile payment (carrier billing or mobile wallet) through an aggregator's REST API (issue 14).
// The contract (docs/operators/payments.md, "Mobile payment"), the shape most Moroccan and African aggregators share:
//   POST {MOBILE_API_URL}/v1/payments            Bearer MOBILE_API_KEY, Idempotency-Key: our transaction id
//        { msisdn, amount, currency, reference, description, callback_url }  → { id, status: "requires_confirmation" }
//   POST {MOBILE_API_URL}/v1/payments/{id}/confirm   (the payer confirmed with our SMS code)
//        → { id, reference, status: "succeeded" | "failed" | "pending", amount, currency, failure_code? }
//   GET  {MOBILE_API_URL}/v1/payments/{id}        → the same object
//   Webhooks to callback_url: { id: event id, type: "payment.succeeded" | "payment.failed", data: payment },
//        signed `x-mobile-signature: t=<unix>,v1=<hmac-sha256 hex of "t.body">` with MOBILE_WEBHOOK_SECRET.
// Money moves only on the server: amounts come from the plan; the payer's consent is our SMS code.
import { z } from 'zod';
import type { Currency } from '../../../rules/subscription';
import { signatureProblem } from './sign';
import { PaymentProviderError, type CallbackReading, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from './types';

export const MOBILE_SIGNATURE_HEADER = 'x-mobile-signature';

export type MobileConfig = { apiUrl: string; apiKey: string; webhookSecret: string; now?: () => Date };

const Payment = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['requires_confirmation', 'succeeded', 'failed', 'pending']),
  amount: z.number().int().nonnegative(),
  currency: z.enum(['MAD', 'EUR', 'USD']),
  failure_code: z.string().nullish(),
});
type Payment = z.infer<typeof Payment>;

const Webhook = z.object({ id: z.string(), type: z.enum(['payment.succeeded', 'payment.failed', 'payment.pending']), data: Payment });

/** What the aggregator's failure codes mean here (PAYMENT_ERROR_* texts). */
const REASONS: Record<string, string> = { insufficient_balance: 'MOBILE_INSUFFICIENT_BALANCE', subscriber_blocked: 'MOBILE_BLOCKED', limit_exceeded: 'MOBILE_LIMIT' };

export function eventOf(p: Payment, eventId: string): PaymentEvent | null {
  const base = { eventId, transactionId: p.reference, providerRef: p.id };
  if (p.status === 'succeeded') return { ...base, kind: 'accepted', money: { amount: p.amount, currency: p.currency } };
  if (p.status === 'failed') return { ...base, kind: 'failed', reason: REASONS[p.failure_code ?? ''] ?? 'MOBILE_DECLINED' };
  if (p.status === 'pending') return { ...base, kind: 'pending' };
  return null;
}

/** A provider that takes payment from a phone number: the payer confirms with our SMS code, then we confirm it here. */
export type MobileProvider = PaymentProvider & { confirmMobile(providerRef: string, transactionId: string): Promise<PaymentEvent> };

export function mobileProvider(config: MobileConfig, fetcher: typeof fetch = fetch): MobileProvider {
  const now = config.now ?? (() => new Date());
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown; idempotencyKey?: string }): Promise<Payment> {
    let res: Response;
    try {
      res = await fetcher(`${base}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          'Content-Type': 'application/json',
          ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch (error) {
      throw new PaymentProviderError('mobile: unreachable', { cause: error });
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new PaymentProviderError(`mobile: ${res.status}`, { status: res.status });
    const parsed = Payment.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError('mobile: unexpected answer');
    return parsed.data;
  }

  return {
    id: 'mobile',
    currencies: ['MAD'] satisfies Currency[],
    methods: ['mobile'],
    recurring: 'none',

    async startCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (!request.payerPhone) throw new PaymentProviderError('mobile: no phone number');
      const payment = await call('/v1/payments', {
        method: 'POST',
        idempotencyKey: request.transactionId,
        body: { msisdn: request.payerPhone, amount: request.money.amount, currency: request.money.currency, reference: request.transactionId, description: `Tafrij – ${request.plan.name}`, callback_url: request.urls.callback },
      });
      return { method: 'GET', url: request.urls.ok, providerRef: payment.id };
    },

    async confirmMobile(providerRef: string, transactionId: string): Promise<PaymentEvent> {
      const payment = await call(`/v1/payments/${encodeURIComponent(providerRef)}/confirm`, { method: 'POST', idempotencyKey: `confirm-${transactionId}` });
      if (payment.reference !== transactionId) throw new PaymentProviderError('mobile: another payment');
      return eventOf(payment, `confirm_${payment.id}`) ?? { eventId: `confirm_${payment.id}`, transactionId, providerRef, kind: 'pending' };
    },

    async confirm(providerRef: string, transactionId: string): Promise<PaymentEvent | null> {
      const payment = await call(`/v1/payments/${encodeURIComponent(providerRef)}`, { method: 'GET' }).catch(() => null);
      return payment && payment.reference === transactionId ? eventOf(payment, `lookup_${payment.id}_${payment.status}`) : null;
    },

    async readCallback(request: Request): Promise<CallbackReading> {
      const refuse = (reason: string): CallbackReading => ({ verified: false, reason, answer: () => Response.json({ error: reason }, { status: 400 }) });
      const body = await request.text().catch(() => '');
      const problem = await signatureProblem(config.webhookSecret, body, request.headers.get(MOBILE_SIGNATURE_HEADER), now());
      if (problem) return refuse(problem);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return refuse('malformed body');
      }
      const parsed = Webhook.safeParse(json);
      if (!parsed.success) return refuse('malformed body');
      const event = eventOf(parsed.data.data, parsed.data.id);
      return { verified: true, events: event ? [event] : [], answer: (handling) => Response.json({ received: handling === 'done' }, { status: handling === 'done' ? 200 : 500 }) };
    },
  };
}
