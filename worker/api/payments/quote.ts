// What a plan change costs (settings/changeSubscription): at the end of the period, or at once with
// the unused part of what was paid for the current period credited. Pure, time as a parameter.
import type { Currency } from '../../rules/subscription';
import type { Billing } from './state';

export type ChangeQuote = {
  planId: number;
  currency: Currency;
  /** Paid now for a new period starting now: the new price minus the unused part of what the current period was paid. */
  now: { amount: number; credit: number; from: string };
  /** No charge now; the new plan and its price from the end of the current period. */
  atPeriodEnd: { amount: number; from: string } | null;
};

/**
 * `current.paid`: what was actually paid for the current period, in `billing.currency` (minor units,
 * `paidForPeriod`): a free coupon period or a trial was paid nothing, so nothing is credited.
 */
export function changeQuote(billing: Billing, current: { paid: number }, target: { id: number; price: number }, currency: Currency, now: Date): ChangeQuote {
  const at = now.toISOString();
  const start = billing.start ? Date.parse(billing.start) : now.getTime();
  const end = billing.end ? Date.parse(billing.end) : now.getTime();
  const length = end - start;
  // A trial was free: nothing to credit. Another currency than the one paid: no credit either.
  const paid = billing.state === 'active' && billing.currency === currency && length > 0;
  const unused = paid ? Math.max(0, Math.min(1, (end - now.getTime()) / length)) : 0;
  const credit = Math.min(target.price, Math.floor(Math.max(0, current.paid) * unused));
  return {
    planId: target.id,
    currency,
    now: { amount: target.price - credit, credit, from: at },
    atPeriodEnd: billing.end && billing.renewal !== null ? { amount: target.price, from: billing.end } : null,
  };
}
