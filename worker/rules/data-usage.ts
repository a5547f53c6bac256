/**
 * The data saver (issue 34): a profile's data usage setting and the rendition cap it means.
 * Shared by the server (profiles API, settings page) and the browser (player engine and menu).
 *
 * The cap works on the renditions' BANDWIDTH from the master playlist (video and audio together,
 * as RFC 8216 defines it), so it holds for any title. The gigabytes per hour shown beside each
 * choice come from the constant table below instead: the settings page has no playlist to read,
 * and a viewer compares choices, not titles.
 */

export const DATA_USAGES = ['auto', 'saver', 'best'] as const;
export type DataUsage = (typeof DATA_USAGES)[number];
export const DEFAULT_DATA_USAGE: DataUsage = 'auto';

export const isDataUsage = (value: unknown): value is DataUsage => typeof value === 'string' && (DATA_USAGES as readonly string[]).includes(value);
/** A stored value as a setting (Automatic when unknown). */
export const dataUsageOf = (value: unknown): DataUsage => (isDataUsage(value) ? value : DEFAULT_DATA_USAGE);

/** Data saver's ceiling in bits per second: ≈0.3 GB per hour, as the big services' low setting. */
export const SAVER_MAX_BANDWIDTH = 700_000;

/** Seconds of media fetched ahead of the playhead while saving data (hls.js would fetch up to 600 s of a light rendition). */
export const SAVER_BUFFER_AHEAD_SECONDS = 30;

/** Estimated gigabytes per hour of each choice: Data saver at its ceiling, the others at a 1080p rendition (≈5 Mbit/s). */
export const DATA_USAGE_GB_PER_HOUR: Record<DataUsage, number> = { auto: 2.3, saver: 0.3, best: 2.3 };

/** Gigabytes in one hour at `bitsPerSecond`. */
export const gigabytesPerHour = (bitsPerSecond: number): number => (bitsPerSecond * 3600) / 8 / 1e9;

/** What the browser says about its connection (navigator.connection), where it says anything. */
export type ConnectionHints = { saveData?: boolean; effectiveType?: string };

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

const slow = (hints: ConnectionHints): boolean => hints.effectiveType !== undefined && SLOW_CONNECTIONS.has(hints.effectiveType);

/** Whether a profile's setting, on this connection, saves data: Data saver always, Automatic on Save-Data or a slow connection. */
export function savesData(usage: DataUsage, hints: ConnectionHints): boolean {
  if (usage === 'saver') return true;
  if (usage === 'best') return false;
  return hints.saveData === true || slow(hints);
}

/**
 * Whether the browser may fetch a stream's first files before the person plays (a pointer over
 * Play): never while data is saved, and never on a slow connection or with Save-Data, whatever the
 * setting (spec §4: prefetching is skipped on slow connections).
 */
export const mayPrefetch = (usage: DataUsage, hints: ConnectionHints): boolean => !savesData(usage, hints) && hints.saveData !== true && !slow(hints);

/**
 * The highest rendition index the player may use (hls.js `autoLevelCapping`, an index in its list
 * of levels, which hls.js sorts by bandwidth), -1 for no cap. Saving data: the last of the levels
 * from the lightest whose bandwidth stays under the ceiling, else the lightest alone (a title
 * without a light rendition still plays, as lightly as it can).
 */
export function levelCap(usage: DataUsage, hints: ConnectionHints, levels: readonly { bitrate: number }[]): number {
  if (!savesData(usage, hints) || levels.length === 0) return -1;
  const over = levels.findIndex((level) => level.bitrate > SAVER_MAX_BANDWIDTH);
  return over === -1 ? levels.length - 1 : Math.max(0, over - 1);
}
