// The one subscription state machine (issue 13). Pure: a state, an event and the time in, a state out.
// Every §3 user field (subscription_id … free_subscriptions) is computed from it by `userFields`.
import { dayOf, hasActiveSubscription, type Currency } from '../../rules/subscription';
import type { UserRow } from '../kernel/users';
import type { Recurring, SavedCard } from './providers/types';

/**
 * - trialing: a free trial, not billed until it ends;
 * - active: paid for the current period (cancelled-but-active is `cancelled` on an active or trialing one);
 * - past_due: a renewal charge failed (`error` says why); access lasts until `end`, charges are retried;
 * - pending: a first payment waits for validation: not premium yet;
 * - expired: the period ended: back on the free offer.
 */
export const STATES = ['trialing', 'active', 'past_due', 'pending', 'expired'] as const;
export type State = (typeof STATES)[number];

export type Billing = {
  state: State | null;
  planId: number | null;
  start: string | null;
  /** When the next charge is due (recurring providers, not cancelled), else null. */
  renewal: string | null;
  end: string | null;
  error: string | null;
  cancelled: boolean;
  /** Free trials used (spec §3 free_subscriptions). */
  freeSubscriptions: number;
  provider: string | null;
  currency: Currency | null;
  origin: 'checkout' | 'backoffice';
  trialEnd: string | null;
  nextPlanId: number | null;
  customerRef: string | null;
  subscriptionRef: string | null;
  card: SavedCard | null;
  attempts: number;
  remindedFor: string | null;
  /** 0: no subscriptions row yet. */
  version: number;
};

export const NO_BILLING: Billing = {
  state: null, planId: null, start: null, renewal: null, end: null, error: null, cancelled: false, freeSubscriptions: 0,
  provider: null, currency: null, origin: 'checkout', trialEnd: null, nextPlanId: null, customerRef: null,
  subscriptionRef: null, card: null, attempts: 0, remindedFor: null, version: 0,
};

export type PlanTerms = { id: number; duration: number; trialDays: number };

export type Event =
  /** A payment (or a trial start) was accepted for `plan`. */
  | {
      type: 'paid';
      plan: PlanTerms;
      purpose: 'subscribe' | 'renew' | 'change';
      trial: boolean;
      recurring: Recurring;
      provider: string;
      currency: Currency;
      card?: SavedCard | undefined;
      customerRef?: string | undefined;
      subscriptionRef?: string | undefined;
      /** The provider's own period end (Stripe), else the plan's duration from now. */
      periodEnd?: string | null | undefined;
    }
  | { type: 'card_saved'; provider: string; card: SavedCard | null; customerRef?: string | undefined }
  | { type: 'card_removed' }
  | { type: 'pending'; planId: number; provider: string; currency: Currency }
  | { type: 'pending_cleared' }
  | { type: 'failed'; purpose: 'subscribe' | 'renew' | 'change'; reason: string }
  | { type: 'cancel' }
  | { type: 'resume'; recurring: Recurring }
  | { type: 'change_at_period_end'; planId: number | null }
  /** The provider ended its subscription: no more renewals, access until the end. */
  | { type: 'provider_ended' }
  | { type: 'reminded'; forEnd: string }
  /**
   * The back office gives `days` of premium (worker/api/payments/grants.ts): a running period is
   * extended (its next charge moves with its end); otherwise a period of `planId` starts now, renewed
   * by nobody and cancelled through support, as a backoffice subscription is.
   */
  | { type: 'granted'; planId: number; days: number; currency: Currency }
  /**
   * A payment of the subscription was refunded (the back office): `end_now` ends access now;
   * `keep` keeps it to the period end, as a cancel does, with no renewal.
   */
  | { type: 'refunded'; effect: 'end_now' | 'keep' }
  /** The clock: periods that ended go back to the free offer. */
  | { type: 'tick' };

/** Why an event is refused (spec §8 messages). */
export type Refusal = 'NOT_SUBSCRIBED' | 'ALREADY_CANCELLED' | 'NOT_CANCELLED' | 'SUPPORT_CANCEL' | 'SUBSCRIPTION_CHANGE_REFUSED';

export type Outcome = { ok: true; next: Billing } | { ok: false; refusal: Refusal };

const DAY = 86_400_000;
const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const later = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

/** Spec §4 "active", on this state. */
export const isActive = (b: Billing, now: Date): boolean =>
  hasActiveSubscription({ subscription_id: premiumPlan(b), subscription_end: b.end }, dayOf(now));

/** The plan that makes the user premium, or null (pending and expired ones do not). */
const premiumPlan = (b: Billing): number | null => (b.state === 'trialing' || b.state === 'active' || b.state === 'past_due' ? b.planId : null);

/** The next charge: at the end of the period, when the provider can charge and the user did not cancel. */
const renewalOf = (end: string, recurring: Recurring, cancelled: boolean): string | null => (recurring !== 'none' && !cancelled ? end : null);

