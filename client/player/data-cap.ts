import type Hls from 'hls.js';
import { levelCap, SAVER_BUFFER_AHEAD_SECONDS, type ConnectionHints, type DataUsage } from '../../worker/rules/data-usage';

/* The data usage's rendition cap applied to an hls.js instance: by the player's engine and the content page's trailer. */

/** What the browser says about its connection (Network Information API and Save-Data), where it exists. */
export function connectionHints(): ConnectionHints {
  const connection = (navigator as Navigator & { connection?: { saveData?: unknown; effectiveType?: unknown } }).connection;
  if (!connection) return {};
  return {
    ...(typeof connection.saveData === 'boolean' ? { saveData: connection.saveData } : {}),
    ...(typeof connection.effectiveType === 'string' ? { effectiveType: connection.effectiveType } : {}),
  };
}

/** hls.js's own buffer-ahead ceiling of each instance, to restore when data is no longer saved. */
const defaultBufferAhead = new WeakMap<Hls, number>();

/**
 * Caps hls.js's automatic choice at the data usage's rendition, and its buffer ahead: at light
 * bitrates hls.js fills up to `maxMaxBufferLength` (600 s by default), which a viewer who stops
 * after a minute has paid for. The player-size cap would reset `autoLevelCapping` each second, so
 * it is off while data is saved (the saver's renditions are small anyway) and back on otherwise.
 */
export function capLevels(hls: Hls, usage: DataUsage): void {
  if (hls.levels.length === 0) return;
  const cap = levelCap(usage, connectionHints(), hls.levels);
  const saving = cap !== -1;
  if (!defaultBufferAhead.has(hls)) defaultBufferAhead.set(hls, hls.config.maxMaxBufferLength);
  hls.config.maxMaxBufferLength = saving ? SAVER_BUFFER_AHEAD_SECONDS : (defaultBufferAhead.get(hls) ?? hls.config.maxMaxBufferLength);
  hls.capLevelToPlayerSize = !saving;
  hls.autoLevelCapping = cap;
}
