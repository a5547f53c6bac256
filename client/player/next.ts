/**
 * The next-episode card: offered near the end of an episode with a countdown to its start
 * (autoplay) or just a button (autoplay off), and at the end started automatically when the
 * profile's autoplay is on.
 */

/** The card appears this many seconds before the end (less on very short videos). */
export const NEXT_OFFER_SECONDS = 15;

export type NextState =
  /** Nothing to show. */
  | { kind: 'hidden' }
  /** Near the end: the card, with the seconds left before the next episode starts (autoplay) or not. */
  | { kind: 'offer'; countdown: number | null }
  /** The video ended: start the next episode now (autoplay), or wait for the button. */
  | { kind: 'start' }
  | { kind: 'ended' };

export type NextInput = {
  hasNext: boolean;
  autoplay: boolean;
  time: number;
  duration: number;
  ended: boolean;
  /** The viewer closed the card ("Watch credits"): no countdown, no automatic start. */
  dismissed: boolean;
};

/** How long before the end the card shows: NEXT_OFFER_SECONDS, at most a fifth of the video. */
export const offerWindow = (duration: number): number => Math.min(NEXT_OFFER_SECONDS, duration / 5);

export function nextState({ hasNext, autoplay, time, duration, ended, dismissed }: NextInput): NextState {
  if (!hasNext || !Number.isFinite(duration) || duration <= 0) return { kind: 'hidden' };
  if (ended) return autoplay && !dismissed ? { kind: 'start' } : { kind: 'ended' };
  if (dismissed) return { kind: 'hidden' };
  const left = duration - time;
  if (left > offerWindow(duration)) return { kind: 'hidden' };
  return { kind: 'offer', countdown: autoplay ? Math.max(0, Math.ceil(left)) : null };
}
