import { Hono } from 'hono';
import { checkCode, checkConfirmation, checkEmail, checkNationalNumber, checkPassword, toE164 } from '../../rules/account';
import { sameSitePath } from '../../rules/return-path';
import type { FieldErrors } from '../../../client/components/Form';
import type { FormState } from '../../../client/pages/auth/AuthLayout';
import { CallbackPage } from '../../../client/pages/auth/Callback';
import { ChangePasswordPage } from '../../../client/pages/auth/ChangePassword';
import { ForgotPage, type ForgotProps } from '../../../client/pages/auth/Forgot';
import { LoginPage } from '../../../client/pages/auth/Login';
import { RegisterPage, type RegisterProps } from '../../../client/pages/auth/Register';
import type { AppEnv } from '../../env';
import { ApiError, asApiError, callApi, login, logout, numberIn } from '../../session/auth';
import { addFlash, clearResetToken, readResetToken, writeResetToken } from '../../session/cookies';
import { defineEndpoint, definePage, type Ctx, type Form, type Shown, type Translate } from '../kit/page';
import { loadConfig } from '../loaders';
import { afterLogin, anonymousOnly, countryCodeOf, failureStatus, normalizeLogin, splitMessage } from './form';

/**
 * The authentication pages of spec §2 (issue 3): plain HTML forms posted to their own URL and
 * handled here. GET renders; POST validates with worker/rules/account.ts (nothing reaches the API
 * when a rule fails), calls the API, then redirects (303, with a flash toast) or renders the page
 * again with the messages and the typed values. Passwords, codes and tokens are never echoed back.
 * Logged-in users are sent home from login, register and forgot (anonymousOnly).
 */

