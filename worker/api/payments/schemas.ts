// Payments answers (issue 13): what the API, the loaders and the islands agree on.
import { z } from 'zod';
import { LANGS, type Lang } from '../../rules/lang';
import { PAYMENT_METHODS, SELF_SERVICE_METHODS } from '../../rules/payment-methods';
import { CURRENCIES } from '../../rules/subscription';

export const I18nText = z.object(Object.fromEntries(LANGS.map((l) => [l, z.string()])) as Record<Lang, z.ZodString>);
export const I18nList = z.object(Object.fromEntries(LANGS.map((l) => [l, z.array(z.string()).default([])])) as Record<Lang, z.ZodDefault<z.ZodArray<z.ZodString>>>);

/** A plan as the API answers it (`GET /configs` subscriptions, `GET /payments/plans`): prices in minor units, tax included. */
export const Plan = z.object({
  id: z.number(),
  duration: z.number(),
  is_active: z.boolean(),
  subscribed_image: z.string().nullable(),
  not_subscribed_image: z.string().nullable(),
  trial_days: z.number(),
  prices: z.object({ MAD: z.number(), EUR: z.number(), USD: z.number() }),
  name: I18nText,
  features: I18nList,
  /** A subscription plan, a pack of `tickets` (pay per title: one ticket unlocks one title), or the hidden plan of event orders (9000). */
  kind: z.enum(['subscription', 'tickets', 'order']).default('subscription'),
  tickets: z.number().default(0),
});
export type Plan = z.infer<typeof Plan>;

export const Currency = z.enum(CURRENCIES);

/**
 * `cancelled`: a cash voucher its owner cancelled before paying (issue 14). `refund_due`: the provider
 * took the money for a checkout already closed here (cancelled, failed, expired): nothing was
 * delivered, the money is to be given back (an alert is logged).
 */
export const TRANSACTION_STATES = ['created', 'pending', 'accepted', 'failed', 'refunded', 'expired', 'cancelled', 'refund_due'] as const;

/** A payment as the user's billing activity shows it. */
export const Transaction = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  plan_id: z.number(),
  purpose: z.enum(['subscribe', 'renew', 'change', 'card', 'tickets', 'order']),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  currency: Currency,
  trial_days: z.number(),
  state: z.enum(TRANSACTION_STATES),
  error: z.string().nullable(),
  return_to: z.string().nullable(),
  invoice_number: z.number().nullable(),
  /** Cash vouchers and agent collections: the reference printed for the counter, and the voucher's end of validity. */
  voucher_ref: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The coupon that lowered `amount` by `discount` (minor units). */
  coupon_code: z.string().nullable(),
  discount: z.number(),
  /** Mobile payment: the number the charge is taken from (the SMS code went there). */
  payer_phone: z.string().nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

/** GET /payments/subscription: the state machine's view for the account page and settings. */
export const SubscriptionView = z.object({
  state: z.enum(['trialing', 'active', 'past_due', 'pending', 'expired']).nullable(),
  plan_id: z.number().nullable(),
  next_plan_id: z.number().nullable(),
  provider: z.string().nullable(),
  currency: Currency.nullable(),
  origin: z.enum(['checkout', 'backoffice']),
  trial_end: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }).nullable(),
  /** The provider can charge again by itself (merchant or provider renewals): resume and card management make sense. */
  recurring: z.enum(['merchant', 'provider', 'none']).nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

/** POST /payments/subscription/{id}: where the browser goes next. */
export const CheckoutAnswer = z.object({
  transaction: z.object({ id: z.string(), state: z.enum(TRANSACTION_STATES) }),
  checkout: z.union([
    z.object({ method: z.literal('GET'), url: z.string() }),
    z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
  ]).nullable(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

/** GET /payments/subscription/change/{id}?currency=: what changing to that plan costs now, and at the period end. */
export const ChangeQuote = z.object({
  planId: z.number(),
  currency: Currency,
  now: z.object({ amount: z.number(), credit: z.number(), from: z.string() }),
  atPeriodEnd: z.object({ amount: z.number(), from: z.string() }).nullable(),
});
export type ChangeQuote = z.infer<typeof ChangeQuote>;

/** GET /payments/methods?currency=: the ways a person may pay by themselves in that currency. */
export const PaymentMethods = z.object({ methods: z.array(z.enum(SELF_SERVICE_METHODS)) });

/** GET /payments/tickets?lang=: the account's ticket credits and the titles they unlocked. */
export const TicketsView = z.object({
  credits: z.number(),
  unlocks: z.array(z.object({ slug: z.string(), name: z.string(), unlocked_at: z.string(), expires_at: z.string() })),
});
export type TicketsView = z.infer<typeof TicketsView>;
