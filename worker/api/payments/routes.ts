import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { caller, requireAuth } from '../kernel/auth';
import { findUserById } from '../kernel/users';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { optionalJsonBody, validationHook } from '../kernel/validation';
import { cancelVoucher, confirmMobilePayment, confirmTransaction, mobilePayer, refuseOthersPhone, saveCard, subscribe, userLang } from './checkout';
import { noticeDeps, paymentDeps } from './deps';
import { answer, refuse } from '../kernel/refusals';
import { PAYMENT_REFUSALS, type Result } from './refusals';
import { consumeAll, limiter, type LimitRule } from '../../limits';
import { createCode } from '../kernel/codes';
import { clientOf, countSms, deliverCode, tooMany } from '../kernel/request';
import { quoteCoupon } from './coupons';
import { SELF_SERVICE_METHODS } from '../../rules/payment-methods';
import { activePacks, activePlans, findPlan, priceOf } from './plans';
import { listUnlocks, ticketsOf } from './tickets';
import { langQuery } from '../schemas';
import { cashProvider, mobilePaymentProvider, providerById, providerFor, PROVIDER_IDS } from './providers';
import type { PaymentProvider } from './providers/types';
import { changeQuote } from './quote';
import { CheckoutAnswer, Currency, type SubscriptionView } from './schemas';
import { attemptsOf, once } from './once';
import { afterAnswer, executionContext, notifySettlement } from './notify';
import { settle } from './settle';
import { apply, type Billing, type Event } from './state';
import { loadBilling, update } from './store';
import { findTransaction, listTransactions, paidForPeriod } from './transactions';
import { documentPdf, invoiceDocument } from './invoices';

/**
 * Subscriptions and card payments (issue 13; spec §7 payments), mounted under /payments:
 *   GET    /payments/plans  GET /payments/packs  the plans and the ticket packs on sale
 *   GET    /payments/tickets?lang=               the ticket balance (credits) and the titles unlocked
 *   GET    /payments/methods?currency=           the ways to pay in a currency (card, mobile, cash, coupon)
 *   GET    /payments/subscription                the state machine's view (plan, state, trial, card)
 *   POST   /payments/subscription/:id            subscribe: { token, bypass, currency, returnTo, method, coupon } → checkout
 *                                                 (method cash → a voucher waiting for validation; a coupon that covers it all → premium now)
 *   GET    /payments/coupons/:code?plan=&currency=  what a coupon makes of a plan's price (each refusal its own message)
 *   POST   /payments/transactions/:id/cancel     withdraw a cash voucher not paid yet
 *   POST   /payments/transactions/:id/mobile     { code }: the SMS code that confirms a mobile payment (method mobile, { phone })
 *   DELETE /payments/subscription                cancel at the end of the period (YOU_UNSUBSCRIBED)
 *   POST   /payments/subscription/resume         undo a cancel before the end
 *   GET    /payments/subscription/change/:id     what a change costs, now or at the period's end
 *   POST   /payments/subscription/change/:id     { when: 'period_end' } schedules it; { when: 'now' } → checkout
 *   DELETE /payments/subscription/change         drop a scheduled change
 *   POST   /payments/card  DELETE /payments/card replace (checkout of a card) or forget the saved card
 *   GET    /payments/transactions[/:id]          billing activity; POST …/:id/confirm asks the provider
 *   GET    /payments/invoices/:number.pdf         the invoice of an accepted payment (its owner only)
 *   POST   /payments/callback/:provider          the providers' server-to-server notifications (signed)
 * Time comes from `now(c)`: tests set the `x-test-now` header only where TEST_CLOCK is on.
 */

type Ctx = Context<AppEnv>;

export { now };

const IdParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });
const TxParam = z.object({ id: z.string().uuid() });
const SubscribeInput = z.object({
  token: z.string().min(1).max(200).optional(),
  bypass: z.boolean().optional(),
  currency: Currency.optional(),
  returnTo: z.string().max(300).optional(),
  method: z.enum(SELF_SERVICE_METHODS).optional(),
  coupon: z.string().max(64).optional(),
  phone: z.string().max(20).optional(),
  /** A random id the checkout form carries: the same form posted twice starts one checkout (./once.ts). */
  attempt: z.string().uuid().optional(),
});
const MobileCode = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'INVALID_CODE') });
const CouponQuery = z.object({ plan: z.coerce.number().int().positive().max(2 ** 31), currency: Currency.optional() });
const ChangeInput = z.object({ when: z.enum(['now', 'period_end']), currency: Currency.optional() });
const QuoteQuery = z.object({ currency: Currency.optional() });

/** A payments result as the API's answer: its value, or its refusal's status and `CODE: detail` (PAYMENT_REFUSALS). */
const paid = <T>(result: Result<T>): T => answer(PAYMENT_REFUSALS, result);

/**
 * Coupon codes tried (looked up or redeemed) by the caller: per account, and per address when the
 * request carries one (every request through the edge does), counted before the code is checked.
 */
const couponKeys = (c: Ctx): [LimitRule, string][] => {
  const { ip } = clientOf(c);
  return [['coupon-account', caller(c).user.id], ...(ip ? [['coupon-ip', ip] as [LimitRule, string]] : [])];
};

/** Counts a coupon try; a refusal is the 429 to answer (COUPON_TOO_FREQUENT with its delay). */
async function countCouponTry(c: Ctx): Promise<Response | null> {
  const gate = await consumeAll(c.env, couponKeys(c));
  return gate.allowed ? null : tooMany(c, 'COUPON_TOO_FREQUENT', gate.retryAfter, `too many coupon codes tried, wait ${gate.retryAfter} seconds`);
}

/** A code that worked gives its try back: only wrong guesses use up the budget. */
const couponWorked = (c: Ctx): Promise<unknown> => Promise.all(couponKeys(c).map(([rule, key]) => limiter(c.env).release(rule, key)));

/** A checkout with a coupon (POST /subscription/:id): one try counted before the code is checked, given back when the checkout starts. */
async function couponTries(c: Ctx, next: Next): Promise<Response | void> {
  const input = await optionalJsonBody(c, SubscribeInput);
  if (input.coupon === undefined && input.method !== 'coupon') return next();
  const refused = await countCouponTry(c);
  if (refused) return refused;
  await next();
  if (c.res.status === 200) await couponWorked(c);
}

/** Applies a user's own action to their state (compare-and-set); a refusal is a 409 with its message. */
async function act(c: Ctx, event: (b: Billing) => Event, provider?: (b: Billing) => Promise<void>): Promise<Billing> {
  const { user } = caller(c);
  const at = now(c);
  const before = await loadBilling(c.env.DB, user.id);
  if (!before) apiError(401, 'NOT_AUTHORIZED', 'user gone');
  const check = apply(before, event(before), at);
  if (!check.ok) refuse(PAYMENT_REFUSALS, check.refusal);
  // Providers that renew by themselves learn it first: if they refuse, nothing changed here.
  if (provider) await provider(before);
  return update<Billing>(
    c.env.DB,
    user.id,
    (b) => {
      const out = apply(b, event(b), at);
      if (!out.ok) refuse(PAYMENT_REFUSALS, out.refusal);
      return { write: out.next, result: out.next };
    },
    at,
  );
}

function viewOf(c: Ctx, b: Billing): SubscriptionView {
  const provider = b.provider ? providerById(c.env, b.provider) : null;
  return {
    state: b.state,
    plan_id: b.planId,
    next_plan_id: b.nextPlanId,
    provider: b.provider,
    currency: b.currency,
    origin: b.origin,
    trial_end: b.trialEnd,
    card: b.card,
    recurring: provider?.recurring ?? null,
  };
}

