import type { Ad } from '../../worker/api/partners/schemas';
import { useI18n } from '../i18n';

/** The fields of an ad a card reads (the search island passes them on as JSON). */
export type AdCardData = Pick<Ad, 'id' | 'kind' | 'title' | 'text' | 'image' | 'click' | 'impression'> & { partner: { slug: string; name: string } | null };

/** Keeps only what a card reads (island props travel as JSON in the page). */
export const toAdCard = (ad: AdCardData): AdCardData => ({
  id: ad.id,
  kind: ad.kind,
  title: ad.title,
  text: ad.text,
  image: ad.image,
  click: ad.click,
  impression: ad.impression,
  partner: ad.partner ? { slug: ad.partner.slug, name: ad.partner.name } : null,
});

/**
 * An ad (issue 15: home slot, search results, /ads), marked as one: a visible "Advertisement" label
 * and the same word in its accessible name. Its link goes through /ads/{id}/click (counted, then
 * redirected to the ad's stored link); a 1-pixel image counts it being seen (lazy: only once near the screen).
 */
export function AdCard({ ad, wide = false }: { ad: AdCardData; wide?: boolean }) {
  const { t } = useI18n();
  const label = t('AD_LABEL');
  return (
    <aside className={`ad-card ad-card--${ad.kind}${wide ? ' ad-card--wide' : ''}`} aria-label={`${label}: ${ad.title}`} data-ad={ad.id}>
      <a className="ad-card__link" href={ad.click} rel="sponsored">
        {ad.image && <img className="ad-card__image" src={ad.image} alt="" width="480" height="270" loading="lazy" decoding="async" />}
        <span className="ad-card__body">
          <span className="ad-card__label">{label}</span>
          <span className="ad-card__title">{ad.title}</span>
          {ad.text && <span className="ad-card__text">{ad.text}</span>}
          {ad.partner && <span className="ad-card__sponsor">{t('AD_SPONSORED_BY', { name: ad.partner.name })}</span>}
        </span>
      </a>
      <img className="ad-card__pixel" src={ad.impression} alt="" width="1" height="1" loading="lazy" />
    </aside>
  );
}
