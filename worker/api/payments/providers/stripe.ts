// Stripe Checkout and Billing for EUR and USD cards: Stripe keeps the card and renews by itself,
// and tells us by webhooks (verified with constructEventAsync on WebCrypto). The `stripe` package
// runs here with its fetch HTTP client; `apiUrl` lets tests point it at a fake upstream.
import type Stripe from 'stripe';
import { z } from 'zod';
import { CURRENCIES } from '../../../rules/subscription';
import { PaymentProviderError, type CallbackReading, type Checkout, type CheckoutRequest, type Money, type PaymentEvent, type PaymentProvider, type RefundAnswer, type RefundRequest, type SavedCard } from './types';
import { refusedCallback, verifiedCallback } from './webhook';

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl?: string; now?: () => Date };

/** Webhooks older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Spec §9 durations (minutes) → Stripe's recurring interval. */
export function intervalOf(durationMinutes: number): { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } {
  const days = Math.round(durationMinutes / 1440);
  if (days >= 360) return { interval: 'year', interval_count: Math.max(1, Math.round(days / 365)) };
  if (days >= 28) return { interval: 'month', interval_count: Math.max(1, Math.round(days / 30)) };
  if (days % 7 === 0) return { interval: 'week', interval_count: days / 7 };
  return { interval: 'day', interval_count: Math.max(1, days) };
}

const STRIPE_LOCALES: Record<string, 'ar' | 'fr' | 'es' | 'en'> = { ar: 'ar', fr: 'fr', es: 'es', en: 'en' };

const Currency = z.string().transform((c) => c.toUpperCase()).pipe(z.enum(CURRENCIES));
const Id = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === 'string' ? v : v.id));
const Card = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number(), fingerprint: z.string().nullish() });
const PaymentMethod = z.object({ card: Card.nullish() });

const Session = z.object({
  id: z.string(),
  mode: z.enum(['payment', 'setup', 'subscription']),
  status: z.string().nullish(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: Currency.nullish(),
  customer: Id.nullish(),
  subscription: Id.nullish(),
  setup_intent: Id.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type Session = z.infer<typeof Session>;

const Invoice = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number(),
  currency: Currency,
  subscription: Id.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: Id }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number() }) })) }).nullish(),
});
const SubscriptionObject = z.object({ id: z.string() });

const subscriptionOf = (invoice: z.infer<typeof Invoice>): string | null => invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;

/** What a refund needs of a Checkout Session: its PaymentIntent (mode payment), or the invoice it paid (mode subscription). */
const PaidSession = z.object({ payment_intent: Id.nullish(), invoice: Id.nullish() });
/** An invoice's payment (GET /v1/invoice_payments?invoice=…): the PaymentIntent or charge that paid it. */
const InvoicePayments = z.object({ data: z.array(z.object({ status: z.string(), payment: z.object({ payment_intent: Id.nullish(), charge: Id.nullish() }) })) });
const RefundObject = z.object({ id: z.string(), status: z.string().nullish(), failure_reason: z.string().nullish() });

/** What Stripe refunds: a PaymentIntent or a charge. */
type Refundable = { payment_intent: string } | { charge: string };

/** A Stripe error that is Stripe's answer about the request (refused: nothing moved), not an outage: 400, 402, 404. */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof PaymentProviderError) || !error.status || ![400, 402, 404].includes(error.status)) return null;
  const cause: unknown = error.cause;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string' ? cause.code : 'refused';
  const message = cause instanceof Error ? cause.message.slice(0, 200) : '';
  return message ? `${code}: ${message}` : code;
}

