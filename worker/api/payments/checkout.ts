// Starting a payment (POST /payments/subscription/{id}, plan changes, a new card): the price,
// currency and period come from the plan on the server; the browser only picks plan and currency.
import type { Bindings } from '../../env';
import { isLang } from '../../rules/lang';
import { RETURN_PATH_MAX, sameSitePath } from '../../rules/return-path';
import { moroccanMobile, VOUCHER_VALID_MS, type SelfServiceMethod } from '../../rules/payment-methods';
import { isCurrency, type Currency } from '../../rules/subscription';
import type { UserRow } from '../kernel/users';
import { apiError } from '../errors';
import { findPlan, priceOf, type PlanRecord } from './plans';
import { cashProvider, mobilePaymentProvider, providerById, providerFor } from './providers';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderMethod, type Purpose, type Voucher } from './providers/types';
import type { MobileProvider } from './providers/mobile';
import { checkCode, useCode } from '../kernel/codes';
import { quoteCoupon, redeem, releaseStatement, type CouponQuote } from './coupons';
import { notifySettlement, notifyVoucher } from './notify';
import { changeQuote } from './quote';
import { canStartCardlessTrial, claimTrial, trialTakenElsewhere, type TrialWho } from './trials';
import type { CheckoutAnswer } from './schemas';
import { settle, type Settlement } from './settle';
import { apply, isActive, type Billing } from './state';
import { loadBilling, update } from './store';
import { findTransaction, insertInvoice, insertTransaction, paidForPeriod, setTransactionState } from './transactions';

export type CheckoutInput = {
  currency?: Currency | undefined;
  bypass?: boolean | undefined;
  token?: string | undefined;
  returnTo?: string | undefined;
  /** card (default), cash (a voucher paid at an agency) or coupon (a code that covers the whole price). */
  method?: SelfServiceMethod | undefined;
  /** A coupon code, with any method: lowers the price (or makes it free). */
  coupon?: string | undefined;
  /** Mobile payment: the Moroccan number (E.164) to take the payment from. */
  phone?: string | undefined;
  /** The caller's device id (set by the route, never by the body): one of the identifiers a free trial is remembered by. */
  device?: string | undefined;
};

const origin = (env: Bindings): string => env.PUBLIC_ORIGIN.replace(/\/+$/, '');

/** The user's language for the provider's page and the invoice. */
export const langOf = (user: Pick<UserRow, 'lang'>) => (isLang(user.lang) ? user.lang : 'ar');

/** The language of a user by id (invoices are issued in it). */
export const userLang = (db: D1Database) => async (userId: string): Promise<string> =>
  (await db.prepare('SELECT lang FROM users WHERE id = ?').bind(userId).first<{ lang: string }>())?.lang ?? 'en';

async function billingOf(env: Bindings, user: UserRow): Promise<Billing> {
  const billing = await loadBilling(env.DB, user.id);
  if (!billing) apiError(401, 'NOT_AUTHORIZED', 'user gone');
  return billing;
}

function chooseCurrency(env: Bindings, billing: Billing, wanted: Currency | undefined, method: ProviderMethod = 'card'): { currency: Currency; provider: PaymentProvider } {
  const currency = wanted ?? billing.currency ?? 'MAD';
  if (!isCurrency(currency)) apiError(400, 'BAD_REQUEST', 'currency');
  const provider = method === 'card' ? providerFor(env, currency) : method === 'mobile' ? mobilePaymentProvider(env, currency) : cashProvider(env, currency);
  if (!provider) apiError(400, method === 'card' ? 'PAYMENT_UNAVAILABLE' : 'PAYMENT_METHOD_UNAVAILABLE', `no ${method} provider for ${currency}`);
  return { currency, provider };
}

async function activePlan(env: Bindings, planId: number): Promise<PlanRecord> {
  const plan = await findPlan(env.DB, planId);
  if (!plan || !plan.is_active) apiError(404, 'PLAN_NOT_FOUND', String(planId));
  return plan;
}

