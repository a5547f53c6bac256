import type { Lang } from '../../../rules/lang';
import { shortCode } from '../../../rules/eticket';
import type { DoorShow, ScannedTicket } from './schemas';

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
    show_id: row.show_id,
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
 * Marks a valid ticket of the show being admitted used, once: one statement, so of any number of
 * parallel scans exactly one changes the row and gets it back; the others get null (read the first
 * use with ticketAtDoor).
 */
export async function markUsed(db: D1Database, ticket: { id: string; showId: number }, at: Date, staffId: string): Promise<string | null> {
  const row = await db
    .prepare("UPDATE etickets SET used_at = ?1, used_by = ?2 WHERE id = ?3 AND show_id = ?4 AND state = 'valid' AND used_at IS NULL RETURNING used_at")
    .bind(at.toISOString(), staffId, ticket.id, ticket.showId)
    .first<{ used_at: string }>();
  return row?.used_at ?? null;
}

/** How many shows the scanner's picker offers. */
export const DOOR_SHOWS_MAX = 30;

/** The shows not ended at `at`, soonest first (names in `lang`, else English): what the door can admit. */
export async function doorShows(db: D1Database, at: Date, lang: Lang): Promise<DoorShow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, coalesce(s.titles ->> ?2, s.titles ->> 'en', '') AS title, coalesce(e.names ->> ?2, e.names ->> 'en', '') AS festival,
              s.venue, s.starts_at, s.ends_at
         FROM event_shows s JOIN events e ON e.id = s.event_id
        WHERE s.ends_at > ?1
        ORDER BY s.starts_at, s.id LIMIT ?3`,
    )
    .bind(at.toISOString(), `$.${lang}`, DOOR_SHOWS_MAX)
    .all<DoorShow>();
  return results;
}

/**
 * The show the scanner starts on: the one playing now or starting soonest, that is, of the shows
 * not ended, the one whose start is nearest to `at` (a show that began two hours ago gives way to
 * the next one starting in half an hour). Null when there is none.
 */
export function defaultDoorShow(shows: Pick<DoorShow, 'id' | 'starts_at' | 'ends_at'>[], at: Date): number | null {
  const open = shows.filter((s) => Date.parse(s.ends_at) > at.getTime());
  const distance = (s: { starts_at: string }) => Math.abs(Date.parse(s.starts_at) - at.getTime());
  return open.reduce<(typeof open)[number] | null>((best, s) => (!best || distance(s) < distance(best) ? s : best), null)?.id ?? null;
}
