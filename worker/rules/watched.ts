/**
 * The watch history (spec §3 User.watched / watchedContents: `{ id, time }` in seconds, most
 * recent first): when a title counts as finished, and the titles the home page's Continue watching
 * row and the account page's Recently viewed list show. Shared by the API, the pages and the player.
 */
export type Watched = { id: number; time: number };

/** Spec §3 (User.watched): the last 5 % of a title counts as watching it to the end. */
export const FINISHED_SHARE = 0.95;

/**
 * Whether a watched position (seconds) finishes the title: at or past 95 % of a known duration.
 * The API then saves the whole duration, the player starts over, the Continue watching row leaves it out.
 */
export const isFinished = (position: number | null | undefined, duration: number | null | undefined): boolean =>
  typeof position === 'number' && typeof duration === 'number' && duration > 0 && position >= duration * FINISHED_SHARE;

/** A watched entry with its content (as GET /pages/contents answers it). */
export type WatchedTitle<C> = { content: C; time: number; finished: boolean };

/** Tiles of the home page's Continue watching row. */
export const CONTINUE_WATCHING_LIMIT = 20;
/** Most recent watched ids the row looks at (two batches of GET /pages/contents): finished ones are skipped. */
export const CONTINUE_WATCHING_SCAN = 40;
/** Entries of the account page's Recently viewed list (one batch). */
export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * The watched entries whose content was answered, in the entries' order (titles the API left out —
 * unpublished, above the profile's age limit, deleted — are dropped), each marked finished.
 */
export function watchedTitles<C extends { id: number; duration: number | null }>(watched: readonly Watched[], contents: readonly C[]): WatchedTitle<C>[] {
  const byId = new Map(contents.map((content) => [content.id, content]));
  return watched.flatMap(({ id, time }) => {
    const content = byId.get(id);
    return content ? [{ content, time, finished: isFinished(time, content.duration) }] : [];
  });
}

/** The Continue watching row: the most recent unfinished titles. */
export const continueWatching = <T extends { finished: boolean }>(titles: readonly T[]): T[] => titles.filter((title) => !title.finished).slice(0, CONTINUE_WATCHING_LIMIT);
