import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { seedStatements } from './scripts/seed/catalogue.ts';

/** Unit and route tests run inside workerd with the bindings of wrangler.toml. */
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, TEST_SEED: seedStatements(), DEV_OUTBOX: 'true', TEST_CLOCK: 'true',
            // Route tests read English unless they choose a language (the guest default is tested in
            // worker/edge/request-context with this setting cleared).
            DEFAULT_LANGUAGE: 'en',
            // Route tests change the catalogue between requests; the guests' page cache has its own test.
            GUEST_PAGE_CACHE_SECONDS: '0',
            // Route tests read the counts in D1 right after counting; the counters' own test waits for their flush.
            COUNTER_FLUSH_SECONDS: '0', JWT_SECRET: 'test-secret-for-workerd-tests-only' },
        },
      }),
    ],
    test: {
      include: ['worker/**/*.test.ts', 'worker/**/*.test.tsx', 'client/**/*.test.ts', 'client/**/*.test.tsx', 'locales/**/*.test.ts', 'scripts/**/*.test.ts'],
      setupFiles: ['./worker/test/setup.ts'],
      // Node side, once per run: the fake SIP2 server and a PIN hashed in Node (worker/test/global-setup.ts).
      globalSetup: ['./worker/test/global-setup.ts'],
      // One workerd per core for the whole run instead of one per test file (a quarter of the time).
      // Each file still starts from empty bindings, the seeded database and Durable Objects of its own
      // (worker/test/setup.ts).
      isolate: false,
      // One test file per core (vitest's default leaves one core free: on a 2-core machine, half the speed).
      maxWorkers: availableParallelism(),
      // A guard against a hung test, not a speed check (speed is `npm run bench`'s): a route test that
      // takes 3 s on a quiet machine may take 10 s on a busy one.
      testTimeout: 60_000,
      // Each file's time for CI's list of the slowest (scripts/test-times.ts).
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/unit.json' },
      hookTimeout: 60_000,
    },
  };
});
