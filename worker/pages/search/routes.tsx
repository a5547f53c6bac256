import { SearchPage } from '../../../client/pages/Search';
import { criteriaFromUrl, hasCriteria, searchApiPath, toSearchTile, type SearchCriteria } from '../../rules/search/query';
import type { SearchProps } from '../../../client/islands/search';
import { SearchFilters, SearchPage as SearchAnswer } from '../../api/search/schemas';
import { forProfile, loadConfig, serverApi } from '../loaders';
import { definePage, type Ctx } from '../kit/page';
import { viewerLists } from '../../rules/favs';
import { toAdCard } from '../../../client/components/AdCard';
import { loadUser } from '../../session/user';

const NO_FILTERS: SearchFilters = { years: [], formats: [], genres: [] };

/** The profile whose age limit filters the island's calls (as forProfile decides for loaders). */
function profileIdOf(c: Ctx): number | null {
  const user = c.get('user');
  return !user || user.isAnonymous || user.profile.locked ? null : user.profile.id;
}

/** Spec §8: search errors are only logged; the page renders without results. */
function logged<T>(c: Ctx, what: string, fallback: T) {
  return (error: unknown): T => {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: `search page: ${what} failed`, error: String(error) }));
    return fallback;
  };
}

async function loadResults(c: Ctx, criteria: SearchCriteria, page: number): Promise<SearchAnswer> {
  const path = searchApiPath(criteria, { page, lang: c.get('lang'), origin: 'search' });
  return serverApi(c).request(forProfile(c, path), (v) => SearchAnswer.parse(v));
}

/**
 * `/search?q=…` (spec §2, §4 Search): the first page of results is rendered on the server (the
 * page works without JavaScript: a GET form, "More results" links with ?page=N), then the search
 * island takes over. Filters come from GET /pages/search/filters. 404 when the SEARCH option is off.
 */
async function loadSearch(c: Ctx) {
  const config = await loadConfig(c);
  if (!config.options['SEARCH']) return c.notFound();
  const url = new URL(c.req.url);
  const criteria = criteriaFromUrl(url.searchParams);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const empty: SearchAnswer = { contents: { data: [], page, page_size: 40, end: true }, ads: [], recommendations: [] };
  const [filters, answer] = await Promise.all([
    serverApi(c)
      .request(forProfile(c, `/pages/search/filters?lang=${c.get('lang')}`), (v) => SearchFilters.parse(v))
      .catch(logged(c, 'filters', NO_FILTERS)),
    loadResults(c, criteria, hasCriteria(criteria) ? page : 1).catch(logged(c, 'search', empty)),
  ]);
  const props: SearchProps = {
    criteria,
    page: hasCriteria(criteria) ? page : 1,
    results: answer.contents.data.map(toSearchTile),
    end: answer.contents.end,
    recommendations: answer.recommendations.map(toSearchTile),
    years: filters.years,
    formats: filters.formats.map(({ slug, name }) => ({ slug, name })),
    genres: filters.genres.map(({ slug, name }) => ({ slug, name })),
    profileId: profileIdOf(c),
    lists: viewerLists(await loadUser(c)),
    ads: answer.ads.map(toAdCard),
  };
  return { props, image: answer.contents.data[0]?.tile_image };
}

export const pages = definePage({
  path: '/search',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => loadSearch(c),
  view: ({ props, image }, { t }) => ({
    element: <SearchPage {...props} />,
    meta: { title: props.criteria.q ? `${props.criteria.q} – ${t('TITLE_SEARCH')}` : t('TITLE_SEARCH'), description: t('DESCRIPTION_SEARCH'), share: { image } },
  }),
});
