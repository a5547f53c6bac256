import { z } from 'zod';
import { HELP_CATEGORIES, HELP_QUERY_MAX } from '../../rules/help';
import { langQuery, slug } from '../schemas';

/** An article of the help centre in the asked language (English, then any language, as fallback). */
export const HelpArticle = z.object({
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  question: z.string(),
  answer: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticle>;

/** GET /pages/help: the categories with their articles, or, with `query`, the articles found. */
export const HelpIndex = z.object({
  /** The query as received, trimmed ('' without one). */
  query: z.string(),
  category: z.enum(HELP_CATEGORIES).nullable(),
  /** Every category (or the one asked) with its articles in order; empty when searching. */
  categories: z.array(z.object({ slug: z.enum(HELP_CATEGORIES), articles: z.array(HelpArticle) })),
  /** The best matches first; null when no query was given. */
  results: z.array(HelpArticle).nullable(),
});
export type HelpIndex = z.infer<typeof HelpIndex>;

/** GET /pages/help/suggest: the top questions matching what is being typed. */
export const HelpSuggestions = z.object({
  query: z.string(),
  suggestions: z.array(HelpArticle.pick({ slug: true, category: true, question: true })),
});
export type HelpSuggestions = z.infer<typeof HelpSuggestions>;

/** "Was this helpful?" counts of an article. */
export const HelpVotes = z.object({ slug: z.string(), helpful_yes: z.number(), helpful_no: z.number() });
export type HelpVotes = z.infer<typeof HelpVotes>;

/** GET /pages/help/{slug}: one article, its counts and the other articles of its category. */
export const HelpArticlePage = z.object({
  article: HelpArticle.extend({ helpful_yes: z.number(), helpful_no: z.number(), updated_at: z.string() }),
  related: z.array(HelpArticle.pick({ slug: true, category: true, question: true })),
});
export type HelpArticlePage = z.infer<typeof HelpArticlePage>;

const queryText = z.string().trim().max(HELP_QUERY_MAX, `at most ${HELP_QUERY_MAX} characters`);

/** GET /pages/help?lang=&query=&category=. */
export const helpIndexQuery = langQuery.extend({
  query: queryText.default(''),
  category: z.enum(HELP_CATEGORIES, { error: `one of ${HELP_CATEGORIES.join(', ')}` }).optional(),
});

/** GET /pages/help/suggest?query=&lang= (the query is required). */
export const helpSuggestQuery = langQuery.extend({ query: queryText.min(1, 'required') });

export const helpSlugParam = z.object({ slug });

/** POST /pages/help/{slug}/helpful. */
export const helpfulBody = z.object({ helpful: z.boolean({ error: 'must be true or false' }) }).strict();
