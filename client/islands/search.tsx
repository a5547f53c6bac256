import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { browserApi } from '../api';
import { AdCard, toAdCard, type AdCardData } from '../components/AdCard';
import { ButtonIcon } from '../components/ButtonIcon';
import { Tile } from '../components/Tile';
import { ViewerListsContext } from '../favs/context';
import type { ViewerLists } from '../../worker/rules/favs';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  hasCriteria,
  searchApiPath,
  searchPageUrl,
  toSearchTile,
  type Direction,
  type SearchCriteria,
  type SearchTile,
} from '../../worker/rules/search/query';

type Option = { slug: string; name: string };

export type SearchProps = {
  criteria: SearchCriteria;
  /** The page of `results` (1 unless a no-JavaScript visitor followed "More results"). */
  page: number;
  results: SearchTile[];
  /** True when `results` is the last page. */
  end: boolean;
  recommendations: SearchTile[];
  years: number[];
  formats: Option[];
  genres: Option[];
  /** The profile watching (spec §7 profileId), null for guests and locked profiles. */
  profileId: number | null;
  /** The viewer's My List and likes, for the toggles on the result tiles. */
  lists: ViewerLists;
  /** The search page's ads running now (spec §3 Search data `ads`), each shown marked as an ad. */
  ads: AdCardData[];
};

type Answer = { contents: { data: SearchTile[]; end: boolean }; recommendations: SearchTile[]; ads: AdCardData[] };

/** The answer of GET /pages/search/, checked by hand (zod stays out of island bundles). */
function parseAnswer(value: unknown): Answer {
  const v = value as { contents?: { data?: unknown; end?: unknown }; recommendations?: unknown; ads?: unknown } | null;
  if (!v || !Array.isArray(v.contents?.data) || !Array.isArray(v.recommendations)) throw new Error('unexpected search answer');
  return {
    contents: { data: (v.contents.data as SearchTile[]).map(toSearchTile), end: v.contents.end === true },
    recommendations: (v.recommendations as SearchTile[]).map(toSearchTile),
    ads: Array.isArray(v.ads) ? (v.ads as AdCardData[]).map(toAdCard) : [],
  };
}

/**
 * The search page (spec §2 /search, §4 Search, §5, §9). Without JavaScript it is a GET form with a
 * "More results" link. Live: the text is searched 500 ms after the last keystroke (trimmed), filters
 * and the sort direction apply at once, `?q=` and the filters are kept in the URL
 * (history.replaceState) so results can be shared; pages of 40 load as the viewer scrolls
 * (IntersectionObserver) until a page holds fewer than 40. A new search starts again at page 1.
 * Failures are only logged (spec §8: search errors are only logged): no toast. The island wakes on
 * the visitor's first pointer, focus or touch on it, or the first scroll ('page'): a results page
 * that is only looked at runs no React.
 */
