import { Hono } from 'hono';
import type { ComponentProps } from 'react';
import { z } from 'zod';
import { BravoPage, bravoTitle } from '../../../client/pages/subscription/BravoPage';
import { BillingActivityPage, ChangeSubscriptionPage, ManagePaymentPage, type ChangeQuoteView } from '../../../client/pages/subscription/SettingsPages';
import { SubscriptionPage } from '../../../client/pages/subscription/SubscriptionPage';
import type { User } from '../../api/auth/schemas';
import { ChangeQuote, CheckoutAnswer, PaymentMethods, SubscriptionView, TicketsView, Transaction } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { sameSitePath } from '../../rules/return-path';
import { isSelfServiceMethod, moroccanMobile } from '../../rules/payment-methods';
import { renderMobilePhone } from '../mobile/routes';
import { currencyFor, isCurrency, PAID_TOASTS, type Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { readFlash } from '../../session/cookies';
import { done, loggedIn } from '../kit/account';
import { toProvider } from '../kit/checkout';
import { definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown } from '../kit/page';
import { loadConfig, loadPacks, loadPlanOrPack, serverApi } from '../loaders';
import type { FormState } from '../../../client/components/FormState';

/**
 * Subscribing (issue 13, spec §2): /subscription (plans, method picker, then the provider's
 * checkout), /bravoPage (after paying), and the settings pages /settings/changeSubscription,
 * /settings/managePayment, /settings/billingActivity. Plain HTML forms posted here and sent to the
 * API (worker/api/payments); the browser only ever chooses a plan, a currency and a method.
 */

const loadView = (c: Ctx) => serverApi(c).request('/payments/subscription', (v) => SubscriptionView.parse(v));
const loadTransaction = (c: Ctx, id: string) => serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v));

const isTxId = (value: string | undefined): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value);

/** Currencies with a provider: the plans' prices exist in all three; which can be paid is the API's to say (a failed checkout). */
const CURRENCY_LIST: Currency[] = ['MAD', 'EUR', 'USD'];

/** The visitor's currency: chosen (?currency=), else the one they pay in, else by request country (MAD in Morocco). */
function currencyOf(c: Ctx, view: SubscriptionView | null): Currency {
  const asked = c.req.query('currency');
  if (isCurrency(asked)) return asked;
  return view?.currency ?? currencyFor(c.get('country'));
}

/**
 * A checkout that came back failed or cancelled (?tx=): its message, and what was chosen for it (plan,
 * currency, method, code, the way back), so the page comes back as the person left it.
 */
async function returnedState(c: Ctx): Promise<{ form: FormState; returnTo: string | null } | undefined> {
  const id = c.req.query('tx');
  if (!isTxId(id) || !loggedIn(c)) return undefined;
  await callApi(c, `/payments/transactions/${id}/confirm`, 'POST').catch(() => null);
  const tx = await loadTransaction(c, id).catch(() => null);
  if (!tx) return { form: { message: { kind: 'danger', key: 'PAYMENT_NOT_FOUND' } }, returnTo: null };
  const values = { plan: String(tx.plan_id), method: tx.method, coupon: tx.coupon_code ?? '', currency: tx.currency };
  const message = returnedMessage(tx);
  return { form: { values, ...(message ? { message } : {}) }, returnTo: sameSitePath(tx.return_to ?? undefined) };
}

function returnedMessage(tx: Transaction): FormState['message'] {
  if (tx.state === 'failed') return { kind: 'danger', key: tx.error === '3DS_FAILED' ? 'PAYMENT_ERROR_3DS_FAILED' : tx.error === 'CARD_DECLINED' ? 'PAYMENT_ERROR_CARD_DECLINED' : 'PAYMENT_FAILED' };
  if (tx.state === 'pending') return { kind: 'info', key: 'PAYMENT_PENDING' };
  if (tx.state === 'created' || tx.state === 'expired') return { kind: 'info', key: 'PAYMENT_CANCELLED' };
  return undefined;
}