/** A same-site path to come back to after paying (a title), never another site. */
function safeReturn(value: string | undefined): string | null {
  const path = sameSitePath(value);
  return path !== null && path.length <= RETURN_PATH_MAX ? path : null;
}

type Start = {
  plan: PlanRecord;
  purpose: Purpose;
  amount: number;
  currency: Currency;
  provider: PaymentProvider;
  trialDays: number;
  returnTo: string | null;
  method?: ProviderMethod;
  coupon?: CouponQuote | null;
  /** A sales agent recording cash received for this user. */
  agentId?: string;
  /** Mobile payment: the payer's number. */
  payerPhone?: string;
  /** An event order (purpose 'order'): written on the transaction (transactions.order_id). */
  orderId?: string;
  /** A plan change: the unused part of the current period taken off the price (kept as the transaction's discount, no coupon). */
  credit?: number;
};

/**
 * Creates the transaction row (with its coupon's use, taken first), then asks the provider for its
 * checkout. A cash voucher (or an agent's collection) then waits for validation: the user stays on
 * the free offer until the network confirms.
 */
export async function begin(env: Bindings, user: UserRow, billing: Billing, s: Start, now: Date): Promise<CheckoutAnswer> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const method = s.method ?? 'card';
  if (s.coupon) await redeem(env.DB, s.coupon.coupon.code, user.id, id, at);
  try {
    return await beginRedeemed(env, user, billing, s, method, id, now);
  } catch (error) {
    if (s.coupon) await releaseStatement(env.DB, id).run();
    throw error;
  }
}

async function beginRedeemed(env: Bindings, user: UserRow, billing: Billing, s: Start, method: ProviderMethod, id: string, now: Date): Promise<CheckoutAnswer> {
  const at = now.toISOString();
  // A trial charges nothing now: the row says 0; the provider gets the price charged when the trial ends.
  await insertTransaction(env.DB, {
    id, userId: user.id, planId: s.plan.id, purpose: s.purpose, provider: s.provider.id, amount: s.trialDays > 0 ? 0 : s.amount, currency: s.currency, trialDays: s.trialDays,
    state: 'created', returnTo: s.returnTo, at, method, couponCode: s.coupon?.coupon.code ?? null, discount: s.coupon?.discount ?? s.credit ?? 0, agentId: s.agentId ?? null,
    payerPhone: s.payerPhone ?? null, orderId: s.orderId ?? null,
  }).run();
  const lang = langOf(user);
  const expiresAt = method === 'cash' ? new Date(now.getTime() + VOUCHER_VALID_MS).toISOString() : null;
  try {
    const checkout = await s.provider.startCheckout({
      transactionId: id,
      purpose: s.purpose,
      method,
      expiresAt,
      payerPhone: s.payerPhone,
      user: { id: user.id, email: user.email, lang },
      plan: { id: s.plan.id, name: s.plan.name[lang], durationMinutes: s.plan.duration },
      money: { amount: s.amount, currency: s.currency },
      trialDays: s.trialDays,
      urls: {
        // A voucher has no provider page: its `ok` is our page that shows it; mobile's is our page that takes the SMS code.
        ok:
          method === 'card' ? `${origin(env)}/payments/return/${s.provider.id}/ok?tx=${id}` : method === 'mobile' ? `${origin(env)}/payments/mobile/${id}` : `${origin(env)}/payments/voucher/${id}`,
        fail: `${origin(env)}/payments/return/${s.provider.id}/fail?tx=${id}`,
        callback: `${origin(env)}/api/payments/callback/${s.provider.id}`,
      },
      customerRef: billing.provider === s.provider.id ? billing.customerRef : null,
    });
    if (checkout.providerRef) await env.DB.prepare('UPDATE transactions SET provider_ref = ? WHERE id = ?').bind(checkout.providerRef, id).run();
    const { providerRef: _ref, voucher, ...browser } = checkout;
    if (voucher) {
      await awaitValidation(env, s.provider, { id, providerRef: checkout.providerRef ?? id, voucher }, now);
      return { transaction: { id, state: 'pending' }, checkout: browser };
    }
    return { transaction: { id, state: 'created' }, checkout: browser };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(JSON.stringify({ level: 'warn', event: 'checkout_refused', provider: s.provider.id, transactionId: id, error: error.message }));
    await setTransactionState(env.DB, { id, state: 'failed', from: ['created'], error: 'PROVIDER_UNAVAILABLE', at }).run();
    apiError(502, 'PAYMENT_FAILED', 'the payment provider could not start the checkout');
  }
}

