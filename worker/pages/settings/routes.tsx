import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkNationalNumber,
  checkPassword,
  checkPhone,
  COUNTRY_CODES,
  toE164,
} from '../../rules/account';
import { EditLoginPage, type EditLoginPageProps, type PhoneState } from '../../../client/pages/settings/EditLoginPage';
import type { User } from '../../api/auth/schemas';
import type { AppEnv } from '../../env';
import { ApiError, asApiError, callApi, numberIn } from '../../session/auth';
import { done } from '../kit/account';
import { failureState } from '../kit/failures';
import { definePage, formFailure, type Ctx, type Form, type Shown } from '../kit/page';
import { loadConfig } from '../loaders';
import { profileSettingsPages } from './profiles';

/**
 * The /settings/* pages: /settings/editLogin here, /settings/restrictions and /settings/lock
 * (per-profile settings) in ./profiles.tsx. Every change is a plain HTML form posted here: checked
 * with worker/rules/account.ts (bad input: its message, status 400, nothing sent), then sent to the
 * API; success redirects (303) with a flash toast, failure shows the form again with the API's
 * message.
 */

/** The forms of /settings/editLogin, each with its state after a post. */
type Forms = Pick<EditLoginPageProps, 'email' | 'phone' | 'password'>;
type Answer = Response | Shown<Forms>;

/** Fields left empty get ALL_FIELDS_REQUIRED; answers the errors found so far. */
function required(form: Form, names: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of names) if (!(form[name] ?? '').trim()) errors[name] = 'ALL_FIELDS_REQUIRED';
  return errors;
}

const hasErrors = (errors: Record<string, string>): boolean => Object.keys(errors).length > 0;

// ---------- /settings/editLogin forms ----------

async function changeEmail(c: Ctx, user: User, form: Form): Promise<Answer> {
  const email = (form.email ?? '').trim().toLowerCase();
  const values = { email };
  const errors = required(form, ['current_password']);
  const problem = checkEmail(email) ?? (email === user.email ? 'SAME_EMAIL' : null);
  if (problem) errors.email = problem;
  if (hasErrors(errors)) return { state: { email: { values, errors } }, status: 400 };
  try {
    await callApi(c, '/auth/profile', 'PUT', { email, current_password: form.current_password });
  } catch (error) {
    const { key, status } = formFailure(error);
    return { state: { email: failureState(key, ['email', 'current_password'], values) }, status: status };
  }
  return done(c, 'PROFILE_UPDATED', '/settings/editLogin');
}

/** The phone typed in the picker, as E.164, or the key of its problem. */
function phoneOf(form: Form, user: User): { phone: string; values: Form; problem: string | null } {
  const countryCode = form.country_code ?? '';
  const national = (form.phone_national ?? '').trim();
  const values = { country_code: countryCode, phone_national: national };
  const phone = toE164(countryCode, national);
  const problem = !(COUNTRY_CODES as readonly string[]).includes(countryCode)
    ? 'VALID_PHONE_REQUIRED'
    : (checkNationalNumber(national) ?? checkPhone(phone) ?? (phone === user.phone ? 'SAME_PHONE' : null));
  return { phone, values, problem };
}

/** Spec §9: SMS codes: maximum 3 per day, warnings at 3, 2 and 1 remaining. */
const SMS_WARNING_AT = [3, 2, 1];

async function sendPhoneCode(c: Ctx, user: User, form: Form): Promise<Answer> {
  const { phone, values, problem } = phoneOf(form, user);
  const resend = form.resend === '1';
  if (problem) return { state: { phone: { values, send: { errors: { phone_national: problem } } } }, status: 400 };
  const answer = await callApi(c, '/auth/code/send', 'POST', { channel: 'sms', target: phone, purpose: 'verify' }).catch(asApiError);
  if (answer instanceof ApiError) {
    const { key, status } = formFailure(answer);
    const delay = numberIn(answer.body, 'delay');
    // A refused resend keeps the code form: the code sent before is still good.
    const send = failureState(key, ['phone_national'], values, delay === undefined ? undefined : { delay });
    return { state: { phone: { values, send, verify: resend ? {} : undefined } }, status };
  }
  const byEmail = answer.channel === 'email';
  const remaining = numberIn(answer, 'remaining');
  const warn = !byEmail && remaining !== undefined && SMS_WARNING_AT.includes(remaining);
  const verify: PhoneState['verify'] = {
    message: { kind: 'success', key: byEmail ? 'CODE_SENT_EMAIL' : 'CODE_SENT_SMS' },
    notice: warn ? { kind: 'info', key: 'SMS_REMAINING', params: { count: remaining ?? 0 } } : undefined,
  };
  return { state: { phone: { values, verify } } };
}

