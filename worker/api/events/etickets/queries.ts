import type { Lang } from '../../../rules/lang';
import { shortCode } from '../../../rules/eticket';
import type { ScannedTicket } from './schemas';

/** An etickets row with its show and type, in one language. */
type TicketRow = {
  id: string;
  user_id: string;
  event_id: number;
  show_id: number;
  ticket_type_id: number;
  kind: 'venue' | 'stream' | 'both';
  holder: string;
  state: 'held' | 'valid' | 'void';
  used_at: string | null;
  show_title: string | null;
  show_starts_at: string;
  venue: string;
  type_name: string | null;
};
export type TicketAtDoor = TicketRow & { view: ScannedTicket };

/** The ticket with its show and type (names in `lang`, else English), or null when unknown. */
export async function ticketAtDoor(db: D1Database, id: string, lang: Lang): Promise<TicketAtDoor | null> {
  const row = await db
    .prepare(
      `SELECT t.id, t.user_id, t.event_id, t.show_id, t.ticket_type_id, t.kind, t.holder, t.state, t.used_at,
              coalesce(s.titles ->> ?2, s.titles ->> 'en') AS show_title, s.starts_at AS show_starts_at, s.venue,
              coalesce(y.names ->> ?2, y.names ->> 'en') AS type_name
         FROM etickets t JOIN event_shows s ON s.id = t.show_id JOIN ticket_types y ON y.id = t.ticket_type_id
        WHERE t.id = ?1`,
    )
    .bind(id, `$.${lang}`)
    .first<TicketRow>();
  if (!row) return null;
  const view: ScannedTicket = {
    id: row.id,
    code: shortCode(row.id),
    holder: row.holder,
    kind: row.kind,
    show_title: row.show_title ?? '',
    show_starts_at: row.show_starts_at,
    venue: row.venue,
    type_name: row.type_name ?? '',
  };
  return { ...row, view };
}

/** The ids of the tickets of a short code (normally one; two means the code is ambiguous). */
export async function ticketIdsByCode(db: D1Database, code: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT id FROM etickets WHERE short_code = ? LIMIT 2').bind(code).all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * Marks a valid ticket used, once: one statement, so of any number of parallel scans exactly one
 * changes the row and gets it back; the others get null (read the first use with ticketAtDoor).
 */
export async function markUsed(db: D1Database, id: string, at: Date, staffId: string): Promise<string | null> {
  const row = await db
    .prepare("UPDATE etickets SET used_at = ?1, used_by = ?2 WHERE id = ?3 AND state = 'valid' AND used_at IS NULL RETURNING used_at")
    .bind(at.toISOString(), staffId, id)
    .first<{ used_at: string }>();
  return row?.used_at ?? null;
}
