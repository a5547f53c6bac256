import { Hono } from 'hono';
import { z } from 'zod';
import { HTTPException } from 'hono/http-exception';
import { isLang } from '../../rules/lang';
import { DeleteAccountPage } from '../../../client/pages/settings/DeleteAccountPage';
import { RECENTLY_VIEWED_LIMIT, watchedTitles } from '../../rules/watched';
import { ProfilePage, type ProfilePageProps, type ProfileTab } from '../../../client/pages/settings/ProfilePage';
import { cancelQuestion } from '../../../client/pages/subscription/SubscriptionTab';
import { ConfirmPage } from '../../../client/components/ConfirmPage';
import { Devices, type User } from '../../api/auth/schemas';
import { SubscriptionView, Transaction } from '../../api/payments/schemas';
import { hasActiveSubscription, showsSubscribe } from '../../rules/subscription';
import type { FormState } from '../../../client/components/FormState';
import type { AppEnv } from '../../env';
import { callApi } from '../../session/auth';
import { clearTokens } from '../../session/cookies';
import { guestUser } from '../../session/user';
import { done } from '../kit/account';
import { definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown } from '../kit/page';
import { loadConfig, loadContents, serverApi } from '../loaders';
import { loadProfilesData } from '../profiles/data';
import { failureState, type Status } from '../kit/failures';

/**
 * The account page (/profile, issue 3): language, notifications, history, devices, and deleting
 * the account (/profile/delete). Every change is a plain HTML form posted here, sent to the API;
 * success redirects (303) with a flash toast, failure re-renders the page with the API's message.
 * Islands only add niceties (notification switch, delete dialog).
 */

const today = (): string => new Date().toISOString().slice(0, 10);

/** The visitor's time zone (Cloudflare's `request.cf.timezone`), for the device history times. */
function timeZoneOf(c: Ctx): string {
  const cf = c.req.raw.cf as { timezone?: unknown } | undefined;
  return typeof cf?.timezone === 'string' && cf.timezone ? cf.timezone : 'UTC';
}

/** GET /auth/devices; the page still renders (with a note) when it fails. */
function loadDevices(c: Ctx) {
  return serverApi(c)
    .request('/auth/devices', (v) => Devices.parse(v))
    .catch((error: unknown) => {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'devices failed', error: String(error) }));
      return null;
    });
}

/** Recently viewed: the viewing profile's latest watched titles (one batch); null when the call failed. */
function loadHistory(c: Ctx, user: User) {
  const recent = user.watched.slice(0, RECENTLY_VIEWED_LIMIT);
  if (recent.length === 0) return Promise.resolve([]);
  return loadContents(c, recent.map((w) => w.id))
    .then((contents) => watchedTitles(recent, contents))
    .catch((error: unknown) => {
      console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'history failed', error: String(error) }));
      return null;
    });
}

/** The subscriptions tab's data: the state machine's view (GET /payments/subscription), the plans, and how the period was paid (the latest accepted payment). */
async function loadSubscriptionTab(c: Ctx, user: User, form?: FormState): Promise<ProfilePageProps['subscription']> {
  const api = serverApi(c);
  const [view, config, transactions] = await Promise.all([
    api.request('/payments/subscription', (v) => SubscriptionView.parse(v)),
    loadConfig(c),
    api.request('/payments/transactions', (v) => z.array(Transaction).parse(v)).catch(() => []),
  ]);
  const paid = transactions.find((tx) => tx.state === 'accepted' && (tx.purpose === 'subscribe' || tx.purpose === 'renew' || tx.purpose === 'change'));
  const payment = paid ? { method: paid.method, coupon_code: paid.coupon_code } : null;
  return { view, plans: config.subscriptions, subscribe: showsSubscribe(config, user), payment, ...(form ? { form } : {}) };
}

/** What the account page shows again after a form: its tab and the state of the forms. */
type Forms = Pick<ProfilePageProps, 'lang' | 'notifications' | 'historyForm' | 'devicesForm'> & { subscriptionForm?: FormState };
type Again = { tab: ProfileTab; forms: Forms };
type Answer = Response | Shown<Again>;

const again = (tab: ProfileTab, forms: Forms, status: Status): Shown<Again> => ({ state: { tab, forms }, status });

