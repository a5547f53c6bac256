import type { CategoryPage as CategoryData } from '../../worker/api/pages/schemas';
import { Grid } from '../components/Tile';
import { useI18n } from '../i18n';

/** `/category/{slug}` and grid pages `/page/{slug}`: the category's contents as a poster grid, paged by 40. */
export function CategoryPage({ data, basePath }: { data: CategoryData; basePath: string }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  return (
    <div className="page category">
      <header className="page__header">
        <h1>{data.category.name}</h1>
        {data.category.description && <p className="page__lead">{data.category.description}</p>}
        <p className="page__count">{t('TITLES_COUNT', { count: data.total })}</p>
      </header>
      {data.contents.length ? <Grid contents={data.contents} /> : <p className="notice">{t('NO_CONTENT')}</p>}
      {pages > 1 && (
        <nav className="pager" aria-label={t('PAGES')}>
          {data.page > 1 && <a href={`${basePath}?page=${data.page - 1}`} rel="prev">{t('PREVIOUS')}</a>}
          <span>{t('PAGE_OF', { page: data.page, pages })}</span>
          {data.page < pages && <a href={`${basePath}?page=${data.page + 1}`} rel="next">{t('NEXT')}</a>}
        </nav>
      )}
    </div>
  );
}

/** `/category` without slug: the format categories. */
export function CategoryIndex({ links }: { links: { href: string; label: string }[] }) {
  const { t } = useI18n();
  return (
    <div className="page">
      <h1>{t('CATEGORIES')}</h1>
      <ul className="chips">
        {links.map((l) => (
          <li key={l.href}>
            <a className="chip" href={l.href}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
