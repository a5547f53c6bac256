// Subscription rules shared by the API, the pages and the browser (spec §4, §9).

type SubscriptionFields = { subscription_id: number | null; subscription_end: string | null; cancel_subscription?: boolean | number };

/** `YYYY-MM-DD` (UTC) of a moment. */
export const dayOf = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

/**
 * Spec §4 Subscription active: the user has a subscription_id and subscription_end is today or
 * later (a cancelled subscription stays active until its end). `today` is YYYY-MM-DD (UTC).
 */
export function hasActiveSubscription(user: SubscriptionFields, today: string = dayOf(new Date())): boolean {
  return user.subscription_id !== null && user.subscription_end !== null && user.subscription_end.slice(0, 10) >= today.slice(0, 10);
}

/**
 * Spec §4: the Subscribe button shows when the platform is not free and the subscription end has
 * passed. A cancelled subscription stays active until its end: its member is still premium and is
 * offered Resume (the subscription tab), not Subscribe. Kids profiles never see it (spec §6).
 */
export function showsSubscribe(
  config: { free_platform: boolean },
  user: SubscriptionFields & { isAnonymous?: boolean },
  options: { kid?: boolean; today?: string } = {},
): boolean {
  if (config.free_platform || options.kid) return false;
  if (user.isAnonymous) return true;
  return !hasActiveSubscription(user, options.today);
}

export const CURRENCIES = ['MAD', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** Euro-area countries (ISO 3166-1 alpha-2) priced in EUR. */
const EURO_COUNTRIES = new Set('AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK'.split(' '));

/** The visitor's currency by request country (spec §9 currencies): MAD in Morocco, EUR in the euro area, USD elsewhere. */
export function currencyFor(country: string): Currency {
  if (country === 'MA') return 'MAD';
  return EURO_COUNTRIES.has(country) ? 'EUR' : 'USD';
}

/** What a payment was for (a transaction's purpose). */
export type PaymentPurpose = 'subscribe' | 'renew' | 'change' | 'card' | 'tickets' | 'order';

/** What a payment bought, as every message about it names it: a plan, a ticket pack, or event seats. */
export type Bought = 'plan' | 'tickets' | 'order';
export const boughtBy = (purpose: PaymentPurpose): Bought => (purpose === 'tickets' ? 'tickets' : purpose === 'order' ? 'order' : 'plan');

/** The toast once a payment is through, by what it was for (a ticket pack does not make anyone subscribed). */
export const PAID_TOASTS: Record<PaymentPurpose, string> = {
  subscribe: 'YOU_SUBSCRIBED',
  renew: 'SUBSCRIPTION_RENEWED',
  change: 'PLAN_CHANGED',
  card: 'CARD_SAVED',
  tickets: 'TICKETS_ADDED_TOAST',
  order: 'ORDER_PAID_TOAST',
};

/** Spec §9 plan durations in minutes, named for people. */
export const DURATIONS = { day: 1440, week: 10080, twoWeeks: 20160, month: 43200, threeMonths: 129600, sixMonths: 259200, year: 518400 } as const;

/** Days of a plan's period (durations are whole days). */
export const periodDays = (durationMinutes: number): number => Math.max(1, Math.round(durationMinutes / 1440));

/** Minor units → "49.00" (the amount as the price list and invoices write it). */
export const formatAmount = (minor: number): string => `${Math.trunc(minor / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/**
 * The words of a payment error code (subscription_error, a transaction's error, "CARD_DECLINED: …"):
 * its PAYMENT_ERROR_* text where one exists, else "the payment failed".
 */
export function paymentErrorText(t: (key: string) => string, code: string): string {
  const key = `PAYMENT_ERROR_${code.split(':')[0]?.trim() ?? ''}`;
  const text = t(key);
  return text === key ? t('PAYMENT_FAILED') : text;
}
