import type Hls from 'hls.js';
import { levelCap, type ConnectionHints, type DataUsage } from '../../worker/rules/data-usage';

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

/**
 * Caps hls.js's automatic choice at the data usage's rendition. The player-size cap would reset
 * `autoLevelCapping` each second, so it is off while data is saved (the saver's renditions are
 * small anyway) and back on otherwise.
 */
export function capLevels(hls: Hls, usage: DataUsage): void {
  if (hls.levels.length === 0) return;
  const cap = levelCap(usage, connectionHints(), hls.levels);
  hls.capLevelToPlayerSize = cap === -1;
  hls.autoLevelCapping = cap;
}
