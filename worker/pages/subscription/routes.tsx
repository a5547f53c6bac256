import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { BravoPage, bravoTitle } from '../../../client/pages/subscription/BravoPage';
import { BillingActivityPage, ChangeSubscriptionPage, ManagePaymentPage, type ChangeQuoteView } from '../../../client/pages/subscription/SettingsPages';
import { ContinueToPayment, SubscriptionPage } from '../../../client/pages/subscription/SubscriptionPage';
import type { User } from '../../api/auth/schemas';
import { CheckoutAnswer, Plan as PlanSchema, SubscriptionView, Transaction, type Plan } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { sameSitePath } from '../../rules/return-path';
import { isSelfServiceMethod, moroccanMobile, SELF_SERVICE_METHODS } from '../../rules/payment-methods';
import { renderMobilePhone } from '../mobile/routes';
import { currencyFor, isCurrency, PAID_TOASTS, type Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { readFlash } from '../../session/cookies';
import { done, loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { loadConfig, loadPlanOrPack, serverApi } from '../loaders';
import { apiFailure, type Status } from '../kit/failures';
import type { FormState } from '../../../client/components/FormState';

/**
 * Subscribing (issue 13, spec §2): /subscription (plans, method picker, then the provider's
 * checkout), /bravoPage (after paying), and the settings pages /settings/changeSubscription,
 * /settings/managePayment, /settings/billingActivity. Plain HTML forms posted here and sent to the
 * API (worker/api/payments); the browser only ever chooses a plan, a currency and a method.
 */

type Ctx = Context<AppEnv>;

const loadView = (c: Ctx) => serverApi(c).request('/payments/subscription', (v) => SubscriptionView.parse(v));
const loadTransaction = (c: Ctx, id: string) => serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v));
const Quote = z.object({ planId: z.number(), currency: z.enum(['MAD', 'EUR', 'USD']), now: z.object({ amount: z.number(), credit: z.number(), from: z.string() }), atPeriodEnd: z.object({ amount: z.number(), from: z.string() }).nullable() });

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

const Methods = z.object({ methods: z.array(z.enum(SELF_SERVICE_METHODS)) });

async function renderSubscription(c: Ctx, user: User | null, posted?: FormState, status: Status = 200) {
  // What the person chose survives every refusal and every switch: the posted form, else the checkout that came back (?tx=), else the address.
  const returned = posted ? undefined : await returnedState(c);
  const form = posted ?? returned?.form;
  const [config, view] = await Promise.all([loadConfig(c), user ? loadView(c) : Promise.resolve(null)]);
  const kept = form?.values?.currency;
  const currency = isCurrency(kept) ? kept : currencyOf(c, view);
  const [{ methods }, packs] = await Promise.all([
    user ? serverApi(c).request(`/payments/methods?currency=${currency}`, (v) => Methods.parse(v)) : Promise.resolve({ methods: [] }),
    serverApi(c).request('/payments/packs', (v) => z.array(PlanSchema).parse(v)),
  ]);
  const t = translate(c.get('lang'));
  const chosen = Number.parseInt(form?.values?.plan ?? c.req.query('plan') ?? '', 10);
  const returnTo = sameSitePath(form?.values?.returnTo ?? undefined) ?? returned?.returnTo ?? sameSitePath(c.req.query('returnTo'));
  const page = (
    <SubscriptionPage
      plans={config.subscriptions}
      currency={currency}
      methods={methods}
      packs={packs}
      currencies={CURRENCY_LIST}
      guest={!user}
      codeStep={config.options.TOKENIZED_REGISTER === true}
      view={view}
      chosen={Number.isInteger(chosen) ? chosen : null}
      trialEligible={!user || user.free_subscriptions === 0}
      trialEndIfNow={(days) => new Date(Date.now() + days * 86_400_000).toISOString()}
      returnTo={returnTo}
      attempt={crypto.randomUUID()}
      {...(form ? { form } : {})}
    />
  );
  return renderForm(c, page, { title: t('SUBSCRIBE_TITLE'), description: t('DESCRIPTION_SUBSCRIPTION') }, status);
}

