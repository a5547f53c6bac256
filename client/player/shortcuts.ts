/**
 * Keyboard shortcuts of the player, like the common video players': Space or K play/pause,
 * ←/→ 10 s back/forward (the seek bar is left-to-right in every language, so are the arrows),
 * ↑/↓ volume, M mute, F fullscreen, C subtitles, ? the list of shortcuts, Escape leaves
 * fullscreen (or closes a menu). The viewer can turn the single-key shortcuts off (WCAG 2.1.4):
 * then only Escape acts.
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
  | 'show-shortcuts'
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
  '?': 'show-shortcuts',
  // The Arabic keyboard's question mark (Shift and the same key).
  '؟': 'show-shortcuts',
  Escape: 'escape',
};

/** Letter shortcuts by physical key, for layouts whose letters are not Latin (Arabic). */
const CODES: Record<string, PlayerAction> = { KeyK: 'toggle-play', KeyM: 'toggle-mute', KeyF: 'toggle-fullscreen', KeyC: 'toggle-subtitles' };

/**
 * The action of a key press, or null (modifier combinations belong to the browser). With the
 * shortcuts turned off (`enabled` false), only Escape acts.
 */
export function shortcutFor(event: Key, enabled = true): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (!enabled) return event.key === 'Escape' ? 'escape' : null;
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

/**
 * The shortcuts as the ? panel lists them: the keys (a `KEY_`-prefixed entry is a translation key,
 * the others are drawn as they are) and the translation key of what they do.
 */
export const SHORTCUT_LIST: { keys: string[]; does: string }[] = [
  { keys: ['KEY_SPACE', 'K'], does: 'SHORTCUT_PLAY_PAUSE' },
  { keys: ['←', '→'], does: 'SHORTCUT_SEEK' },
  { keys: ['↑', '↓'], does: 'SHORTCUT_VOLUME' },
  { keys: ['M'], does: 'SHORTCUT_MUTE' },
  { keys: ['F'], does: 'SHORTCUT_FULLSCREEN' },
  { keys: ['C'], does: 'SHORTCUT_SUBTITLES' },
  { keys: ['?'], does: 'SHORTCUT_HELP' },
  { keys: ['Esc'], does: 'SHORTCUT_ESCAPE' },
];
