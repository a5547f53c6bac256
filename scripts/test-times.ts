/**
 * Prints the slowest test files of the last `npm test`, so CI shows where its minutes go: the unit
 * and route tests' files (vitest's JSON report) and the browser tests' files (Playwright's JSON
 * report), each with its wall time. Both reports are written to test-results/ by the test configs.
 *
 *   node scripts/test-times.ts            # the 12 slowest of each
 *   node scripts/test-times.ts --most 30
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export const UNIT_REPORT = 'test-results/unit.json';
export const E2E_REPORT = 'test-results/e2e.json';

const Unit = z.object({ testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })) });

type Suite = { file?: string; specs?: { tests: { results: { duration: number }[] }[] }[]; suites?: Suite[] };
const SuiteSchema: z.ZodType<Suite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z.array(z.object({ tests: z.array(z.object({ results: z.array(z.object({ duration: z.number() })) })) })).optional(),
    suites: z.array(SuiteSchema).optional(),
  }),
);
const E2e = z.object({ suites: z.array(SuiteSchema), stats: z.object({ duration: z.number() }).optional() });

export type FileTime = { file: string; ms: number };

/** Vitest: each file's wall time, from its start to its end. */
export function unitTimes(report: unknown, root = process.cwd()): FileTime[] {
  return Unit.parse(report).testResults.map((r) => ({ file: r.name.replace(`${root}/`, ''), ms: r.endTime - r.startTime }));
}

/** Playwright: each spec file's time, the sum of its tests' runs (one worker: the sum is its wall time). */
export function e2eTimes(report: unknown): FileTime[] {
  const totals = new Map<string, number>();
  const walk = (suite: Suite, file: string) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) for (const test of spec.tests) for (const run of test.results) totals.set(name, (totals.get(name) ?? 0) + run.duration);
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of E2e.parse(report).suites) walk(suite, suite.file ?? '?');
  return [...totals].map(([file, ms]) => ({ file: `e2e/${file.replace(/^e2e\//, '')}`, ms }));
}

/** The slowest first, with the total. */
export function table(title: string, times: FileTime[], most: number): string {
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  const rows = [...times].sort((a, b) => b.ms - a.ms).slice(0, most);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
  return [`${title}: ${times.length} files, ${seconds(total).trim()} in all; the slowest:`, ...rows.map((r) => `${seconds(r.ms)}  ${r.file}`)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--most');
  const most = at > 0 ? Number(process.argv[at + 1]) || 12 : 12;
  const read = (path: string): unknown => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
  const unit = read(UNIT_REPORT);
  const e2e = read(E2E_REPORT);
  if (unit) console.log(table('Unit and route tests', unitTimes(unit), most));
  if (e2e) console.log(`\n${table('Browser tests', e2eTimes(e2e), most)}`);
  if (!unit && !e2e) console.log(`test-times: no report yet (${UNIT_REPORT}, ${E2E_REPORT})`);
}
