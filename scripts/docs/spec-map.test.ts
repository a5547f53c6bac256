import { describe, expect, it } from 'vitest';
import { problems, references, tableRows } from './spec-map';

/** A path as the map writes it: from the repository's root. */
const fromRoot = <T,>(entries: Record<string, T>): [string, T][] => Object.entries(entries).map(([path, value]) => [path.replace(/^\//, ''), value]);

/**
 * The files docs/spec-map.md may name, read at build time by Vite (the tests run inside workerd,
 * without a file system), keyed by their repository path. Vitest hands stylesheets over empty, so
 * they are only listed (their names are not read: the map names none for them).
 */
const files: Record<string, string> = Object.fromEntries([
  ...fromRoot(import.meta.glob('/client/**/*.css')).map(([path]): [string, string] => [path, '']),
  ...fromRoot(
    import.meta.glob(
      [
        '/worker/**/*.{ts,tsx,sql}',
        '/client/**/*.{ts,tsx}',
        '/scripts/**/*.ts',
        '/e2e/**/*.ts',
        '/locales/**/*.{json,ts}',
        '/docs/**/*.md',
        '/wrangler.toml',
        '/README.md',
        '!**/*.d.ts',
      ],
      { query: '?raw', import: 'default', eager: true },
    ) as Record<string, string>,
  ),
]);

const map = files['docs/spec-map.md'] ?? '';

describe('docs/spec-map.md', () => {
  const refs = references(map);

  it('maps the spec section by section, one table row per rule', () => {
    for (const section of ['§1', '§2', '§3', '§4', '§5', '§6', '§7', '§8', '§9']) expect(map).toMatch(new RegExp(`^## ${section} `, 'm'));
    expect(tableRows(map).length).toBeGreaterThan(300);
    expect(refs.length).toBeGreaterThan(800);
  });

  it('names files that exist, each holding the names the row gives for it', () => {
    expect(problems(refs, files)).toEqual([]);
  });

  it('reads references: a path, then the names that must be in it; the spec words before it are not references', () => {
    const rows = references('| § | Spec | Code |\n|---|---|---|\n| 9 | `PIN` 4 digits | `worker/rules/pin.ts` `PIN_LENGTH`, `checkPin`; `client/profiles/pin.ts` `isComplete` |\n');
    expect(rows).toEqual([
      { line: 3, path: 'worker/rules/pin.ts', names: ['PIN_LENGTH', 'checkPin'] },
      { line: 3, path: 'client/profiles/pin.ts', names: ['isComplete'] },
    ]);
    expect(references('| a | b |\n|---|---|\n| x | `client/styles.css` (its `--brand: #ff0031` colour) |\n')).toEqual([{ line: 3, path: 'client/styles.css', names: [] }]);
    expect(problems([{ line: 1, path: 'worker/rules/nowhere.ts', names: [] }, { line: 2, path: 'worker/rules/pin.ts', names: ['NOT_THERE_AT_ALL'] }], files)).toEqual([
      'line 1: worker/rules/nowhere.ts does not exist',
      'line 2: worker/rules/pin.ts does not contain NOT_THERE_AT_ALL',
    ]);
  });
});
