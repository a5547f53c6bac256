import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import { PLURAL_CATEGORIES, translator } from '../worker/rules/translate';

const dictionaries: Record<string, Record<string, string>> = { en, fr, ar, es };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** `KEY_few` → `KEY` (a plural form, client/i18n.tsx), else the key itself. */
const PLURAL_FORM = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`);
const baseOf = (key: string) => key.replace(PLURAL_FORM, '');
/** Every key, its plural forms as one. */
const bases = (dict: Record<string, string>) => [...new Set(Object.keys(dict).map(baseOf))].sort();

describe('locales', () => {
  it('have the same keys in all four languages (plural forms as each language has them)', () => {
    const keys = bases(en);
    for (const [lang, dict] of Object.entries(dictionaries)) {
      expect(bases(dict), `keys of ${lang}.json`).toEqual(keys);
    }
  });

  it('give a plural key its `other` form and only forms of the language’s Intl.PluralRules', () => {
    for (const [lang, dict] of Object.entries(dictionaries)) {
      const categories: string[] = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of Object.keys(dict).filter((k) => PLURAL_FORM.test(k))) {
        expect(dict[`${baseOf(key)}_other`], `${lang}:${baseOf(key)}_other`).toBeTruthy();
        expect(dict[baseOf(key)], `${lang}:${baseOf(key)} has plural forms and a plain one`).toBeUndefined();
        expect(categories, `${lang}:${key}`).toContain(PLURAL_FORM.exec(key)?.[1]);
      }
    }
  });

  it('have no empty text and the same {{placeholders}} in every language (a plural form may write its count in words)', () => {
    /** Per language, each base key's plural forms (`KEY_one`…), read once. */
    const pluralForms = Object.fromEntries(
      Object.entries(dictionaries).map(([lang, dict]) => {
        const byBase = new Map<string, string[]>();
        for (const k of Object.keys(dict)) if (baseOf(k) !== k) byBase.set(baseOf(k), [...(byBase.get(baseOf(k)) ?? []), k]);
        return [lang, byBase];
      }),
    );
    for (const [key, text] of Object.entries(en)) {
      if (PLURAL_FORM.test(key) && !key.endsWith('_other')) continue;
      const base = baseOf(key);
      for (const [lang, dict] of Object.entries(dictionaries)) {
        const forms = [...new Set([...(key in dict ? [key] : []), ...(pluralForms[lang]?.get(base) ?? [])])];
        expect(forms.length, `${lang}:${key}`).toBeGreaterThan(0);
        for (const form of forms) {
          expect(dict[form]?.trim(), `${lang}:${form}`).toBeTruthy();
          const without = (list: (string | undefined)[]) => (form.endsWith('_other') ? list : list.filter((p) => p !== 'count'));
          expect(without(placeholders(dict[form] ?? '')), `${lang}:${form}`).toEqual(without(placeholders(text)));
        }
      }
    }
  });

  it('pick the plural form of a count by the language’s rules', () => {
    const t = translator('ar', { DAYS_one: 'يوم واحد', DAYS_two: 'يومان', DAYS_few: '{{count}} أيام', DAYS_other: '{{count}} يومًا' });
    expect([1, 2, 3, 11].map((count) => t('DAYS', { count }))).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا']);
    expect(translator('en', { N_one: '{{count}} ticket', N_other: '{{count}} tickets' })('N', { count: 1 })).toBe('1 ticket');
    expect(translator('fr', { N_one: '{{count}} ticket', N_other: '{{count}} tickets' })('N', { count: 0 })).toBe('0 ticket');
    expect(translator('en', { N: 'plain {{count}}' })('N', { count: 2 })).toBe('plain 2');
  });
});
