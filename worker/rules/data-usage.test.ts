import { describe, expect, it } from 'vitest';
import { dataUsageLabel } from './data-usage-label';
import { DATA_USAGE_GB_PER_HOUR, gigabytesPerHour, isDataUsage, levelCap, mayPrefetch, SAVER_MAX_BANDWIDTH, savesData } from './data-usage';

const ladder = [{ bitrate: 250_000 }, { bitrate: 600_000 }, { bitrate: 1_400_000 }, { bitrate: 2_800_000 }, { bitrate: 5_000_000 }];

describe('data usage', () => {
  it('accepts only the three settings', () => {
    expect(['auto', 'saver', 'best'].every(isDataUsage)).toBe(true);
    expect(isDataUsage('low')).toBe(false);
    expect(isDataUsage(1)).toBe(false);
  });

  it('saves data in Data saver, never in Best quality, in Automatic on Save-Data or a slow connection', () => {
    expect(savesData('saver', {})).toBe(true);
    expect(savesData('best', { saveData: true, effectiveType: '2g' })).toBe(false);
    expect(savesData('auto', {})).toBe(false);
    expect(savesData('auto', { effectiveType: '4g' })).toBe(false);
    expect(savesData('auto', { saveData: true })).toBe(true);
    for (const type of ['slow-2g', '2g', '3g']) expect(savesData('auto', { effectiveType: type })).toBe(true);
  });

  it('prefetches only when no data is saved, never with Save-Data or on a slow connection, even in Best quality', () => {
    expect(mayPrefetch('auto', {})).toBe(true);
    expect(mayPrefetch('auto', { effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch('best', { effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrefetch('saver', { effectiveType: '4g' })).toBe(false);
    expect(mayPrefetch('auto', { saveData: true })).toBe(false);
    expect(mayPrefetch('best', { saveData: true })).toBe(false);
    for (const type of ['slow-2g', '2g', '3g']) {
      expect(mayPrefetch('auto', { effectiveType: type })).toBe(false);
      expect(mayPrefetch('best', { effectiveType: type })).toBe(false);
    }
  });

  it('caps at the last rendition under the ceiling', () => {
    expect(levelCap('saver', {}, ladder)).toBe(1);
    expect(levelCap('auto', { effectiveType: '3g' }, ladder)).toBe(1);
    expect(levelCap('auto', { effectiveType: '4g' }, ladder)).toBe(-1);
    expect(levelCap('best', {}, ladder)).toBe(-1);
  });

  it('keeps every rendition when all fit, the lightest when none does, no cap without levels', () => {
    expect(levelCap('saver', {}, [{ bitrate: 73_521 }, { bitrate: 90_812 }, { bitrate: 100_609 }])).toBe(2);
    expect(levelCap('saver', {}, [{ bitrate: 1_000_000 }, { bitrate: 3_000_000 }])).toBe(0);
    expect(levelCap('saver', {}, [])).toBe(-1);
  });

  it('keeps Data saver near 0.3 GB per hour', () => {
    expect(gigabytesPerHour(SAVER_MAX_BANDWIDTH)).toBeCloseTo(0.315, 3);
    expect(DATA_USAGE_GB_PER_HOUR.saver).toBeLessThanOrEqual(gigabytesPerHour(SAVER_MAX_BANDWIDTH) + 0.01);
    expect(DATA_USAGE_GB_PER_HOUR.best).toBeCloseTo(gigabytesPerHour(5_000_000), 1);
  });
});

describe('data usage labels', () => {
  it('names each choice with its gigabytes per hour in the reader\'s digits', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? `(${String(params.gb)})` : ''}`;
    expect(dataUsageLabel(t, 'en', 'saver')).toBe('DATA_USAGE_SAVER · DATA_USAGE_GB_PER_HOUR(0.3)');
    expect(dataUsageLabel(t, 'fr', 'best')).toBe('DATA_USAGE_BEST · DATA_USAGE_GB_PER_HOUR(2,3)');
    expect(dataUsageLabel(t, 'ar', 'auto')).toMatch(/\(2[.,٫]3\)$/);
  });
});
