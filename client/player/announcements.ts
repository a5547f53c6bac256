import type { Translate } from '../i18n';

/** What the player says out loud when it changes (WCAG 4.1.3): the state the messages are made from. */
export type Spoken = {
  playing: boolean;
  muted: boolean;
  /** 0 to 1. */
  volume: number;
  /** The subtitle language shown, named in the page language; null when off. */
  captions: string | null;
  /** The quality chosen ("Auto", "720p"). */
  quality: string;
};

const percent = (volume: number): number => Math.round(volume * 100);

/**
 * The message for a change of the player's state, or null when nothing worth saying changed. One
 * change at a time is what a person makes; when several change together, each is said, in order.
 * `sliderSpeaks`: the volume slider has focus, and a screen reader reads its own value.
 */
export function announcementOf(before: Spoken, after: Spoken, t: Translate, sliderSpeaks = false): string | null {
  const said: string[] = [];
  if (before.playing !== after.playing) said.push(t(after.playing ? 'PLAYER_SAID_PLAYING' : 'PLAYER_SAID_PAUSED'));
  const silent = (s: Spoken) => s.muted || s.volume === 0;
  if (silent(before) !== silent(after)) said.push(silent(after) ? t('PLAYER_SAID_MUTED') : t('PLAYER_SAID_UNMUTED', { percent: percent(after.volume) }));
  else if (!silent(after) && percent(before.volume) !== percent(after.volume) && !sliderSpeaks) said.push(t('PLAYER_SAID_VOLUME', { percent: percent(after.volume) }));
  if (before.captions !== after.captions) said.push(after.captions ? t('PLAYER_SAID_CAPTIONS_ON', { language: after.captions }) : t('PLAYER_SAID_CAPTIONS_OFF'));
  if (before.quality !== after.quality) said.push(t('PLAYER_SAID_QUALITY', { quality: after.quality }));
  return said.length > 0 ? said.join('. ') : null;
}