/** A voucher (or an agent's collection) was issued: the transaction and the user's state wait for validation. */
async function awaitValidation(env: Bindings, provider: PaymentProvider, v: { id: string; providerRef: string; voucher: Voucher }, now: Date): Promise<void> {
  await env.DB.prepare('UPDATE transactions SET voucher_ref = ?, expires_at = ? WHERE id = ?').bind(v.voucher.reference, v.voucher.expiresAt, v.id).run();
  await settle(env.DB, provider, { kind: 'pending', eventId: `issued_${v.id}`, transactionId: v.id, providerRef: v.providerRef }, now, userLang(env.DB));
  if (v.voucher.expiresAt) await notifyVoucher(env, v.id);
}

/**
 * POST /payments/subscription/{id} (spec §7: token, bypass):
 * - `token`: the provider's reference of a checkout the browser came back from: confirmed with the provider;
 * - `bypass`: start the plan's free trial with no card (the provider then sends a reminder to pay at its end);
 * - otherwise a checkout: a first subscription (with the trial when the plan has one and the user never had one),
 *   paying again for the same plan when the provider has no recurring charge (CMI), or a change at once.
 */
export async function subscribe(env: Bindings, user: UserRow, planId: number, input: CheckoutInput, now: Date): Promise<CheckoutAnswer> {
  if (input.token) return confirmByToken(env, user, input.token, now);
  const plan = await activePlan(env, planId);
  const billing = await billingOf(env, user);
  const method = input.method ?? 'card';
  const returnTo = safeReturn(input.returnTo);
  if (plan.kind === 'tickets') return buyTickets(env, user, billing, plan, input, method, returnTo, now);
  if (method === 'coupon' || input.coupon) return subscribeWithCoupon(env, user, billing, plan, input, method, returnTo, now);
  const { currency, provider } = chooseCurrency(env, billing, input.currency, method);
  const active = isActive(billing, now);
  const who: TrialWho = { user, device: input.device, payerPhone: method === 'mobile' ? input.phone?.trim() : undefined };
  const accountTrial = !active && plan.trial_days > 0 && billing.freeSubscriptions === 0;
  // One person, one trial: an email, phone or device that had a trial on another account pays from the first day.
  let trialDays = accountTrial && !(await trialTakenElsewhere(env.DB, who)) ? plan.trial_days : 0;
  // Nothing can be charged when the trial ends (CMI keeps no card; cash has none): the trial starts without a
  // checkout, and a reminder before its end asks to pay. It needs someone who can be told apart: a verified email or phone.
  if (input.bypass || (trialDays > 0 && (provider.recurring === 'none' || method !== 'card'))) {
    if (accountTrial && !trialDays) apiError(409, 'TRIAL_ALREADY_USED', 'a free trial was already given to this email, phone or device');
    if (!trialDays) apiError(400, 'BAD_REQUEST', 'bypass: no free trial for this plan and user');
    if (!canStartCardlessTrial(who)) apiError(403, 'TRIAL_NEEDS_VERIFICATION', 'verify your email or phone number to start a free trial without a card');
    return startTrialWithoutCard(env, who, plan, currency, provider, now);
  }
  // A trial with a card: the card pays when it ends; the person's identifiers are claimed now (exact under parallel checkouts).
  if (trialDays > 0 && !(await claimTrial(env.DB, who, now.toISOString()))) trialDays = 0;
  // Paying again for the plan one has: only where nothing renews by itself (CMI), or to extend a cancelled one we charge ourselves.
  if (active && billing.planId === plan.id && !(provider.recurring === 'none' || (billing.cancelled && provider.recurring === 'merchant'))) apiError(409, 'ALREADY_SUBSCRIBED', String(plan.id));
  if (active && billing.planId !== plan.id) {
    // A provider that renews by itself (Stripe) changes plans at the period's end, never with a second subscription.
    if (provider.recurring === 'provider') apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'the change takes effect at the end of the period');
    if (billing.origin === 'backoffice') apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'a backoffice subscription is changed through support');
    const current = billing.planId !== null ? await findPlan(env.DB, billing.planId) : null;
    // Paying now is for upgrades; a cheaper plan starts at the end of the period already paid.
    if (current && priceOf(plan, currency) <= priceOf(current, currency)) apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'a cheaper plan starts at the end of the period');
    const quote = changeQuote(billing, { paid: await paidForPeriod(env.DB, user.id, billing) }, { id: plan.id, price: priceOf(plan, currency) }, currency, now);
    return begin(env, user, billing, { plan, purpose: 'change', amount: quote.now.amount, credit: quote.now.credit, currency, provider, trialDays: 0, returnTo, method, ...payer(method, input) }, now);
  }
  const purpose: Purpose = active ? 'renew' : 'subscribe';
  return begin(env, user, billing, { plan, purpose, amount: priceOf(plan, currency), currency, provider, trialDays, returnTo, method, ...payer(method, input) }, now);
}

