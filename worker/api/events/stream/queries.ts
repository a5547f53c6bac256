/** A show as its stream needs it (migration 0015_events.sql). */
export type ShowStreamRow = {
  id: number;
  event_id: number;
  slug: string;
  titles: string;
  starts_at: string;
  ends_at: string;
  channel_id: number | null;
  live_source_url: string | null;
  replay_content_id: number | null;
  replay_slug: string | null;
};

/** The show of this id or slug (of the festival `eventSlug` when given). */
export const showForStream = (db: D1Database, show: number | string, eventSlug: string | undefined): Promise<ShowStreamRow | null> =>
  db
    .prepare(
      `SELECT s.id, s.event_id, s.slug, s.titles, s.starts_at, s.ends_at, s.channel_id, s.live_source_url, s.replay_content_id, c.slug AS replay_slug
         FROM event_shows s JOIN events e ON e.id = s.event_id LEFT JOIN contents c ON c.id = s.replay_content_id
        WHERE ${typeof show === 'number' ? 's.id' : 's.slug'} = ?1 AND (?2 IS NULL OR e.slug = ?2)`,
    )
    .bind(show, eventSlug ?? null)
    .first<ShowStreamRow>();

/** The caller holds a stream pass for the show: a valid e-ticket of kind 'stream' or 'both'. */
export async function holdsStreamPass(db: D1Database, userId: string, showId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS ok FROM etickets WHERE user_id = ? AND show_id = ? AND state = 'valid' AND kind IN ('stream', 'both') LIMIT 1")
    .bind(userId, showId)
    .first<{ ok: number }>();
  return row !== null;
}
