// Starting a payment (POST /payments/subscription/{id}, plan changes, a new card): the price,
// currency and period come from the plan on the server; the browser only picks plan and currency.
// Each function answers a result or a refusal (worker/api/payments/refusals.ts); the routes turn
// refusals into HTTP. They take what they use (`PaymentDeps`: the database, the providers, the
// mailer, the SMS codes) and the time.
import { isLang } from '../../rules/lang';
import { RETURN_PATH_MAX, sameSitePath } from '../../rules/return-path';
import { moroccanMobile, VOUCHER_VALID_MS, type MobileNumberRefusal, type SelfServiceMethod } from '../../rules/payment-methods';
import { isCurrency, type Currency } from '../../rules/subscription';
import type { UserRow } from '../kernel/users';
import { done, refused } from '../kernel/refusals';
import { findPlan, priceOf, type PlanRecord } from './plans';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderMethod, type Purpose, type Voucher } from './providers/types';
import type { MobileProvider } from './providers/mobile';
import { useCode } from '../kernel/codes';
import { quoteCoupon, redeem, releaseStatement, type CouponQuote } from './coupons';
import type { PaymentDeps } from './deps';
import { changeQuote } from './quote';
import type { Refused, Result } from './refusals';
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

/** A checkout's result: the transaction and where the browser goes to pay, or why not. */
export type Checkout = Result<CheckoutAnswer>;

/** The user's language for the provider's page and the invoice. */
export const langOf = (user: Pick<UserRow, 'lang'>) => (isLang(user.lang) ? user.lang : 'ar');

/** The language of a user by id (invoices are issued in it). */
export const userLang = (db: D1Database) => async (userId: string): Promise<string> =>
  (await db.prepare('SELECT lang FROM users WHERE id = ?').bind(userId).first<{ lang: string }>())?.lang ?? 'en';

const userGone = (): Refused => refused('USER_GONE', 'user gone');

async function billingOf(db: D1Database, user: UserRow): Promise<Result<Billing>> {
  const billing = await loadBilling(db, user.id);
  return billing ? done(billing) : userGone();
}

function chooseCurrency(deps: Pick<PaymentDeps, 'providers'>, billing: Billing, wanted: Currency | undefined, method: ProviderMethod = 'card'): Result<{ currency: Currency; provider: PaymentProvider }> {
  const currency = wanted ?? billing.currency ?? 'MAD';
  if (!isCurrency(currency)) return refused('BAD_REQUEST', 'currency');
  const provider = deps.providers.of(method === 'card' || method === 'mobile' ? method : 'cash', currency);
  if (!provider) return refused(method === 'card' ? 'PAYMENT_UNAVAILABLE' : 'PAYMENT_METHOD_UNAVAILABLE', `no ${method} provider for ${currency}`);
  return done({ currency, provider });
}

async function activePlan(db: D1Database, planId: number): Promise<Result<PlanRecord>> {
  const plan = await findPlan(db, planId);
  return plan && plan.is_active ? done(plan) : refused('PLAN_NOT_FOUND', String(planId));
}

/** A same-site path to come back to after paying (a title), never another site. */
function safeReturn(value: string | undefined): string | null {
  const path = sameSitePath(value);
  return path !== null && path.length <= RETURN_PATH_MAX ? path : null;
}

export type Start = {
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
export async function startCheckout(deps: Pick<PaymentDeps, 'db' | 'origin' | 'mailer'>, user: UserRow, billing: Billing, s: Start, now: Date): Promise<Checkout> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const method = s.method ?? 'card';
  if (s.coupon) {
    const taken = await redeem(deps.db, s.coupon.coupon.code, user.id, id, at);
    if (!taken.ok) return taken;
  }
  try {
    const out = await beginRedeemed(deps, user, billing, s, method, id, now);
    if (!out.ok && s.coupon) await releaseStatement(deps.db, id).run();
    return out;
  } catch (error) {
    if (s.coupon) await releaseStatement(deps.db, id).run();
    throw error;
  }
}

