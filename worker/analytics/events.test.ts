import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataPointOf, recordEvent, type EventsDataset } from './events';

/** A dataset that records what it is given. */
function fakeDataset(fail = false): EventsDataset & { points: AnalyticsEngineDataPoint[] } {
  const points: AnalyticsEngineDataPoint[] = [];
  return {
    points,
    writeDataPoint(point) {
      if (fail) throw new Error('dataset unavailable');
      if (point) points.push(point);
    },
  };
}

describe('crowd events in Analytics Engine', () => {
  it('writes one data point per event: the event as index, what it is about, the detail and the country, a count of 1', () => {
    const events = fakeDataset();
    recordEvent({ EVENTS: events }, { event: 'title_view', slug: 'tea-for-three', trailer: false }, 'MA');
    recordEvent({ EVENTS: events }, { event: 'ad_impression', adId: 12 });
    recordEvent({ EVENTS: events }, { event: 'ad_click', adId: 12 }, 'FR');
    recordEvent({ EVENTS: events }, { event: 'help_vote', slug: 'profiles', helpful: false }, 'MA');
    expect(events.points).toEqual([
      { indexes: ['title_view'], blobs: ['title_view', 'tea-for-three', 'main', 'MA'], doubles: [1] },
      { indexes: ['ad_impression'], blobs: ['ad_impression', '12', '', ''], doubles: [1] },
      { indexes: ['ad_click'], blobs: ['ad_click', '12', '', 'FR'], doubles: [1] },
      { indexes: ['help_vote'], blobs: ['help_vote', 'profiles', 'no', 'MA'], doubles: [1] },
    ]);
    expect(dataPointOf({ event: 'title_view', slug: 'x', trailer: true }, null).blobs).toEqual(['title_view', 'x', 'trailer', '']);
  });

  it('is optional: without the binding nothing happens, and a failing dataset never fails the request', () => {
    expect(() => recordEvent({}, { event: 'ad_click', adId: 1 })).not.toThrow();
    expect(() => recordEvent({ EVENTS: undefined }, { event: 'ad_click', adId: 1 })).not.toThrow();
    expect(() => recordEvent({ EVENTS: fakeDataset(true) }, { event: 'ad_click', adId: 1 })).not.toThrow();
  });

  it("accepts the tests' runtime binding of wrangler.toml", () => {
    expect(() => recordEvent(env, { event: 'help_vote', slug: 'profiles', helpful: true })).not.toThrow();
  });
});
