// What the payments area answers: a result, or a refusal as a value. The business functions
// (checkout, coupons, tickets, the state machine) return refusals; the routes turn them into HTTP
// through the one table below (spec §8: `{ status, message: "CODE: detail" }`).
import type { RefusalAnswer, Refused as AnyRefused, Result as AnyResult } from '../kernel/refusals';

/** A payments function's answer (worker/api/kernel/refusals.ts), its refusals those of the table below by default. */
export type Result<T, R extends string = PaymentRefusal> = AnyResult<T, R>;
export type Refused<R extends string = PaymentRefusal> = AnyRefused<R>;

/**
 * Every refusal of the payments area and its HTTP answer. Most are their own code; a few share a
 * code with another status (a provider down is 502 PAYMENT_FAILED, a payment declined 402 PAYMENT_FAILED).
 */
export const PAYMENT_REFUSALS = {
  USER_GONE: [401, 'NOT_AUTHORIZED'],
  BAD_REQUEST: [400, 'BAD_REQUEST'],
  PLAN_NOT_FOUND: [404, 'PLAN_NOT_FOUND'],
  PAYMENT_NOT_FOUND: [404, 'PAYMENT_NOT_FOUND'],
  /** No card provider for the currency, or one that keeps no card. */
  PAYMENT_UNAVAILABLE: [400, 'PAYMENT_UNAVAILABLE'],
  PAYMENT_METHOD_UNAVAILABLE: [400, 'PAYMENT_METHOD_UNAVAILABLE'],
  /** The hidden plan of event orders is missing (a broken deployment). */
  ORDER_PLAN_MISSING: [503, 'PAYMENT_UNAVAILABLE'],
  /** A mobile transaction whose provider is gone. */
  MOBILE_PROVIDER_GONE: [409, 'PAYMENT_UNAVAILABLE'],
  PAYMENT_METHOD_NOT_FOR_TICKETS: [400, 'PAYMENT_METHOD_NOT_FOR_TICKETS'],
  /** The provider could not be reached or refused to start. */
  PROVIDER_FAILED: [502, 'PAYMENT_FAILED'],
  /** The provider says the payment failed or expired. */
  PAYMENT_FAILED: [402, 'PAYMENT_FAILED'],
  PAYMENT_IN_PROGRESS: [409, 'PAYMENT_IN_PROGRESS'],
  TRIAL_ALREADY_USED: [409, 'TRIAL_ALREADY_USED'],
  TRIAL_NEEDS_VERIFICATION: [403, 'TRIAL_NEEDS_VERIFICATION'],
  ALREADY_SUBSCRIBED: [409, 'ALREADY_SUBSCRIBED'],
  NOT_SUBSCRIBED: [409, 'NOT_SUBSCRIBED'],
  ALREADY_CANCELLED: [409, 'ALREADY_CANCELLED'],
  NOT_CANCELLED: [409, 'NOT_CANCELLED'],
  SUPPORT_CANCEL: [409, 'SUPPORT_CANCEL'],
  SUBSCRIPTION_CHANGE_REFUSED: [409, 'SUBSCRIPTION_CHANGE_REFUSED'],
  COUPON_REQUIRED: [400, 'COUPON_REQUIRED'],
  COUPON_NOT_FOUND: [404, 'COUPON_NOT_FOUND'],
  COUPON_NOT_STARTED: [409, 'COUPON_NOT_STARTED'],
  COUPON_EXPIRED: [409, 'COUPON_EXPIRED'],
  COUPON_NOT_FOR_PLAN: [409, 'COUPON_NOT_FOR_PLAN'],
  COUPON_ALREADY_USED: [409, 'COUPON_ALREADY_USED'],
  COUPON_USED_UP: [409, 'COUPON_USED_UP'],
  COUPON_PARTIAL: [409, 'COUPON_PARTIAL'],
  VOUCHER_NOT_CANCELLABLE: [409, 'VOUCHER_NOT_CANCELLABLE'],
  VOUCHER_ALREADY_PAID: [409, 'VOUCHER_ALREADY_PAID'],
  PHONE_ALIAS_TAKEN: [409, 'PHONE_ALIAS_TAKEN'],
  MOBILE_PAY_NUMBER_REQUIRED: [400, 'MOBILE_PAY_NUMBER_REQUIRED'],
  MOBILE_PAY_MOROCCAN_ONLY: [400, 'MOBILE_PAY_MOROCCAN_ONLY'],
  MOBILE_PAY_NUMBER_LENGTH: [400, 'MOBILE_PAY_NUMBER_LENGTH'],
  MOBILE_PAY_NOT_MOBILE: [400, 'MOBILE_PAY_NOT_MOBILE'],
  INVALID_CODE: [400, 'INVALID_CODE'],
  NO_TICKETS: [409, 'NO_TICKETS'],
} as const satisfies Record<string, RefusalAnswer>;

export type PaymentRefusal = keyof typeof PAYMENT_REFUSALS;
