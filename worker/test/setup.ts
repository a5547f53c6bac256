import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      TEST_SEED: string[];
      /** A secret in production (worker/env.ts Secrets); a test value in vitest.config.ts. */
      JWT_SECRET: string;
    }
  }
}

// Every test file starts from the migrated schema and the demo catalogue (scripts/seed/catalogue.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM contents').first<{ n: number }>()) ?? { n: 0 };
if (n === 0) {
  for (let i = 0; i < env.TEST_SEED.length; i += 50) {
    await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
  }
}
