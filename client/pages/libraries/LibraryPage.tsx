import type { LibraryPage as LibraryPageData, LibraryLoan } from '../../../worker/api/libraries/schemas';
import { Grid } from '../../components/Tile';
import { useI18n } from '../../i18n';
import { CardSummary, LoanList } from './parts';

/** /libraries/{slug}: the library's logo, landing text, monthly tickets, the caller's card and counter, its titles. */
export function LibraryPage({ data, loans, now }: { data: LibraryPageData; loans: LibraryLoan[] | null; now: string }) {
  const { t } = useI18n();
  const { library, card } = data;
  return (
    <div className="page library">
      <header className="library__header">
        {library.logo && <img className="library__logo" src={library.logo} alt="" width={96} height={96} />}
        <div>
          <p className="settings__back">
            <a href="/libraries">{t('LIBRARIES_TITLE')}</a>
          </p>
          <h1>{library.name}</h1>
          <p className="library__city">
            {library.city} · <bdi>{library.postal_code}</bdi>
          </p>
        </div>
      </header>
      <p className="library__landing">{library.landing}</p>
      <p className="library__tickets">
        {t('LIBRARY_MONTHLY_TICKETS', { count: library.monthly_tickets })} · {t('LIBRARY_TICKETS_RESET')}
      </p>
      {card ? (
        <section className="library__mine" aria-labelledby="library-mine-title">
          <h2 id="library-mine-title">{t('LIBRARY_CARD_YOUR_CARD')}</h2>
          <CardSummary card={card} />
          {loans && (
            <>
              <h3>{t('LIBRARY_LOANS')}</h3>
              <LoanList loans={loans} now={now} />
            </>
          )}
        </section>
      ) : (
        <p>
          <a className="button button--primary button--large" href={`/libraries/${library.slug}/card`}>
            {t('LIBRARY_ADD_CARD')}
          </a>
        </p>
      )}
      <section aria-labelledby="library-titles-title">
        <h2 id="library-titles-title">{t('LIBRARY_TITLES')}</h2>
        <Grid contents={data.contents} />
      </section>
    </div>
  );
}