async function beginRedeemed(deps: Pick<PaymentDeps, 'db' | 'origin' | 'mailer'>, user: UserRow, billing: Billing, s: Start, method: ProviderMethod, id: string, now: Date): Promise<Checkout> {
  const at = now.toISOString();
  const { db, origin } = deps;
  // A trial charges nothing now: the row says 0; the provider gets the price charged when the trial ends.
  await insertTransaction(db, {
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
        ok: method === 'card' ? `${origin}/payments/return/${s.provider.id}/ok?tx=${id}` : method === 'mobile' ? `${origin}/payments/mobile/${id}` : `${origin}/payments/voucher/${id}`,
        fail: `${origin}/payments/return/${s.provider.id}/fail?tx=${id}`,
        callback: `${origin}/api/payments/callback/${s.provider.id}`,
      },
      customerRef: billing.provider === s.provider.id ? billing.customerRef : null,
    });
    if (checkout.providerRef) await db.prepare('UPDATE transactions SET provider_ref = ? WHERE id = ?').bind(checkout.providerRef, id).run();
    const { providerRef: _ref, voucher, ...browser } = checkout;
    if (voucher) {
      await awaitValidation(deps, s.provider, { id, providerRef: checkout.providerRef ?? id, voucher }, now);
      return done({ transaction: { id, state: 'pending' }, checkout: browser });
    }
    return done({ transaction: { id, state: 'created' }, checkout: browser });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(JSON.stringify({ level: 'warn', event: 'checkout_refused', provider: s.provider.id, transactionId: id, error: error.message }));
    await setTransactionState(db, { id, state: 'failed', from: ['created'], error: 'PROVIDER_UNAVAILABLE', at }).run();
    return refused('PROVIDER_FAILED', 'the payment provider could not start the checkout');
  }
}

/** A voucher (or an agent's collection) was issued: the transaction and the user's state wait for validation. */
async function awaitValidation(deps: Pick<PaymentDeps, 'db' | 'mailer'>, provider: PaymentProvider, v: { id: string; providerRef: string; voucher: Voucher }, now: Date): Promise<void> {
  await deps.db.prepare('UPDATE transactions SET voucher_ref = ?, expires_at = ? WHERE id = ?').bind(v.voucher.reference, v.voucher.expiresAt, v.id).run();
  await settle(deps.db, provider, { kind: 'pending', eventId: `issued_${v.id}`, transactionId: v.id, providerRef: v.providerRef }, now, userLang(deps.db));
  if (v.voucher.expiresAt) await deps.mailer.voucher(v.id);
}

const TRIAL_USED = 'a free trial was already given to this email, phone or device';

/**
 * POST /payments/subscription/{id} (spec §7: token, bypass):
 * - `token`: the provider's reference of a checkout the browser came back from: confirmed with the provider;
 * - `bypass`: start the plan's free trial with no card (the provider then sends a reminder to pay at its end);
 * - otherwise a checkout: a first subscription (with the trial when the plan has one and the user never had one),
 *   paying again for the same plan when the provider has no recurring charge (CMI), or a change at once.
 */
export async function subscribe(deps: PaymentDeps, user: UserRow, planId: number, input: CheckoutInput, now: Date): Promise<Checkout> {
  if (input.token) return confirmByToken(deps, user, input.token, now);
  const { db } = deps;
  const plan = await activePlan(db, planId);
  if (!plan.ok) return plan;
  const billing = await billingOf(db, user);
  if (!billing.ok) return billing;
  const method = input.method ?? 'card';
  const returnTo = safeReturn(input.returnTo);
  if (plan.value.kind === 'tickets') return buyTickets(deps, user, billing.value, plan.value, input, method, returnTo, now);
  if (method === 'coupon' || input.coupon) return subscribeWithCoupon(deps, user, billing.value, plan.value, input, method, returnTo, now);
  return subscribeToPlan(deps, user, billing.value, plan.value, input, method, returnTo, now);
}

