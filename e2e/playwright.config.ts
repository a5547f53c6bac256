import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/require-chromium.ts';

/** The door key of the password-wall server: its SHA-256 is the configured DOOR_KEY_HASH. */
export const DOOR_KEY = 'sesame';
const DOOR_KEY_HASH = 'd0c04f4b1951e4aeaaec8223ed2039e542f3aae805a6fa7f6d794e5afff5d272';

/** wrangler dev bundles development builds of React unless told otherwise (deploy uses production). */
const PRODUCTION_REACT = `--define process.env.NODE_ENV:'"production"'`;

/**
 * Two browsers at once, each with a pair of servers and a database of its own: the admin scripts some
 * specs run (scripts/admin, notify) write to their server's local D1 file, which a request of another
 * browser at that moment would meet as SQLITE_BUSY. Browser i uses ports FIRST_PORT + 2i (the app) and
 * FIRST_PORT + 2i + 1 (the same app behind the password wall). E2E_PORT moves them all, so two runs can
 * share a machine; E2E_WORKERS=1 runs one browser and one pair (enough for a single spec file).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8788);
/** Playwright numbers its running workers 0…WORKERS-1 (TEST_PARALLEL_INDEX); the main process has none. */
export const PORT = FIRST_PORT + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const WALL_PORT = PORT + 1;
export const WALL_URL = `http://localhost:${WALL_PORT}`;
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * The state every server starts from: a local database migrated and seeded once (the seed runs wrangler a
 * dozen times, about a minute), then copied for each server. The first server builds it and the others
 * wait for its `.done` mark.
 */
export const SEEDED = `.wrangler/e2e-${FIRST_PORT}-seeded`;
const buildSeed =
  `rm -rf ${SEEDED} && wrangler d1 migrations apply DB --local --persist-to ${SEEDED} >/dev/null && ` +
  `node scripts/seed/index.ts --persist-to ${SEEDED} && touch ${SEEDED}/.done`;
const awaitSeed = `until [ -f ${SEEDED}/.done ]; do sleep 1; done`;

/**
 * A server on a copy of the seeded state, then `wrangler dev` (the client is built by `npm test`).
 * Counts (ads, help votes) reach D1 as they are made (COUNTER_FLUSH_SECONDS=0), so a journey reads
 * the count it just made; the sharded counters' delayed flush is tested in worker/limits/counters.test.ts.
 */
const server = (port: number, persist: string, prepare: string, vars = '') =>
  `${prepare} && rm -rf ${persist} && cp -r ${SEEDED} ${persist} && ` +
  // --test-scheduled: GET /__scheduled runs the cron (the billing clock) when a spec asks.
  `wrangler dev --port ${port} --persist-to ${persist} --test-scheduled --var STREAM_IDENTITY_ENCODING:true --var DEV_OUTBOX:true --var PUBLIC_ORIGIN:http://localhost:${port} --var REGISTRATIONS_PER_ADDRESS_HOUR:100000 --var COUNTER_FLUSH_SECONDS:0 ${PRODUCTION_REACT} ${vars}`;

const launchOptions = {
  executablePath: chromiumPath,
  args: [...CHROMIUM_ARGS],
};

export default defineConfig({
  testDir: '.',
  // A spec file runs in one browser, from its first test to its last; the files are handed out in
  // alphabetical order to whichever browser is free, so the longest, a11y.spec.ts, starts first.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Each file's time for CI's list of the slowest (scripts/test-times.ts).
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  // Failure artefacts in a folder of their own: Playwright empties it at start, and test-results/
  // also holds the unit tests' report.
  outputDir: '../test-results/e2e',
  // A hang guard, not a speed check (that is `npm run bench`): a journey of 15 s on a quiet machine
  // takes 30–40 s on a busy one.
  timeout: 90_000,
  // An English browser: guests' language follows Accept-Language (else Arabic, spec §3).
  use: { baseURL: BASE_URL, launchOptions, trace: 'off', locale: 'en-US' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions, locale: 'en-US' }, testIgnore: /phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions, locale: 'en-US' }, testMatch: /phone/ },
  ],
  // The first server is ready after migrating and seeding: a minute on a quiet machine, several on a busy one.
  webServer: Array.from({ length: WORKERS }, (_, i) => FIRST_PORT + 2 * i).flatMap((port) => [
    {
      command: server(port, `.wrangler/e2e-${port}`, port === FIRST_PORT ? buildSeed : awaitSeed),
      url: `http://localhost:${port}/healthcheck`,
      timeout: 900_000,
      reuseExistingServer: false,
      cwd: '..',
    },
    {
      command: server(port + 1, `.wrangler/e2e-wall-${port + 1}`, awaitSeed, `--var DOOR_KEY_HASH:${DOOR_KEY_HASH}`),
      url: `http://localhost:${port + 1}/healthcheck`,
      timeout: 900_000,
      reuseExistingServer: false,
      cwd: '..',
    },
  ]),
});
