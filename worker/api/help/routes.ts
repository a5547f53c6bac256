import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { HELP_RESULTS_LIMIT, HELP_SUGGEST_LIMIT, type HelpCategory } from '../../rules/help';
import type { Lang } from '../../rules/lang';
import { ftsQuery } from '../../rules/search/normalize';
import { apiError } from '../errors';
import { optionalJsonBody, validationHook } from '../kernel/validation';
import { langQuery } from '../schemas';
import { articlePage, articlesByCategory, searchArticles, voteHelpful } from './queries';
import { recordEvent } from '../../analytics/events';
import { consumeAll } from '../../limits';
import { clientOf, tooMany } from '../kernel/request';
import { helpfulBody, helpIndexQuery, helpSlugParam, helpSuggestQuery, type HelpIndex, type HelpSuggestions } from './schemas';

/** Other articles of the same category shown under an article. */
const RELATED_COUNT = 5;

/**
 * The help centre (issue 15, spec §2 "help centre with FAQ"), mounted at the API root.
 *
 * - `GET /pages/help?lang=&query=&category=`: every category with its articles, or with `query`
 *   the articles found (best first, at most HELP_RESULTS_LIMIT), optionally in one category.
 * - `GET /pages/help/suggest?query=&lang=`: the top 5 questions for what is being typed.
 * - `GET /pages/help/{slug}?lang=`: one article (404 HELP_ARTICLE_NOT_FOUND).
 * - `POST /pages/help/{slug}/helpful` `{ helpful: boolean }`: "Was this helpful?", counted exactly.
 *
 * The query is folded by the catalogue's normalisation (ftsQuery) and matched against every
 * language's text, so 'كلمة السر' and 'mot de passe' both find the password article. Typed text
 * with nothing searchable in it ('!!!') finds nothing.
 */
export const help = new Hono<AppEnv>()
  .get('/pages/help', zValidator('query', helpIndexQuery, validationHook), async (c) => {
    const { lang, query, category } = c.req.valid('query');
    const answer: HelpIndex =
      query === ''
        ? { query, category: category ?? null, categories: await articlesByCategory(c.env.DB, lang, category), results: null }
        : { query, category: category ?? null, categories: [], results: await search(c.env.DB, lang, query, HELP_RESULTS_LIMIT, category) };
    return c.json(answer);
  })
  .get('/pages/help/suggest', zValidator('query', helpSuggestQuery, validationHook), async (c) => {
    const { lang, query } = c.req.valid('query');
    const found = await search(c.env.DB, lang, query, HELP_SUGGEST_LIMIT);
    return c.json({ query, suggestions: found.map(({ slug, category, question }) => ({ slug, category, question })) } satisfies HelpSuggestions);
  })
  .get('/pages/help/:slug', zValidator('param', helpSlugParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const page = await articlePage(c.env.DB, c.req.valid('query').lang, slug, RELATED_COUNT);
    if (!page) apiError(404, 'HELP_ARTICLE_NOT_FOUND', slug);
    return c.json(page);
  })
  .post('/pages/help/:slug/helpful', zValidator('param', helpSlugParam, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { helpful } = await optionalJsonBody(c, helpfulBody);
    const gate = await consumeAll(c.env, [['help-vote', `${clientOf(c).ip || 'unknown-ip'}:${slug}`]]);
    if (!gate.allowed) return tooMany(c, 'TOO_MANY_REQUESTS', gate.retryAfter, `wait ${gate.retryAfter} seconds`);
    const votes = await voteHelpful(c.env, slug, helpful);
    if (!votes) apiError(404, 'HELP_ARTICLE_NOT_FOUND', slug);
    recordEvent(c.env, { event: 'help_vote', slug, helpful }, clientOf(c).country || null);
    return c.json(votes);
  });

/** The articles matching what the viewer typed (folded as the catalogue's search folds it). */
function search(db: D1Database, lang: Lang, query: string, limit: number, category?: HelpCategory) {
  const match = ftsQuery(query);
  return match === null ? Promise.resolve([]) : searchArticles(db, lang, match, limit, category);
}
