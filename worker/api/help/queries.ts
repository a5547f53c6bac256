import { counters, countsNow } from '../../limits/counters';
import { HELP_CATEGORIES, type HelpCategory } from '../../rules/help';
import type { Lang } from '../../rules/lang';
import { pickText } from '../../rules/texts';
import type { HelpArticle, HelpArticlePage, HelpVotes } from './schemas';

type DB = D1Database;

/** A row of help_articles (worker/db/migrations/0010_help_centre.sql); texts are JSON by language. */
type ArticleRow = { id: number; slug: string; category: HelpCategory; question: string; answer: string; helpful_yes: number; helpful_no: number; updated_at: string };

const COLUMNS = 'a.id, a.slug, a.category, a.question, a.answer, a.helpful_yes, a.helpful_no, a.updated_at';

const toArticle = (row: ArticleRow, lang: Lang): HelpArticle => ({
  slug: row.slug,
  category: row.category,
  question: pickText(row.question, lang),
  answer: pickText(row.answer, lang),
});

/** The published articles of every category (or of one), in the order of HELP_CATEGORIES then position. */
export async function articlesByCategory(db: DB, lang: Lang, category?: HelpCategory): Promise<{ slug: HelpCategory; articles: HelpArticle[] }[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM help_articles a WHERE a.published = 1 AND (?1 IS NULL OR a.category = ?1) ORDER BY a.position, a.id`)
    .bind(category ?? null)
    .all<ArticleRow>();
  return HELP_CATEGORIES.filter((c) => !category || c === category).map((slug) => ({
    slug,
    articles: results.filter((r) => r.category === slug).map((r) => toArticle(r, lang)),
  }));
}

/**
 * The published articles matching an FTS5 MATCH expression (worker/rules/search/normalize.ts
 * ftsQuery: every word, the last as a prefix) in any language, best first: bm25 with a word in the
 * question worth ten in the answer, and five in the keywords.
 */
export async function searchArticles(db: DB, lang: Lang, match: string, limit: number, category?: HelpCategory): Promise<HelpArticle[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM help_fts f JOIN help_articles a ON a.id = f.rowid
      WHERE help_fts MATCH ?1 AND a.published = 1 AND (?2 IS NULL OR a.category = ?2)
      ORDER BY bm25(help_fts, 10.0, 1.0, 5.0), a.position, a.id LIMIT ?3`)
    .bind(match, category ?? null, limit)
    .all<ArticleRow>();
  return results.map((r) => toArticle(r, lang));
}

/** One published article with its counts and up to `related` other articles of its category; null when unknown. */
export async function articlePage(db: DB, lang: Lang, slug: string, related: number): Promise<HelpArticlePage | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM help_articles a WHERE a.slug = ?1 AND a.published = 1`).bind(slug).first<ArticleRow>();
  if (!row) return null;
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM help_articles a WHERE a.category = ?1 AND a.published = 1 AND a.id != ?2 ORDER BY a.position, a.id LIMIT ?3`)
    .bind(row.category, row.id, related)
    .all<ArticleRow>();
  return {
    article: { ...toArticle(row, lang), helpful_yes: row.helpful_yes, helpful_no: row.helpful_no, updated_at: row.updated_at },
    related: results.map((r) => {
      const { slug: s, category, question } = toArticle(r, lang);
      return { slug: s, category, question };
    }),
  };
}

/**
 * "Was this helpful?": the article is read (published, its counts D1 has), then the vote goes to one
 * of the article's counter shards (worker/limits/counters.ts), which adds it to help_articles with
 * its next flush, so a popular article's row is not written at every vote. Answers D1's counts plus
 * those waiting in the shard that took the vote; null when the article is unknown (nothing counted).
 */
export async function voteHelpful(env: Pick<Env, 'DB' | 'COUNTERS' | 'COUNTER_FLUSH_SECONDS'>, slug: string, helpful: boolean): Promise<HelpVotes | null> {
  const row = await env.DB.prepare('SELECT id, slug, helpful_yes, helpful_no FROM help_articles WHERE slug = ?1 AND published = 1')
    .bind(slug)
    .first<{ id: number; slug: string; helpful_yes: number; helpful_no: number }>();
  if (!row) return null;
  const counted = await counters(env).count('help', row.id, '', helpful ? 'helpful_yes' : 'helpful_no');
  return { slug: row.slug, ...countsNow(counted, { helpful_yes: row.helpful_yes, helpful_no: row.helpful_no }) };
}