async function subscribeToPlan(deps: PaymentDeps, user: UserRow, billing: Billing, plan: PlanRecord, input: CheckoutInput, method: 'card' | 'cash' | 'mobile', returnTo: string | null, now: Date): Promise<Checkout> {
  const { db } = deps;
  const chosen = chooseCurrency(deps, billing, input.currency, method);
  if (!chosen.ok) return chosen;
  const { currency, provider } = chosen.value;
  const active = isActive(billing, now);
  const who: TrialWho = { user, device: input.device, payerPhone: method === 'mobile' ? input.phone?.trim() : undefined };
  const accountTrial = !active && plan.trial_days > 0 && billing.freeSubscriptions === 0;
  // One person, one trial: an email, phone or device that had a trial on another account pays from the first day.
  let trialDays = accountTrial && !(await trialTakenElsewhere(db, who)) ? plan.trial_days : 0;
  // Nothing can be charged when the trial ends (CMI keeps no card; cash has none): the trial starts without a
  // checkout, and a reminder before its end asks to pay. It needs someone who can be told apart: a verified email or phone.
  if (input.bypass || (trialDays > 0 && (provider.recurring === 'none' || method !== 'card'))) {
    if (accountTrial && !trialDays) return refused('TRIAL_ALREADY_USED', TRIAL_USED);
    if (!trialDays) return refused('BAD_REQUEST', 'bypass: no free trial for this plan and user');
    if (!canStartCardlessTrial(who)) return refused('TRIAL_NEEDS_VERIFICATION', 'verify your email or phone number to start a free trial without a card');
    return startTrialWithoutCard(db, who, plan, currency, provider, now);
  }
  // A trial with a card: the card pays when it ends; the person's identifiers are claimed now (exact under parallel checkouts).
  if (trialDays > 0 && !(await claimTrial(db, who, now.toISOString()))) trialDays = 0;
  // Paying again for the plan one has: only where nothing renews by itself (CMI), or to extend a cancelled one we charge ourselves.
  if (active && billing.planId === plan.id && !(provider.recurring === 'none' || (billing.cancelled && provider.recurring === 'merchant'))) return refused('ALREADY_SUBSCRIBED', String(plan.id));
  if (active && billing.planId !== plan.id) {
    // A provider that renews by itself (Stripe) changes plans at the period's end, never with a second subscription.
    if (provider.recurring === 'provider') return refused('SUBSCRIPTION_CHANGE_REFUSED', 'the change takes effect at the end of the period');
    if (billing.origin === 'backoffice') return refused('SUBSCRIPTION_CHANGE_REFUSED', 'a backoffice subscription is changed through support');
    const current = billing.planId !== null ? await findPlan(db, billing.planId) : null;
    // Paying now is for upgrades; a cheaper plan starts at the end of the period already paid.
    if (current && priceOf(plan, currency) <= priceOf(current, currency)) return refused('SUBSCRIPTION_CHANGE_REFUSED', 'a cheaper plan starts at the end of the period');
    const quote = changeQuote(billing, { paid: await paidForPeriod(db, user.id, billing) }, { id: plan.id, price: priceOf(plan, currency) }, currency, now);
    const paying = payer(method, input);
    if (!paying.ok) return paying;
    return startCheckout(deps, user, billing, { plan, purpose: 'change', amount: quote.now.amount, credit: quote.now.credit, currency, provider, trialDays: 0, returnTo, method, ...paying.value }, now);
  }
  const purpose: Purpose = active ? 'renew' : 'subscribe';
  const paying = payer(method, input);
  if (!paying.ok) return paying;
  return startCheckout(deps, user, billing, { plan, purpose, amount: priceOf(plan, currency), currency, provider, trialDays, returnTo, method, ...paying.value }, now);
}

/** Mobile payment: the Moroccan mobile number (E.164; a leading 0 or +212 as typed is fine), else why it cannot pay. */
export function mobilePayer(phone: string | undefined): Result<string, MobileNumberRefusal> {
  const number = moroccanMobile(phone ?? '');
  return number.ok ? done(number.phone) : refused(number.refusal, 'phone');
}

/**
 * Spec §8 "phone alias attached to another user": a number that is another account's phone pays
 * only for that account (its owner gets the SMS code; the operator bills its line).
 */
export async function refuseOthersPhone(db: D1Database, phone: string, userId: string): Promise<Result<null>> {
  const owner = await db.prepare('SELECT id FROM users WHERE phone = ?').bind(phone).first<{ id: string }>();
  return owner && owner.id !== userId ? refused('PHONE_ALIAS_TAKEN', 'this number belongs to another account') : done(null);
}

const payer = (method: ProviderMethod, input: CheckoutInput): Result<{ payerPhone?: string }> => {
  if (method !== 'mobile') return done({});
  const phone = mobilePayer(input.phone);
  return phone.ok ? done({ payerPhone: phone.value }) : phone;
};

