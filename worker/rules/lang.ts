/** The four languages of the product (spec §9 SUPPORTED_LANGUAGES). */
export const LANGS = ['en', 'fr', 'ar', 'es'] as const;
export type Lang = (typeof LANGS)[number];

export const isLang = (value: unknown): value is Lang => typeof value === 'string' && (LANGS as readonly string[]).includes(value);
/** Each language in its own name (what a language switch shows, whatever the page's language). */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', fr: 'Français', ar: 'العربية', es: 'Español' };

export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/**
 * A page's address in one language (the `lang` query parameter overrides the language, spec §2), or
 * without it for `x-default`: the hreflang alternates of the document head and of sitemap.xml.
 */
export function langHref(url: URL | string, lang: Lang | null): string {
  const u = new URL(url);
  u.searchParams.delete('lang');
  if (lang) u.searchParams.set('lang', lang);
  return u.toString();
}
