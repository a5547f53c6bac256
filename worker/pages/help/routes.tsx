import { Hono } from 'hono';
import { HelpArticlePage } from '../../../client/pages/help/HelpArticlePage';
import { HelpCentrePage } from '../../../client/pages/help/HelpCentrePage';
import { HelpArticlePage as ArticleData, HelpIndex } from '../../api/help/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../rules/api-client';
import { HELP_CENTRE_PATH, HELP_QUERY_MAX, helpArticlePath, helpPlainText, isHelpCategory } from '../../rules/help';
import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { defineAction, definePage, formFailure } from '../kit/page';
import { serverApi } from '../loaders';

/**
 * The help centre (issue 15, spec §2 /page/help-center): the centre with its search
 * (?q=, ?category=), one article per URL, and "Was this helpful?" posted as a form. Everything
 * is rendered on the server and works without JavaScript; the help-search island adds suggestions.
 * Mounted before /page/{slug} (worker/pages/page, after `help` by name), which serves the other static pages.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const validSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 120;
/** Meta description of an article: the start of its answer. */
const DESCRIPTION_CHARS = 160;

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The centre with its search (?q=, ?category=). */
const centre = definePage({
  path: HELP_CENTRE_PATH,
  who: 'anyone',
  indexed: true,
  load: async ({ c }) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, HELP_QUERY_MAX);
    const category = c.req.query('category');
    const params = new URLSearchParams({ lang: c.get('lang'), query: q });
    if (category !== undefined && isHelpCategory(category)) params.set('category', category);
    return { q, data: await serverApi(c).request(`/pages/help?${params}`, (v) => HelpIndex.parse(v)) };
  },
  view: ({ q, data }, { t }) => ({
    element: <HelpCentrePage data={data} />,
    meta: { title: q ? `${t('HELP_RESULTS_FOR', { q })} · ${t('HELP_CENTER')}` : t('HELP_CENTER'), description: t('HELP_CENTER_INTRO'), share: {} },
  }),
});

/** One article per URL. */
const article = definePage({
  path: `${HELP_CENTRE_PATH}/:slug`,
  who: 'anyone',
  indexed: true,
  load: async ({ c }) => {
    const slug = c.req.param('slug') ?? '';
    if (!validSlug(slug)) return c.notFound();
    try {
      return await serverApi(c).request(`/pages/help/${slug}?lang=${c.get('lang')}`, (v) => ArticleData.parse(v));
    } catch (error) {
      if (isNotFound(error)) return c.notFound();
      throw error;
    }
  },
  view: (data, { c, t }) => {
    const answer = helpPlainText(data.article.answer, t);
    const description = answer.length > DESCRIPTION_CHARS ? `${answer.slice(0, DESCRIPTION_CHARS - 1)}…` : answer;
    return { element: <HelpArticlePage data={data} voted={c.req.query('voted') === '1'} />, meta: { title: data.article.question, description, share: {} } };
  },
});

/** POST /page/help-center/{slug}/helpful (helpful=yes|no): counts the vote, back to the article saying thank you. */
const vote = defineAction({
  path: `${HELP_CENTRE_PATH}/:slug/helpful`,
  who: 'anyone',
  async action({ c }, form) {
    const slug = c.req.param('slug') ?? '';
    if (!validSlug(slug)) return c.notFound();
    const back = helpArticlePath(slug);
    if (form.helpful !== 'yes' && form.helpful !== 'no') return c.redirect(back, 303);
    try {
      await callApi(c, `/pages/help/${slug}/helpful`, 'POST', { helpful: form.helpful === 'yes' });
    } catch (error) {
      if (isNotFound(error)) return c.notFound();
      if (!(error instanceof ApiError)) throw error;
      // Too many votes from this address (429), or the API's other refusals, in words.
      addFlash(c, { kind: 'danger', key: formFailure(error).key });
      return c.redirect(back, 303);
    }
    return c.redirect(`${back}?voted=1`, 303);
  },
});

export const pages = new Hono<AppEnv>().route('/', centre).route('/', article).route('/', vote);
