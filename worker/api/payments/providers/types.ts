// The one interface every payment provider speaks (sandbox, cmi, stripe), chosen by PAYMENT_PROVIDER_* vars.
// Money is decided on the server: amounts, currency and period come from the plan, never from a browser.
import type { Lang } from '../../../rules/lang';
import { CURRENCIES, type Currency } from '../../../rules/subscription';

export { CURRENCIES, type Currency };

/** Amounts are integers in minor units (centimes, cents): 4900 = 49.00. */
export type Money = { amount: number; currency: Currency };

/**
 * What a checkout pays for: a first subscription, a renewal paid by hand, a plan change at once, a new card (amount 0),
 * a ticket pack (once, never renewed), or an event order (e-tickets of a show, worker/api/events).
 */
export type Purpose = 'subscribe' | 'renew' | 'change' | 'card' | 'tickets' | 'order';

/** How the money reaches the provider: a card on its hosted page, cash at an agency (a voucher), cash given to a sales agent, or a phone's bill or wallet. */
export type ProviderMethod = 'card' | 'cash' | 'agent' | 'mobile';

export type CheckoutRequest = {
  /** Our transaction id: the order reference the provider sends back in its callback. */
  transactionId: string;
  purpose: Purpose;
  method: ProviderMethod;
  /** Cash: when the voucher stops being accepted (we decide it: spec §9, 4 days), else null. */
  expiresAt: string | null;
  /** Mobile payment: the payer's number (E.164) the charge is taken from. */
  payerPhone?: string | undefined;
  user: { id: string; email: string | null; lang: Lang };
  plan: { id: number; name: string; durationMinutes: number };
  money: Money;
  /** Start a free trial of this many days: no charge now, the first charge when it ends (providers that keep a card). */
  trialDays: number;
  /** Absolute URLs on our site for the browser's return, and for the provider's server-to-server callback. */
  urls: { ok: string; fail: string; callback: string };
  /** The provider's customer from an earlier checkout of this user, if any. */
  customerRef: string | null;
};

/** Where the browser goes to pay: a link, or a form posted to the provider's hosted page. */
export type Checkout = { method: 'GET'; url: string; providerRef?: string; voucher?: Voucher } | { method: 'POST'; url: string; fields: Record<string, string>; providerRef?: string; voucher?: Voucher };

/**
 * Cash (and agent collections): the reference the payer gives at the counter and when it stops being
 * accepted (spec §9: 4 days; an agent's collection is already paid: no end). The payment then waits for validation until the network's callback.
 */
export type Voucher = { reference: string; expiresAt: string | null };

/**
 * A card as the provider keeps it. `fingerprint`: the provider's id of the card number (the same card gives
 * the same one across customers), the identifier a card trial is remembered by; never the number itself.
 */
export type SavedCard = { brand: string; last4: string; expMonth: number; expYear: number; fingerprint?: string | undefined };

/**
 * What a verified callback (or a confirmation lookup) says happened. `transactionId` is ours;
 * `eventId` is the provider's id of this notification (replays carry the same one).
 */
export type PaymentEvent =
  | {
      kind: 'accepted';
      eventId: string;
      transactionId: string;
      providerRef: string;
      money: Money;
      card?: SavedCard;
      customerRef?: string;
      /** Providers that renew by themselves (Stripe): their subscription id. */
      subscriptionRef?: string;
      /** Cash networks: the agency where the cash was paid, when the network says. */
      agency?: string;
    }
  | { kind: 'failed'; eventId: string; transactionId: string; providerRef: string; reason: string }
  | { kind: 'pending'; eventId: string; transactionId: string; providerRef: string }
  /** A renewal the provider charged by itself (no transaction of ours yet). */
  | { kind: 'renewed'; eventId: string; subscriptionRef: string; providerRef: string; money: Money; periodEnd: string | null }
  | { kind: 'renewal_failed'; eventId: string; subscriptionRef: string; reason: string }
  /** The provider ended its subscription (cancelled at period end, or unpaid). */
  | { kind: 'ended'; eventId: string; subscriptionRef: string };