/** POST /subscription: the API starts the checkout; the browser goes to the provider (or straight to /bravoPage for a trial without card). */
async function checkout(c: Ctx, user: User) {
  const form = await readForm(c);
  const plan = Number.parseInt(form.plan ?? '', 10);
  const currency = isCurrency(form.currency) ? form.currency : undefined;
  const coupon = (form.coupon ?? '').trim();
  // What was typed comes back with any error (the plan's card keeps its method, code, currency and way back).
  const values = { plan: form.plan ?? '', method: form.method ?? '', coupon, currency: currency ?? '', returnTo: sameSitePath(form.returnTo) ?? '' };
  if (!Number.isInteger(plan) || !isSelfServiceMethod(form.method)) return renderSubscription(c, user, { values, message: { kind: 'danger', key: 'CHOOSE_PLAN_AND_METHOD' } }, 400);
  // The coupon method is the code: without one there is nothing to check (said at the field).
  if (form.method === 'coupon' && coupon === '') return renderSubscription(c, user, { values, errors: { coupon: 'COUPON_REQUIRED' } }, 400);
  // Mobile payment asks for the number first (spec §5: without the leading zero), on a page of its own.
  const mobile = { plan, currency: currency ?? 'MAD', returnTo: sameSitePath(form.returnTo), coupon };
  let phone: string | undefined;
  if (form.method === 'mobile') {
    if (form.phone_national === undefined) return renderMobilePhone(c, mobile);
    // Moroccan operators only; "06 12…" and "+212 6…" are the same number (the 0 is dropped, not refused).
    const national = form.phone_national.trim();
    const number = moroccanMobile(national);
    if (!number.ok) return renderMobilePhone(c, mobile, { values: { phone_national: national }, errors: { phone_national: number.refusal } }, 400);
    phone = number.phone;
  }
  let answer: CheckoutAnswer;
  try {
    const attempt = z.string().uuid().safeParse(form.attempt);
    const body = { currency, method: form.method, ...(coupon ? { coupon } : {}), ...(form.returnTo ? { returnTo: form.returnTo } : {}), ...(phone ? { phone } : {}), ...(attempt.success ? { attempt: attempt.data } : {}) };
    answer = CheckoutAnswer.parse(await callApi(c, `/payments/subscription/${plan}`, 'POST', body));
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/subscription');
    const { key, status } = apiFailure(error);
    if (phone) return renderMobilePhone(c, mobile, { values: { phone_national: form.phone_national ?? '' }, ...(key.startsWith('PHONE') || key.startsWith('MOBILE_PAY_') || key === 'VALID_PHONE_REQUIRED' ? { errors: { phone_national: key } } : { message: { kind: 'danger', key } }) }, status);
    return renderSubscription(c, user, { values, ...(key.startsWith('COUPON_') ? { errors: { coupon: key } } : { message: { kind: 'danger', key } }) }, status);
  }
  if (!answer.checkout) return done(c, 'YOU_SUBSCRIBED', `/bravoPage?tx=${answer.transaction.id}`);
  if (phone) return done(c, 'MOBILE_PAY_CODE_SENT_TOAST', new URL(answer.checkout.url).pathname);
  // A cash voucher: our own page shows it (reference, code, where to pay).
  if (answer.transaction.state === 'pending') return done(c, 'VOUCHER_CREATED', new URL(answer.checkout.url).pathname);
  if (answer.checkout.method === 'GET') return c.redirect(answer.checkout.url, 303);
  const t = translate(c.get('lang'));
  return renderForm(c, <ContinueToPayment url={answer.checkout.url} fields={answer.checkout.fields} />, { title: t('CONTINUE_TO_PAYMENT') });
}

/** GET /bravoPage?tx=: asks the provider if the callback has not come yet, then says what happened. */
async function bravo(c: Ctx, user: User) {
  const id = c.req.query('tx');
  if (!isTxId(id)) return c.redirect('/profile?t=subscriptions', 302);
  await callApi(c, `/payments/transactions/${id}/confirm`, 'POST').catch(() => null);
  const tx = await loadTransaction(c, id).catch(() => null);
  if (!tx) return c.redirect('/profile?t=subscriptions', 302);
  // An event order (issue 17) says what became of it on its own page (worker/pages/events).
  if (tx.purpose === 'order') return c.redirect(tx.return_to ?? '/my-tickets', 302);
  if (tx.state === 'failed' || tx.state === 'expired' || tx.state === 'created') return c.redirect(`/subscription?tx=${id}`, 302);
  const plan = await loadPlanOrPack(c, tx.plan_id);
  const t = translate(c.get('lang'));
  // Spec §8 YOU_SUBSCRIBED, or what else was bought: the toast of this very page (once, replacing any queued on the way here).
  const paid = Object.values(PAID_TOASTS);
  if (tx.state === 'accepted') c.set('flash', [...readFlash(c).filter((f) => !paid.includes(f.key)), { kind: 'success', key: PAID_TOASTS[tx.purpose] }]);
  const fresh = c.get('user');
  return renderForm(c, <BravoPage tx={tx} plan={plan} end={tx.state === 'accepted' ? (fresh?.subscription_end ?? user.subscription_end) : null} credits={(fresh ?? user).credits} />, { title: t(bravoTitle(tx)), description: t('DESCRIPTION_BRAVO') });
}

