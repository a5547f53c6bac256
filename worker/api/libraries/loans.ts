// Library tickets and loans (issue 17, spec §1 library-card service): each patron gets the library's
// monthly tickets (reset on the 1st: the month key is part of the count's key); watching a library
// title costs one ticket and opens a 72-hour loan; re-watching inside the loan costs nothing. Exact
// under parallel requests as pay per title is (worker/api/payments/tickets.ts spendTicket): one D1
// batch (batches run one at a time) whose statements check what the others wrote.
import { CARD_RECHECK_MS, LOAN_MS, monthKey } from '../../rules/libraries';
import type { Lang } from '../../rules/lang';
import type { Refused } from '../kernel/refusals';
import type { ServerSecret } from '../kernel/tokens';
import { askLibrary, type Unavailable } from './cards';
import type { PatronAuthenticator, PatronCheck } from './patrons';
import { textIn } from '../../rules/texts';
import type { CardRow } from '../entitlements/library';
import type { LibraryLoan } from './schemas';
import { openPin } from './seal';

type LoanRow = { id: string; content_id: number; slug: string; name: string; tile_image: string | null; library_slug: string; library_name: string; started_at: string; expires_at: string };

const LOAN_SELECT = `SELECT o.id, o.content_id, c.slug, COALESCE(t.name_long, te.name_long, c.original_title) AS name, c.tile_image,
    l.slug AS library_slug, l.name AS library_name, o.started_at, o.expires_at
  FROM library_loans o JOIN contents c ON c.id = o.content_id JOIN libraries l ON l.id = o.library_id
  LEFT JOIN content_i18n t ON t.content_id = c.id AND t.lang = ?2 LEFT JOIN content_i18n te ON te.content_id = c.id AND te.lang = 'en'`;

const toLoan = (row: LoanRow, lang: Lang): LibraryLoan => ({
  id: row.id,
  content: { id: row.content_id, slug: row.slug, name: row.name, tile_image: row.tile_image },
  library: { slug: row.library_slug, name: textIn(row.library_name, lang) },
  started_at: row.started_at,
  expires_at: row.expires_at,
});

/** The caller's running loans, ending soonest first. */
export async function runningLoans(db: D1Database, userId: string, lang: Lang, now: Date): Promise<LibraryLoan[]> {
  const { results } = await db.prepare(`${LOAN_SELECT} WHERE o.user_id = ?1 AND o.expires_at > ?3 ORDER BY o.expires_at`).bind(userId, lang, now.toISOString()).all<LoanRow>();
  return results.map((r) => toLoan(r, lang));
}

/**
 * "The card is re-checked when its validity is older than a day": asks the card's library again
 * (`patrons`, with the PIN opened by the server secret) and records the answer. A failed re-check
 * makes the card invalid ("a valid library card is required to watch"); an unreachable library
 * is the refusal LIBRARY_UNAVAILABLE and changes nothing.
 */
export async function recheckCard(db: D1Database, secret: ServerSecret, patrons: PatronAuthenticator, card: CardRow, now: Date): Promise<{ ok: true; valid: boolean } | Unavailable> {
  if (card.invalid_reason !== null) return { ok: true, valid: false };
  if (now.getTime() - Date.parse(card.checked_at) < CARD_RECHECK_MS) return { ok: true, valid: true };
  const pin = await openPin(secret, card.pin_sealed);
  let check: PatronCheck = { ok: false, reason: 'not_found' };
  if (pin !== null) {
    const asked = await askLibrary(patrons, card.card_number, pin, now);
    if (!asked.ok) return asked;
    check = asked.check;
  }
  if (check.ok) {
    await db.prepare('UPDATE library_cards SET checked_at = ?2, valid_until = ?3, patron_name = COALESCE(?4, patron_name) WHERE id = ?1')
      .bind(card.id, now.toISOString(), check.validUntil, check.name)
      .run();
    return { ok: true, valid: true };
  }
  await db.prepare('UPDATE library_cards SET invalid_reason = ?2 WHERE id = ?1').bind(card.id, check.reason).run();
  return { ok: true, valid: false };
}

/**
 * Spends one ticket of `card` on a title, once: the loan row is written only while the card is valid,
 * the month's count is below the library's monthly tickets and no loan of the title runs for the
 * user; the count goes up only if that very row was written. Twenty parallel borrows with three
 * tickets left make exactly three loans; a borrow during a running loan spends nothing and answers it.
 * No loan and none written: the refusal NO_LIBRARY_TICKETS.
 */
export async function borrowTitle(
  db: D1Database,
  card: Pick<CardRow, 'id' | 'user_id' | 'library_id' | 'card_number'>,
  contentId: number,
  lang: Lang,
  now: Date,
): Promise<{ ok: true; loan: LibraryLoan; spent: boolean } | Refused<'NO_LIBRARY_TICKETS'>> {
  const at = now.toISOString();
  const month = monthKey(now);
  const id = crypto.randomUUID();
  const expires = new Date(now.getTime() + LOAN_MS).toISOString();
  const [, inserted] = await db.batch([
    db.prepare('INSERT OR IGNORE INTO library_ticket_use (library_id, card_number, month, used) VALUES (?1, ?2, ?3, 0)').bind(card.library_id, card.card_number, month),
    db
      .prepare(
        `INSERT INTO library_loans (id, user_id, library_id, card_number, content_id, started_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
         WHERE EXISTS (SELECT 1 FROM library_cards WHERE id = ?9 AND user_id = ?2 AND invalid_reason IS NULL)
           AND (SELECT used FROM library_ticket_use WHERE library_id = ?3 AND card_number = ?4 AND month = ?8) < (SELECT monthly_tickets FROM libraries WHERE id = ?3)
           AND NOT EXISTS (SELECT 1 FROM library_loans WHERE user_id = ?2 AND content_id = ?5 AND expires_at > ?6)`,
      )
      .bind(id, card.user_id, card.library_id, card.card_number, contentId, at, expires, month, card.id),
    db
      .prepare('UPDATE library_ticket_use SET used = used + 1 WHERE library_id = ?1 AND card_number = ?2 AND month = ?3 AND EXISTS (SELECT 1 FROM library_loans WHERE id = ?4)')
      .bind(card.library_id, card.card_number, month, id),
  ]);
  const spent = (inserted?.meta.changes ?? 0) === 1;
  const row = await db
    .prepare(`${LOAN_SELECT} WHERE o.user_id = ?1 AND o.content_id = ?3 AND o.expires_at > ?4 ORDER BY o.expires_at DESC LIMIT 1`)
    .bind(card.user_id, lang, contentId, at)
    .first<LoanRow>();
  if (row) return { ok: true, loan: toLoan(row, lang), spent };
  return { ok: false, refusal: 'NO_LIBRARY_TICKETS' };
}
