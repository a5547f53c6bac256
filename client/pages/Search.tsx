import { useI18n } from '../i18n';
import { SearchIsland, type SearchProps } from '../islands/search';

/** `/search` (spec §2): the search form, results and recommendations, all in the search island. */
export function SearchPage(props: SearchProps) {
  const { t } = useI18n();
  return (
    <div className="page search-page">
      <h1 className="visually-hidden">{t('TITLE_SEARCH')}</h1>
      <SearchIsland {...props} />
    </div>
  );
}