export function stripeProvider(config: StripeConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  const url = new URL(config.apiUrl || 'https://api.stripe.com');
  // Stripe's SDK (about 200 modules) loads with the first Stripe call, not with every Worker start.
  let client: Promise<{ stripe: Stripe; crypto: Stripe.CryptoProvider }> | undefined;
  const sdk = () =>
    (client ??= import('stripe').then(({ default: StripeSdk }) => ({
      stripe: new StripeSdk(config.secretKey, {
        httpClient: StripeSdk.createFetchHttpClient(fetcher),
        host: url.hostname,
        port: url.port || (url.protocol === 'http:' ? 80 : 443),
        protocol: url.protocol === 'http:' ? 'http' : 'https',
        maxNetworkRetries: 1,
        telemetry: false,
      }),
      crypto: StripeSdk.createSubtleCryptoProvider(),
    })));
  const now = config.now ?? (() => new Date());

  /** Runs a Stripe call; its errors become PaymentProviderError (never with the key). */
  async function call<T>(what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await run((await sdk()).stripe);
    } catch (error) {
      const status = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
      throw new PaymentProviderError(`stripe: ${what} failed${status ? ` (${status})` : ''}`, { ...(status ? { status } : {}), cause: error });
    }
  }

  /** The card a completed session saved, if Stripe says (one extra call; optional). */
  async function cardOf(session: Session): Promise<SavedCard | undefined> {
    try {
      const { stripe } = await sdk();
      const full = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.default_payment_method', 'setup_intent.payment_method'] });
      const raw = full as unknown as { subscription?: { default_payment_method?: unknown }; setup_intent?: { payment_method?: unknown } };
      const method = PaymentMethod.safeParse(raw.subscription?.default_payment_method ?? raw.setup_intent?.payment_method);
      const card = method.success ? method.data.card : null;
      return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, ...(card.fingerprint ? { fingerprint: card.fingerprint } : {}) } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The PaymentIntent or charge behind our stored reference: a Checkout Session (cs_: its PaymentIntent,
   * or the payment of the invoice a subscription session paid), a renewal's invoice (in_), or the
   * PaymentIntent or charge itself. Null when Stripe knows of no payment there.
   */
  async function refundableOf(ref: string): Promise<Refundable | null> {
    if (ref.startsWith('pi_')) return { payment_intent: ref };
    if (ref.startsWith('ch_') || ref.startsWith('py_')) return { charge: ref };
    let invoice: string | null = ref.startsWith('in_') ? ref : null;
    if (ref.startsWith('cs_')) {
      const session = PaidSession.parse(await call('refund', (stripe) => stripe.checkout.sessions.retrieve(ref)));
      if (session.payment_intent) return { payment_intent: session.payment_intent };
      invoice = session.invoice ?? null;
    }
    if (!invoice) return null;
    const id = invoice;
    const payments = InvoicePayments.parse(await call('refund', (stripe) => stripe.invoicePayments.list({ invoice: id, status: 'paid', limit: 3 })));
    const paid = payments.data.find((p) => p.status === 'paid')?.payment;
    return paid?.payment_intent ? { payment_intent: paid.payment_intent } : paid?.charge ? { charge: paid.charge } : null;
  }

  /** A completed Checkout Session as our event: paid (or nothing to pay: a trial, a new card) → accepted. */
  async function sessionEvent(session: Session, eventId: string): Promise<PaymentEvent | null> {
    const transactionId = session.client_reference_id ?? session.metadata?.transaction_id;
    if (!transactionId) return null;
    const base = { eventId, transactionId, providerRef: session.id };
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
      const card = await cardOf(session);
      return {
        ...base,
        kind: 'accepted',
        money: { amount: session.amount_total ?? 0, currency: session.currency ?? 'EUR' },
        ...(card ? { card } : {}),
        ...(session.customer ? { customerRef: session.customer } : {}),
        ...(session.subscription ? { subscriptionRef: session.subscription } : {}),
      };
    }
    return { ...base, kind: 'pending' };
  }

  return {
    id: 'stripe',
    currencies: ['EUR', 'USD'],
    methods: ['card'],
    recurring: 'provider',

    async startCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (request.money.currency === 'MAD') throw new PaymentProviderError('stripe: EUR and USD only here');
      const currency = request.money.currency.toLowerCase();
      const success = `${request.urls.ok}${request.urls.ok.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
      const who = request.customerRef ? { customer: request.customerRef } : request.user.email ? { customer_email: request.user.email } : {};
      const common = {
        client_reference_id: request.transactionId,
        metadata: { transaction_id: request.transactionId, user_id: request.user.id },
        locale: STRIPE_LOCALES[request.user.lang] ?? 'auto',
        success_url: success,
        cancel_url: request.urls.fail,
        ...who,
      } as const;
      const session = await call('checkout', (stripe) =>
        request.purpose === 'card'
          ? stripe.checkout.sessions.create({ ...common, mode: 'setup', currency }, { idempotencyKey: request.transactionId })
          : request.purpose === 'tickets' || request.purpose === 'order'
            ? stripe.checkout.sessions.create(
                { ...common, mode: 'payment', line_items: [{ quantity: 1, price_data: { currency, unit_amount: request.money.amount, product_data: { name: `Tafrij – ${request.plan.name}` } } }] },
                { idempotencyKey: request.transactionId },
              )
            : stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'subscription',
                line_items: [{ quantity: 1, price_data: { currency, unit_amount: request.money.amount, recurring: intervalOf(request.plan.durationMinutes), product_data: { name: `Tafrij Premium – ${request.plan.name}` } } }],
                subscription_data: { metadata: { transaction_id: request.transactionId, plan_id: String(request.plan.id) }, ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}) },
              },
              { idempotencyKey: request.transactionId },
            ),
      );
      if (!session.url) throw new PaymentProviderError('stripe: no checkout url');
      return { method: 'GET', url: session.url, providerRef: session.id };
    },

    async readCallback(request: Request): Promise<CallbackReading> {
      const signature = request.headers.get('stripe-signature');
      if (!signature) return refusedCallback('no signature');
      const body = await request.text().catch(() => '');
      let event: Stripe.Event;
      try {
        const { stripe, crypto } = await sdk();
        event = await stripe.webhooks.constructEventAsync(body, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, crypto, now().getTime());
      } catch (error) {
        return refusedCallback(error instanceof Error ? error.message.slice(0, 120) : 'bad signature');
      }
      const events: PaymentEvent[] = [];
      try {
        const object: unknown = event.data.object;
        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded': {
            const found = await sessionEvent(Session.parse(object), event.id);
            if (found) events.push(found);
            break;
          }
          case 'checkout.session.async_payment_failed': {
            const session = Session.parse(object);
            const transactionId = session.client_reference_id ?? session.metadata?.transaction_id;
            if (transactionId) events.push({ kind: 'failed', eventId: event.id, transactionId, providerRef: session.id, reason: 'CARD_DECLINED' });
            break;
          }
          case 'invoice.paid': {
            const invoice = Invoice.parse(object);
            const subscriptionRef = subscriptionOf(invoice);
            // The first invoice is the checkout's (handled above); renewals and trial ends are cycles, and a
            // trial ended early (endTrialNow) is an update's invoice (plan changes make none: no proration).
            if (subscriptionRef && (invoice.billing_reason === 'subscription_cycle' || (invoice.billing_reason === 'subscription_update' && invoice.amount_paid > 0))) {
              const end = invoice.lines?.data[0]?.period.end;
              const money: Money = { amount: invoice.amount_paid, currency: invoice.currency };
              events.push({ kind: 'renewed', eventId: event.id, subscriptionRef, providerRef: invoice.id, money, periodEnd: end ? new Date(end * 1000).toISOString() : null });
            }
            break;
          }
          case 'invoice.payment_failed': {
            const subscriptionRef = subscriptionOf(Invoice.parse(object));
            if (subscriptionRef) events.push({ kind: 'renewal_failed', eventId: event.id, subscriptionRef, reason: 'CARD_DECLINED' });
            break;
          }
          case 'customer.subscription.deleted':
            events.push({ kind: 'ended', eventId: event.id, subscriptionRef: SubscriptionObject.parse(object).id });
            break;
          default:
            break;
        }
      } catch (error) {
        return refusedCallback(`unreadable ${event.type}: ${String(error).slice(0, 80)}`);
      }
      return verifiedCallback(events);
    },

    async confirm(sessionId: string, transactionId: string): Promise<PaymentEvent | null> {
      const session = Session.safeParse(await call('confirm', (stripe) => stripe.checkout.sessions.retrieve(sessionId)));
      if (!session.success || (session.data.client_reference_id ?? session.data.metadata?.transaction_id) !== transactionId) return null;
      if (session.data.status !== 'complete') return null;
      return sessionEvent(session.data, `confirm:${session.data.id}`);
    },

    async setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void> {
      await call('cancel', (stripe) => stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel }));
    },

    async endTrialNow(subscriptionRef: string): Promise<void> {
      await call('trial', (stripe) => stripe.subscriptions.update(subscriptionRef, { trial_end: 'now' }));
    },

    async changePlan(subscriptionRef, plan, money): Promise<void> {
      const current = await call('change', (stripe) => stripe.subscriptions.retrieve(subscriptionRef));
      const item = current.items.data[0];
      if (!item) throw new PaymentProviderError('stripe: subscription without item');
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await call('change', (stripe) =>
        stripe.subscriptions.update(subscriptionRef, {
          items: [{ id: item.id, price_data: { currency: money.currency.toLowerCase(), product, unit_amount: money.amount, recurring: intervalOf(plan.durationMinutes) } }],
          proration_behavior: 'none',
          metadata: { plan_id: String(plan.id) },
        }),
      );
    },

    /**
     * Stripe's Refunds API (POST /v1/refunds) on the payment's PaymentIntent or charge, for `amount`
     * (a partial refund is one of several), with our refund id as the idempotency key: the same refund
     * sent again answers the first one. A refund Stripe says failed or was cancelled is refused.
     */
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      if (!request.providerRef) return { status: 'refused', reason: 'no Stripe reference on this payment' };
      const providerRef = request.providerRef;
      try {
        const target = await refundableOf(providerRef);
        if (!target) return { status: 'refused', reason: `no Stripe payment behind ${providerRef}` };
        const refund = RefundObject.parse(
          await call('refund', (stripe) =>
            stripe.refunds.create(
              { ...target, amount: request.money.amount, reason: 'requested_by_customer', metadata: { refund_id: request.refundId, transaction_id: request.transactionId } },
              { idempotencyKey: request.refundId },
            ),
          ),
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'refused', reason: refund.failure_reason ?? refund.status };
        return { status: 'refunded', providerRef: refund.id };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return { status: 'refused', reason: refusal };
        throw error instanceof PaymentProviderError ? error : new PaymentProviderError('stripe: unreadable refund answer', { cause: error });
      }
    },

    async endSubscriptionNow(subscriptionRef: string): Promise<void> {
      await call('end', (stripe) => stripe.subscriptions.cancel(subscriptionRef));
    },

    async removeCard(customerRef: string): Promise<void> {
      const customer = await call('card', (stripe) => stripe.customers.retrieve(customerRef));
      if ('deleted' in customer && customer.deleted) return;
      const method = 'invoice_settings' in customer ? customer.invoice_settings.default_payment_method : null;
      const id = typeof method === 'string' ? method : method?.id;
      if (id) await call('card', (stripe) => stripe.paymentMethods.detach(id));
    },
  };
}
