/**
 * Rebuilds the search index (worker/db/migrations/0005_search.sql) from the titles of a database:
 * names in every language, original title, cast, director and episode titles, normalised by
 * worker/rules/search/normalize.ts. Run it after writing titles' text outside the API (SQL imports,
 * a backoffice), or on a database seeded before the search migration.
 *
 *   node scripts/search/reindex.ts [--persist-to <dir>] [--remote] [--if-empty]
 *
 * --if-empty only fills an empty index (the seed calls it that way on an already seeded database).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexedTitleFromRow, searchSourceSql, type IndexedTitle, type SearchSourceRow } from '../../worker/rules/search/source.ts';
import { clearSearchIndexStatements, searchIndexStatements } from '../seed/search.ts';

export type Target = { persistTo?: string | null; remote?: boolean };

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs `wrangler d1 execute DB` on the target with `args`; answers its stdout (also used by scripts/admin). */
export function d1(target: Target, args: readonly string[]): string {
  const where = target.remote ? ['--remote'] : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
  const full = ['wrangler', 'd1', 'execute', 'DB', ...where, ...args];
  try {
    return execFileSync(NPX, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 512 * 1024 * 1024 });
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout === 'string' && stdout) process.stderr.write(stdout);
    throw new Error(`npx ${full.join(' ')} failed`);
  }
}

/** Rows of a `--json --command` answer (wrangler may print a banner before the JSON). */
function rowsOf<T>(raw: string): T[] {
  const start = raw.indexOf('[');
  if (start < 0) throw new Error(`unexpected output from wrangler:\n${raw}`);
  const parsed = JSON.parse(raw.slice(start)) as { results?: T[] }[];
  return parsed[0]?.results ?? [];
}

/** The rows of one SQL query on the target. */
export const query = <T>(target: Target, sql: string): T[] => rowsOf<T>(d1(target, ['--json', '--command', sql]));

/** Number of titles in the index. */
export const indexedCount = (target: Target): number => query<{ n: number }>(target, 'SELECT COUNT(*) AS n FROM search_titles')[0]?.n ?? 0;

/** The top-level titles of a database (those matching the SQL condition `where` on `c`) as the index needs them. */
export const readIndexedTitles = (target: Target, where = '1'): IndexedTitle[] => query<SearchSourceRow>(target, searchSourceSql(where)).map(indexedTitleFromRow);

/** Rebuilds the whole index; answers the number of titles indexed. */
export function reindexAll(target: Target): number {
  const titles = readIndexedTitles(target);
  const statements = [...clearSearchIndexStatements(), ...searchIndexStatements(titles)];
  const dir = mkdtempSync(join(tmpdir(), 'tafrij-search-'));
  try {
    const file = join(dir, 'search.sql');
    writeFileSync(file, `${statements.join(';\n')};\n`, 'utf8');
    d1(target, ['--file', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return titles.length;
}

/** Fills the index when it is empty (a database seeded before the search migration). */
export function fillSearchIndexIfEmpty(target: Target): void {
  if (indexedCount(target) > 0) return;
  console.log(`search: index empty, indexed ${reindexAll(target)} titles`);
}

function main(argv: readonly string[]): void {
  const target: Target = {};
  let ifEmpty = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--persist-to') target.persistTo = argv[++i] ?? null;
    else if (arg?.startsWith('--persist-to=')) target.persistTo = arg.slice('--persist-to='.length);
    else if (arg === '--remote') target.remote = true;
    else if (arg === '--if-empty') ifEmpty = true;
    else throw new Error(`unknown argument: ${arg} (usage: node scripts/search/reindex.ts [--persist-to <dir>] [--remote] [--if-empty])`);
  }
  if (ifEmpty) fillSearchIndexIfEmpty(target);
  else console.log(`search: indexed ${reindexAll(target)} titles`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`search: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
