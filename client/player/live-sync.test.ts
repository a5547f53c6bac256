import { describe, expect, it } from 'vitest';
import type Hls from 'hls.js';
import type { Events } from 'hls.js';

/** hls.js's Events.LEVEL_LOADED (the enum's value: hls.js itself stays out of the test). */
const LEVEL_LOADED = 'hlsLevelLoaded' as Events.LEVEL_LOADED;
import { liveSyncTarget, syncByParts } from './live-sync';

describe('live sync by parts', () => {
  it('holds two parts and half a second behind the edge, never further than the source asks, and leaves streams without parts alone', () => {
    expect(liveSyncTarget(1, 3)).toBe(2.5);
    expect(liveSyncTarget(1.002667, 3.008)).toBeCloseTo(2.505, 3);
    // Short parts with a short hold-back (Apple's examples: 0.33 s parts, 1 s hold-back).
    expect(liveSyncTarget(0.33, 1)).toBe(1);
    expect(liveSyncTarget(1, 0)).toBe(2.5);
    expect(liveSyncTarget(0, 0)).toBeNull();
  });

  it('sets the instance target latency from the live playlists it loads', () => {
    const listeners: ((event: string, data: unknown) => void)[] = [];
    const hls = { targetLatency: null as number | null, on: (_e: string, f: (event: string, data: unknown) => void) => listeners.push(f) };
    syncByParts(hls as unknown as Hls, LEVEL_LOADED);
    const loaded = (details: object) => listeners.forEach((f) => f(LEVEL_LOADED, { details }));
    loaded({ live: false, partTarget: 1, partHoldBack: 3 });
    expect(hls.targetLatency).toBeNull();
    loaded({ live: true, partTarget: 0, partHoldBack: 0 });
    expect(hls.targetLatency).toBeNull();
    loaded({ live: true, partTarget: 1, partHoldBack: 3 });
    expect(hls.targetLatency).toBe(2.5);
  });
});