/**
 * A refund asked of the provider (worker/api/payments/refunds): `refundId` is ours and the provider's
 * idempotency key (the same refund sent again is done once); `transactionId` and `providerRef` name the
 * payment as the checkout stored them; `captured` is what the payment took.
 */
export type RefundRequest = {
  refundId: string;
  transactionId: string;
  providerRef: string | null;
  money: Money;
  captured: number;
  /**
   * Present when the same refund is sent again after an attempt without a known outcome:
   * `recorded` lists the provider's ids of this payment's refunds already recorded here. A provider
   * without an idempotency key (CMI) asks first whether the lost attempt went through.
   */
  resend?: { recorded: string[] } | undefined;
};

/** The provider's answer to a refund: done (its own id of the refund), or refused with its reason (no money moved). */
export type RefundAnswer = { status: 'refunded'; providerRef: string } | { status: 'refused'; reason: string };

/** How our processing of a callback went, so the provider can be answered in its own protocol. */
export type Handling = 'done' | 'retry';

export type CallbackReading =
  | { verified: true; events: PaymentEvent[]; answer: (handling: Handling) => Response }
  /** Forged, unsigned, replayed out of its window or malformed: changes nothing, is logged. */
  | { verified: false; reason: string; answer: () => Response };

/**
 * - `merchant`: we charge the saved card at renewal (`chargeSaved`);
 * - `provider`: the provider renews and tells us (`renewed` / `renewal_failed` / `ended` events);
 * - `none`: no recurring charge: a reminder email before the end and a new payment (CMI).
 */
export type Recurring = 'merchant' | 'provider' | 'none';

export interface PaymentProvider {
  readonly id: 'sandbox' | 'cmi' | 'stripe' | 'mobile';
  readonly currencies: readonly Currency[];
  /** The ways of paying it takes (card providers: card; cash networks: cash and agent collections). */
  readonly methods: readonly ProviderMethod[];
  readonly recurring: Recurring;
  /** Starts a hosted checkout. Throws PaymentProviderError when the provider refuses or is unreachable. */
  startCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies (signature, timestamp) and reads a server-to-server callback. Never throws for bad input. */
  readCallback(request: Request): Promise<CallbackReading>;
  /** Asks the provider what became of a checkout (the browser's return came before the callback). */
  confirm?(providerRef: string, transactionId: string): Promise<PaymentEvent | null>;
  /** `merchant` providers: charges a saved card for a renewal. */
  chargeSaved?(request: { transactionId: string; customerRef: string; money: Money; description: string }): Promise<PaymentEvent>;
  /** `provider` providers: cancel at period end (true) or resume (false); change the plan's price from the next period. */
  setCancelAtPeriodEnd?(subscriptionRef: string, cancel: boolean): Promise<void>;
  /** `provider` providers: ends a subscription's free trial now (the provider charges the card and reports it as a renewal). */
  endTrialNow?(subscriptionRef: string): Promise<void>;
  changePlan?(subscriptionRef: string, plan: { id: number; name: string; durationMinutes: number }, money: Money): Promise<void>;
  /** Cash: withdraws a voucher before anyone paid it (the agency then refuses it); false when it was paid already. */
  cancelVoucher?(providerRef: string): Promise<boolean>;
  /** Forgets the saved card (managePayment → remove). */
  removeCard?(customerRef: string): Promise<void>;
  /**
   * Card providers: gives money of a payment back. Answers the provider's refusal as a value; throws
   * PaymentProviderError when the provider cannot be reached or its answer cannot be read (the outcome is unknown).
   */
  refund?(request: RefundRequest): Promise<RefundAnswer>;
  /** `provider` providers: ends a subscription now (a refund that ends it: no renewal, no access). */
  endSubscriptionNow?(subscriptionRef: string): Promise<void>;
}

/** The provider refused a request or could not be reached. Never carries secrets. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
  }
}
