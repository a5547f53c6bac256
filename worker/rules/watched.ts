/** Spec §3 (User.watched): the last 5 % of a title counts as watching it to the end. */
export const FINISHED_SHARE = 0.95;

/**
 * Whether a watched position (seconds) finishes the title: at or past 95 % of a known duration.
 * The API then saves the whole duration, the player starts over, the Continue watching row leaves it out.
 */
export const isFinished = (position: number | null | undefined, duration: number | null | undefined): boolean =>
  typeof position === 'number' && typeof duration === 'number' && duration > 0 && position >= duration * FINISHED_SHARE;