/** A ticket pack (pay per title): paid once by card or cash, never renewed; coupons are for plans. */
async function buyTickets(deps: PaymentDeps, user: UserRow, billing: Billing, pack: PlanRecord, input: CheckoutInput, method: SelfServiceMethod, returnTo: string | null, now: Date): Promise<Checkout> {
  if (method === 'coupon' || input.coupon) return refused('COUPON_NOT_FOR_PLAN', 'coupons are for subscription plans');
  const chosen = chooseCurrency(deps, billing, input.currency, method);
  if (!chosen.ok) return chosen;
  const paying = payer(method, input);
  if (!paying.ok) return paying;
  const { currency, provider } = chosen.value;
  return startCheckout(deps, user, billing, { plan: pack, purpose: 'tickets', amount: priceOf(pack, currency), currency, provider, trialDays: 0, returnTo, method, ...paying.value }, now);
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
export async function buyOrder(deps: PaymentDeps, user: UserRow, order: OrderCheckout, input: Pick<CheckoutInput, 'method' | 'phone'>, now: Date): Promise<Checkout> {
  const method = input.method ?? 'card';
  if (method !== 'card' && method !== 'mobile') return refused('PAYMENT_METHOD_NOT_FOR_TICKETS', method);
  const hidden = await findPlan(deps.db, ORDER_PLAN_ID);
  if (!hidden) return refused('ORDER_PLAN_MISSING', 'the order plan is missing');
  const billing = await billingOf(deps.db, user);
  if (!billing.ok) return billing;
  const chosen = chooseCurrency(deps, billing.value, order.currency, method);
  if (!chosen.ok) return chosen;
  const paying = payer(method, input);
  if (!paying.ok) return paying;
  const { currency, provider } = chosen.value;
  const plan = { ...hidden, name: { en: order.title, fr: order.title, ar: order.title, es: order.title } };
  return startCheckout(deps, user, billing.value, { plan, purpose: 'order', amount: order.amount, currency, provider, trialDays: 0, returnTo: order.returnTo, method, orderId: order.id, ...paying.value }, now);
}

/**
 * A coupon: for a first subscription or another period of the plan one has (not a change of plan).
 * Free (100 %, or free days): premium at once, a zero-amount invoice. Otherwise the rest is paid by card or cash.
 */
async function subscribeWithCoupon(deps: PaymentDeps, user: UserRow, billing: Billing, plan: PlanRecord, input: CheckoutInput, method: SelfServiceMethod, returnTo: string | null, now: Date): Promise<Checkout> {
  if (!input.coupon) return refused('COUPON_REQUIRED', 'no code');
  const currency = input.currency ?? billing.currency ?? 'MAD';
  const active = isActive(billing, now);
  if (active && billing.planId !== plan.id) return refused('SUBSCRIPTION_CHANGE_REFUSED', 'a coupon pays for a plan, not for a change of plan');
  const quoted = await quoteCoupon(deps.db, input.coupon, { id: plan.id, price: priceOf(plan, currency) }, currency, now);
  if (!quoted.ok) return quoted;
  const quote = quoted.value;
  const purpose = active ? 'renew' : 'subscribe';
  if (quote.amount === 0) return payWithCoupon(deps, user, plan, currency, quote, purpose, returnTo, now);
  if (method === 'coupon') return refused('COUPON_PARTIAL', String(quote.amount));
  const chosen = chooseCurrency(deps, billing, currency, method);
  if (!chosen.ok) return chosen;
  const { provider } = chosen.value;
  if (active && billing.planId === plan.id && !(provider.recurring === 'none' || method !== 'card' || (billing.cancelled && provider.recurring === 'merchant'))) return refused('ALREADY_SUBSCRIBED', String(plan.id));
  const paying = payer(method, input);
  if (!paying.ok) return paying;
  return startCheckout(deps, user, billing, { plan, purpose, amount: quote.amount, currency, provider, trialDays: 0, returnTo, method, coupon: quote, ...paying.value }, now);
}

/** Nothing to pay: the coupon's use, the period (the plan's, or the coupon's free days), a zero-amount invoice, in one go. */
async function payWithCoupon(deps: Pick<PaymentDeps, 'db' | 'mailer'>, user: UserRow, plan: PlanRecord, currency: Currency, quote: CouponQuote, purpose: 'subscribe' | 'renew', returnTo: string | null, now: Date): Promise<Checkout> {
  const { db } = deps;
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const taken = await redeem(db, quote.coupon.code, user.id, id, at);
  if (!taken.ok) return taken;
  const lang = await userLang(db)(user.id);
  let refusal: Refused | null;
  try {
    refusal = await update<Refused | null>(
      db,
      user.id,
      (billing) => {
        const duration = quote.freeDays ? quote.freeDays * 1440 : plan.duration;
        const out = apply(billing, { type: 'paid', plan: { id: plan.id, duration, trialDays: 0 }, purpose, trial: false, recurring: 'none', provider: 'coupon', currency }, now);
        if (!out.ok) return { skip: refused('SUBSCRIPTION_CHANGE_REFUSED', out.refusal) };
        const next = out.next;
        return {
          write: next,
          guarded: (won, wid) => [
            insertTransaction(db, { id, userId: user.id, planId: plan.id, purpose, provider: 'coupon', amount: 0, currency, trialDays: 0, state: 'pending', returnTo, at, method: 'coupon', couponCode: quote.coupon.code, discount: quote.discount }, won, wid),
            setTransactionState(db, { id, state: 'accepted', from: ['pending'], at }, won, wid),
            insertInvoice(db, { transactionId: id, userId: user.id, at, lang, periodStart: next.start ?? at, periodEnd: next.end ?? at }, won, wid),
          ],
          result: null,
        };
      },
      now,
    );
  } catch (error) {
    await releaseStatement(db, id).run();
    throw error;
  }
  if (refusal) {
    await releaseStatement(db, id).run();
    return refusal;
  }
  await deps.mailer.settled({ outcome: 'applied', userId: user.id, kind: 'accepted', transactionId: id, invoice: true }, now);
  return done({ transaction: { id, state: 'accepted' }, checkout: null });
}

/** A cash voucher withdrawn by its owner before paying: the network first (it may have been paid meanwhile), then here. */
export async function cancelVoucher(deps: Pick<PaymentDeps, 'db' | 'providers'>, userId: string, transactionId: string, now: Date): Promise<Result<null>> {
  const { db } = deps;
  const tx = await findTransaction(db, transactionId);
  if (!tx || tx.user_id !== userId) return refused('PAYMENT_NOT_FOUND', transactionId);
  if (tx.method !== 'cash' || tx.state !== 'pending') return refused('VOUCHER_NOT_CANCELLABLE', tx.state);
  const provider = deps.providers.byId(tx.provider);
  if (provider?.cancelVoucher && tx.provider_ref && !(await provider.cancelVoucher(tx.provider_ref))) return refused('VOUCHER_ALREADY_PAID', transactionId);
  const at = now.toISOString();
  const closed = await update<boolean>(
    db,
    userId,
    async (billing) => {
      const current = await findTransaction(db, transactionId);
      if (current?.state !== 'pending') return { skip: false };
      const out = apply(billing, { type: 'pending_cleared' }, now);
      return {
        write: out.ok ? out.next : billing,
        guarded: (won, wid) => [setTransactionState(db, { id: transactionId, state: 'cancelled', from: ['pending'], error: 'VOUCHER_CANCELLED', at }, won, wid), releaseStatement(db, transactionId, won, wid)],
        result: true,
      };
    },
    now,
  );
  return closed ? done(null) : refused('VOUCHER_NOT_CANCELLABLE', 'already settled');
}

/** A trial with no card: its identifiers claimed, then one state change and an accepted zero-amount transaction, no invoice. */
async function startTrialWithoutCard(db: D1Database, who: TrialWho, plan: PlanRecord, currency: Currency, provider: PaymentProvider, now: Date): Promise<Checkout> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const { user } = who;
  if (!(await claimTrial(db, who, at))) return refused('TRIAL_ALREADY_USED', TRIAL_USED);
  const started = await update<boolean>(
    db,
    user.id,
    (billing) => {
      if (billing.freeSubscriptions > 0 || isActive(billing, now)) return { skip: false };
      const out = apply(billing, { type: 'paid', plan: { id: plan.id, duration: plan.duration, trialDays: plan.trial_days }, purpose: 'subscribe', trial: true, recurring: 'none', provider: provider.id, currency }, now);
      if (!out.ok) return { skip: false };
      return {
        write: out.next,
        guarded: (won, wid) => [
          insertTransaction(db, { id, userId: user.id, planId: plan.id, purpose: 'subscribe', provider: provider.id, amount: 0, currency, trialDays: plan.trial_days, state: 'pending', returnTo: null, at }, won, wid),
          setTransactionState(db, { id, state: 'accepted', from: ['pending'], at }, won, wid),
        ],
        result: true,
      };
    },
    now,
  );
  if (!started) return refused('SUBSCRIPTION_CHANGE_REFUSED', 'the free trial is already used');
  return done({ transaction: { id, state: 'accepted' }, checkout: null });
}

