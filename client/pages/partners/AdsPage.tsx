import type { AdsPage as AdsData } from '../../../worker/api/partners/schemas';
import { Pager } from '../../components/Pager';
import { AdCard } from '../../components/AdCard';
import { useI18n } from '../../i18n';

/** `/ads` (spec §1 ads page, §7 GET /pages/ads): the offers running now, each marked as an ad. */
export function AdsPage({ data }: { data: AdsData }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <div className="page ads">
      <header className="page__header">
        <h1>{t('ADS_TITLE')}</h1>
        <p className="page__lead">{t('ADS_INTRO')}</p>
      </header>
      {data.data.length ? (
        <ul className="ads__list">
          {data.data.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} wide />
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t('ADS_NONE')}</p>
      )}
      <Pager page={data.page} pages={pages} basePath={'/ads'} />
    </div>
  );
}