/** The plans page as the visitor left it: the posted form, else the checkout that came back (?tx=), else the address. */
async function subscriptionProps(c: Ctx, user: User | null, posted?: FormState): Promise<ComponentProps<typeof SubscriptionPage>> {
  // What the person chose survives every refusal and every switch: the posted form, else the checkout that came back (?tx=), else the address.
  const returned = posted ? undefined : await returnedState(c);
  const form = posted ?? returned?.form;
  const [config, view] = await Promise.all([loadConfig(c), user ? loadView(c) : Promise.resolve(null)]);
  const kept = form?.values?.currency;
  const currency = isCurrency(kept) ? kept : currencyOf(c, view);
  const [{ methods }, packs] = await Promise.all([
    user ? serverApi(c).request(`/payments/methods?currency=${currency}`, (v) => PaymentMethods.parse(v)) : Promise.resolve({ methods: [] }),
    loadPacks(c),
  ]);
  const chosen = Number.parseInt(form?.values?.plan ?? c.req.query('plan') ?? '', 10);
  const returnTo = sameSitePath(form?.values?.returnTo ?? undefined) ?? returned?.returnTo ?? sameSitePath(c.req.query('returnTo'));
  return {
    plans: config.subscriptions,
    currency,
    methods,
    packs,
    currencies: CURRENCY_LIST,
    guest: !user,
    codeStep: config.options.TOKENIZED_REGISTER === true,
    view,
    chosen: Number.isInteger(chosen) ? chosen : null,
    trialEligible: !user || user.free_subscriptions === 0,
    trialEndIfNow: (days) => new Date(Date.now() + days * 86_400_000).toISOString(),
    returnTo,
    attempt: crypto.randomUUID(),
    ...(form ? { form } : {}),
  };
}

/** POST /subscription: the API starts the checkout; the browser goes to the provider (or straight to /bravoPage for a trial without card). */
async function checkout({ c, t }: PageArgs<'member'>, form: Form): Promise<Response | Shown<FormState>> {
  const plan = Number.parseInt(form.plan ?? '', 10);
  const currency = isCurrency(form.currency) ? form.currency : undefined;
  const coupon = (form.coupon ?? '').trim();
  // What was typed comes back with any error (the plan's card keeps its method, code, currency and way back).
  const values = { plan: form.plan ?? '', method: form.method ?? '', coupon, currency: currency ?? '', returnTo: sameSitePath(form.returnTo) ?? '' };
  if (!Number.isInteger(plan) || !isSelfServiceMethod(form.method)) return { state: { values, message: { kind: 'danger', key: 'CHOOSE_PLAN_AND_METHOD' } }, status: 400 };
  // The coupon method is the code: without one there is nothing to check (said at the field).
  if (form.method === 'coupon' && coupon === '') return { state: { values, errors: { coupon: 'COUPON_REQUIRED' } }, status: 400 };
  // Mobile payment asks for the number first (spec §5: without the leading zero), on a page of its own.
  const mobile = { plan, currency: currency ?? 'MAD', returnTo: sameSitePath(form.returnTo), coupon };
  let phone: string | undefined;
  if (form.method === 'mobile') {
    if (form.phone_national === undefined) return renderMobilePhone(c, t, mobile);
    // Moroccan operators only; "06 12…" and "+212 6…" are the same number (the 0 is dropped, not refused).
    const national = form.phone_national.trim();
    const number = moroccanMobile(national);
    if (!number.ok) return renderMobilePhone(c, t, mobile, { values: { phone_national: national }, errors: { phone_national: number.refusal } }, 400);
    phone = number.phone;
  }
  let answer: CheckoutAnswer;
  try {
    const attempt = z.string().uuid().safeParse(form.attempt);
    const body = { currency, method: form.method, ...(coupon ? { coupon } : {}), ...(form.returnTo ? { returnTo: form.returnTo } : {}), ...(phone ? { phone } : {}), ...(attempt.success ? { attempt: attempt.data } : {}) };
    answer = CheckoutAnswer.parse(await callApi(c, `/payments/subscription/${plan}`, 'POST', body));
  } catch (error) {
    const { key, status } = formFailure(error);
    if (phone) return renderMobilePhone(c, t, mobile, { values: { phone_national: form.phone_national ?? '' }, ...(key.startsWith('PHONE') || key.startsWith('MOBILE_PAY_') || key === 'VALID_PHONE_REQUIRED' ? { errors: { phone_national: key } } : { message: { kind: 'danger', key } }) }, status);
    return { state: { values, ...(key.startsWith('COUPON_') ? { errors: { coupon: key } } : { message: { kind: 'danger', key } }) }, status };
  }
  if (!answer.checkout) return done(c, 'YOU_SUBSCRIBED', `/bravoPage?tx=${answer.transaction.id}`);
  if (phone) return done(c, 'MOBILE_PAY_CODE_SENT_TOAST', new URL(answer.checkout.url).pathname);
  // A cash voucher: our own page shows it (reference, code, where to pay).
  if (answer.transaction.state === 'pending') return done(c, 'VOUCHER_CREATED', new URL(answer.checkout.url).pathname);
  return toProvider(c, t, answer.checkout);
}


