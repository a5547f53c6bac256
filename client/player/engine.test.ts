import { describe, expect, it } from 'vitest';
import { BOOT_ATTRIBUTES } from './attributes';
import { FINISHED_SHARE } from '../../worker/rules/watched';
import { ENGINE_BOOT_ATTRIBUTES, ENGINE_FINISHED_SHARE, ENGINE_GUEST_PROFILE, ENGINE_WATCHED_KEY, engineStart, readLocalResume } from './engine';
import { startPosition } from './time';
import { GUEST_PROFILE, rememberWatched, WATCHED_KEY } from './watched';
import { useMemoryStorage } from './testing';

describe('the engine’s own copies', () => {
  useMemoryStorage();

  it('match the island’s attributes, storage key and start rule', () => {
    expect(ENGINE_BOOT_ATTRIBUTES).toEqual(BOOT_ATTRIBUTES);
    expect(ENGINE_WATCHED_KEY).toBe(WATCHED_KEY);
    expect(ENGINE_GUEST_PROFILE).toBe(String(GUEST_PROFILE));
    expect(ENGINE_FINISHED_SHARE).toBe(FINISHED_SHARE);
    for (const [saved, duration] of [[0, 100], [30, 100], [94.9, 100], [95, 100], [120, 100], [50, 0], [-3, 100]] as const) {
      expect(engineStart(saved, duration), `${saved}/${duration}`).toBe(startPosition(saved, duration));
    }
  });

  it('reads the guest’s position where the island writes it, and nobody else’s', () => {
    expect(readLocalResume(42)).toBe(0);
    rememberWatched(GUEST_PROFILE, 42, 17);
    rememberWatched(7, 43, 30);
    expect(readLocalResume(42)).toBe(17);
    expect(readLocalResume('42')).toBe(17);
    expect(readLocalResume(43)).toBe(0);
    localStorage.setItem(WATCHED_KEY, 'not json');
    expect(readLocalResume(42)).toBe(0);
  });
});
