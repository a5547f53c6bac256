/** The four languages of the product (spec §9 SUPPORTED_LANGUAGES). */
export const LANGS = ['en', 'fr', 'ar', 'es'] as const;
export type Lang = (typeof LANGS)[number];

export const isLang = (value: unknown): value is Lang => typeof value === 'string' && (LANGS as readonly string[]).includes(value);
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
