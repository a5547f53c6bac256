import type { PartnerContents } from '../../../worker/api/partners/schemas';
import { Pager } from '../../components/Pager';
import { Grid } from '../../components/Tile';
import { useI18n } from '../../i18n';
import { PartnerLogo } from './parts';

/** `/partners/{slug}`: the partner's logo, description and website, and the titles it brings as a poster grid, paged by 40. */
export function PartnerPage({ data, basePath }: { data: PartnerContents; basePath: string }) {
  const { t } = useI18n();
  const { partner } = data;
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <div className="page partner">
      <header className="page__header partner__header">
        <PartnerLogo partner={partner} size={120} />
        <div className="partner__intro">
          <p className="partner__kicker">
            <a href="/partners">{t('PARTNERS')}</a>
          </p>
          <h1>{partner.name}</h1>
          {partner.description && <p className="page__lead">{partner.description}</p>}
          {partner.url && (
            <p>
              <a className="button button--secondary" href={partner.url} rel="noopener" target="_blank">
                {t('PARTNER_VISIT')}
                <span className="visually-hidden"> ({t('OPENS_IN_NEW_TAB')})</span>
              </a>
            </p>
          )}
        </div>
      </header>
      <section aria-labelledby="partner-titles">
        <h2 id="partner-titles" className="row__title">
          {t('PARTNER_TITLES', { name: partner.name })} <span className="page__count">{t('TITLES_COUNT', { count: data.total })}</span>
        </h2>
        {data.contents.length ? <Grid contents={data.contents} /> : <p className="notice">{t('NO_CONTENT')}</p>}
      </section>
      <Pager page={data.page} pages={pages} basePath={basePath} />
    </div>
  );
}
