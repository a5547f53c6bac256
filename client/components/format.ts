import type { Lang, Translate } from '../i18n';

/** '1 h 45 min' / '45 min' from seconds, translated. */
export function formatDuration(t: Translate, seconds: number | null): string {
  if (!seconds) return '';
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? t('DURATION_HOURS_MINUTES', { h, m }) : t('DURATION_MINUTES', { m });
}

/** An approximate place: 'Rabat, Maroc' (city, then the country named in the page language); '' when neither is known. */
export function placeName(lang: Lang, city: string, country: string): string {
  return [city, country ? displayName(lang, 'region', country) : ''].filter(Boolean).join(lang === 'ar' ? '، ' : ', ');
}

/** Country or language name in the page language ('MA' → 'Maroc' in French). */
export function displayName(lang: Lang, type: 'region' | 'language', code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}