/** GET /bravoPage?tx=: asks the provider if the callback has not come yet, then says what happened. */
async function bravo({ c, user }: PageArgs<'member'>) {
  const id = c.req.query('tx');
  if (!isTxId(id)) return c.redirect('/profile?t=subscriptions', 302);
  await callApi(c, `/payments/transactions/${id}/confirm`, 'POST').catch(() => null);
  const tx = await loadTransaction(c, id).catch(() => null);
  if (!tx) return c.redirect('/profile?t=subscriptions', 302);
  // An event order (issue 17) says what became of it on its own page (worker/pages/events).
  if (tx.purpose === 'order') return c.redirect(tx.return_to ?? '/my-tickets', 302);
  if (tx.state === 'failed' || tx.state === 'expired' || tx.state === 'created') return c.redirect(`/subscription?tx=${id}`, 302);
  const plan = await loadPlanOrPack(c, tx.plan_id);
  // Spec §8 YOU_SUBSCRIBED, or what else was bought: the toast of this very page (once, replacing any queued on the way here).
  const paid = Object.values(PAID_TOASTS);
  if (tx.state === 'accepted') c.set('flash', [...readFlash(c).filter((f) => !paid.includes(f.key)), { kind: 'success', key: PAID_TOASTS[tx.purpose] }]);
  const fresh = c.get('user');
  return { tx, plan, end: tx.state === 'accepted' ? (fresh?.subscription_end ?? user.subscription_end) : null, credits: (fresh ?? user).credits };
}

async function loadChange({ c }: PageArgs<'member'>) {
  const [config, view] = await Promise.all([loadConfig(c), loadView(c)]);
  const currency = view.currency ?? currencyFor(c.get('country'));
  const others = config.subscriptions.filter((p) => p.id !== view.plan_id);
  const quotes: ChangeQuoteView[] = await Promise.all(others.map((p) => serverApi(c).request(`/payments/subscription/change/${p.id}?currency=${currency}`, (v) => ChangeQuote.parse(v))));
  return { view, plans: config.subscriptions, quotes, end: loggedIn(c)?.subscription_end ?? null };
}

async function change({ c, t }: PageArgs<'member'>, form: Form): Promise<Response | Shown<FormState>> {
  try {
    if (form.intent === 'drop') {
      await callApi(c, '/payments/subscription/change', 'DELETE');
      return done(c, 'SUBSCRIPTION_CHANGE_DROPPED', '/profile?t=subscriptions');
    }
    const plan = Number.parseInt(form.plan ?? '', 10);
    const when = form.when === 'now' ? 'now' : 'period_end';
    // One pending change at a time: scheduling another one replaces it, and the toast says so.
    const before = when === 'period_end' ? await loadView(c) : null;
    const answer = await callApi(c, `/payments/subscription/change/${Number.isInteger(plan) ? plan : 0}`, 'POST', { when });
    if (when === 'period_end') return done(c, before?.next_plan_id && before.next_plan_id !== plan ? 'SUBSCRIPTION_CHANGE_REPLACED' : 'SUBSCRIPTION_CHANGE_SCHEDULED', '/profile?t=subscriptions');
    const parsed = CheckoutAnswer.parse(answer);
    if (parsed.checkout) return toProvider(c, t, parsed.checkout);
    return done(c, 'YOU_SUBSCRIBED', `/bravoPage?tx=${parsed.transaction.id}`);
  } catch (error) {
    return { state: { message: { kind: 'danger', key: formFailure(error).key } }, status: 409 };
  }
}

