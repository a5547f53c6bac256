import { describe, expect, it } from 'vitest';
import { islands } from './islands';

describe('island registry', () => {
  it('names each island file with its own registry key', async () => {
    for (const [name, load] of Object.entries(islands)) {
      const module: Record<string, unknown> = await load();
      const wrappers = Object.values(module).filter((v): v is { displayName: string } => typeof v === 'function' && 'displayName' in v);
      expect(wrappers.map((w) => w.displayName), name).toContain(`Island(${name})`);
    }
  });
});
