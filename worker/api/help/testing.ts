import { env } from 'cloudflare:workers';
import { helpStatements } from '../../../scripts/seed/help.ts';

/**
 * Writes the seed's help articles and their index (scripts/seed/help.ts; idempotent), as
 * `npm start` does: the tests' database holds the catalogue only (worker/test/setup.ts).
 */
export async function seedHelpArticles(): Promise<void> {
  const statements = helpStatements(new Date().toISOString());
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}
