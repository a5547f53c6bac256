import { describe, expect, it } from 'vitest';
import { islands } from './islands';

/** Every source of client/ and worker/ (tests aside), read at build time by Vite (the tests run inside workerd, without a file system). */
const sources = import.meta.glob(['/client/**/*.{ts,tsx}', '/worker/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/*.d.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The island names a source declares (`defineIsland('name', …)`) or looks for in the page (`data-island="name"`). */
function islandNames(source: string): { declared: string[]; looked: string[] } {
  const all = (pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1] ?? '');
  return { declared: all(/defineIsland\(\s*['"`]([^'"`]+)['"`]/g), looked: all(/data-island="([^"]+)"/g) };
}

describe('island registry', () => {
  it('is made of the files of client/islands, one per island', () => {
    const files = Object.keys(sources).filter((path) => /^\/client\/islands\/[^/]+\.tsx$/.test(path));
    expect(files.length).toBeGreaterThan(20);
    expect(Object.keys(islands).sort()).toEqual(files.map((path) => path.replace(/^\/client\/islands\/|\.tsx$/g, '')).sort());
  });

  it('names each island file with its own file name', async () => {
    for (const [name, load] of Object.entries(islands)) {
      expect(islandNames(sources[`/client/islands/${name}.tsx`] ?? '').declared, name).toEqual([name]);
      const module: Record<string, unknown> = await load();
      const wrappers = Object.values(module).filter((v): v is { displayName: string } => typeof v === 'function' && 'displayName' in v);
      expect(wrappers.map((w) => w.displayName), name).toContain(`Island(${name})`);
    }
  });

  it('has a file for every island a page renders or a script looks for', () => {
    const missing = Object.entries(sources).flatMap(([path, source]) => {
      const { declared, looked } = islandNames(source);
      return [...declared, ...looked].filter((name) => !(name in islands)).map((name) => `${path}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('finds the island names of a source', () => {
    const source = "export const X = defineIsland('x-box', X, 'load');\ndocument.querySelector('[data-island=\"y\"]');";
    expect(islandNames(source)).toEqual({ declared: ['x-box'], looked: ['y'] });
  });
});
