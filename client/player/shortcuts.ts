/**
 * Keyboard shortcuts of the player, like the common video players': Space or K play/pause,
 * ←/→ 10 s back/forward (the seek bar is left-to-right in every language, so are the arrows),
 * ↑/↓ volume, M mute, F fullscreen, C subtitles, Escape leaves fullscreen (or closes a menu).
 */
export type PlayerAction =
  | 'toggle-play'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-mute'
  | 'toggle-fullscreen'
  | 'toggle-subtitles'
  | 'escape';

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

type Key = { key: string; code?: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean };

const KEYS: Record<string, PlayerAction> = {
  ' ': 'toggle-play',
  Spacebar: 'toggle-play',
  k: 'toggle-play',
  MediaPlayPause: 'toggle-play',
  ArrowLeft: 'seek-back',
  ArrowRight: 'seek-forward',
  ArrowUp: 'volume-up',
  ArrowDown: 'volume-down',
  m: 'toggle-mute',
  f: 'toggle-fullscreen',
  c: 'toggle-subtitles',
  Escape: 'escape',
};

/** Letter shortcuts by physical key, for layouts whose letters are not Latin (Arabic). */
const CODES: Record<string, PlayerAction> = { KeyK: 'toggle-play', KeyM: 'toggle-mute', KeyF: 'toggle-fullscreen', KeyC: 'toggle-subtitles' };

/** The action of a key press, or null (modifier combinations belong to the browser). */
export function shortcutFor(event: Key): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const action = KEYS[key];
  if (action) return action;
  // A non-Latin letter (e.g. Arabic ن on the K key): the key's position decides.
  return key.length === 1 && !/^[\x20-\x7e]$/.test(key) && event.code ? (CODES[event.code] ?? null) : null;
}

/** The volume after a step, kept in [0, 1] and rounded to tenths. */
export function stepVolume(volume: number, direction: 1 | -1): number {
  return Math.round(Math.min(1, Math.max(0, volume + direction * VOLUME_STEP)) * 10) / 10;
}
