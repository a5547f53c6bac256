import { monthRange } from '../../rules/libraries';
import type { Lang } from '../../rules/lang';
import { textIn } from '../../rules/texts';
import type { LibrarianUsage } from './schemas';

/** The library a librarian (role 'librarian' in staff_grants, table librarians) works for, or null. */
export const librarianLibrary = (db: D1Database, userId: string): Promise<{ id: number; slug: string; name: string } | null> =>
  db
    .prepare("SELECT l.id, l.slug, l.name FROM librarians b JOIN libraries l ON l.id = b.library_id JOIN staff_grants g ON g.user_id = b.user_id AND g.role = 'librarian' WHERE b.user_id = ?1")
    .bind(userId)
    .first<{ id: number; slug: string; name: string }>();

/** A library's usage for a month (UTC): loans started, distinct patrons (cards), and every title borrowed, most borrowed first. */
export async function libraryUsage(db: D1Database, library: { id: number; slug: string; name: string }, month: string, lang: Lang): Promise<LibrarianUsage> {
  const { from, to } = monthRange(month);
  const [totals, titles] = await db.batch([
    db.prepare('SELECT COUNT(*) AS loans, COUNT(DISTINCT card_number) AS patrons FROM library_loans WHERE library_id = ?1 AND started_at >= ?2 AND started_at < ?3').bind(library.id, from, to),
    db
      .prepare(
        `SELECT c.slug, COALESCE(t.name_long, te.name_long, c.original_title) AS name, COUNT(*) AS loans, COUNT(DISTINCT o.card_number) AS patrons
         FROM library_loans o JOIN contents c ON c.id = o.content_id
         LEFT JOIN content_i18n t ON t.content_id = c.id AND t.lang = ?4 LEFT JOIN content_i18n te ON te.content_id = c.id AND te.lang = 'en'
         WHERE o.library_id = ?1 AND o.started_at >= ?2 AND o.started_at < ?3
         GROUP BY o.content_id ORDER BY loans DESC, name`,
      )
      .bind(library.id, from, to, lang),
  ]);
  const total = (totals?.results[0] ?? { loans: 0, patrons: 0 }) as { loans: number; patrons: number };
  return {
    library: { slug: library.slug, name: textIn(library.name, lang) },
    month,
    loans: total.loans,
    patrons: total.patrons,
    titles: (titles?.results ?? []) as LibrarianUsage['titles'],
  };
}
