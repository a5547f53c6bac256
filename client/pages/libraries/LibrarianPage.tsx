import type { LibrarianUsage } from '../../../worker/api/libraries/schemas';
import { shiftMonth } from '../../../worker/rules/libraries';
import { useI18n } from '../../i18n';

/** How many titles the page lists (the CSV has them all). */
const TOP_TITLES = 10;

/** /librarian: the librarian's library's usage for a month (loans, distinct patrons, top titles), a month picker and the CSV export. */
export function LibrarianPage({ usage }: { usage: LibrarianUsage }) {
  const { t } = useI18n();
  return (
    <div className="page librarian">
      <header className="page__header">
        <h1>{t('LIBRARIAN_TITLE')}</h1>
        <p className="page__lead">{usage.library.name}</p>
      </header>
      <form className="librarian__month" method="get" action="/librarian">
        <a href={`/librarian?month=${shiftMonth(usage.month, -1)}`} rel="prev">
          {t('LIBRARIAN_PREVIOUS')}
        </a>
        <label className="field__label" htmlFor="librarian-month">
          {t('LIBRARIAN_MONTH')}
        </label>
        <input className="field__input" id="librarian-month" name="month" type="month" defaultValue={usage.month} dir="ltr" />
        <button className="button button--secondary" type="submit">
          {t('LIBRARIAN_SHOW')}
        </button>
        <a href={`/librarian?month=${shiftMonth(usage.month, 1)}`} rel="next">
          {t('LIBRARIAN_NEXT')}
        </a>
      </form>
      <dl className="librarian__totals">
        <div>
          <dt>{t('LIBRARIAN_LOANS')}</dt>
          <dd data-total="loans">{usage.loans}</dd>
        </div>
        <div>
          <dt>{t('LIBRARIAN_PATRONS')}</dt>
          <dd data-total="patrons">{usage.patrons}</dd>
        </div>
      </dl>
      <section aria-labelledby="librarian-top">
        <h2 id="librarian-top">{t('LIBRARIAN_TOP_TITLES')}</h2>
        {usage.titles.length === 0 ? (
          <p>{t('LIBRARIAN_NO_LOANS')}</p>
        ) : (
          <table className="librarian__table">
            <thead>
              <tr>
                <th scope="col">{t('LIBRARIAN_TITLE_COLUMN')}</th>
                <th scope="col">{t('LIBRARIAN_LOANS')}</th>
                <th scope="col">{t('LIBRARIAN_PATRONS')}</th>
              </tr>
            </thead>
            <tbody>
              {usage.titles.slice(0, TOP_TITLES).map((title) => (
                <tr key={title.slug}>
                  <th scope="row">
                    <a href={`/content/${title.slug}`}>{title.name}</a>
                  </th>
                  <td>{title.loans}</td>
                  <td>{title.patrons}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <p>
        <a className="button button--primary" href={`/librarian/usage.csv?month=${usage.month}`} download={`usage-${usage.library.slug}-${usage.month}.csv`}>
          {t('LIBRARIAN_EXPORT')}
        </a>
      </p>
    </div>
  );
}
