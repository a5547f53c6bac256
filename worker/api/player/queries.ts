import type { Lang } from '../../rules/lang';
import { isFinished } from '../../rules/watched';
import { ageAllowed, type AgeLimit } from '../pages/queries';
import { effectiveCountries, type TitleRights } from '../entitlements/access';
import type { StreamAnswer } from './schemas';
import { watchedUpsert, type Position } from '../../limits/positions';

type DB = Pick<Env, 'DB'>;

/** Published (publication_date_start reached) contents only, for the content aliased `alias`. */
const published = (alias: string): string => `${alias}.publication_date_start <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')`;
const nameOf = (alias: string, t: string): string =>
  `COALESCE(${t}.name_long, ${t}e.name_long, ${alias}.original_title)`;
const textOf = (alias: string, t: string, langParam: number): string => `LEFT JOIN content_i18n ${t} ON ${t}.content_id = ${alias}.id AND ${t}.lang = ?${langParam}
  LEFT JOIN content_i18n ${t}e ON ${t}e.content_id = ${alias}.id AND ${t}e.lang = 'en'`;

export type MediaKind = 'main' | 'trailer';

type TitleRow = {
  id: number;
  slug: string;
  type: StreamAnswer['content']['type'];
  season_number: number | null;
  episode_number: number | null;
  name_long: string;
  premium: number;
  allowed_countries: string;
  parent_id: number | null;
  parent_slug: string | null;
  parent_name: string | null;
  parent_premium: number | null;
  parent_countries: string | null;
  age_ok: number;
  r2_prefix: string | null;
  duration: number | null;
  subtitles: string | null;
  poster: string | null;
  thumbnails: string | null;
  renditions: string | null;
};

export type MediaRow = {
  r2_prefix: string;
  duration: number;
  subtitles: { lang: string; file: string }[];
  poster: string | null;
  thumbnails: string | null;
  /** Height (p) of the lightest rendition, where the player starts (scripts/media/ladder.ts folders). */
  lowest: number | null;
};

/** The smallest `height` of the media's renditions JSON ([{ height, bandwidth }]). */
function lowestRendition(text: string | null): number | null {
  try {
    const list: unknown = JSON.parse(text ?? '[]');
    const heights = Array.isArray(list) ? list.map((r: unknown) => (r && typeof r === 'object' && 'height' in r ? Number(r.height) : NaN)).filter((h) => Number.isInteger(h) && h > 0) : [];
    return heights.length > 0 ? Math.min(...heights) : null;
  } catch {
    return null;
  }
}

export type PlaybackTitle = {
  content: StreamAnswer['content'];
  rights: TitleRights;
  /** False when the viewer's age limit hides the title (or its series). */
  ageAllowed: boolean;
  media: MediaRow | null;
  /** The profile's saved watched time (seconds), null when none. */
  watchedTime: number | null;
  next: StreamAnswer['next'];
};