/** The provider that renews this subscription by itself (Stripe), if any. */
function renewingProvider(c: Ctx, b: Billing): PaymentProvider | null {
  const provider = b.provider ? providerById(c.env, b.provider) : null;
  return provider?.recurring === 'provider' && b.subscriptionRef ? provider : null;
}

/** A subscription's checkout (POST /payments/subscription/:id); mobile payment first sends its SMS code, under the SMS limits. */
async function startSubscription(c: Ctx, planId: number, input: z.infer<typeof SubscribeInput>): Promise<CheckoutAnswer> {
  const device = clientOf(c).deviceId || undefined;
  const deps = paymentDeps(c.env);
  if (input.method !== 'mobile') return paid(await subscribe(deps, caller(c).user, planId, { ...input, device }, now(c)));
  // Mobile payment: the payer's consent is an SMS code, under the SMS sending limits (spec §8: daily SMS limit, too frequent).
  const phone = paid(mobilePayer(input.phone));
  paid(await refuseOthersPhone(c.env.DB, phone, caller(c).user.id));
  const sms = await countSms(c, phone);
  if (sms.refused) throw new HTTPException(429, { res: sms.refused });
  const started = paid(await subscribe(deps, caller(c).user, planId, { ...input, phone, device }, now(c)));
  if (started.transaction.state === 'created') await deliverCode(c, 'sms', phone, await createCode(c.env, 'sms', phone, 'payment'));
  return started;
}

