/**
 * The help centre's articles (issue 15; worker/db/migrations/0010_help_centre.sql) in English,
 * French, Arabic and Spanish, and their search index (worker/rules/help.ts helpIndexRow: every
 * language's text folded by worker/rules/search/normalize.ts).
 *
 * Idempotent: an article is matched on its slug and updated in place (its "Was this helpful?"
 * counts kept, `updated_at` moved only when its text changed), and its index row written again.
 *
 * PURE module (no node: imports): the seed (scripts/seed/index.ts) and the tests use it.
 */
import { helpIndexRow, type HelpCategory } from '../../worker/rules/help.ts';
import { ACCOUNT } from './help-articles/account.ts';
import { LIBRARIES } from './help-articles/libraries.ts';
import { PAYMENTS } from './help-articles/payments.ts';
import { PLAYBACK } from './help-articles/playback.ts';
import { PROFILES } from './help-articles/profiles.ts';
import type { HelpSeed } from './help-articles/types.ts';

export type { HelpSeed };

/** Every article, by category in the help centre's order; `position` is its place in its category. */
export const HELP_ARTICLES: readonly (HelpSeed & { category: HelpCategory })[] = [
  ...ACCOUNT.map((a) => ({ ...a, category: 'account' as const })),
  ...PROFILES.map((a) => ({ ...a, category: 'profiles-and-kids' as const })),
  ...PAYMENTS.map((a) => ({ ...a, category: 'subscriptions-and-payments' as const })),
  ...PLAYBACK.map((a) => ({ ...a, category: 'playback-and-devices' as const })),
  ...LIBRARIES.map((a) => ({ ...a, category: 'libraries' as const })),
];

const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** SQL statements (no trailing semicolons) that write every article and its index row, at `now` (ISO). */
export function helpStatements(now: string): string[] {
  const positions = new Map<string, number>();
  return HELP_ARTICLES.flatMap((article) => {
    const position = (positions.get(article.category) ?? 0) + 1;
    positions.set(article.category, position);
    const question = quote(JSON.stringify(article.question));
    const answer = quote(JSON.stringify(article.answer));
    const keywords = quote(JSON.stringify(article.keywords ?? {}));
    const row = helpIndexRow({ question: article.question, answer: article.answer, keywords: article.keywords ?? {} });
    const id = `(SELECT id FROM help_articles WHERE slug = ${quote(article.slug)})`;
    return [
      `INSERT INTO help_articles (slug, category, position, question, answer, keywords, updated_at)
        VALUES (${quote(article.slug)}, ${quote(article.category)}, ${position}, ${question}, ${answer}, ${keywords}, ${quote(now)})
        ON CONFLICT (slug) DO UPDATE SET category = excluded.category, position = excluded.position,
          updated_at = CASE WHEN question = excluded.question AND answer = excluded.answer AND keywords = excluded.keywords THEN updated_at ELSE excluded.updated_at END,
          question = excluded.question, answer = excluded.answer, keywords = excluded.keywords`,
      `DELETE FROM help_fts WHERE rowid = ${id}`,
      `INSERT INTO help_fts (rowid, question, answer, keywords) VALUES (${id}, ${quote(row.question)}, ${quote(row.answer)}, ${quote(row.keywords)})`,
    ];
  });
}
