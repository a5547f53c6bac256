import type { HelpArticlePage as ArticleData } from '../../../worker/api/help/schemas';
import { contactHref, HELP_CENTRE_PATH, helpArticlePath, helpCategoryKey } from '../../../worker/rules/help';
import { formatDate, useI18n } from '../../i18n';
import { FaqJsonLd, HelpText } from './HelpText';

/**
 * /page/help-center/{slug} (issue 15): one answer, "Was this helpful?" as a POST form (works
 * without JavaScript; the answer's page comes back with a thank-you toast), "Still need help?
 * Contact us" with the contact subject of the article's category, and the other questions of
 * its category.
 */
export function HelpArticlePage({ data, voted }: { data: ArticleData; voted: boolean }) {
  const { t } = useI18n();
  const { article } = data;
  return (
    <div className="page help help--article">
      <nav className="help__crumbs" aria-label={t('HELP_CENTER')}>
        <a href={HELP_CENTRE_PATH}>{t('HELP_CENTER')}</a>
        <span aria-hidden="true"> › </span>
        <a href={`${HELP_CENTRE_PATH}?category=${article.category}`}>{t(helpCategoryKey(article.category))}</a>
      </nav>
      <article className="help__article prose">
        <h1 className="page__title">{article.question}</h1>
        <p className="help__answer help__answer--full">
          <HelpText text={article.answer} />
        </p>
        <p className="help__updated">{t('HELP_UPDATED', { date: formatDate(article.updated_at) })}</p>
      </article>
      <section className="help__feedback" aria-labelledby="help-feedback">
        {voted ? (
          <p id="help-feedback" className="help__thanks" role="status">
            {t('HELP_THANKS')}
          </p>
        ) : (
          <form method="post" action={`${helpArticlePath(article.slug)}/helpful`} className="help__vote">
            <h2 id="help-feedback" className="help__vote-title">
              {t('HELP_WAS_IT_HELPFUL')}
            </h2>
            <button className="button button--secondary" type="submit" name="helpful" value="yes">
              {t('HELP_YES')}
            </button>
            <button className="button button--secondary" type="submit" name="helpful" value="no">
              {t('HELP_NO')}
            </button>
          </form>
        )}
      </section>
      <section className="help__contact" aria-labelledby="help-contact">
        <h2 id="help-contact" className="help__heading">
          {t('HELP_STILL_NEED_HELP')}
        </h2>
        <a className="button button--primary" href={contactHref(article.category)} data-help-contact="">
          {t('CONTACT')}
        </a>
      </section>
      {data.related.length > 0 && (
        <section className="help__section" aria-labelledby="help-related">
          <h2 id="help-related" className="help__heading">
            {t('HELP_RELATED')}
          </h2>
          <ul className="help__related">
            {data.related.map((r) => (
              <li key={r.slug}>
                <a href={helpArticlePath(r.slug)}>{r.question}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <FaqJsonLd questions={[article]} />
    </div>
  );
}
