/**
 * Validation rules of spec §5 for accounts, shared by the API (worker/api/auth/schemas.ts), the
 * edge form handlers and the form islands, so a rule and its message exist once.
 * Each check answers null when valid, else the translation key of its message.
 */

/** Spec §9: password minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** 'Your password must contain at least one uppercase, one lowercase, one digit, and be 8 characters long or more' */
export function checkPassword(password: string, strong = false): 'PASSWORD_CONDITION' | 'PASSWORD_CONDITION_STRONG' | null {
  const ok =
    password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password);
  if (!ok) return strong ? 'PASSWORD_CONDITION_STRONG' : 'PASSWORD_CONDITION';
  if (strong && !/[^A-Za-z0-9]/.test(password)) return 'PASSWORD_CONDITION_STRONG';
  return null;
}

/** 'The password confirmation has failed' */
export const checkConfirmation = (password: string, confirmation: string): 'PASSWORD_CONFIRMATION_FAILED' | null =>
  password === confirmation ? null : 'PASSWORD_CONFIRMATION_FAILED';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const checkEmail = (email: string): 'VALID_EMAIL_REQUIRED' | null =>
  EMAIL.test(email.trim()) && email.length <= 254 ? null : 'VALID_EMAIL_REQUIRED';

/** Country calling codes offered by the phone picker; Morocco first (spec §5: +212 is verifiable by SMS). */
export const COUNTRY_CODES = ['+212', '+33', '+34', '+32', '+31', '+49', '+39', '+44', '+1', '+213', '+216', '+971', '+966', '+974'] as const;
export const MOROCCO_CODE = '+212';

/**
 * Spec §5: phone numbers are entered without the leading zero. `national` is what the person typed
 * after the country code; spaces, dots and dashes are ignored.
 */
export function checkNationalNumber(national: string): 'PHONE_WITHOUT_LEADING_ZERO' | 'VALID_PHONE_REQUIRED' | null {
  const digits = national.replace(/[\s.-]/g, '');
  if (digits.startsWith('0')) return 'PHONE_WITHOUT_LEADING_ZERO';
  return /^[1-9][0-9]{5,13}$/.test(digits) ? null : 'VALID_PHONE_REQUIRED';
}

/** A full number in E.164 (+ and 8 to 15 digits, no zero after the country code for Morocco). */
export function checkPhone(phone: string): 'VALID_PHONE_REQUIRED' | null {
  if (!/^\+[1-9][0-9]{7,14}$/.test(phone)) return 'VALID_PHONE_REQUIRED';
  if (phone.startsWith(`${MOROCCO_CODE}0`)) return 'VALID_PHONE_REQUIRED';
  return null;
}

/** Joins the picker's country code and the national number into E.164. */
export const toE164 = (countryCode: string, national: string): string => `${countryCode}${national.replace(/[\s.-]/g, '')}`;

/** Spec §5: only Moroccan numbers can be verified by SMS; other numbers need a verified email. */
export const isSmsVerifiable = (phone: string): boolean => phone.startsWith(MOROCCO_CODE);

/** Verification codes: 6 digits. */
export const checkCode = (code: string): 'INVALID_CODE' | null => (/^[0-9]{6}$/.test(code.trim()) ? null : 'INVALID_CODE');