/** Mobile payment: the Moroccan mobile number (E.164; a leading 0 or +212 as typed is fine), else why it cannot pay. */
export function mobilePayer(phone: string | undefined): string {
  const number = moroccanMobile(phone ?? '');
  if (!number.ok) apiError(400, number.refusal, 'phone');
  return number.phone;
}

/**
 * Spec §8 "phone alias attached to another user": a number that is another account's phone pays
 * only for that account (its owner gets the SMS code; the operator bills its line).
 */
export async function refuseOthersPhone(db: D1Database, phone: string, userId: string): Promise<void> {
  const owner = await db.prepare('SELECT id FROM users WHERE phone = ?').bind(phone).first<{ id: string }>();
  if (owner && owner.id !== userId) apiError(409, 'PHONE_ALIAS_TAKEN', 'this number belongs to another account');
}

const payer = (method: ProviderMethod, input: CheckoutInput): { payerPhone?: string } => (method === 'mobile' ? { payerPhone: mobilePayer(input.phone) } : {});

/** A ticket pack (pay per title): paid once by card or cash, never renewed; coupons are for plans. */
async function buyTickets(env: Bindings, user: UserRow, billing: Billing, pack: PlanRecord, input: CheckoutInput, method: SelfServiceMethod, returnTo: string | null, now: Date): Promise<CheckoutAnswer> {
  if (method === 'coupon' || input.coupon) apiError(409, 'COUPON_NOT_FOR_PLAN', 'coupons are for subscription plans');
  const { currency, provider } = chooseCurrency(env, billing, input.currency, method);
  return begin(env, user, billing, { plan: pack, purpose: 'tickets', amount: priceOf(pack, currency), currency, provider, trialDays: 0, returnTo, method, ...payer(method, input) }, now);
}

/** What an event order asks the checkout for: computed on the server from the show's ticket types (worker/api/events). */
export type OrderCheckout = { id: string; amount: number; currency: Currency; title: string; returnTo: string };

/** The hidden plan every event order's transaction names (kind 'order', migration 0015). */
export const ORDER_PLAN_ID = 9000;