async function manage({ c, t }: PageArgs<'member'>, form: Form): Promise<Response | Shown<FormState>> {
  try {
    if (form.intent === 'remove') {
      await callApi(c, '/payments/card', 'DELETE');
      return done(c, 'CARD_REMOVED', '/settings/managePayment');
    }
    const answer = CheckoutAnswer.parse(await callApi(c, '/payments/card', 'POST'));
    if (answer.checkout) return toProvider(c, t, answer.checkout);
    return c.redirect('/settings/managePayment', 303);
  } catch (error) {
    return { state: { message: { kind: 'danger', key: formFailure(error).key } }, status: 409 };
  }
}

async function billingActivity({ c }: PageArgs<'member'>) {
  const api = serverApi(c);
  const [transactions, config, packs, tickets] = await Promise.all([
    api.request('/payments/transactions', (v) => z.array(Transaction).parse(v)),
    loadConfig(c),
    loadPacks(c),
    api.request(`/payments/tickets?lang=${c.get('lang')}`, (v) => TicketsView.parse(v)),
  ]);
  return { transactions, plans: [...config.subscriptions, ...packs], tickets, now: new Date().toISOString() };
}

/** A failed or cancelled payment of an event order (issue 17) comes back to its order's page, not to the plans. */
async function orderReturn(c: Ctx): Promise<Response | null> {
  const id = c.req.query('tx');
  if (!isTxId(id) || !loggedIn(c)) return null;
  const tx = await loadTransaction(c, id).catch(() => null);
  return tx?.purpose === 'order' && tx.return_to ? c.redirect(tx.return_to, 302) : null;
}

const plans = definePage({
  path: '/subscription',
  who: 'anyone',
  actionWho: 'member',
  load: async ({ c, user }, { state }: Shown<FormState>) => (!state && (await orderReturn(c))) || subscriptionProps(c, user, state),
  view: (props, { t }, { status }) => ({ element: <SubscriptionPage {...props} />, meta: { title: t('SUBSCRIBE_TITLE'), description: t('DESCRIPTION_SUBSCRIPTION') }, status }),
  action: checkout,
});

const bravoPage = definePage({
  path: '/bravoPage',
  who: 'member',
  load: bravo,
  view: (props, { t }) => ({ element: <BravoPage {...props} />, meta: { title: t(bravoTitle(props.tx)), description: t('DESCRIPTION_BRAVO') } }),
});

const changePlan = definePage({
  path: '/settings/changeSubscription',
  who: 'member',
  load: loadChange,
  view: (props, { t }, { state, status }: Shown<FormState>) => ({ element: <ChangeSubscriptionPage {...props} form={state} />, meta: { title: t('CHANGE_PLAN') }, status }),
  action: change,
});

const managePayment = definePage({
  path: '/settings/managePayment',
  who: 'member',
  load: ({ c }) => loadView(c),
  view: (view, { t }, { state, status }: Shown<FormState>) => ({ element: <ManagePaymentPage view={view} form={state} />, meta: { title: t('MANAGE_PAYMENT') }, status }),
  action: manage,
});

const billing = definePage({
  path: '/settings/billingActivity',
  who: 'member',
  load: billingActivity,
  view: (props, { t }) => ({ element: <BillingActivityPage {...props} />, meta: { title: t('BILLING_ACTIVITY') } }),
});

export const pages = new Hono<AppEnv>().route('/', plans).route('/', bravoPage).route('/', changePlan).route('/', managePayment).route('/', billing);
