// The translator shared by the server and the browser: a dictionary lookup with `{{params}}` and
// plural forms, plus the formats every text uses. Pure: the server loads the four dictionaries
// (worker/i18n.ts), a page hands its one dictionary to the browser (client/i18n.tsx).
import type { Lang } from './lang';

export type Dict = Record<string, string>;

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The plural forms a key may have in a dictionary: `KEY_one`, `KEY_two`, `KEY_few`… (Intl.PluralRules categories), `KEY_other` always. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const PARAM = /{{(.*?)}}/g;

/**
 * A translate function over one language's dictionary; a missing key shows the key itself. A
 * numeric `count` picks the key's plural form by the language's Intl.PluralRules ("1 ticket", "5
 * tickets"; Arabic "يومان" for 2, "3 أيام", "11 يومًا"), falling back to `KEY_other`, then `KEY`:
 * every text that shows a count passes it as `count`. `{{name}}` takes `params.name` (empty when absent).
 */
export function translator(lang: Lang, dict: Dict): Translate {
  const plural = new Intl.PluralRules(lang);
  const has = (key: string) => Object.hasOwn(dict, key);
  const pick = (key: string, count: unknown): string => {
    if (typeof count !== 'number') return key;
    const form = `${key}_${plural.select(count)}`;
    if (has(form)) return form;
    return has(`${key}_other`) ? `${key}_other` : key;
  };
  return (key, params) => {
    const form = pick(key, params?.count);
    const text = has(form) ? (dict[form] ?? '') : '';
    return text.replace(PARAM, (_, name: string) => String(params?.[name.trim()] ?? '')) || key;
  };
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

/** Each language's region for dates and times: British English, French of France, Moroccan Arabic, Spanish of Spain. */
const REGIONS: Record<Lang, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-MA', es: 'es-ES' };

/**
 * The Intl locale of a language: its region and Latin digits (`ar-MA-u-nu-latn`), so the server and
 * the browser write the same dates and times.
 */
export const intlLocale = (lang: Lang): string => `${REGIONS[lang]}-u-nu-latn`;

/** Numbers formatted with an explicit locale and Latin digits, so SSR and hydration agree. */
export function formatNumber(lang: Lang, n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(lang, { numberingSystem: 'latn', ...options }).format(n);
}
