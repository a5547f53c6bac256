/**
 * The viewer's player preferences kept in this browser (localStorage): volume, subtitles, a guest's
 * caption style, whether the single-key shortcuts are on (true unless turned off).
 */
export const VOLUME_KEY = 'playerVolume';
export const SUBTITLES_KEY = 'playerSubtitles';
export const CAPTION_STYLE_KEY = 'playerCaptionStyle';
export const SHORTCUTS_KEY = 'playerShortcuts';

export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
export function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full: preferences are a nicety
  }
}
