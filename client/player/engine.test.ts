import { describe, expect, it } from 'vitest';
import { BOOT_ATTRIBUTES, localResumeKey } from './attributes';
import { engineResumeKey, engineStart, ENGINE_BOOT_ATTRIBUTES } from './engine';
import { startPosition } from './time';

describe('the engine’s own copies', () => {
  it('match the island’s attributes, storage key and start rule', () => {
    expect(ENGINE_BOOT_ATTRIBUTES).toEqual(BOOT_ATTRIBUTES);
    expect(engineResumeKey(42)).toBe(localResumeKey(42));
    for (const [saved, duration] of [[0, 100], [30, 100], [94.9, 100], [95, 100], [120, 100], [50, 0], [-3, 100]] as const) {
      expect(engineStart(saved, duration), `${saved}/${duration}`).toBe(startPosition(saved, duration));
    }
  });
});