const options = async (c: Ctx) => (await loadConfig(c)).options;
const clean = (errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
const hasAny = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

// ——— /login ———

/** Spec §8 Login: 429 → LOGIN_TOO_FREQUENT (delay from the answer), 403 → ACCOUNT_SUSPENDED, other → LOGIN_FAILED. */
function loginFailure(failure: ApiError): FormState['notice'] {
  if (failure.status === 429) return { kind: 'danger', key: 'LOGIN_TOO_FREQUENT', params: { delay: numberIn(failure.body, 'delay') ?? 60 } };
  if (failure.status === 403) return { kind: 'danger', key: 'ACCOUNT_SUSPENDED' };
  return { kind: 'danger', key: 'LOGIN_FAILED' };
}

const loginPage = definePage({
  path: '/login',
  who: 'anyone',
  load: () => null,
  view: (_, { t }, { state = {}, status }: Shown<FormState>) => ({
    element: <LoginPage state={state} />,
    meta: { title: t('TITLE_LOGIN'), description: t('DESCRIPTION_LOGIN'), bar: 'simple' },
    status,
    errors: state.errors,
  }),
  async action({ c }, form) {
    const values = { login: (form.login ?? '').trim() };
    const password = form.password ?? '';
    // Spec §5: both are required, otherwise nothing is sent.
    const errors = clean({ login: values.login ? undefined : 'ALL_FIELDS_REQUIRED', password: password ? undefined : 'ALL_FIELDS_REQUIRED' });
    if (hasAny(errors)) return { state: { values, errors }, status: 400 };
    const failure = await login(c, { login: normalizeLogin(values.login), password });
    if (failure) return { state: { values, notice: loginFailure(failure) }, status: failureStatus(failure.status) };
    // Spec §4 Login success: the next page loads the user and the menu.
    return c.redirect(afterLogin(c.req.query('redirect')), 303);
  },
});

// ——— /register ———

async function registerProps(c: Ctx): Promise<Omit<RegisterProps, 'state' | 'step'>> {
  const opts = await options(c);
  const redirect = sameSitePath(c.req.query('redirect'));
  return {
    strong: opts.STRONG_PASSWORD === true,
    tokenized: opts.TOKENIZED_REGISTER === true,
    code: (c.req.query('code') ?? '').slice(0, 64),
    loginHref: redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login',
  };
}

/** A guest creating an account on the way to a plan (the subscribe step flow). */
const subscribing = (c: Ctx): boolean => /^\/subscription(?:[?#]|$)/.test(c.req.query('redirect') ?? '');

/** Where an API validation failure `KEY: field` belongs on the register form. */
const REGISTER_FIELDS: Record<string, string> = {
  email: 'email',
  phone: 'phone_national',
  password: 'password',
  password_confirmation: 'password_confirmation',
  validation_token: 'validation_token',
};

/** The register form after a post; `codeSent`: the confirmation code was just emailed (TOKENIZED_REGISTER), the flow's second step. */
type Registering = { form: FormState; codeSent?: boolean };

async function register(c: Ctx, t: Translate, form: Form): Promise<Response | Shown<Registering>> {
  const { strong, tokenized, code } = await registerProps(c);
  const method = form.method === 'phone' && !tokenized ? 'phone' : 'email';
  const email = (form.email ?? '').trim().toLowerCase();
  const { country_code, phone_national, phone } = phoneOf(form);
  // Typed values shown again (never the passwords or the code).
  const values = { method, email, country_code, phone_national, terms: form.terms ? '1' : '' };
  const password = form.password ?? '';
  const again = (state: FormState, status: Shown<Registering>['status'], codeSent = false): Shown<Registering> => ({ state: { form: { values, ...state }, codeSent }, status });

  if (tokenized && form.intent === 'send_code') {
    const problem = checkEmail(email);
    if (problem) return again({ errors: { email: problem } }, 400);
    const sent = await callApi(c, '/auth/code/send', 'POST', { channel: 'email', target: email, purpose: 'register' }).catch(asApiError);
    if (sent instanceof ApiError) return again({ notice: sendFailure(sent, t) }, failureStatus(sent.status));
    return again({ notice: { kind: 'success', key: 'CODE_SENT_EMAIL' } }, 200, true);
  }

  const errors = clean({
    email: method === 'email' ? (checkEmail(email) ?? undefined) : undefined,
    phone_national: method === 'phone' ? (checkNationalNumber(phone_national) ?? undefined) : undefined,
    validation_token: tokenized ? (checkCode(form.validation_token ?? '') ?? undefined) : undefined,
    ...newPasswordErrors(form, strong),
    terms: form.terms ? undefined : 'TERMS_REQUIRED',
  });
  if (hasAny(errors)) return again({ errors }, 400);

  const query = tokenized ? `?${new URLSearchParams({ validation_token: (form.validation_token ?? '').trim(), validation_email: email })}` : '';
  const created = await callApi(c, `/auth/register${query}`, 'POST', {
    ...(method === 'email' ? { email } : { phone }),
    password,
    password_confirmation: form.password_confirmation ?? '',
    profile: {},
    ...(code ? { code } : {}),
  }).catch(asApiError);
  if (created instanceof ApiError) {
    const { code: key, detail } = splitMessage(created.message);
    if (created.message.includes('users_email_unique')) return again({ errors: { email: 'EMAIL_ALREADY_USED' } }, 409);
    if (created.message.includes('users_phone_unique')) return again({ errors: { phone_national: 'PHONE_ALREADY_USED' } }, 409);
    const field = REGISTER_FIELDS[detail];
    if (field && created.status === 400) return again({ errors: { [field]: key } }, 400);
    // Spec §8 Registration: otherwise the server's message (translated), else ERROR_DEFAULT.
    return again({ notice: { kind: 'danger', key: knownKey(t, created.message) ?? 'ERROR_DEFAULT' } }, failureStatus(created.status));
  }
  // Spec §4 Registration: automatic login, then the page "reloads" (our redirect) with the toast
  // (spec §9 reload after registration 100 ms: the redirect is at once).
  const failure = await login(c, { login: method === 'email' ? email : phone, password });
  addFlash(c, { kind: 'success', key: 'ACCOUNT_CREATED' });
  // Back where the visitor came from (?redirect=, e.g. the title a guest added to My List); with
  // option REGISTER_SUBSCRIPTION (spec §4) and nowhere to go back to, on to the plans.
  const redirect = c.req.query('redirect') ?? ((await options(c)).REGISTER_SUBSCRIPTION === true ? '/subscription' : undefined);
  return c.redirect(failure ? '/login' : afterLogin(redirect), 303);
}

const registerPage = definePage({
  path: '/register',
  who: 'anyone',
  load: ({ c }) => registerProps(c),
  view: (props, { c, t }, { state = { form: {} }, status }: Shown<Registering>) => ({
    element: <RegisterPage {...props} step={subscribing(c) ? (state.codeSent ? 'code' : 'account') : null} state={state.form} />,
    meta: { title: t('TITLE_REGISTER'), description: t('DESCRIPTION_REGISTER'), bar: 'simple' },
    status,
    errors: state.form.errors,
  }),
  action: ({ c, t }, form) => register(c, t, form),
});

// ——— /forgot ———

/** The phone of the SMS reset form: the picker's country code and the national number. */
function phoneOf(form: Form) {
  const country_code = countryCodeOf(form.country_code);
  const phone_national = (form.phone_national ?? '').trim();
  return { country_code, phone_national, phone: toE164(country_code, phone_national) };
}

/** Answers of POST /auth/code/send and /auth/password/forgot that are a matter of waiting or of the target. */
function sendFailure(failure: ApiError, t: Translate): FormState['notice'] {
  const { code } = splitMessage(failure.message);
  const delay = numberIn(failure.body, 'delay') ?? 60;
  if (code === 'TOO_FREQUENT') return { kind: 'danger', key: 'RESET_TOO_FREQUENT', params: { delay } };
  if (code === 'CODE_TOO_FREQUENT') return { kind: 'danger', key: 'CODE_TOO_FREQUENT', params: { delay } };
  if (code === 'USER_NOT_FOUND' || failure.status === 404) return { kind: 'danger', key: 'USER_DOES_NOT_EXIST' };
  return { kind: 'danger', key: knownKey(t, failure.message) ?? 'SOMETHING_WRONG' };
}

/** The translation key of an API message's code (spec §8: the text before the first colon), if we have one. */
function knownKey(t: Translate, message: string): string | undefined {
  const { code } = splitMessage(message);
  return code && t(code) !== code ? code : undefined;
}

/** POST /forgot: intent `email` (reset link), `send_code` (SMS code) or `reset_phone` (code + new password). */
async function forgot(c: Ctx, t: Translate, form: Form): Promise<Response | Shown<Partial<ForgotProps>>> {
  const strong = (await options(c)).STRONG_PASSWORD === true;

  if (form.intent === 'send_code' || form.intent === 'reset_phone') {
    const { country_code, phone_national, phone } = phoneOf(form);
    const values = { country_code, phone_national, phone };
    const numberProblem = checkNationalNumber(phone_national);
    if (numberProblem) return { state: { by: 'phone', phone: { values, errors: { phone_national: numberProblem } } }, status: 400 };

    if (form.intent === 'send_code') {
      const sent = await callApi(c, '/auth/code/send', 'POST', { channel: 'sms', target: phone, purpose: 'reset' }).catch(asApiError);
      if (sent instanceof ApiError) return { state: { by: 'phone', phone: { values, notice: sendFailure(sent, t) } }, status: failureStatus(sent.status) };
      const remaining = numberIn(sent, 'remaining');
      // Spec §9: at most 3 SMS a day; the answer says how many are left (warned at each send).
      const notice: FormState['notice'] =
        sent.channel === 'email'
          ? { kind: 'success', key: 'CODE_SENT_EMAIL' }
          : { kind: 'success', key: 'CODE_SENT_SMS', also: remaining === undefined ? undefined : 'SMS_REMAINING', params: { count: remaining ?? 0 } };
      return { state: { by: 'phone', phoneStep: 'code', phone: { values, notice } } };
    }

    const code = (form.code ?? '').trim();
    const errors = clean({ code: checkCode(code) ?? undefined, ...newPasswordErrors(form, strong) });
    if (hasAny(errors)) return { state: { by: 'phone', phoneStep: 'code', phone: { values, errors } }, status: 400 };
    const changed = await callApi(c, '/auth/password/changeByPhone', 'POST', { phone, code, password: form.password ?? '' }).catch(asApiError);
    if (changed instanceof ApiError) return { state: { by: 'phone', phoneStep: 'code', phone: { values, ...resetFailure(changed.message) } }, status: failureStatus(changed.status) };
    addFlash(c, { kind: 'success', key: 'PASSWORD_HAS_BEEN_CHANGED' });
    return c.redirect('/login', 303);
  }

  // Spec §5: forgot password needs an email.
  const email = (form.email ?? '').trim().toLowerCase();
  const values = { email };
  const problem = checkEmail(email);
  if (problem) return { state: { by: 'email', email: { values, errors: { email: problem } } }, status: 400 };
  const sent = await callApi(c, `/auth/password/forgot?${new URLSearchParams({ email })}`, 'POST').catch(asApiError);
  if (sent instanceof ApiError) {
    const notice = sendFailure(sent, t);
    // Spec §8 Forgot password: failure → 'User does not exists.', shown on the email field.
    if (notice?.key === 'USER_DOES_NOT_EXIST') return { state: { by: 'email', email: { values, errors: { email: notice.key } } }, status: 404 };
    return { state: { by: 'email', email: { values, notice } }, status: failureStatus(sent.status) };
  }
  addFlash(c, { kind: 'success', key: 'RESET_LINK_SENT' });
  return c.redirect(`${c.req.path}?sent=1`, 303);
}

const forgotPage = definePage({
  path: ['/forgot', '/password/forgot'],
  who: 'anyone',
  load: async ({ c }) => (await options(c)).STRONG_PASSWORD === true,
  view: (strong, { c, t }, { state = {}, status }: Shown<Partial<ForgotProps>>) => {
    const by = state.by ?? (c.req.query('by') === 'phone' ? 'phone' : 'email');
    const full: ForgotProps = { by, sent: c.req.query('sent') === '1', phoneStep: 'number', strong, ...state };
    return {
      element: <ForgotPage {...full} />,
      meta: { title: t('TITLE_FORGOT'), description: t('DESCRIPTION_FORGOT') },
      status,
      errors: (state.by === 'phone' ? full.phone : full.email)?.errors,
    };
  },
  action: ({ c, t }, form) => forgot(c, t, form),
});

// ——— /changePassword ———

/** Spec §8 Reset: body BAD_REQUEST:SAME_PASSWORD → SAME_PASSWORD; password rules → their message; other → SOMETHING_WRONG. */
function resetFailure(message: string): FormState {
  if (message.replace(/\s/g, '').startsWith('BAD_REQUEST:SAME_PASSWORD')) return { errors: { password: 'SAME_PASSWORD' } };
  const { code } = splitMessage(message);
  if (code === 'PASSWORD_CONDITION' || code === 'PASSWORD_CONDITION_STRONG') return { errors: { password: code } };
  if (code === 'INVALID_CODE') return { errors: { code: 'INVALID_CODE' } };
  return { notice: { kind: 'danger', key: 'SOMETHING_WRONG' } };
}

/** Validation of a new password and its confirmation (spec §5). */
const newPasswordErrors = (form: Form, strong: boolean): FieldErrors => ({
  password: checkPassword(form.password ?? '', strong) ?? undefined,
  password_confirmation: checkConfirmation(form.password ?? '', form.password_confirmation ?? '') ?? undefined,
});

/** The reset link's email (spec §2): from the query on GET, from the hidden field on POST. */
const resetEmail = (email: string | undefined): string => (email ?? '').trim().toLowerCase().slice(0, 254);
const resetToken = (token: string | undefined): string => (token ?? '').trim().slice(0, 256);

/** The change form after a post: the email and whether a token was given (from the form), and the form's state. */
type Changing = { reset: { email: string; hasToken: boolean }; form: FormState };

async function changePassword(c: Ctx, form: Form): Promise<Response | Shown<Changing>> {
  const strong = (await options(c)).STRONG_PASSWORD === true;
  const email = resetEmail(form.email);
  // The token of the cookie; a posted reset_token field (API compatibility) wins.
  const token = resetToken(form.reset_token) || resetToken(readResetToken(c));
  const reset = { email, hasToken: token !== '' };
  if (!email || !token) return { state: { reset, form: {} }, status: 400 };
  const errors = clean(newPasswordErrors(form, strong));
  if (hasAny(errors)) return { state: { reset, form: { errors } }, status: 400 };
  const changed = await callApi(c, '/auth/password/change', 'POST', { email, password: form.password ?? '', reset_token: token }).catch(asApiError);
  if (changed instanceof ApiError) return { state: { reset, form: resetFailure(changed.message) }, status: failureStatus(changed.status) };
  clearResetToken(c);
  addFlash(c, { kind: 'success', key: 'PASSWORD_HAS_BEEN_CHANGED' });
  return c.redirect('/login', 303);
}

const changePasswordPage = definePage({
  path: ['/changePassword', '/password/change'],
  who: 'anyone',
  /**
   * The emailed link (no form posted yet): a `reset_token` in the query moves into the HttpOnly
   * resetToken cookie and the browser comes back (303) to the same URL without it, so the page
   * never holds the token.
   */
  async load({ c }, { state }: Shown<Changing>) {
    const token = c.req.query('reset_token');
    if (!state && token !== undefined) {
      if (resetToken(token)) writeResetToken(c, resetToken(token));
      const url = new URL(c.req.url);
      url.searchParams.delete('reset_token');
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${url.pathname}${url.search}`, 303);
    }
    return (await options(c)).STRONG_PASSWORD === true;
  },
  view: (strong, { c, t }, { state, status }: Shown<Changing>) => {
    const reset = state?.reset ?? { email: resetEmail(c.req.query('email')), hasToken: readResetToken(c) !== '' };
    const form = state?.form ?? {};
    return { element: <ChangePasswordPage {...reset} state={form} strong={strong} />, meta: { title: t('TITLE_CHANGE_PASSWORD') }, status, errors: form.errors };
  },
  action: ({ c }, form) => changePassword(c, form),
});

// ——— /callback, /logout ———

const callbackPage = definePage({
  path: '/callback',
  who: 'anyone',
  load: () => null,
  view: (_, { t }) => ({ element: <CallbackPage />, meta: { title: t('TITLE_CALLBACK') } }),
});

/** Spec §4 Logout: ends the session (API), clears the token cookie and local storage, then goes to '/'. */
const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/logout',
  who: 'anyone',
  async answer({ c }) {
    await logout(c);
    // "…clears the user, the token cookie and local storage": the browser empties this site's
    // storage (localStorage favs, watched, profile, …; the service worker and its push subscription).
    c.header('Clear-Site-Data', '"storage"');
    return c.redirect('/', 303);
  },
});

export const pages = new Hono<AppEnv>()
  .use('/login', anonymousOnly())
  .use('/register', anonymousOnly())
  .use('/forgot', anonymousOnly())
  .use('/password/forgot', anonymousOnly())
  .route('/', loginPage)
  .route('/', registerPage)
  .route('/', forgotPage)
  .route('/', changePasswordPage)
  .route('/', callbackPage)
  .route('/', logoutEndpoint);
