import { describe, expect, it } from 'vitest';
import { useMemoryStorage } from './testing';
import { forgetWatched, GUEST_PROFILE, readWatched, rememberWatched, WATCHED_CAP, WATCHED_KEY, watchedTime } from './watched';

describe('the `watched` key (spec §3, keyed by profile id)', () => {
  useMemoryStorage();

  it('keeps each profile’s titles most recent first, one entry per title', () => {
    rememberWatched(GUEST_PROFILE, 1, 10);
    rememberWatched(GUEST_PROFILE, 2, 20);
    rememberWatched(5, 1, 99);
    rememberWatched(GUEST_PROFILE, 1, 15);
    expect(JSON.parse(localStorage.getItem(WATCHED_KEY) ?? '')).toEqual({
      '0': [{ id: 1, time: 15 }, { id: 2, time: 20 }],
      '5': [{ id: 1, time: 99 }],
    });
    expect(watchedTime(GUEST_PROFILE, 1)).toBe(15);
    expect(watchedTime(5, 1)).toBe(99);
    expect(watchedTime(5, 2)).toBe(0);
  });

  it('is capped, the oldest titles going first', () => {
    for (let id = 1; id <= WATCHED_CAP + 5; id++) rememberWatched(3, id, id);
    const list = readWatched()['3'] ?? [];
    expect(list).toHaveLength(WATCHED_CAP);
    expect(list[0]).toEqual({ id: WATCHED_CAP + 5, time: WATCHED_CAP + 5 });
    expect(list.some((e) => e.id <= 5)).toBe(false);
  });

  it('forgets one profile and leaves the others', () => {
    rememberWatched(GUEST_PROFILE, 1, 10);
    rememberWatched(5, 2, 20);
    forgetWatched(5);
    expect(readWatched()).toEqual({ '0': [{ id: 1, time: 10 }] });
    forgetWatched(9);
    expect(readWatched()).toEqual({ '0': [{ id: 1, time: 10 }] });
  });

  it('survives broken values and missing storage', () => {
    localStorage.setItem(WATCHED_KEY, '{"0":[{"id":1,"time":4},{"id":"x"},null],"1":"nope"}');
    expect(readWatched()).toEqual({ '0': [{ id: 1, time: 4 }] });
    localStorage.setItem(WATCHED_KEY, '[1,2]');
    expect(readWatched()).toEqual({});
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(watchedTime(GUEST_PROFILE, 1)).toBe(0);
    expect(() => rememberWatched(GUEST_PROFILE, 1, 3)).not.toThrow();
  });
});
