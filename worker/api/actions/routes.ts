import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { caller, requireAuth } from '../auth/middleware';

/** One CSV field: quoted when needed, and defused against spreadsheet formula injection. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]): string => fields.map(csvField).join(',');

type Row = { type: string; content_id: number; content: string | null; profile: string; time: number | null; date: string };

/**
 * GET /actions/ (spec §7): the user's data as a CSV download: every action of every profile
 * (favourites, likes, watched times, clicks). 'No data' if empty.
 */
export const actions = new Hono<AppEnv>().get('/', requireAuth, async (c) => {
  const { user } = caller(c);
  const { results } = await c.env.DB.prepare(
    `SELECT a.type, a.content_id, COALESCE(ci.name_long, c.slug) AS content, p.name AS profile, a.time, a.updated_at AS date
       FROM actions a JOIN profiles p ON p.id = a.profile_id
       LEFT JOIN contents c ON c.id = a.content_id
       LEFT JOIN content_i18n ci ON ci.content_id = a.content_id AND ci.lang = 'en'
      WHERE a.user_id = ?
      ORDER BY a.updated_at DESC`,
  )
    .bind(user.id)
    .all<Row>();
  const headers = { 'Content-Disposition': 'attachment; filename="tafrij-data.csv"', 'Cache-Control': 'private, no-store' };
  if (results.length === 0) return c.body('No data', 200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  const lines = [csvLine(['type', 'content_id', 'content', 'profile', 'time', 'date'])];
  for (const r of results) lines.push(csvLine([r.type, r.content_id, r.content, r.profile, r.time, r.date]));
  return c.body(`${lines.join('\r\n')}\r\n`, 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' });
});
