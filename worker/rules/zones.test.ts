import { afterEach, describe, expect, it } from 'vitest';
import { clockTime, dayOf, dayStart } from './live-tv';
import { showTime } from './events';
import { adoptZones, adoptZonesOf, zonedDate, zoneOffset, zoneTable, zoneTableAround, zoneTableOf } from './zones';

const utc = (iso: string) => Date.parse(iso) / 1000;

afterEach(() => adoptZones(null));

describe('zoneTable', () => {
  it("finds each change of a zone's clock to the second", () => {
    const from = utc('2026-10-01T00:00:00Z');
    const table = zoneTable(['Europe/Paris', 'UTC'], from, utc('2027-05-01T00:00:00Z'));
    // Paris: summer time ends 25 October 2026 at 01:00 UTC, starts again 28 March 2027 at 01:00 UTC.
    expect(table.zones['Europe/Paris']).toEqual([
      [from, 7200],
      [utc('2026-10-25T01:00:00Z'), 3600],
      [utc('2027-03-28T01:00:00Z'), 7200],
    ]);
    expect(table.zones.UTC).toEqual([[from, 0]]);
  });

  it('leaves out a zone the runtime does not know', () => {
    expect(zoneTable(['Mars/Olympus'], 0, 86_400).zones).toEqual({});
  });

  it('covers a week back to a year ahead of the moment, the same table all day', () => {
    const at = utc('2026-11-27T22:30:00Z');
    const table = zoneTableAround(at, ['Africa/Casablanca']);
    expect(table.from).toBe(utc('2026-11-19T00:00:00Z'));
    expect(table.to - at).toBeGreaterThan(365 * 86_400);
    expect(zoneTableAround(utc('2026-11-27T01:00:00Z'), ['Africa/Casablanca'])).toBe(table);
  });
});

describe('times written from an adopted table', () => {
  const at = utc('2026-11-27T22:30:00Z');
  // A browser whose database disagrees with the server's: the server's table decides.
  const serverSays = (offset: number) => ({ from: at - 86_400, to: at + 86_400, zones: { 'Africa/Casablanca': [[at - 86_400, offset]] as [number, number][] } });

  it('writes clock times, days and midnights at the offset of the table', () => {
    adoptZones(serverSays(3600));
    expect(zoneOffset(at, 'Africa/Casablanca')).toBe(3600);
    expect(clockTime(at, 'en', 'Africa/Casablanca')).toBe('23:30');
    expect(showTime('2026-11-27T22:30:00Z', 'fr')).toBe('23:30');
    expect(dayOf(at, 'Africa/Casablanca')).toBe('2026-11-27');
    expect(dayStart('2026-11-27', 'Africa/Casablanca')).toBe(utc('2026-11-26T23:00:00Z'));
    adoptZones(serverSays(0));
    expect(clockTime(at, 'en', 'Africa/Casablanca')).toBe('22:30');
    expect(zonedDate(at, 'Africa/Casablanca').toISOString()).toBe('2026-11-27T22:30:00.000Z');
  });

  it("uses the runtime's database outside the table and for zones it does not hold", () => {
    adoptZones(serverSays(3600));
    expect(zoneOffset(at, 'Europe/London')).toBe(0);
    expect(zoneOffset(at + 2 * 86_400, 'Africa/Casablanca')).toBe(zoneTable(['Africa/Casablanca'], at + 2 * 86_400, at + 2 * 86_400 + 1).zones['Africa/Casablanca']?.[0]?.[1]);
  });

  it('adopts only a well-formed table from the document', () => {
    adoptZonesOf(JSON.stringify(serverSays(3600)));
    expect(zoneOffset(at, 'Africa/Casablanca')).toBe(3600);
    for (const bad of [undefined, '', 'not json', '{}', '{"from":0,"to":1,"zones":{"X":[]}}', '{"from":0,"to":1,"zones":{"X":[[0,"1"]]}}']) {
      adoptZonesOf(JSON.stringify(serverSays(3600)));
      adoptZonesOf(bad);
      expect(zoneOffset(at, 'Africa/Casablanca'), String(bad)).toBe(zoneTable(['Africa/Casablanca'], at, at + 1).zones['Africa/Casablanca']?.[0]?.[1]);
    }
    expect(zoneTableOf({ from: 0, to: 1, zones: { UTC: [[0, 0]] } })).toEqual({ from: 0, to: 1, zones: { UTC: [[0, 0]] } });
  });
});
