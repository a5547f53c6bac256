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

/** Languages named in the page language ('ar' → 'العربية' on an Arabic page), first letter up. */
export function languageLabels(lang: Lang, codes: string[]): Record<string, string> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'language' });
  } catch {
    names = null;
  }
  const label = (code: string): string => {
    try {
      const name = names?.of(code) ?? code;
      return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
    } catch {
      return code;
    }
  };
  return Object.fromEntries(codes.map((code) => [code, label(code)]));
}
