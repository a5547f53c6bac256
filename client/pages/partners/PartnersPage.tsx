import type { Partner } from '../../../worker/api/partners/schemas';
import { useI18n } from '../../i18n';
import { PartnerCard } from './parts';

/** `/partners` (spec §1 partners pages): every published partner, by position. */
export function PartnersPage({ partners }: { partners: Partner[] }) {
  const { t } = useI18n();
  return (
    <div className="page partners">
      <header className="page__header">
        <h1>{t('PARTNERS')}</h1>
        <p className="page__lead">{t('PARTNERS_INTRO')}</p>
      </header>
      {partners.length ? (
        <ul className="partners__list">
          {partners.map((p) => (
            <li key={p.id}>
              <PartnerCard partner={p} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t('PARTNERS_NONE')}</p>
      )}
      <p className="partners__offers">
        <a className="button button--secondary" href="/ads">
          {t('ADS_TITLE')}
        </a>
      </p>
    </div>
  );
}
