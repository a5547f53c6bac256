import type Hls from 'hls.js';
import type { Events, LevelLoadedData } from 'hls.js';

/*
 * Live sync by parts for a Low-Latency HLS stream (the simulated channels, worker/media/low-latency.ts,
 * or any LL-HLS origin such as Cloudflare Stream's): hls.js's low-latency mode holds playback
 * PART-HOLD-BACK behind the live edge (three parts); the player holds it two parts and half a second
 * behind, never further than the source asks, and plays a little faster to get back there after a
 * stall (maxLiveSyncPlaybackRate in the engine's config). A stream without parts (classic live HLS)
 * keeps hls.js's hold-back of three segments.
 */

/** The player's distance behind the live edge (seconds) for a stream's parts, or null without parts. */
export function liveSyncTarget(partTarget: number, partHoldBack: number): number | null {
  if (!(partTarget > 0)) return null;
  const target = 2 * partTarget + 0.5;
  return partHoldBack > 0 ? Math.min(partHoldBack, target) : target;
}

/** Sets the instance's target latency from each live playlist loaded (`levelLoaded`: hls.js's Events.LEVEL_LOADED, passed in so that hls.js stays out of this module's imports). */
export function syncByParts(hls: Hls, levelLoaded: Events.LEVEL_LOADED): void {
  let applied: number | null = null;
  hls.on(levelLoaded, (_event, data: Pick<LevelLoadedData, 'details'>) => {
    if (!data.details.live) return;
    const target = liveSyncTarget(data.details.partTarget, data.details.partHoldBack);
    if (target === null || target === applied) return;
    applied = target;
    hls.targetLatency = target;
  });
}