export const payments = new Hono<AppEnv>()
  .get('/plans', async (c) => c.json(await activePlans(c.env.DB)))
  .get('/packs', async (c) => c.json(await activePacks(c.env.DB)))

  // The ways to pay in a currency (the method picker): card and cash where a provider is configured; a coupon always.
  .get('/methods', zValidator('query', z.object({ currency: Currency.default('MAD') }), validationHook), (c) => {
    const { currency } = c.req.valid('query');
    const methods = [
      ...(providerFor(c.env, currency) ? ['card' as const] : []),
      ...(mobilePaymentProvider(c.env, currency) ? ['mobile' as const] : []),
      ...(cashProvider(c.env, currency) ? ['cash' as const] : []),
      'coupon' as const,
    ];
    return c.json({ currency, methods });
  })

  .post('/callback/:provider', async (c) => {
    const id = c.req.param('provider');
    const provider = PROVIDER_IDS.includes(id as PaymentProvider['id']) ? providerById(c.env, id) : null;
    if (!provider) apiError(404, 'PAYMENT_NOT_FOUND', `no provider ${id}`);
    const reading = await provider.readCallback(c.req.raw);
    if (!reading.verified) {
      console.warn(JSON.stringify({ level: 'warn', event: 'payment_callback_refused', provider: id, reason: reading.reason, requestId: c.req.header('x-request-id') }));
      return reading.answer();
    }
    const notices = noticeDeps(c.env);
    try {
      for (const event of reading.events) {
        const result = await settle(c.env.DB, provider, event, now(c), userLang(c.env.DB));
        console.log(JSON.stringify({ level: 'info', event: 'payment_callback', provider: id, kind: event.kind, eventId: event.eventId, ...result }));
        await afterAnswer(executionContext(c), notifySettlement(notices, result, now(c)));
      }
      return reading.answer('done');
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', event: 'payment_callback_failed', provider: id, error: String(error) }));
      return reading.answer('retry');
    }
  })

  .use('/subscription/*', requireAuth)
  .use('/subscription', requireAuth)
  .use('/card', requireAuth)
  .use('/transactions/*', requireAuth)
  .use('/transactions', requireAuth)

  .get('/subscription', async (c) => {
    const billing = await loadBilling(c.env.DB, caller(c).user.id);
    if (!billing) apiError(401, 'NOT_AUTHORIZED', 'user gone');
    return c.json(viewOf(c, billing));
  })

  .delete('/subscription', async (c) => {
    const billing = await act(c, () => ({ type: 'cancel' }), async (b) => renewingProvider(c, b)?.setCancelAtPeriodEnd?.(b.subscriptionRef ?? '', true));
    return c.json({ message: 'YOU_UNSUBSCRIBED', subscription: viewOf(c, billing) });
  })

  .post('/subscription/resume', async (c) => {
    const billing = await act(
      c,
      (b) => ({ type: 'resume', recurring: (b.provider ? providerById(c.env, b.provider)?.recurring : null) ?? 'none' }),
      async (b) => renewingProvider(c, b)?.setCancelAtPeriodEnd?.(b.subscriptionRef ?? '', false),
    );
    return c.json({ message: 'SUBSCRIPTION_RESUMED', subscription: viewOf(c, billing) });
  })

  .get('/subscription/change/:id', zValidator('param', IdParam, validationHook), zValidator('query', QuoteQuery, validationHook), async (c) => {
    const { user } = caller(c);
    const billing = await loadBilling(c.env.DB, user.id);
    const target = await findPlan(c.env.DB, c.req.valid('param').id);
    if (!billing || !target || !target.is_active) apiError(404, 'PLAN_NOT_FOUND', String(c.req.valid('param').id));
    const currency = c.req.valid('query').currency ?? billing.currency ?? 'MAD';
    const paid = await paidForPeriod(c.env.DB, user.id, billing);
    return c.json(changeQuote(billing, { paid }, { id: target.id, price: priceOf(target, currency) }, currency, now(c)));
  })

  .post('/subscription/change/:id', zValidator('param', IdParam, validationHook), zValidator('json', ChangeInput, validationHook), async (c) => {
    const { id } = c.req.valid('param');
    const { when, currency } = c.req.valid('json');
    const target = await findPlan(c.env.DB, id);
    if (!target || !target.is_active) apiError(404, 'PLAN_NOT_FOUND', String(id));
    if (when === 'now') return c.json(paid(await subscribe(paymentDeps(c.env), caller(c).user, id, { currency }, now(c))));
    const billing = await act(
      c,
      () => ({ type: 'change_at_period_end', planId: id }),
      async (b) => {
        const provider = renewingProvider(c, b);
        if (provider?.changePlan && b.currency) await provider.changePlan(b.subscriptionRef ?? '', { id, name: target.name.en, durationMinutes: target.duration }, { amount: priceOf(target, b.currency), currency: b.currency });
      },
    );
    return c.json({ message: 'SUBSCRIPTION_CHANGE_SCHEDULED', subscription: viewOf(c, billing) });
  })

  .delete('/subscription/change', async (c) => {
    const billing = await act(c, () => ({ type: 'change_at_period_end', planId: null }));
    return c.json({ message: 'SUBSCRIPTION_CHANGE_DROPPED', subscription: viewOf(c, billing) });
  })

  .post('/subscription/:id', zValidator('param', IdParam, validationHook), couponTries, async (c) => {
    const input = await optionalJsonBody(c, SubscribeInput);
    const planId = c.req.valid('param').id;
    const start = () => startSubscription(c, planId, input);
    // A form posted twice (its `attempt`) starts one checkout and answers the same twice.
    if (!input.attempt) return c.json(await start());
    const key = [caller(c).user.id, input.attempt, planId, input.method ?? 'card', input.currency ?? '', input.coupon ?? '', input.phone ?? ''].join(':');
    return c.json(paid(await once(attemptsOf(c.env), key, start, (v) => CheckoutAnswer.parse(v))));
  })

  .use('/coupons/*', requireAuth)
  .get('/coupons/:code', zValidator('query', CouponQuery, validationHook), async (c) => {
    const { plan: planId, currency: wanted } = c.req.valid('query');
    const plan = await findPlan(c.env.DB, planId);
    if (!plan || !plan.is_active) apiError(404, 'PLAN_NOT_FOUND', String(planId));
    const currency = wanted ?? 'MAD';
    const refused = await countCouponTry(c);
    if (refused) return refused;
    const quote = paid(await quoteCoupon(c.env.DB, c.req.param('code'), { id: plan.id, price: priceOf(plan, currency) }, currency, now(c)));
    await couponWorked(c);
    return c.json({ code: quote.coupon.code, kind: quote.coupon.kind, value: quote.coupon.value, price: priceOf(plan, currency), amount: quote.amount, discount: quote.discount, free_days: quote.freeDays, currency });
  })

  .post('/card', async (c) => c.json(paid(await saveCard(paymentDeps(c.env), caller(c).user, now(c)))))

  .delete('/card', async (c) => {
    const { user } = caller(c);
    const before = await loadBilling(c.env.DB, user.id);
    if (!before?.card) apiError(404, 'PAYMENT_NOT_FOUND', 'no saved card');
    const provider = before.provider ? providerById(c.env, before.provider) : null;
    if (provider?.removeCard && before.customerRef) await provider.removeCard(before.customerRef);
    const billing = await act(c, () => ({ type: 'card_removed' }));
    return c.json({ message: 'CARD_REMOVED', subscription: viewOf(c, billing) });
  })

  .use('/invoices/*', requireAuth)
  .get('/invoices/:file', async (c) => {
    const match = /^(\d{1,9})\.pdf$/.exec(c.req.param('file'));
    if (!match) apiError(400, 'BAD_TRANSACTION_QUERY', 'invoice');
    const doc = await invoiceDocument(c.env.DB, c.env, caller(c).user.id, Number(match[1]));
    if (!doc) apiError(404, 'PAYMENT_NOT_FOUND', 'invoice');
    return documentPdf(c.env.MEDIA, 'invoices', doc);
  })

  .get('/transactions', async (c) => c.json(await listTransactions(c.env.DB, caller(c).user.id)))

  .use('/tickets', requireAuth)
  .get('/tickets', zValidator('query', langQuery, validationHook), async (c) => {
    const { user } = caller(c);
    const [credits, unlocks] = await Promise.all([ticketsOf(c.env.DB, user.id), listUnlocks(c.env.DB, user.id, c.req.valid('query').lang)]);
    return c.json({ credits, unlocks });
  })

  .get('/transactions/:id', zValidator('param', TxParam, (r, c) => (r.success ? undefined : apiError(400, 'BAD_TRANSACTION_QUERY', 'id'))), async (c) => {
    const tx = await findTransaction(c.env.DB, c.req.valid('param').id);
    if (!tx || tx.user_id !== caller(c).user.id) apiError(404, 'PAYMENT_NOT_FOUND', c.req.valid('param').id);
    const { user_id: _u, provider_ref: _r, ...own } = tx;
    return c.json(own);
  })

  .post('/transactions/:id/mobile', zValidator('param', TxParam, (r, c) => (r.success ? undefined : apiError(400, 'BAD_TRANSACTION_QUERY', 'id'))), zValidator('json', MobileCode, validationHook), async (c) => {
    return c.json(paid(await confirmMobilePayment(paymentDeps(c.env), caller(c).user.id, c.req.valid('param').id, c.req.valid('json').code, now(c))));
  })

  .post('/transactions/:id/cancel', zValidator('param', TxParam, (r, c) => (r.success ? undefined : apiError(400, 'BAD_TRANSACTION_QUERY', 'id'))), async (c) => {
    paid(await cancelVoucher(paymentDeps(c.env), caller(c).user.id, c.req.valid('param').id, now(c)));
    return c.json({ message: 'VOUCHER_CANCELLED' });
  })

  .post('/transactions/:id/confirm', zValidator('param', TxParam, (r, c) => (r.success ? undefined : apiError(400, 'BAD_TRANSACTION_QUERY', 'id'))), async (c) => {
    const { state } = paid(await confirmTransaction(paymentDeps(c.env), caller(c).user.id, c.req.valid('param').id, now(c)));
    const user = await findUserById(c.env.DB, caller(c).user.id);
    return c.json({ state, subscription_id: user?.subscription_id ?? null });
  });

