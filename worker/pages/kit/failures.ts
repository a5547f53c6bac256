import { ApiError } from '../../rules/api-client';
import { asApiError } from '../../session/auth';
import type { FormState } from '../../../client/components/FormState';
import { dictionaries } from '../../i18n';

/**
 * API failures of the settings forms as translation keys (spec §8): the code before the first
 * colon, except the unique-constraint and same-password bodies that name their cause in the detail.
 */
export function errorKey(message: string): string {
  if (message.includes('users_email_unique')) return 'EMAIL_ALREADY_USED';
  if (message.includes('users_phone_unique')) return 'PHONE_ALREADY_USED';
  if (message.includes('SAME_PASSWORD')) return 'SAME_PASSWORD';
  const code = message.split(':')[0]?.trim() ?? '';
  return /^[A-Z][A-Z0-9_]*$/.test(code) && code in dictionaries.en ? code : 'ERROR_OCCURRED';
}

/** Which field a message belongs to; anything else is shown for the whole form. */
const FIELD_OF: Record<string, string> = {
  WRONG_PASSWORD: 'current_password',
  EMAIL_ALREADY_USED: 'email',
  VALID_EMAIL_REQUIRED: 'email',
  SAME_EMAIL: 'email',
  SAME_PASSWORD: 'password',
  PASSWORD_CONDITION: 'password',
  PASSWORD_CONDITION_STRONG: 'password',
  PASSWORD_CONFIRMATION_FAILED: 'password_confirmation',
  INVALID_CODE: 'code',
  PHONE_ALREADY_USED: 'phone_national',
  VALID_PHONE_REQUIRED: 'phone_national',
  PHONE_WITHOUT_LEADING_ZERO: 'phone_national',
  PHONE_NOT_VERIFIABLE: 'phone_national',
  SAME_PHONE: 'phone_national',
};

/** A form's state for an API failure: on its field when the form has it, else as the form's message. */
export function failureState(key: string, fields: string[], values?: Record<string, string>, params?: Record<string, string | number>): FormState {
  const field = FIELD_OF[key];
  if (field && fields.includes(field)) return { values, errors: { [field]: key } };
  return { values, message: { kind: 'danger', key, params } };
}

/** The HTTP status a page answers with after an API failure (client errors pass through). */
export function failureStatus(error: ApiError): 400 | 403 | 404 | 409 | 429 | 500 | 502 {
  const s = error.status;
  return s === 403 || s === 404 || s === 409 || s === 429 || s === 502 ? s : s >= 400 && s < 500 ? 400 : s === 500 ? 500 : 502;
}

export type Status = 200 | 400 | 403 | 404 | 409 | 429 | 500 | 502;

/** API failures: an ended session goes to login; anything else becomes a translation key and a status. */
export function apiFailure(error: unknown): { key: string; status: Status } {
  const failure = asApiError(error);
  return { key: errorKey(failure.message), status: failureStatus(failure) };
}
