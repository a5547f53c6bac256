import type { Content } from '../../worker/api/pages/schemas';
import { isFinished } from '../../worker/rules/watched';
import type { Watched } from './progress';

/**
 * Watch history (spec §3 User.watched / watchedContents: `{ id, time }`, most recent first) joined
 * with the contents GET /pages/contents answered for those ids.
 */
export type WatchedTitle = { content: Content; time: number; finished: boolean };

/** Tiles of the home page's Continue watching row. */
export const CONTINUE_WATCHING_LIMIT = 20;
/** Most recent watched ids the row looks at (two batches of GET /pages/contents): finished ones are skipped. */
export const CONTINUE_WATCHING_SCAN = 40;
/** Entries of the account page's Recently viewed list (one batch). */
export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * The watched entries whose content was answered, in the entries' order (titles the API left out —
 * unpublished, above the profile's age limit, deleted — are dropped), each marked finished at
 * 95% of its duration, as the player counts it.
 */
export function watchedTitles(watched: readonly Watched[], contents: readonly Content[]): WatchedTitle[] {
  const byId = new Map(contents.map((content) => [content.id, content]));
  return watched.flatMap(({ id, time }) => {
    const content = byId.get(id);
    return content ? [{ content, time, finished: isFinished(time, content.duration) }] : [];
  });
}

/** The Continue watching row: the most recent unfinished titles. */
export const continueWatching = (titles: readonly WatchedTitle[]): WatchedTitle[] =>
  titles.filter((title) => !title.finished).slice(0, CONTINUE_WATCHING_LIMIT);
