import { useI18n } from '../i18n';

/** Previous / "page N of M" / next links of a paged list (`{basePath}?page=N`); nothing when there is one page. */
export function Pager({ page, pages, basePath }: { page: number; pages: number; basePath: string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('PAGES')}>
      {page > 1 && <a href={`${basePath}?page=${page - 1}`} rel="prev">{t('PREVIOUS')}</a>}
      <span>{t('PAGE_OF', { page, pages })}</span>
      {page < pages && <a href={`${basePath}?page=${page + 1}`} rel="next">{t('NEXT')}</a>}
    </nav>
  );
}