export function apply(b: Billing, event: Event, now: Date): Outcome {
  const at = now.toISOString();
  const ok = (next: Partial<Billing>): Outcome => ({ ok: true, next: { ...b, ...next } });
  const active = isActive(b, now);
  switch (event.type) {
    case 'paid': {
      const { plan } = event;
      const base = {
        planId: plan.id, provider: event.provider, currency: event.currency, error: null, attempts: 0, cancelled: false,
        customerRef: event.customerRef ?? b.customerRef, subscriptionRef: event.subscriptionRef ?? b.subscriptionRef,
        card: event.card ?? b.card,
        // One pending change at a time: a renewal keeps the one scheduled (unless it is this plan); a plan paid now replaces it.
        nextPlanId: event.purpose === 'renew' && b.nextPlanId !== plan.id ? b.nextPlanId : null,
        origin: 'checkout' as const,
      };
      if (event.trial) {
        const end = addMinutes(at, plan.trialDays * 1440);
        return ok({ ...base, state: 'trialing', start: at, end, trialEnd: end, renewal: renewalOf(end, event.recurring, false), freeSubscriptions: b.freeSubscriptions + 1 });
      }
      // A renewal (or paying again for the same plan) extends the period from its end; a new plan starts now.
      const extends_ = active && b.end !== null && (event.purpose === 'renew' || (event.purpose === 'subscribe' && b.planId === plan.id));
      const start = extends_ && b.start ? b.start : at;
      const end = event.periodEnd ?? addMinutes(extends_ && b.end ? later(b.end, at) : at, plan.duration);
      return ok({ ...base, state: 'active', start, end, trialEnd: null, renewal: renewalOf(end, event.recurring, false) });
    }
    case 'card_saved':
      return ok({ card: event.card, customerRef: event.customerRef ?? b.customerRef, provider: b.provider ?? event.provider });
    case 'card_removed':
      return ok({ card: null });
    case 'pending':
      // A payment waiting for validation does not make anyone premium; an active subscription stays as it is.
      return active ? ok({}) : ok({ state: 'pending', planId: event.planId, provider: event.provider, currency: event.currency, error: null });
    case 'pending_cleared':
      return b.state === 'pending' ? ok({ state: b.end ? 'expired' : null, planId: b.end ? b.planId : null }) : ok({});
    case 'failed':
      // A failed renewal is tried again a day later while the period lasts; then the clock expires it.
      if (event.purpose === 'renew' && active) return ok({ state: 'past_due', error: event.reason, attempts: b.attempts + 1, renewal: addMinutes(at, 1440) });
      return ok({ error: event.reason, state: b.state === 'pending' ? (b.end ? 'expired' : null) : b.state });
    case 'cancel':
      // Spec §4: a cancelled subscription stays active until its end date (cancel keeps premium to the period end).
      if (!active) return { ok: false, refusal: 'NOT_SUBSCRIBED' };
      // Spec §6: a backoffice-created subscription must be cancelled through support.
      if (b.origin === 'backoffice') return { ok: false, refusal: 'SUPPORT_CANCEL' };
      if (b.cancelled) return { ok: false, refusal: 'ALREADY_CANCELLED' };
      return ok({ cancelled: true, renewal: null, nextPlanId: null });
    case 'resume':
      if (!active) return { ok: false, refusal: 'NOT_SUBSCRIBED' };
      if (!b.cancelled) return { ok: false, refusal: 'NOT_CANCELLED' };
      return ok({ cancelled: false, renewal: b.end ? renewalOf(b.end, event.recurring, false) : null });
    case 'change_at_period_end':
      if (!active) return { ok: false, refusal: 'NOT_SUBSCRIBED' };
      if (b.cancelled || b.origin === 'backoffice' || event.planId === b.planId) return { ok: false, refusal: 'SUBSCRIPTION_CHANGE_REFUSED' };
      return ok({ nextPlanId: event.planId });
    case 'provider_ended':
      return ok({ cancelled: true, renewal: null });
    case 'reminded':
      return ok({ remindedFor: event.forEnd });
    case 'granted': {
      if (active && b.end !== null) {
        const end = addMinutes(b.end, event.days * 1440);
        // A charge due at the period's end moves with it; a failed renewal's retry keeps its day.
        return ok({ end, renewal: b.renewal === b.end ? end : b.renewal, trialEnd: b.state === 'trialing' ? end : b.trialEnd });
      }
      const end = addMinutes(at, event.days * 1440);
      return ok({
        state: 'active', planId: event.planId, start: at, end, renewal: null, error: null, cancelled: false, attempts: 0, trialEnd: null,
        nextPlanId: null, provider: 'backoffice', currency: event.currency, origin: 'backoffice',
      });
    }
    case 'refunded':
      if (!active) return ok({});
      if (event.effect === 'keep') return ok({ cancelled: true, renewal: null, nextPlanId: null });
      return ok({ state: 'expired', end: at, renewal: null, cancelled: false, nextPlanId: null, trialEnd: null, attempts: 0 });
    case 'tick':
      // Spec §4: after end, a switch to the free offer.
      if (premiumPlan(b) !== null && !active) return ok({ state: 'expired', renewal: null, cancelled: false, nextPlanId: null, trialEnd: null, attempts: 0 });
      return ok({});
  }
}

/** The users row's columns the state machine writes (spec §3 User). */
export const USER_SUBSCRIPTION_FIELDS = ['subscription_id', 'subscription_start', 'subscription_renewal', 'subscription_end', 'subscription_error', 'cancel_subscription', 'free_subscriptions'] as const;
export type UserSubscriptionFields = Pick<UserRow, (typeof USER_SUBSCRIPTION_FIELDS)[number]>;

/** The spec §3 user fields of a state: subscription_id only while premium (spec §4 "active" is then exact). */
export function userFields(b: Billing): UserSubscriptionFields {
  return {
    subscription_id: premiumPlan(b),
    subscription_start: b.start,
    subscription_renewal: b.renewal,
    subscription_end: b.end,
    subscription_error: b.error,
    cancel_subscription: b.cancelled ? 1 : 0,
    free_subscriptions: b.freeSubscriptions,
  };
}

/** A charge is due: the renewal moment is within a day (merchant renewals try a day ahead, then daily). */
export const renewalDue = (b: Billing, now: Date): boolean =>
  b.renewal !== null && !b.cancelled && (b.state === 'active' || b.state === 'trialing' || b.state === 'past_due') && Date.parse(b.renewal) - now.getTime() < DAY;