/**
 * An event order (issue 17): paid once by card or mobile payment (cash vouchers take longer than the
 * 10-minute hold), with the hidden plan 9000 named after the show for the provider's page, the
 * order's amount, and transactions.order_id; never a coupon, never a subscription change.
 */
export async function buyOrder(env: Bindings, user: UserRow, order: OrderCheckout, input: Pick<CheckoutInput, 'method' | 'phone'>, now: Date): Promise<CheckoutAnswer> {
  const method = input.method ?? 'card';
  if (method !== 'card' && method !== 'mobile') apiError(400, 'PAYMENT_METHOD_NOT_FOR_TICKETS', method);
  const hidden = await findPlan(env.DB, ORDER_PLAN_ID);
  if (!hidden) apiError(503, 'PAYMENT_UNAVAILABLE', 'the order plan is missing');
  const billing = await billingOf(env, user);
  const { currency, provider } = chooseCurrency(env, billing, order.currency, method);
  const plan = { ...hidden, name: { en: order.title, fr: order.title, ar: order.title, es: order.title } };
  return begin(env, user, billing, { plan, purpose: 'order', amount: order.amount, currency, provider, trialDays: 0, returnTo: order.returnTo, method, orderId: order.id, ...payer(method, input) }, now);
}

/**
 * A coupon: for a first subscription or another period of the plan one has (not a change of plan).
 * Free (100 %, or free days): premium at once, a zero-amount invoice. Otherwise the rest is paid by card or cash.
 */
async function subscribeWithCoupon(env: Bindings, user: UserRow, billing: Billing, plan: PlanRecord, input: CheckoutInput, method: SelfServiceMethod, returnTo: string | null, now: Date): Promise<CheckoutAnswer> {
  if (!input.coupon) apiError(400, 'COUPON_REQUIRED', 'no code');
  const currency = input.currency ?? billing.currency ?? 'MAD';
  const active = isActive(billing, now);
  if (active && billing.planId !== plan.id) apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'a coupon pays for a plan, not for a change of plan');
  const quote = await quoteCoupon(env.DB, input.coupon, { id: plan.id, price: priceOf(plan, currency) }, currency, now);
  const purpose = active ? 'renew' : 'subscribe';
  if (quote.amount === 0) return payWithCoupon(env, user, plan, currency, quote, purpose, returnTo, now);
  if (method === 'coupon') apiError(409, 'COUPON_PARTIAL', String(quote.amount));
  const { provider } = chooseCurrency(env, billing, currency, method);
  if (active && billing.planId === plan.id && !(provider.recurring === 'none' || method !== 'card' || (billing.cancelled && provider.recurring === 'merchant'))) apiError(409, 'ALREADY_SUBSCRIBED', String(plan.id));
  return begin(env, user, billing, { plan, purpose, amount: quote.amount, currency, provider, trialDays: 0, returnTo, method, coupon: quote, ...payer(method, input) }, now);
}

/** Nothing to pay: the coupon's use, the period (the plan's, or the coupon's free days), a zero-amount invoice, in one go. */
async function payWithCoupon(env: Bindings, user: UserRow, plan: PlanRecord, currency: Currency, quote: CouponQuote, purpose: 'subscribe' | 'renew', returnTo: string | null, now: Date): Promise<CheckoutAnswer> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  await redeem(env.DB, quote.coupon.code, user.id, id, at);
  const lang = await userLang(env.DB)(user.id);
  try {
    await update<true>(
      env.DB,
      user.id,
      (billing) => {
        const duration = quote.freeDays ? quote.freeDays * 1440 : plan.duration;
        const out = apply(billing, { type: 'paid', plan: { id: plan.id, duration, trialDays: 0 }, purpose, trial: false, recurring: 'none', provider: 'coupon', currency }, now);
        if (!out.ok) apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', out.refusal);
        const next = out.next;
        return {
          write: next,
          guarded: (won, wid) => [
            insertTransaction(env.DB, { id, userId: user.id, planId: plan.id, purpose, provider: 'coupon', amount: 0, currency, trialDays: 0, state: 'pending', returnTo, at, method: 'coupon', couponCode: quote.coupon.code, discount: quote.discount }, won, wid),
            setTransactionState(env.DB, { id, state: 'accepted', from: ['pending'], at }, won, wid),
            insertInvoice(env.DB, { transactionId: id, userId: user.id, at, lang, periodStart: next.start ?? at, periodEnd: next.end ?? at }, won, wid),
          ],
          result: true,
        };
      },
      now,
    );
  } catch (error) {
    await releaseStatement(env.DB, id).run();
    throw error;
  }
  await notifySettlement(env, { outcome: 'applied', userId: user.id, kind: 'accepted', transactionId: id, invoice: true });
  return { transaction: { id, state: 'accepted' }, checkout: null };
}

