import { describe, expect, it } from 'vitest';
import { translateError, translator } from '../i18n';
import en from '../../locales/en.json';
import { checkRule } from './account-form';

describe('account-form rules', () => {
  it('answers the spec §5 message keys', () => {
    expect(checkRule('email', 'nope')).toBe('VALID_EMAIL_REQUIRED');
    expect(checkRule('email', 'a@b.ma')).toBeNull();
    expect(checkRule('password', 'weakpass')).toBe('PASSWORD_CONDITION');
    expect(checkRule('password', 'Sesame123')).toBeNull();
    expect(checkRule('password', 'Sesame123', { strong: true })).toBe('PASSWORD_CONDITION_STRONG');
    expect(checkRule('confirmation', 'Sesame124', { other: 'Sesame123' })).toBe('PASSWORD_CONFIRMATION_FAILED');
    expect(checkRule('confirmation', '', { other: '' })).toBe('PASSWORD_CONFIRMATION_FAILED');
    expect(checkRule('confirmation', 'Sesame123', { other: 'Sesame123' })).toBeNull();
    expect(checkRule('national', '0612345678')).toBe('PHONE_WITHOUT_LEADING_ZERO');
    expect(checkRule('national', '612345678')).toBeNull();
    expect(checkRule('code', '12345')).toBe('INVALID_CODE');
    expect(checkRule('pin', '12a')).toBe('PIN_FORMAT');
    expect(checkRule('pin', '12345')).toBe('PIN_FORMAT');
    expect(checkRule('pin', '0420')).toBeNull();
    expect(checkRule('terms', '1', { checked: false })).toBe('TERMS_REQUIRED');
    expect(checkRule('terms', '1', { checked: true })).toBeNull();
    expect(checkRule('required', '  ')).toBe('ALL_FIELDS_REQUIRED');
  });

  it('translates server errors by their code, falling back to ERROR_DEFAULT (spec §8 request helper)', () => {
    const t = translator('en', en);
    expect(translateError(t, 'WRONG_PASSWORD: current_password')).toBe(en.WRONG_PASSWORD);
    expect(translateError(t, 'SOMETHING_UNKNOWN: x')).toBe(en.ERROR_DEFAULT);
    expect(translateError(t, undefined)).toBe(en.ERROR_DEFAULT);
  });
});
