import { maskCard, monthKey } from '../../rules/libraries';
import { MAX_QUERY_WORDS, searchWords } from '../../rules/search/normalize';
import type { Lang } from '../../rules/lang';
import { pickText } from '../../rules/texts';
import type { LibraryAuthConfig } from './patrons';
import { textIn } from '../../rules/texts';
import { ticketsLeft, type CardRow } from '../entitlements/library';
import type { UserLibrary } from '../entitlements/schemas';
import type { LibraryCard, LibrarySummary } from './schemas';

/** A row of libraries (migration 0014_libraries.sql). */
export type LibraryRow = LibraryAuthConfig & {
  name: string;
  city: string;
  postal_code: string;
  logo: string | null;
  landing: string;
  monthly_tickets: number;
};

const LIBRARY_COLUMNS = 'id, slug, name, city, postal_code, logo, landing, monthly_tickets, patron_auth, sip2_host, sip2_port, sip2_institution';

export const toSummary = (row: LibraryRow, lang: Lang): LibrarySummary => ({
  id: row.id,
  slug: row.slug,
  name: textIn(row.name, lang),
  city: textIn(row.city, lang),
  postal_code: row.postal_code,
  logo: row.logo,
  monthly_tickets: row.monthly_tickets,
});

export const libraryBySlug = (db: D1Database, slug: string): Promise<LibraryRow | null> =>
  db.prepare(`SELECT ${LIBRARY_COLUMNS} FROM libraries WHERE slug = ?1 AND published = 1`).bind(slug).first<LibraryRow>();

/**
 * The library finder: every folded word typed must begin a word of the library's names, cities (in
 * every language), postal code or slug — "الرباط", "rabat", "Fès", "fes", "10000" — by city, then name.
 * No query: every published library.
 */
export async function findLibraries(db: D1Database, query: string): Promise<LibraryRow[]> {
  const words = searchWords(query).slice(0, MAX_QUERY_WORDS);
  // instr, not LIKE: no pattern to escape, and no "pattern too complex" for a long word.
  const where = words.map((_, i) => `instr(' ' || search_text, ?${i + 1}) > 0`);
  const { results } = await db
    .prepare(`SELECT ${LIBRARY_COLUMNS} FROM libraries WHERE published = 1${where.length ? ` AND ${where.join(' AND ')}` : ''} ORDER BY city ->> 'en', name ->> 'en', id LIMIT 100`)
    .bind(...words.map((w) => ` ${w}`))
    .all<LibraryRow>();
  return results;
}

/** The ids of a library's titles, in the library's order. */
export async function libraryTitleIds(db: D1Database, libraryId: number): Promise<number[]> {
  const { results } = await db.prepare('SELECT content_id FROM library_titles WHERE library_id = ?1 ORDER BY position, content_id').bind(libraryId).all<{ content_id: number }>();
  return results.map((r) => r.content_id);
}

export const toCard = (row: CardRow, lang: Lang): LibraryCard => ({
  id: row.id,
  library: { id: row.library_id, slug: row.library_slug, name: textIn(row.library_name, lang) },
  card_number: maskCard(row.card_number),
  patron_name: row.patron_name,
  valid: row.invalid_reason === null,
  valid_until: row.valid_until,
  checked_at: row.checked_at,
  monthly_tickets: row.monthly_tickets,
  tickets_left: ticketsLeft(row),
});

/** Spec §3 User `libraries`: the user's cards for GET auth/user, library names in the user's language. */
export async function userLibraries(db: D1Database, userId: string, lang: Lang): Promise<UserLibrary[]> {
  const { results } = await db
    .prepare('SELECT k.id, k.library_id, l.slug, l.name, k.card_number, k.invalid_reason FROM library_cards k JOIN libraries l ON l.id = k.library_id WHERE k.user_id = ?1 ORDER BY k.created_at, k.id')
    .bind(userId)
    .all<{ id: number; library_id: number; slug: string; name: string; card_number: string; invalid_reason: string | null }>();
  return results.map((r) => ({ id: r.id, library_id: r.library_id, slug: r.slug, name: textIn(r.name, lang), card_number: maskCard(r.card_number), valid: r.invalid_reason === null }));
}