/** A cash voucher withdrawn by its owner before paying: the network first (it may have been paid meanwhile), then here. */
export async function cancelVoucher(env: Bindings, userId: string, transactionId: string, now: Date): Promise<void> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx || tx.user_id !== userId) apiError(404, 'PAYMENT_NOT_FOUND', transactionId);
  if (tx.method !== 'cash' || tx.state !== 'pending') apiError(409, 'VOUCHER_NOT_CANCELLABLE', tx.state);
  const provider = providerById(env, tx.provider);
  if (provider?.cancelVoucher && tx.provider_ref && !(await provider.cancelVoucher(tx.provider_ref))) apiError(409, 'VOUCHER_ALREADY_PAID', transactionId);
  const at = now.toISOString();
  const closed = await update<boolean>(
    env.DB,
    userId,
    async (billing) => {
      const current = await findTransaction(env.DB, transactionId);
      if (current?.state !== 'pending') return { skip: false };
      const out = apply(billing, { type: 'pending_cleared' }, now);
      return {
        write: out.ok ? out.next : billing,
        guarded: (won, wid) => [setTransactionState(env.DB, { id: transactionId, state: 'cancelled', from: ['pending'], error: 'VOUCHER_CANCELLED', at }, won, wid), releaseStatement(env.DB, transactionId, won, wid)],
        result: true,
      };
    },
    now,
  );
  if (!closed) apiError(409, 'VOUCHER_NOT_CANCELLABLE', 'already settled');
}

/** A trial with no card: its identifiers claimed, then one state change and an accepted zero-amount transaction, no invoice. */
async function startTrialWithoutCard(env: Bindings, who: TrialWho, plan: PlanRecord, currency: Currency, provider: PaymentProvider, now: Date): Promise<CheckoutAnswer> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const { user } = who;
  if (!(await claimTrial(env.DB, who, at))) apiError(409, 'TRIAL_ALREADY_USED', 'a free trial was already given to this email, phone or device');
  const done = await update<boolean>(
    env.DB,
    user.id,
    (billing) => {
      if (billing.freeSubscriptions > 0 || isActive(billing, now)) return { skip: false };
      const out = apply(billing, { type: 'paid', plan: { id: plan.id, duration: plan.duration, trialDays: plan.trial_days }, purpose: 'subscribe', trial: true, recurring: 'none', provider: provider.id, currency }, now);
      if (!out.ok) return { skip: false };
      return {
        write: out.next,
        guarded: (won, wid) => [
          insertTransaction(env.DB, { id, userId: user.id, planId: plan.id, purpose: 'subscribe', provider: provider.id, amount: 0, currency, trialDays: plan.trial_days, state: 'pending', returnTo: null, at }, won, wid),
          setTransactionState(env.DB, { id, state: 'accepted', from: ['pending'], at }, won, wid),
        ],
        result: true,
      };
    },
    now,
  );
  if (!done) apiError(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'the free trial is already used');
  return { transaction: { id, state: 'accepted' }, checkout: null };
}

