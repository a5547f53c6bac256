import type { CategoryPage as CategoryData } from '../../worker/api/pages/schemas';
import { Pager } from '../components/Pager';
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
      <Pager page={data.page} pages={pages} basePath={basePath} />
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
