import { afterEach, describe, expect, it } from 'vitest';
import { objectName, scopeObjectNames } from './names';

/** Every source file of worker/, read at build time by Vite (the tests run inside workerd). */
const sources = import.meta.glob(['/worker/**/*.ts', '/worker/**/*.tsx', '!**/*.test.ts', '!**/*.test.tsx', '!/worker/test/**'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('Durable Object names', () => {
  const scoped = crypto.randomUUID();
  afterEach(() => scopeObjectNames(scoped));

  it('are the key itself without a scope (production), and carry the scope in tests', () => {
    scopeObjectNames('');
    expect(objectName('show:7')).toBe('show:7');
    scopeObjectNames('file-a');
    expect(objectName('show:7')).toBe('file-a/show:7');
  });

  it('all go through objectName, so no test file reaches another file’s objects', () => {
    const unnamed = Object.entries(sources).flatMap(([path, source]) =>
      [...source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/idFromName\(([^)]*)/g)].filter((m) => !(m[1] ?? '').trim().startsWith('objectName(')).map(() => path),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(unnamed).toEqual([]);
  });
});
