/**
 * Watching progress of the content page: the profile's watched times (spec §3 User.watched,
 * `{ id, time }` in seconds, most recent first) turned into progress bars, a resume position and
 * the episode a series' Play button starts.
 */
import { isFinished, type Watched } from '../../worker/rules/watched';

/** Share of `duration` watched, 0..1 (0 when unknown). */
export function progressOf(time: number | undefined, duration: number | null | undefined): number {
  if (!time || !duration || duration <= 0) return 0;
  return Math.min(1, Math.max(0, time / duration));
}

/** A position as the player shows it: '12:34', '1:02:03'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

type Playable = { id: number; slug: string; duration: number | null };
type EpisodeLike = Playable & { season_number: number; episode_number: number };

/** What the Play button starts: a slug, the position to resume (0: from the start) and, for a series, which episode. */
export type PlayTarget = { slug: string; resumeAt: number; progress: number; episode: { season: number; number: number } | null };

/** A title (film) resumes when its watched time is started and not finished. */
export function filmTarget(content: Playable, watched: readonly Watched[]): PlayTarget {
  const time = watched.find((w) => w.id === content.id)?.time ?? 0;
  const resume = time > 0 && !isFinished(time, content.duration);
  return { slug: content.slug, resumeAt: resume ? time : 0, progress: resume ? progressOf(time, content.duration) : 0, episode: null };
}

/**
 * A series plays the episode last watched when it is unfinished, else the one after it, else
 * (nothing watched, or the last episode finished) the first one. `episodes` are in viewing order.
 */
export function seriesTarget(episodes: readonly EpisodeLike[], watched: readonly Watched[]): PlayTarget | null {
  const first = episodes[0];
  if (!first) return null;
  const times = new Map(watched.map((w) => [w.id, w.time]));
  const target = (e: EpisodeLike): PlayTarget => {
    const time = times.get(e.id) ?? 0;
    const resume = time > 0 && !isFinished(time, e.duration);
    return {
      slug: e.slug,
      resumeAt: resume ? time : 0,
      progress: resume ? progressOf(time, e.duration) : 0,
      episode: { season: e.season_number, number: e.episode_number },
    };
  };
  // `watched` is most recent first: the first entry naming an episode of this series is the last one watched.
  const ids = new Set(episodes.map((e) => e.id));
  const last = watched.find((w) => ids.has(w.id));
  if (!last) return target(first);
  const index = episodes.findIndex((e) => e.id === last.id);
  const current = episodes[index];
  if (!current) return target(first);
  if (!isFinished(last.time, current.duration)) return target(current);
  return target(episodes[index + 1] ?? first);
}