/** The browser is back from the provider before its callback: ask the provider, settle what it says. */
export async function confirmTransaction(env: Bindings, userId: string, transactionId: string, now: Date): Promise<{ state: string; settlement: Settlement | null }> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx || tx.user_id !== userId) apiError(404, 'PAYMENT_NOT_FOUND', transactionId);
  if (tx.state !== 'created' && tx.state !== 'pending') return { state: tx.state, settlement: null };
  const provider = providerById(env, tx.provider);
  if (!provider?.confirm || !tx.provider_ref) return { state: tx.state, settlement: null };
  const event = await provider.confirm(tx.provider_ref, tx.id).catch(() => null);
  if (!event) return { state: tx.state, settlement: null };
  const settlement = await settle(env.DB, provider, event, now, userLang(env.DB));
  return { state: (await findTransaction(env.DB, transactionId))?.state ?? tx.state, settlement };
}

async function confirmByToken(env: Bindings, user: UserRow, token: string, now: Date): Promise<CheckoutAnswer> {
  const row = await env.DB.prepare('SELECT id FROM transactions WHERE user_id = ? AND (provider_ref = ?2 OR id = ?2)').bind(user.id, token).first<{ id: string }>();
  if (!row) apiError(404, 'PAYMENT_NOT_FOUND', 'token');
  const { state } = await confirmTransaction(env, user.id, row.id, now);
  if (state === 'failed' || state === 'expired') apiError(402, 'PAYMENT_FAILED', row.id);
  return { transaction: { id: row.id, state: state as CheckoutAnswer['transaction']['state'] }, checkout: null };
}

/** A checkout that only saves a card (managePayment → replace): amount 0, no plan change. */
export async function saveCard(env: Bindings, user: UserRow, now: Date): Promise<CheckoutAnswer> {
  const billing = await billingOf(env, user);
  const { currency, provider } = chooseCurrency(env, billing, undefined);
  if (provider.recurring === 'none') apiError(400, 'PAYMENT_UNAVAILABLE', `${provider.id} keeps no card`);
  const plan = billing.planId !== null ? await findPlan(env.DB, billing.planId) : null;
  if (!plan) apiError(409, 'NOT_SUBSCRIBED', 'no plan to pay with a card');
  return begin(env, user, billing, { plan, purpose: 'card', amount: 0, currency, provider, trialDays: 0, returnTo: '/settings/managePayment' }, now);
}

/**
 * Mobile payment, second step: the payer typed the SMS code sent to the number (5 tries, counted
 * exactly), then the operator takes the amount; what it says is settled like any payment.
 */
export async function confirmMobilePayment(env: Bindings, userId: string, transactionId: string, code: string, now: Date): Promise<{ state: string }> {
  const tx = await findTransaction(env.DB, transactionId);
  if (!tx || tx.user_id !== userId || tx.method !== 'mobile') apiError(404, 'PAYMENT_NOT_FOUND', transactionId);
  if (tx.state !== 'created') return { state: tx.state };
  const provider = tx.provider === 'mobile' || tx.provider === 'sandbox' ? providerById(env, tx.provider) : null;
  if (!provider || !('confirmMobile' in provider) || !tx.provider_ref || !tx.payer_phone) apiError(409, 'PAYMENT_UNAVAILABLE', 'no mobile provider');
  const checked = await checkCode(env, 'sms', tx.payer_phone, 'payment', code);
  if (checked === null) apiError(400, 'INVALID_CODE', 'code');
  await useCode(env.DB, checked);
  let event: PaymentEvent;
  try {
    event = await (provider as MobileProvider).confirmMobile(tx.provider_ref, tx.id);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    apiError(502, 'PAYMENT_FAILED', 'the operator could not be reached');
  }
  const settlement = await settle(env.DB, provider, event, now, userLang(env.DB));
  await notifySettlement(env, settlement, now);
  return { state: (await findTransaction(env.DB, transactionId))?.state ?? tx.state };
}
