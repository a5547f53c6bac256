import { describe, expect, it } from 'vitest';
import { intlLocale, translateError, translator } from './translate';

describe('translator', () => {
  const t = translator('en', { HELLO: 'Hello {{name}}, {{ count }} new', EMPTY: '', ONLY: '{{missing}}', ERROR_DEFAULT: 'Something went wrong.', NOT_FOUND: 'Not found' });

  it('fills {{params}} (spaces inside the braces allowed), an absent one with nothing', () => {
    expect(t('HELLO', { name: 'Amina', count: 3 })).toBe('Hello Amina, 3 new');
    expect(t('HELLO')).toBe('Hello ,  new');
  });

  it('shows the key itself for a missing key, an empty text or an empty result', () => {
    expect(t('NOPE')).toBe('NOPE');
    expect(t('EMPTY')).toBe('EMPTY');
    expect(t('ONLY')).toBe('ONLY');
    expect(t('constructor')).toBe('constructor');
  });

  it('translates a server error by its code, else the default text', () => {
    expect(translateError(t, 'NOT_FOUND: title 12')).toBe('Not found');
    expect(translateError(t, 'SOMETHING_NEW: x')).toBe('Something went wrong.');
    expect(translateError(t, undefined)).toBe('Something went wrong.');
  });
});

describe('intlLocale', () => {
  it('gives each language its region and Latin digits (Moroccan Arabic, British English)', () => {
    const day = (lang: 'en' | 'fr' | 'ar' | 'es') => new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date('2026-11-25T12:00:00Z'));
    expect(intlLocale('ar')).toBe('ar-MA-u-nu-latn');
    expect(day('ar')).toMatch(/^25 /);
    expect(day('en')).toBe('25 November');
    expect(day('fr')).toBe('25 novembre');
    expect(day('es')).toBe('25 de noviembre');
  });
});