export default function Search(props: SearchProps) {
  const { t, lang } = useI18n();
  const [text, setText] = useState(props.criteria.q);
  const [criteria, setCriteria] = useState(props.criteria);
  const [items, setItems] = useState(props.results);
  const [recommendations, setRecommendations] = useState(props.recommendations);
  const [ads, setAds] = useState(props.ads);
  const [page, setPage] = useState(props.page);
  const [end, setEnd] = useState(props.end);
  const [loading, setLoading] = useState<false | 'new' | 'more'>(false);
  const latest = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  const run = useCallback(
    async (next: SearchCriteria, nextPage: number) => {
      const id = ++latest.current;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(nextPage === 1 ? 'new' : 'more');
      try {
        const answer = await browserApi.request(searchApiPath(next, { page: nextPage, lang, profileId: props.profileId }), parseAnswer, {
          signal: controller.signal,
        });
        if (id !== latest.current) return;
        const data = answer.contents.data;
        setItems((prev) => {
          if (nextPage === 1) return data;
          const seen = new Set(prev.map((c) => c.id));
          return [...prev, ...data.filter((c) => !seen.has(c.id))];
        });
        if (nextPage === 1) {
          setRecommendations(answer.recommendations);
          setAds(answer.ads);
        }
        setPage(nextPage);
        // Spec §4: the end flag is set when a page returns fewer than 40 titles.
        setEnd(answer.contents.end || data.length < SEARCH_PAGE_SIZE);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('search failed', error);
        // Nothing more to load after a failure (a new search or filter tries again).
        if (id === latest.current) setEnd(true);
      } finally {
        if (id === latest.current) setLoading(false);
      }
    },
    [lang, props.profileId],
  );

  /** A new search: page 1, URL updated so it can be shared. */
  const apply = useCallback(
    (next: SearchCriteria) => {
      setCriteria(next);
      history.replaceState(history.state, '', searchPageUrl(next));
      setEnd(false);
      void run(next, 1);
    },
    [run],
  );

  // Spec §4: debounced 500 ms; the text is trimmed before it is sent (spec §5).
  useEffect(() => {
    const q = text.trim();
    if (q === criteria.q) return;
    const timer = setTimeout(() => apply({ ...criteria, q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, criteria, apply]);

  // Next page when the end of the grid comes near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || end || loading || !hasCriteria(criteria) || items.length === 0) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void run(criteria, page + 1);
    }, { rootMargin: '0px 0px 600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [end, loading, criteria, page, items.length, run]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const set = (field: 'year' | 'format' | 'genre' | 'type') => (value: string) => apply({ ...criteria, q: text.trim(), [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...criteria, q: text.trim() });
  };
  const toggleDirection = (event: MouseEvent) => {
    event.preventDefault();
    apply({ ...criteria, q: text.trim(), direction: criteria.direction === 'asc' ? 'desc' : 'asc' });
  };
  const more = (event: MouseEvent) => {
    event.preventDefault();
    if (!loading && !end) void run(criteria, page + 1);
  };

  const asked = hasCriteria(criteria);
  const nothing = asked && items.length === 0 && loading !== 'new';
  const other: Direction = criteria.direction === 'asc' ? 'desc' : 'asc';

  return (
    <ViewerListsContext.Provider value={props.lists}>
      <div className="search" data-search-state={loading ? 'loading' : 'idle'}>
        <form className="search__form" role="search" method="get" action="/search" onSubmit={submit}>
          <div className="search__bar">
            <label className="visually-hidden" htmlFor="search-q">
              {t('SEARCH')}
            </label>
            <svg className="search__icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
            </svg>
            <input
              id="search-q"
              className="search__input"
              type="search"
              name="q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('SEARCH_PLACEHOLDER')}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={200}
              autoFocus={!criteria.q}
            />
            <button className="button button--primary search__submit" type="submit">
              {t('SEARCH')}
            </button>
          </div>
          <fieldset className="search__filters">
            <legend className="visually-hidden">{t('SEARCH_FILTERS')}</legend>
            <Select name="year" label={t('SEARCH_YEAR')} value={criteria.year} onChange={set('year')} options={[{ value: '', label: t('SEARCH_ALL_YEARS') }, ...props.years.map((y) => ({ value: String(y), label: String(y) }))]} />
            <Select name="format" label={t('SEARCH_FORMAT')} value={criteria.format} onChange={set('format')} options={[{ value: '', label: t('SEARCH_ALL_FORMATS') }, ...props.formats.map((f) => ({ value: f.slug, label: f.name }))]} />
            <Select name="genre" label={t('SEARCH_GENRE')} value={criteria.genre} onChange={set('genre')} options={[{ value: '', label: t('SEARCH_ALL_GENRES') }, ...props.genres.map((g) => ({ value: g.slug, label: g.name }))]} />
            <Select
              name="type"
              label={t('SEARCH_TYPE')}
              value={criteria.type}
              onChange={set('type')}
              options={[
                { value: '', label: t('SEARCH_ALL_TYPES') },
                { value: 'video', label: t('SEARCH_TYPE_VIDEO') },
                { value: 'playlist', label: t('SEARCH_TYPE_PLAYLIST') },
              ]}
            />
            {/* Without JavaScript this button submits the other direction; being first, its value wins over the hidden field. */}
            <button className="button button--secondary search__sort" type="submit" name="direction" value={other} onClick={toggleDirection} title={t('SEARCH_SORT')}>
              <span className="visually-hidden">{t('SEARCH_SORT')}: </span>
              <span aria-hidden="true" className="search__sort-arrow" data-direction={criteria.direction}>
                <ButtonIcon name="arrowDown" />
              </span>
              {t(criteria.direction === 'asc' ? 'SEARCH_SORT_ASC' : 'SEARCH_SORT_DESC')}
            </button>
            <input type="hidden" name="direction" value={criteria.direction} />
          </fieldset>
        </form>

        <p className="search__status" role="status" aria-live="polite">
          {loading === 'new' ? t('SEARCH_SEARCHING') : nothing ? (criteria.q ? t('SEARCH_NO_RESULTS', { q: criteria.q }) : t('SEARCH_NO_MATCH')) : ''}
        </p>

        {ads.length > 0 && (
          <div className="search__ads">
            {ads.map((ad) => (
              <AdCard key={ad.id} ad={ad} wide />
            ))}
          </div>
        )}

        {items.length > 0 && (
          <section className="search__results" aria-labelledby="search-results-title" aria-busy={loading !== false}>
            <h2 id="search-results-title" className="visually-hidden">
              {t('SEARCH_RESULTS')}
            </h2>
            <ul className="grid" data-search-results="" data-end={end ? 'true' : 'false'} data-page={page}>
              {items.map((c, i) => (
                <li key={c.id}>
                  <Tile content={c} eager={i < 6} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="search__more">
              {loading === 'more' ? (
                <span className="spinner search__spinner" role="img" aria-label={t('LOADING')} />
              ) : end ? (
                <p className="search__end">{t('SEARCH_END')}</p>
              ) : (
                <a className="button button--ghost" href={searchPageUrl(criteria, page + 1)} onClick={more} rel="next">
                  {t('SEARCH_MORE')}
                </a>
              )}
            </div>
          </section>
        )}

        {items.length === 0 && loading === 'new' && <div className="spinner search__spinner" aria-hidden="true" />}

        {items.length === 0 && loading !== 'new' && recommendations.length > 0 && (
          <section className="search__recommendations" aria-labelledby="search-recommendations-title">
            <h2 id="search-recommendations-title" className="row__title">
              {t('SEARCH_RECOMMENDATIONS')}
            </h2>
            <ul className="grid" data-search-recommendations="">
              {recommendations.map((c, i) => (
                <li key={c.id}>
                  <Tile content={c} eager={i < 6} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </ViewerListsContext.Provider>
  );
}

function Select({ name, label, value, onChange, options }: { name: string; label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  const id = `search-${name}`;
  return (
    <div className="search__filter">
      <label className="search__filter-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input search__select" name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const SearchIsland = defineIsland('search', Search, 'page');
