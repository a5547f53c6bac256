import { useI18n, type Lang } from '../i18n';

/** The country's name in the page language (server-rendered only), else the ISO code itself. */
function regionName(lang: Lang, country: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** Shown instead of the site to visitors from a blocked country (spec §6 geoblocking). */
export function Geoblocked({ country }: { country: string }) {
  const { t, lang } = useI18n();
  return (
    <section className="wall" aria-labelledby="wall-title">
      <div className="wall__card">
        <img className="wall__logo" src="/icons/icon-144.png" alt="Tafrij" width={64} height={64} />
        <h1 id="wall-title" className="wall__title">
          {t('GEOBLOCKED')}
        </h1>
        <p className="wall__text">{t('GEOBLOCKED_TEXT')}</p>
        {country && <p className="wall__meta">{t('GEOBLOCKED_COUNTRY', { country: regionName(lang, country) })}</p>}
      </div>
    </section>
  );
}
