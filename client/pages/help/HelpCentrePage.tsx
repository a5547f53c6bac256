import type { HelpArticle, HelpIndex } from '../../../worker/api/help/schemas';
import { HELP_CATEGORIES, HELP_CENTRE_PATH, helpArticlePath, helpCategoryKey, type HelpCategory } from '../../../worker/rules/help';
import { useI18n } from '../../i18n';
import { HelpSearchIsland } from '../../islands/help-search';
import { FaqJsonLd, HelpText } from './HelpText';

/**
 * /page/help-center (issue 15, spec §2 "help centre with FAQ"): the search box (a GET form; the
 * help-search island adds suggestions), the topics, and either the search results or every
 * category with its questions as <details> (readable without JavaScript), with FAQPage JSON-LD of
 * the questions shown.
 */
export function HelpCentrePage({ data }: { data: HelpIndex }) {
  const { t } = useI18n();
  const shown = data.results ?? data.categories.flatMap((c) => c.articles);
  return (
    <div className="page help">
      <header className="help__header">
        <h1 className="page__title">{t('HELP_CENTER')}</h1>
        <p className="page__lead">{t('HELP_CENTER_INTRO')}</p>
        <HelpSearchIsland query={data.query} />
      </header>
      <Topics current={data.results ? 'search' : data.category} />
      {data.results ? (
        <section className="help__section" aria-labelledby="help-results">
          <h2 id="help-results" className="help__heading">
            {t('HELP_RESULTS_FOR', { q: data.query })}
          </h2>
          {data.results.length === 0 ? (
            <p className="help__empty" data-help-results="0">
              {t('HELP_NO_RESULTS', { q: data.query })}{' '}
              <a href="/contact">{t('CONTACT')}</a>
            </p>
          ) : (
            <Questions articles={data.results} />
          )}
          <p>
            <a href={HELP_CENTRE_PATH}>{t('HELP_ALL_ARTICLES')}</a>
          </p>
        </section>
      ) : (
        data.categories.map((category) => (
          <section key={category.slug} className="help__section" aria-labelledby={`help-${category.slug}`}>
            <h2 id={`help-${category.slug}`} className="help__heading">
              {t(helpCategoryKey(category.slug))}
            </h2>
            {category.articles.length === 0 ? <p className="help__empty">{t('HELP_EMPTY')}</p> : <Questions articles={category.articles} />}
          </section>
        ))
      )}
      <FaqJsonLd questions={shown} />
    </div>
  );
}

/** The topics: links to one category at a time (all of them: the help centre itself; none current while searching). */
function Topics({ current }: { current: HelpCategory | null | 'search' }) {
  const { t } = useI18n();
  return (
    <nav className="help__topics" aria-label={t('HELP_CATEGORIES')}>
      <ul className="chips">
        <li>
          <a className="chip" href={HELP_CENTRE_PATH} aria-current={current === null ? 'page' : undefined}>
            {t('HELP_ALL_ARTICLES')}
          </a>
        </li>
        {HELP_CATEGORIES.map((slug) => (
          <li key={slug}>
            <a className="chip" href={`${HELP_CENTRE_PATH}?category=${slug}`} aria-current={current === slug ? 'page' : undefined}>
              {t(helpCategoryKey(slug))}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Questions as <details>: the answer opens in place, with a link to the article (to vote or share). */
function Questions({ articles }: { articles: HelpArticle[] }) {
  const { t } = useI18n();
  return (
    <div className="help__questions" data-help-questions="">
      {articles.map((a) => (
        <details key={a.slug} className="help__question" data-slug={a.slug}>
          <summary>{a.question}</summary>
          <p className="help__answer">
            <HelpText text={a.answer} />
          </p>
          <p className="help__open">
            <a href={helpArticlePath(a.slug)}>{t('HELP_READ_ARTICLE')}</a>
          </p>
        </details>
      ))}
    </div>
  );
}