async function loadProfile({ c, user }: PageArgs<'member'>, { state }: Shown<Again>): Promise<ProfilePageProps> {
  const tab: ProfileTab = state?.tab ?? (c.req.query('type') === 'profiles' ? 'profiles' : c.req.query('t') === 'subscriptions' ? 'subscriptions' : 'account');
  const { subscriptionForm, ...forms } = state?.forms ?? {};
  const [config, devices, profiles, history, subscription] = await Promise.all([
    loadConfig(c),
    tab === 'account' ? loadDevices(c) : Promise.resolve(null),
    tab === 'profiles' ? loadProfilesData(c, user) : Promise.resolve(undefined),
    tab === 'account' ? loadHistory(c, user) : Promise.resolve(undefined),
    tab === 'subscriptions' ? loadSubscriptionTab(c, user, subscriptionForm) : Promise.resolve(undefined),
  ]);
  return {
    user,
    tab,
    devices,
    langs: config.available_langs,
    premium: hasActiveSubscription(user, today()),
    timeZone: timeZoneOf(c),
    profiles,
    history,
    subscription,
    ...forms,
  };
}

// ---------- /profile forms ----------

async function changeLang(c: Ctx, form: Form): Promise<Answer> {
  const lang = form.lang ?? '';
  const { available_langs } = await loadConfig(c);
  if (!isLang(lang) || !available_langs.some((l) => l.id === lang)) {
    return again('account', { lang: { errors: { lang: 'LANGUAGE_NOT_AVAILABLE' } } }, 400);
  }
  try {
    await callApi(c, '/auth/lang', 'PUT', { lang });
  } catch (error) {
    const { key, status } = formFailure(error);
    return again('account', { lang: { message: { kind: 'danger', key } } }, status);
  }
  // Spec §4 Language change: saved on the server, then the page reloads with ?lang=.
  return done(c, 'PROFILE_UPDATED', `/profile?lang=${lang}`);
}

/** The account-page sections whose forms report a failure in place. */
type SectionForm = 'notifications' | 'historyForm' | 'devicesForm';

/**
 * One account-page change posted without JavaScript: the API call, then `toast` on `to` (303); a
 * failure shows the page again with its message in `section`.
 */
async function accountChange(c: Ctx, section: SectionForm, call: () => Promise<unknown>, toast: string, to: string): Promise<Answer> {
  try {
    await call();
  } catch (error) {
    const { key, status } = formFailure(error);
    return again('account', { [section]: { message: { kind: 'danger', key } } }, status);
  }
  return done(c, toast, to);
}

/** A switch posted without JavaScript: `value` is the new state, 'true' or 'false'. */
function switchChange(c: Ctx, section: SectionForm, value: string | undefined, save: (on: boolean) => Promise<unknown>, to: string) {
  if (value !== 'true' && value !== 'false') {
    return again('account', { [section]: { message: { kind: 'danger', key: 'ERROR_OCCURRED' } } }, 400);
  }
  return accountChange(c, section, () => save(value === 'true'), 'PROFILE_UPDATED', to);
}

const changeNotifications = (c: Ctx, form: Form) =>
  switchChange(c, 'notifications', form.active, (isActive) => callApi(c, '/auth/notificationActive', 'PUT', { isActive }), '/profile#notifications');

/** Spec §3 hide_watched (PUT auth/profile): Continue watching hidden from, or shown on, the home page. */
const changeHideWatched = (c: Ctx, form: Form) =>
  switchChange(c, 'historyForm', form.hidden, (hidden) => callApi(c, '/auth/profile', 'PUT', { hide_watched: hidden }), '/profile#history');

/** Erase history: DELETE /actions/watched for the profile this page shows, then the HISTORY_ERASED toast. */
const eraseHistory = (c: Ctx, user: User) =>
  accountChange(c, 'historyForm', () => callApi(c, `/actions/watched?profile=${user.profile.id}`, 'DELETE'), 'HISTORY_ERASED', '/profile#history');

/** Signs a device of the device history out (DELETE /auth/devices/:id): a TV linked with a code, a lost phone. */
const signOutDevice = (c: Ctx, form: Form) =>
  accountChange(c, 'devicesForm', () => callApi(c, `/auth/devices/${encodeURIComponent(form.device ?? '')}`, 'DELETE'), 'DEVICE_SIGNED_OUT', '/profile#devices');

