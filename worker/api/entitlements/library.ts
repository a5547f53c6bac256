// The library side of entitlements (issue 17, spec §1 library-card service): a patron's cards with
// this month's tickets, the running loan of a title, the libraries including a title. What the
// content page, the stream call and the access decision ask; borrowing and the library pages are in
// worker/api/libraries, which reads these too.
import { monthKey } from '../../rules/libraries';
import type { Lang } from '../../rules/lang';
import { textIn } from '../../rules/texts';
import type { LibraryOffer } from './schemas';

type CardRow = {
  id: number;
  user_id: string;
  library_id: number;
  card_number: string;
  pin_sealed: string;
  patron_name: string | null;
  valid_until: string | null;
  checked_at: string;
  invalid_reason: string | null;
  library_slug: string;
  library_name: string;
  monthly_tickets: number;
  used: number;
};
export type { CardRow };

/** The caller's cards (one per library) with this month's tickets used; `libraryId` narrows to one library. */
export async function cardsOf(db: D1Database, userId: string, now: Date, libraryId?: number): Promise<CardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT k.id, k.user_id, k.library_id, k.card_number, k.pin_sealed, k.patron_name, k.valid_until, k.checked_at, k.invalid_reason,
         l.slug AS library_slug, l.name AS library_name, l.monthly_tickets, COALESCE(u.used, 0) AS used
       FROM library_cards k JOIN libraries l ON l.id = k.library_id
       LEFT JOIN library_ticket_use u ON u.library_id = k.library_id AND u.card_number = k.card_number AND u.month = ?2
       WHERE k.user_id = ?1 AND (?3 IS NULL OR k.library_id = ?3) ORDER BY k.created_at, k.id`,
    )
    .bind(userId, monthKey(now), libraryId ?? null)
    .all<CardRow>();
  return results;
}

export const ticketsLeft = (row: Pick<CardRow, 'monthly_tickets' | 'used'>): number => Math.max(0, row.monthly_tickets - row.used);

/** The running loan of one of these titles (a title, or an episode and its series), if any. */
export async function activeLoan(db: D1Database, userId: string, contentIds: number[], now: Date): Promise<{ content_id: number; expires_at: string } | null> {
  if (contentIds.length === 0) return null;
  return db
    .prepare('SELECT content_id, expires_at FROM library_loans WHERE user_id = ?1 AND content_id IN (SELECT value FROM json_each(?2)) AND expires_at > ?3 ORDER BY expires_at DESC LIMIT 1')
    .bind(userId, JSON.stringify(contentIds), now.toISOString())
    .first<{ content_id: number; expires_at: string }>();
}

/** Which of these titles libraries include, and which libraries (published ones), for the content page and the stream call. */
async function includingLibraries(db: D1Database, contentIds: number[]): Promise<{ content_id: number; library_id: number; slug: string; name: string }[]> {
  if (contentIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT t.content_id, l.id AS library_id, l.slug, l.name FROM library_titles t JOIN libraries l ON l.id = t.library_id
       WHERE t.content_id IN (SELECT value FROM json_each(?1)) AND l.published = 1 ORDER BY l.id`,
    )
    .bind(JSON.stringify(contentIds))
    .all<{ content_id: number; library_id: number; slug: string; name: string }>();
  return results;
}

/**
 * Whether the user is a patron of a library that includes one of these titles (a card there, valid
 * or not): then a premium title without a loan answers "a valid library card is required to watch"
 * (borrow it, or renew the card); anyone else gets the premium refusal, whose page also offers the card.
 */
export async function patronOfTitle(db: D1Database, userId: string, contentIds: number[]): Promise<boolean> {
  const libraries = new Set((await includingLibraries(db, contentIds)).map((l) => l.library_id));
  if (libraries.size === 0) return false;
  const { results } = await db.prepare('SELECT library_id FROM library_cards WHERE user_id = ?').bind(userId).all<{ library_id: number }>();
  return results.some((r) => libraries.has(r.library_id));
}

/**
 * The content page's library facts (GET /pages/content/{slug} `library`) for a viewer who cannot
 * otherwise watch a title: the libraries including it, their valid card there and its tickets left,
 * a running loan. Null when no library includes the title.
 */
export async function libraryOffer(db: D1Database, userId: string | null, contentIds: number[], lang: Lang, now: Date): Promise<LibraryOffer | null> {
  const [including, cards, loan] = await Promise.all([
    includingLibraries(db, contentIds),
    userId ? cardsOf(db, userId, now) : Promise.resolve([]),
    userId ? activeLoan(db, userId, contentIds, now) : Promise.resolve(null),
  ]);
  if (including.length === 0) return null;
  const libraryIds = new Set(including.map((l) => l.library_id));
  const usable = cards.filter((k) => libraryIds.has(k.library_id) && k.invalid_reason === null);
  const seen = new Set<number>();
  const libraries = including.filter((l) => !seen.has(l.library_id) && seen.add(l.library_id)).map((l) => ({ slug: l.slug, name: textIn(l.name, lang) }));
  return {
    libraries,
    card: usable.length > 0,
    tickets_left: usable.length > 0 ? Math.max(...usable.map(ticketsLeft)) : null,
    loan_until: loan?.expires_at ?? null,
  };
}