function subtitleList(text: string | null): { lang: string; file: string }[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((s: unknown) => {
      if (typeof s !== 'object' || s === null) return [];
      const { lang, file } = s as { lang?: unknown; file?: unknown };
      return typeof lang === 'string' && typeof file === 'string' ? [{ lang, file }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Everything stream_url needs about a published title, in one D1 round trip (a batch of three
 * statements): the title with its series, rights, age check and media of `kind`; the profile's
 * watched time; the next playable episode. Null when no published title has this slug.
 */
export async function playbackTitle(env: DB, lang: Lang, slug: string, age: AgeLimit, kind: MediaKind, profileId: number | null): Promise<PlaybackTitle | null> {
  const [titles, watched, nexts] = await env.DB.batch<TitleRow | { time: number | null } | NonNullable<StreamAnswer['next']>>([
    env.DB.prepare(`SELECT c.id, c.slug, c.type, c.season_number, c.episode_number, ${nameOf('c', 't')} AS name_long,
        c.premium, c.allowed_countries, p.id AS parent_id, p.slug AS parent_slug, ${nameOf('p', 'pt')} AS parent_name,
        p.premium AS parent_premium, p.allowed_countries AS parent_countries, ${ageAllowed(3)} AS age_ok,
        m.r2_prefix, m.duration, m.subtitles, m.poster, m.thumbnails, m.renditions
      FROM contents c LEFT JOIN contents p ON p.id = c.parent_id
      ${textOf('c', 't', 1)} ${textOf('p', 'pt', 1)}
      LEFT JOIN media m ON m.content_id = c.id AND m.kind = ?4
      WHERE c.slug = ?2 AND ${published('c')} AND (p.id IS NULL OR ${published('p')})`).bind(lang, slug, age, kind),
    env.DB.prepare(`SELECT a.time FROM actions a WHERE a.profile_id = ?1 AND a.type = 'watched'
      AND a.content_id = (SELECT id FROM contents WHERE slug = ?2)`).bind(profileId ?? -1, slug),
    // Next episode: the first published one after this (season, episode) in the same series, that the
    // viewer may see and that has media. Only for the main media of an episode.
    env.DB.prepare(`SELECT n.slug, ${nameOf('n', 'nt')} AS name_long, n.season_number, n.episode_number
      FROM contents e JOIN contents n ON n.parent_id = e.parent_id ${textOf('n', 'nt', 1)}
      WHERE e.slug = ?2 AND ?4 = 'main' AND ${published('n')} AND ${ageAllowed(3, 'n')}
        AND (n.season_number > e.season_number OR (n.season_number = e.season_number AND n.episode_number > e.episode_number))
        AND EXISTS (SELECT 1 FROM media nm WHERE nm.content_id = n.id AND nm.kind = 'main')
      ORDER BY n.season_number, n.episode_number LIMIT 1`).bind(lang, slug, age, kind),
  ]);
  const row = titles?.results[0] as TitleRow | undefined;
  if (!row) return null;
  const watchedRow = watched?.results[0] as { time: number | null } | undefined;
  return {
    content: {
      id: row.id,
      slug: row.slug,
      name_long: row.name_long,
      type: row.type,
      parent: row.parent_slug && row.parent_id !== null ? { id: row.parent_id, slug: row.parent_slug, name_long: row.parent_name ?? row.parent_slug } : null,
      season_number: row.season_number,
      episode_number: row.episode_number,
    },
    rights: { premium: row.premium === 1 || row.parent_premium === 1, allowedCountries: effectiveCountries(row.allowed_countries, row.parent_countries) },
    ageAllowed: row.age_ok === 1,
    media:
      row.r2_prefix !== null && row.duration !== null
        ? { r2_prefix: row.r2_prefix, duration: row.duration, subtitles: subtitleList(row.subtitles), poster: row.poster, thumbnails: row.thumbnails, lowest: lowestRendition(row.renditions) }
        : null,
    watchedTime: watchedRow?.time ?? null,
    next: (nexts?.results[0] as NonNullable<StreamAnswer['next']> | undefined) ?? null,
  };
}

/** Spec: finishing (last 5%) marks the title watched: the time saved is then the whole duration. */
export function settleWatchedTime(time: number, duration: number | null): { time: number; finished: boolean } {
  return duration !== null && isFinished(time, duration) ? { time: duration, finished: true } : { time, finished: false };
}

/** Where playback starts: the saved time, unless the title was finished (then from the start). */
export function resumePosition(watchedTime: number | null, duration: number): number {
  if (watchedTime === null || !(watchedTime > 0)) return 0;
  return settleWatchedTime(watchedTime, duration).finished ? 0 : watchedTime;
}

/** A title watched time may be saved for: its duration (main media, else the content's), and the age check. */
export async function watchTarget(db: D1Database, contentId: number, age: AgeLimit): Promise<{ duration: number | null; ageAllowed: boolean } | null> {
  const row = await db.prepare(`SELECT COALESCE(m.duration, c.duration) AS duration, ${ageAllowed(2)} AS age_ok
      FROM contents c LEFT JOIN media m ON m.content_id = c.id AND m.kind = 'main'
      WHERE c.id = ?1 AND ${published('c')}`)
    .bind(contentId, age)
    .first<{ duration: number | null; age_ok: number }>();
  return row ? { duration: row.duration, ageAllowed: row.age_ok === 1 } : null;
}

/** Writes one watched time at once (worker/limits/positions.ts holds the statement, shared with the account's object). */
export async function saveWatched(env: DB, position: Position): Promise<void> {
  await watchedUpsert(env.DB, position).run();
}
