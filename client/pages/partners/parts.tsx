import type { Partner } from '../../../worker/api/partners/schemas';
import { useI18n } from '../../i18n';

/** A partner's logo (an SVG or image of the partner), decorative next to its name. */
export function PartnerLogo({ partner, size = 96 }: { partner: Pick<Partner, 'logo'>; size?: number }) {
  if (!partner.logo) return null;
  return <img className="partner-logo" src={partner.logo} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}

/** A partner as a card linking to its page /partners/{slug}: logo, name, and how many titles it brings. */
export function PartnerCard({ partner, compact = false }: { partner: Partner; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <a className={`partner-card${compact ? ' partner-card--compact' : ''}`} href={`/partners/${partner.slug}`}>
      <PartnerLogo partner={partner} size={compact ? 48 : 96} />
      <span className="partner-card__body">
        <span className="partner-card__name">{partner.name}</span>
        {!compact && partner.description && <span className="partner-card__text">{partner.description}</span>}
        <span className="partner-card__count">{t('TITLES_COUNT', { count: partner.titles })}</span>
      </span>
    </a>
  );
}

/** The content page's "Partners" row (GET /pages/content/{slug}/partners): nothing when the title has none. */
export function PartnersRow({ partners }: { partners: Partner[] }) {
  const { t } = useI18n();
  if (partners.length === 0) return null;
  return (
    <section className="row partners-row" aria-labelledby="partners-row-title">
      <h2 className="row__title" id="partners-row-title">
        {t('PARTNERS')}
      </h2>
      <ul className="partners-row__list">
        {partners.map((p) => (
          <li key={p.id}>
            <PartnerCard partner={p} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
