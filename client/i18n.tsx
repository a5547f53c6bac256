import { createContext, useContext, type ReactNode } from 'react';
import rosetta from 'rosetta';
import { dirOf, type Lang } from '../worker/rules/lang';

export { dirOf, isLang, LANGS, type Lang } from '../worker/rules/lang';
export type Dict = Record<string, string>;

/** Native names, shown in the language dropdown whatever the current language. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', fr: 'Français', ar: 'العربية', es: 'Español' };

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The plural forms a key may have in a dictionary: `KEY_one`, `KEY_two`, `KEY_few`… (Intl.PluralRules categories), `KEY_other` always. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/**
 * A translate function over one language's dictionary; a missing key shows the key itself. A
 * numeric `count` picks the key's plural form by the language's Intl.PluralRules ("1 ticket", "5
 * tickets"; Arabic "يومان" for 2, "3 أيام", "11 يومًا"), falling back to `KEY_other`, then `KEY`:
 * every text that shows a count passes it as `count`.
 */
export function translator(lang: Lang, dict: Dict): Translate {
  const i18n = rosetta<Dict>({ [lang]: dict });
  i18n.locale(lang);
  const plural = new Intl.PluralRules(lang);
  const pick = (key: string, count: unknown): string => {
    if (typeof count !== 'number') return key;
    const form = `${key}_${plural.select(count)}`;
    if (dict[form] !== undefined) return form;
    return dict[`${key}_other`] !== undefined ? `${key}_other` : key;
  };
  return (key, params) => i18n.t(pick(key, params?.count), params) || key;
}

/**
 * Translates a server error message of the form `CODE: detail` by its code
 * (spec §8 Request helper), falling back to ERROR_DEFAULT ('Une erreur est survenue.').
 */
export function translateError(t: Translate, message: string | undefined): string {
  const code = (message ?? '').split(':')[0]?.trim() ?? '';
  const text = code ? t(code) : code;
  return text && text !== code ? text : t('ERROR_DEFAULT');
}

/**
 * Dates as DD/MM/YYYY (spec §9) with Latin digits, identical on server and browser.
 * Input is an ISO date or date-time string.
 */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Numbers formatted with an explicit locale and Latin digits, so SSR and hydration agree. */
export function formatNumber(lang: Lang, n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(lang, { numberingSystem: 'latn', ...options }).format(n);
}

type I18n = { lang: Lang; dir: 'rtl' | 'ltr'; t: Translate };
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ lang, dict, children }: { lang: Lang; dict: Dict; children: ReactNode }) {
  return <I18nContext.Provider value={{ lang, dir: dirOf(lang), t: translator(lang, dict) }}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() outside <I18nProvider>');
  return value;
}
