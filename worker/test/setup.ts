import { abortAllDurableObjects, applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { scopeObjectNames } from '../limits/names';

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

/** Whether D1, KV and R2 are empty (D1's own `_cf_` tables aside). */
async function empty(): Promise<boolean> {
  const [tables, keys, objects] = await Promise.all([
    env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name NOT LIKE '_cf_%'").first<{ n: number }>(),
    env.CACHE.list({ limit: 1 }),
    env.MEDIA.list({ limit: 1 }),
  ]);
  return !tables?.n && keys.keys.length === 0 && objects.objects.length === 0;
}

/**
 * Empties every binding (D1, KV, R2, Durable Objects). Right after a file that ended with work still
 * settling (hundreds of parallel requests), workerd's reset can leave D1, KV and R2 as they were:
 * then it is tried again.
 */
async function emptyBindings(): Promise<void> {
  for (let tries = 0; tries < 50; tries += 1) {
    await reset();
    if (await empty()) {
      // Objects still in memory keep what they had read from their storage: they are ended too.
      await abortAllDurableObjects();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the test bindings could not be emptied before this file');
}

// Every test file starts from empty bindings, then the migrated schema and the demo catalogue
// (scripts/seed/catalogue.ts): files share one runtime per core (vitest.config.ts), so what an
// earlier file left in D1, KV or R2 is deleted first. Durable Objects are named in a scope of this
// file's own (worker/limits/names.ts): an object an earlier file filled is never reached again.
scopeObjectNames(crypto.randomUUID());
await emptyBindings();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (let i = 0; i < env.TEST_SEED.length; i += 50) {
  await env.DB.batch(env.TEST_SEED.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
}
