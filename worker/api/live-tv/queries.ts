import { allowedFor } from '../../rules/age';
import { pickText } from '../../rules/live-tv';
import type { Lang } from '../../rules/lang';
import { texts } from '../kernel/texts';
import type { AgeLimit } from '../pages/queries';
import type { Channel, Programme } from './schemas';

/** A row of channels (migration 0009_live_tv.sql). */
export type ChannelRow = {
  id: number;
  slug: string;
  number: number;
  names: string;
  logo: string | null;
  premium: number;
  allowed_countries: string | null;
  age_rating: number;
  source_url: string | null;
  demo_prefix: string | null;
};

type ProgrammeRow = Omit<Programme, 'title' | 'description' | 'category' | 'reminded'> & { title: string; description: string | null; category: string | null; reminded: number };

const CHANNEL_COLUMNS = 'id, slug, number, names, logo, premium, allowed_countries, age_rating, source_url, demo_prefix';

/** The published channels a viewer of this age may see, by number. */
export async function visibleChannels(db: D1Database, age: AgeLimit): Promise<ChannelRow[]> {
  const { results } = await db.prepare(`SELECT ${CHANNEL_COLUMNS} FROM channels WHERE published = 1 ORDER BY number, id`).all<ChannelRow>();
  return results.filter((c) => allowedFor(age, c.age_rating));
}

export const channelBySlug = (db: D1Database, slug: string): Promise<ChannelRow | null> =>
  db.prepare(`SELECT ${CHANNEL_COLUMNS} FROM channels WHERE slug = ?1 AND published = 1`).bind(slug).first<ChannelRow>();

const PROGRAMME_COLUMNS = `p.id, p.channel_id, p.starts_at, p.ends_at, p.title, p.description, p.category, p.episode, p.age_rating, p.image, p.recording_slug,
  EXISTS (SELECT 1 FROM programme_reminders r WHERE r.programme_id = p.id AND r.user_id = ?1) AS reminded`;

/** The programmes of `channelIds` that overlap [from, to), without those above the viewer's age, by channel and start. */
export async function programmesIn(db: D1Database, channelIds: number[], from: number, to: number, age: AgeLimit, userId: string | null): Promise<ProgrammeRow[]> {
  if (channelIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT ${PROGRAMME_COLUMNS} FROM programmes p
       WHERE p.channel_id IN (SELECT value FROM json_each(?2)) AND p.ends_at > ?3 AND p.starts_at < ?4 AND (?5 IS NULL OR p.age_rating <= ?5)
       ORDER BY p.channel_id, p.starts_at`,
    )
    .bind(userId ?? '', JSON.stringify(channelIds), from, to, age)
    .all<ProgrammeRow>();
  return results;
}

export const programmeRow = (db: D1Database, id: number, userId: string | null): Promise<ProgrammeRow | null> =>
  db
    .prepare(`SELECT ${PROGRAMME_COLUMNS} FROM programmes p WHERE p.id = ?2`)
    .bind(userId ?? '', id)
    .first<ProgrammeRow>();

export const channelById = (db: D1Database, id: number): Promise<ChannelRow | null> =>
  db.prepare(`SELECT ${CHANNEL_COLUMNS} FROM channels WHERE id = ?1 AND published = 1`).bind(id).first<ChannelRow>();

export const channelName = (row: Pick<ChannelRow, 'names' | 'slug'>, lang: Lang): string => pickText(texts(row.names), lang) || row.slug;

export const toProgramme = (row: ProgrammeRow, lang: Lang): Programme => ({
  ...row,
  title: pickText(texts(row.title), lang),
  description: pickText(texts(row.description), lang) || null,
  category: pickText(texts(row.category), lang) || null,
  reminded: row.reminded === 1,
});

export const toChannel = (row: ChannelRow, lang: Lang, programmes: Programme[]): Channel => ({
  id: row.id,
  slug: row.slug,
  number: row.number,
  name: channelName(row, lang),
  logo: row.logo,
  premium: row.premium === 1,
  age_rating: row.age_rating,
  programmes,
});
