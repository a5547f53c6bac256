// Payment method rules shared by the API, the pages and the browser (issue 14; spec §2 payment
// method picker, §9 "cash payment voucher valid 4 days").

/**
 * The methods of spec §2: card, mobile (phone bill or wallet), cash voucher, coupon code; agent payments
 * are recorded by an agent; `grant`: premium the back office gave (nothing paid, a zero-amount invoice).
 */
export const PAYMENT_METHODS = ['card', 'mobile', 'cash', 'coupon', 'agent', 'grant'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a viewer can choose on /subscription (an agent payment is recorded at /agent). */
export const SELF_SERVICE_METHODS = ['card', 'mobile', 'cash', 'coupon'] as const satisfies readonly PaymentMethod[];
export type SelfServiceMethod = (typeof SELF_SERVICE_METHODS)[number];
export const isSelfServiceMethod = (value: unknown): value is SelfServiceMethod => typeof value === 'string' && (SELF_SERVICE_METHODS as readonly string[]).includes(value);

/** Cash is paid at Moroccan agencies and to Moroccan agents, mobile payment on Moroccan numbers: in dirhams only. */
export const CASH_CURRENCIES = ['MAD'] as const;

/** Why a number cannot pay by mobile payment (each a message that says what to type instead). */
export type MobileNumberRefusal = 'MOBILE_PAY_NUMBER_REQUIRED' | 'MOBILE_PAY_MOROCCAN_ONLY' | 'MOBILE_PAY_NUMBER_LENGTH' | 'MOBILE_PAY_NOT_MOBILE';

/**
 * Mobile payment charges Moroccan operators (Maroc Telecom, Orange, inwi): a Moroccan mobile number,
 * 9 digits starting with 6 or 7 after +212. People type it many ways ("06 12 34 56 78",
 * "612345678", "+212 612…", "00212 612…"): the leading 0 and the country code are dropped, not
 * refused. Answers the number in E.164, or why it cannot pay.
 */
export function moroccanMobile(typed: string): { ok: true; phone: string } | { ok: false; refusal: MobileNumberRefusal } {
  let digits = typed.replace(/[\s.()-]/g, '');
  if (digits === '') return { ok: false, refusal: 'MOBILE_PAY_NUMBER_REQUIRED' };
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+212')) return { ok: false, refusal: 'MOBILE_PAY_MOROCCAN_ONLY' };
    digits = digits.slice(4);
  } else if (digits.startsWith('00')) {
    if (!digits.startsWith('00212')) return { ok: false, refusal: 'MOBILE_PAY_MOROCCAN_ONLY' };
    digits = digits.slice(5);
  } else if (digits.startsWith('212') && digits.length === 12) {
    digits = digits.slice(3);
  }
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (!/^[0-9]{9}$/.test(digits)) return { ok: false, refusal: 'MOBILE_PAY_NUMBER_LENGTH' };
  if (!/^[67]/.test(digits)) return { ok: false, refusal: 'MOBILE_PAY_NOT_MOBILE' };
  return { ok: true, phone: `+212${digits}` };
}

/** Sandbox mobile payment: a number ending in 0000 has no balance (the payment is declined). */
export const SANDBOX_MOBILE_DECLINED_SUFFIX = '0000';

/** Spec §9: cash payment voucher valid 4 days (a cash voucher valid 4 days). */
export const VOUCHER_VALID_DAYS = 4;
export const VOUCHER_VALID_MS = VOUCHER_VALID_DAYS * 86_400_000;

/** A coupon code as typed: spaces dropped, upper case; null when it cannot be a code. */
export function normalizeCoupon(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code) ? code : null;
}

export type CouponTerms = { kind: 'percent' | 'amount' | 'days'; value: number };

/**
 * What is left to pay for a price (minor units) once a coupon applies: a percentage (rounded to the
 * nearest minor unit, never below 0), a fixed amount, or free days (nothing to pay; the plan runs
 * `value` days instead of its period).
 */
export function priceAfterCoupon(price: number, coupon: CouponTerms): { amount: number; discount: number; freeDays: number | null } {
  if (coupon.kind === 'days') return { amount: 0, discount: price, freeDays: coupon.value };
  const discount = coupon.kind === 'percent' ? Math.min(price, Math.round((price * coupon.value) / 100)) : Math.min(price, coupon.value);
  return { amount: price - discount, discount, freeDays: null };
}

/** Time left before a voucher's end, for its countdown: whole days, hours and minutes (0 once over). */
export function timeLeft(endIso: string, now: Date): { days: number; hours: number; minutes: number; over: boolean } {
  const ms = Math.max(0, Date.parse(endIso) - now.getTime());
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60, over: ms === 0 };
}

/** A voucher reference printed in groups of four for reading aloud at the counter: "4821 0937 5512". */
export const groupDigits = (reference: string): string => reference.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Spec §9: an unlock costs one ticket and allows a single viewing, resumable for 48 hours on the same account. */
export const UNLOCK_VALID_HOURS = 48;
export const UNLOCK_VALID_MS = UNLOCK_VALID_HOURS * 3_600_000;