/** The browser is back from the provider before its callback: ask the provider, settle what it says. */
export async function confirmTransaction(deps: Pick<PaymentDeps, 'db' | 'providers'>, userId: string, transactionId: string, now: Date): Promise<Result<{ state: string; settlement: Settlement | null }>> {
  const { db } = deps;
  const tx = await findTransaction(db, transactionId);
  if (!tx || tx.user_id !== userId) return refused('PAYMENT_NOT_FOUND', transactionId);
  const unchanged = done({ state: tx.state, settlement: null });
  if (tx.state !== 'created' && tx.state !== 'pending') return unchanged;
  const provider = deps.providers.byId(tx.provider);
  if (!provider?.confirm || !tx.provider_ref) return unchanged;
  const event = await provider.confirm(tx.provider_ref, tx.id).catch(() => null);
  if (!event) return unchanged;
  const settlement = await settle(db, provider, event, now, userLang(db));
  return done({ state: (await findTransaction(db, transactionId))?.state ?? tx.state, settlement });
}

async function confirmByToken(deps: Pick<PaymentDeps, 'db' | 'providers'>, user: UserRow, token: string, now: Date): Promise<Checkout> {
  const row = await deps.db.prepare('SELECT id FROM transactions WHERE user_id = ? AND (provider_ref = ?2 OR id = ?2)').bind(user.id, token).first<{ id: string }>();
  if (!row) return refused('PAYMENT_NOT_FOUND', 'token');
  const confirmed = await confirmTransaction(deps, user.id, row.id, now);
  if (!confirmed.ok) return confirmed;
  const { state } = confirmed.value;
  if (state === 'failed' || state === 'expired') return refused('PAYMENT_FAILED', row.id);
  return done({ transaction: { id: row.id, state: state as CheckoutAnswer['transaction']['state'] }, checkout: null });
}