async function renderChange(c: Ctx, form?: FormState, status: 200 | 400 | 409 = 200) {
  const [config, view] = await Promise.all([loadConfig(c), loadView(c)]);
  const user = loggedIn(c);
  const currency = view.currency ?? currencyFor(c.get('country'));
  const others = config.subscriptions.filter((p) => p.id !== view.plan_id);
  const quotes: ChangeQuoteView[] = await Promise.all(others.map((p) => serverApi(c).request(`/payments/subscription/change/${p.id}?currency=${currency}`, (v) => Quote.parse(v))));
  const t = translate(c.get('lang'));
  return renderForm(c, <ChangeSubscriptionPage view={view} plans={config.subscriptions} quotes={quotes} end={user?.subscription_end ?? null} form={form} />, { title: t('CHANGE_PLAN') }, status);
}

async function change(c: Ctx, user: User) {
  const form = await readForm(c);
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
    if (parsed.checkout?.method === 'GET') return c.redirect(parsed.checkout.url, 303);
    if (parsed.checkout) return renderForm(c, <ContinueToPayment url={parsed.checkout.url} fields={parsed.checkout.fields} />, { title: translate(c.get('lang'))('CONTINUE_TO_PAYMENT') });
    return done(c, 'YOU_SUBSCRIBED', `/bravoPage?tx=${parsed.transaction.id}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/settings/changeSubscription');
    void user;
    const { key } = apiFailure(error);
    return renderChange(c, { message: { kind: 'danger', key } }, 409);
  }
}

async function renderManage(c: Ctx, form?: FormState, status: 200 | 400 | 404 | 409 = 200) {
  const view = await loadView(c);
  const t = translate(c.get('lang'));
  return renderForm(c, <ManagePaymentPage view={view} form={form} />, { title: t('MANAGE_PAYMENT') }, status);
}

async function manage(c: Ctx) {
  const form = await readForm(c);
  try {
    if (form.intent === 'remove') {
      await callApi(c, '/payments/card', 'DELETE');
      return done(c, 'CARD_REMOVED', '/settings/managePayment');
    }
    const answer = CheckoutAnswer.parse(await callApi(c, '/payments/card', 'POST'));
    if (answer.checkout?.method === 'GET') return c.redirect(answer.checkout.url, 303);
    if (answer.checkout) return renderForm(c, <ContinueToPayment url={answer.checkout.url} fields={answer.checkout.fields} />, { title: translate(c.get('lang'))('CONTINUE_TO_PAYMENT') });
    return c.redirect('/settings/managePayment', 303);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/settings/managePayment');
    const { key } = apiFailure(error);
    return renderManage(c, { message: { kind: 'danger', key } }, 409);
  }
}

const Tickets = z.object({ credits: z.number(), unlocks: z.array(z.object({ slug: z.string(), name: z.string(), unlocked_at: z.string(), expires_at: z.string() })) });

async function billingActivity(c: Ctx) {
  const api = serverApi(c);
  const [transactions, config, packs, tickets] = await Promise.all([
    api.request('/payments/transactions', (v) => z.array(Transaction).parse(v)),
    loadConfig(c),
    api.request('/payments/packs', (v) => z.array(PlanSchema).parse(v)),
    api.request(`/payments/tickets?lang=${c.get('lang')}`, (v) => Tickets.parse(v)),
  ]);
  const t = translate(c.get('lang'));
  return renderForm(c, <BillingActivityPage transactions={transactions} plans={[...config.subscriptions, ...packs]} tickets={tickets} now={new Date().toISOString()} />, { title: t('BILLING_ACTIVITY') });
}

/** A failed or cancelled payment of an event order (issue 17) comes back to its order's page, not to the plans. */
async function orderReturn(c: Ctx): Promise<Response | null> {
  const id = c.req.query('tx');
  if (!isTxId(id) || !loggedIn(c)) return null;
  const tx = await loadTransaction(c, id).catch(() => null);
  return tx?.purpose === 'order' && tx.return_to ? c.redirect(tx.return_to, 302) : null;
}

/** Guests are sent to log in and brought back. */
const member = (c: Ctx, path: string, then: (user: User) => Promise<Response> | Response) => {
  const user = loggedIn(c);
  return user ? then(user) : toLogin(c, path);
};

export const subscriptionPages = new Hono<AppEnv>()
  .get('/subscription', async (c) => (await orderReturn(c)) ?? renderSubscription(c, loggedIn(c)))
  .post('/subscription', (c) => member(c, '/subscription', (user) => checkout(c, user)))
  .get('/bravoPage', (c) => member(c, '/bravoPage', (user) => bravo(c, user)))
  .get('/settings/changeSubscription', (c) => member(c, '/settings/changeSubscription', () => renderChange(c)))
  .post('/settings/changeSubscription', (c) => member(c, '/settings/changeSubscription', (user) => change(c, user)))
  .get('/settings/managePayment', (c) => member(c, '/settings/managePayment', () => renderManage(c)))
  .post('/settings/managePayment', (c) => member(c, '/settings/managePayment', () => manage(c)))
  .get('/settings/billingActivity', (c) => member(c, '/settings/billingActivity', () => billingActivity(c)));
