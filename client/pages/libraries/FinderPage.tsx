import type { LibraryFinder } from '../../../worker/api/libraries/schemas';
import { useI18n } from '../../i18n';
import { LibraryTile } from './parts';

/** /libraries (spec §2 library finder): search by city, postal code or name; a GET form, no JavaScript needed. */
export function FinderPage({ finder, loggedIn }: { finder: LibraryFinder; loggedIn: boolean }) {
  const { t } = useI18n();
  return (
    <div className="page libraries">
      <header className="page__header">
        <h1>{t('LIBRARIES_TITLE')}</h1>
        <p className="page__lead">{t('LIBRARIES_INTRO')}</p>
        {loggedIn && (
          <p>
            <a className="button button--ghost" href="/libraries/me">
              {t('MY_LIBRARIES')}
            </a>
          </p>
        )}
      </header>
      <form className="libraries__search" method="get" action="/libraries" role="search">
        <label className="field__label" htmlFor="library-q">
          {t('LIBRARIES_SEARCH_LABEL')}
        </label>
        <div className="libraries__search-row">
          <input className="field__input" id="library-q" name="q" type="search" defaultValue={finder.query} maxLength={200} autoComplete="off" />
          <button className="button button--primary" type="submit">
            {t('SEARCH')}
          </button>
        </div>
      </form>
      {finder.libraries.length === 0 ? (
        <p className="libraries__none" role="status">
          {t('LIBRARIES_NONE', { query: finder.query })}
        </p>
      ) : (
        <>
          <p className="libraries__count" role="status">
            {t('LIBRARIES_FOUND', { count: finder.libraries.length })}
          </p>
          <ul className="libraries__list">
            {finder.libraries.map((library) => (
              <li key={library.id}>
                <LibraryTile library={library} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