/** A checkout that only saves a card (managePayment → replace): amount 0, no plan change. */
export async function saveCard(deps: PaymentDeps, user: UserRow, now: Date): Promise<Checkout> {
  const billing = await billingOf(deps.db, user);
  if (!billing.ok) return billing;
  const chosen = chooseCurrency(deps, billing.value, undefined);
  if (!chosen.ok) return chosen;
  const { currency, provider } = chosen.value;
  if (provider.recurring === 'none') return refused('PAYMENT_UNAVAILABLE', `${provider.id} keeps no card`);
  const plan = billing.value.planId !== null ? await findPlan(deps.db, billing.value.planId) : null;
  if (!plan) return refused('NOT_SUBSCRIBED', 'no plan to pay with a card');
  return startCheckout(deps, user, billing.value, { plan, purpose: 'card', amount: 0, currency, provider, trialDays: 0, returnTo: '/settings/managePayment' }, now);
}

/**
 * Mobile payment, second step: the payer typed the SMS code sent to the number (5 tries, counted
 * exactly), then the operator takes the amount; what it says is settled like any payment.
 */
export async function confirmMobilePayment(deps: PaymentDeps, userId: string, transactionId: string, code: string, now: Date): Promise<Result<{ state: string }>> {
  const { db } = deps;
  const tx = await findTransaction(db, transactionId);
  if (!tx || tx.user_id !== userId || tx.method !== 'mobile') return refused('PAYMENT_NOT_FOUND', transactionId);
  if (tx.state !== 'created') return done({ state: tx.state });
  const provider = tx.provider === 'mobile' || tx.provider === 'sandbox' ? deps.providers.byId(tx.provider) : null;
  if (!provider || !('confirmMobile' in provider) || !tx.provider_ref || !tx.payer_phone) return refused('MOBILE_PROVIDER_GONE', 'no mobile provider');
  const checked = await deps.codes.check(tx.payer_phone, code);
  if (checked === null) return refused('INVALID_CODE', 'code');
  await useCode(db, checked);
  let event: PaymentEvent;
  try {
    event = await (provider as MobileProvider).confirmMobile(tx.provider_ref, tx.id);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return refused('PROVIDER_FAILED', 'the operator could not be reached');
  }
  const settlement = await settle(db, provider, event, now, userLang(db));
  await deps.mailer.settled(settlement, now);
  return done({ state: (await findTransaction(db, transactionId))?.state ?? tx.state });
}