async function verifyPhone(c: Ctx, user: User, form: Form): Promise<Answer> {
  const { phone, values, problem } = phoneOf(form, user);
  if (problem) return { state: { phone: { values, send: { errors: { phone_national: problem } } } }, status: 400 };
  const code = (form.code ?? '').trim();
  const codeProblem = checkCode(code);
  if (codeProblem) return { state: { phone: { values, verify: { errors: { code: codeProblem } } } }, status: 400 };
  try {
    await callApi(c, '/auth/profile', 'PUT', { phone, code });
  } catch (error) {
    const { key, status } = formFailure(error);
    const onPhone = key === 'PHONE_ALREADY_USED' || key === 'VALID_PHONE_REQUIRED';
    const phoneState: PhoneState = onPhone
      ? { values, send: failureState(key, ['phone_national'], values) }
      : { values, verify: failureState(key, ['code'], values) };
    return { state: { phone: phoneState }, status: status };
  }
  return done(c, 'PROFILE_UPDATED', '/settings/editLogin');
}

async function changePassword(c: Ctx, user: User, form: Form): Promise<Answer> {
  const { options } = await loadConfig(c);
  const current = form.current_password ?? '';
  const password = form.password ?? '';
  const errors = required(form, ['current_password', 'password', 'password_confirmation']);
  const problem = checkPassword(password, options.STRONG_PASSWORD === true) ?? (password === current ? 'SAME_PASSWORD' : null);
  if (!errors.password && problem) errors.password = problem;
  const mismatch = checkConfirmation(password, form.password_confirmation ?? '');
  if (!errors.password_confirmation && mismatch) errors.password_confirmation = mismatch;
  if (hasErrors(errors)) return { state: { password: { errors } }, status: 400 };
  try {
    // Phone-only accounts have no email for changeWithoutToken: PUT auth/profile takes the password with the current one.
    if (user.email) await callApi(c, '/auth/password/changeWithoutToken', 'POST', { email: user.email, current_password: current, password });
    else await callApi(c, '/auth/profile', 'PUT', { password, current_password: current });
  } catch (error) {
    const { key, status } = formFailure(error);
    return { state: { password: failureState(key, ['current_password', 'password', 'password_confirmation']) }, status: status };
  }
  return done(c, 'PASSWORD_HAS_BEEN_CHANGED', '/settings/editLogin');
}

/** /settings/editLogin: the account's email, phone and password, one form each (`intent`). */
const editLogin = definePage({
  path: '/settings/editLogin',
  who: 'member',
  load: ({ c }) => loadConfig(c),
  view: (config, { t, user }, { state, status }: Shown<Forms>) => ({
    element: <EditLoginPage user={user} strong={config.options.STRONG_PASSWORD === true} {...state} />,
    meta: { title: t('TITLE_EDIT_LOGIN') },
    status,
  }),
  action({ c, user }, form) {
    if (form.intent === 'email') return changeEmail(c, user, form);
    if (form.intent === 'phone-send') return sendPhoneCode(c, user, form);
    if (form.intent === 'phone-verify') return verifyPhone(c, user, form);
    if (form.intent === 'password') return changePassword(c, user, form);
    throw new HTTPException(400, { message: 'BAD_REQUEST: unknown form' });
  },
});

export const pages = new Hono<AppEnv>().route('/', profileSettingsPages).route('/', editLogin);