/** Cancel (DELETE /payments/subscription: active until the end, YOU_UNSUBSCRIBED) or resume before the end. */
async function subscriptionChange(c: Ctx, intent: 'cancel' | 'resume'): Promise<Answer> {
  try {
    await (intent === 'cancel' ? callApi(c, '/payments/subscription', 'DELETE') : callApi(c, '/payments/subscription/resume', 'POST'));
  } catch (error) {
    const { key, status } = formFailure(error);
    // Sent twice (a double press): the first did it, the second says the same.
    if (key !== (intent === 'cancel' ? 'ALREADY_CANCELLED' : 'NOT_CANCELLED')) return again('subscriptions', { subscriptionForm: { message: { kind: 'danger', key } } }, status);
  }
  return done(c, intent === 'cancel' ? 'YOU_UNSUBSCRIBED' : 'SUBSCRIPTION_RESUMED', '/profile?t=subscriptions');
}

async function deleteAccount(c: Ctx, form: Form): Promise<Response | Shown<FormState>> {
  // The password comes from a confirmation step (dialog or page); a bare post goes to that page.
  if (form.confirmed !== '1') return c.redirect('/profile/delete', 303);
  const password = form.password ?? '';
  if (!password) return { state: { errors: { password: 'ALL_FIELDS_REQUIRED' } }, status: 400 };
  try {
    await callApi(c, '/auth/user', 'DELETE', { password });
  } catch (error) {
    const { key, status } = formFailure(error);
    // Here the account password is the form's only field.
    return { state: key === 'WRONG_PASSWORD' ? { errors: { password: key } } : failureState(key, ['password']), status };
  }
  // The API has ended every session of the account: forget the token cookie.
  clearTokens(c);
  c.set('user', guestUser(c.env.FORCE_LANG));
  return done(c, 'ACCOUNT_DELETED', '/');
}

/** /profile: the account page; its forms post here (`intent`). */
const account = definePage({
  path: '/profile',
  who: 'member',
  // A subscription form posts from the subscriptions tab, and comes back to it after logging in again.
  back: (c) => (c.req.method === 'POST' && c.req.query('t') === 'subscriptions' ? '/profile?t=subscriptions' : '/profile'),
  load: loadProfile,
  view: (props, { t }, { status }) => ({ element: <ProfilePage {...props} />, meta: { title: t('TITLE_SETTINGS_PROFILE'), description: t('DESCRIPTION_SETTINGS_PROFILE') }, status }),
  action({ c, user }, form) {
    if (form.intent === 'lang') return changeLang(c, form);
    if (form.intent === 'notifications') return changeNotifications(c, form);
    if (form.intent === 'hide-watched') return changeHideWatched(c, form);
    if (form.intent === 'erase-history') return eraseHistory(c, user);
    if (form.intent === 'signout-device') return signOutDevice(c, form);
    // Cancelling asks first (the dialog or /profile/cancel-subscription): a bare post goes to the question.
    if (form.intent === 'cancel-subscription') return form.confirmed === '1' ? subscriptionChange(c, 'cancel') : c.redirect('/profile/cancel-subscription', 303);
    if (form.intent === 'resume-subscription') return subscriptionChange(c, 'resume');
    throw new HTTPException(400, { message: 'BAD_REQUEST: unknown form' });
  },
});

/** The cancel question as a page (no JavaScript, or the dialog not live yet). */
const cancelSubscription = definePage({
  path: '/profile/cancel-subscription',
  who: 'member',
  load: ({ t, user }) => cancelQuestion(t, user.subscription_end),
  view: (question) => ({ element: <ConfirmPage {...question} back="/profile?t=subscriptions" />, meta: { title: question.title } }),
});

const deleteAccountPage = definePage({
  path: '/profile/delete',
  who: 'member',
  back: () => '/profile',
  load: () => ({}),
  view: (_, { t }, { state, status }: Shown<FormState>) => ({ element: <DeleteAccountPage {...(state ? { state } : {})} />, meta: { title: t('DELETE_ACCOUNT') }, status }),
  action: ({ c }, form) => deleteAccount(c, form),
});

export const pages = new Hono<AppEnv>().route('/', account).route('/', cancelSubscription).route('/', deleteAccountPage);
