/**
 * Seeds the LOCAL D1 database (binding DB of wrangler.toml) with the demo
 * catalogue, only when its `contents` table is empty.
 *
 *   node scripts/seed/index.ts [--persist-to <dir>]
 *
 * Run from the repository root, after `npx wrangler d1 migrations apply DB --local`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notificationsCategoryStatements, seedStatements, sql } from './catalogue.ts';
import { tvStatements } from './tv.ts';
import { partnerStatements } from './partners.ts';
import { eventStatements } from './events.ts';
import { libraryStatements } from './libraries.ts';
import { libraryPatronStatements } from './library-patrons.ts';
import { helpStatements } from './help.ts';
import { couponStatements, packStatements, planStatements } from './plans.ts';
import { uploadDemoMedia } from './media-upload.ts';
import { fillSearchIndexIfEmpty } from '../search/reindex.ts';

function parseArgs(argv: readonly string[]): { persistTo: string | null } {
  let persistTo: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--persist-to') {
      const value = argv[i + 1];
      if (!value) throw new Error('--persist-to needs a directory');
      persistTo = value;
      i++;
    } else if (arg.startsWith('--persist-to=')) {
      persistTo = arg.slice('--persist-to='.length);
    } else {
      throw new Error(`unknown argument: ${arg} (usage: node scripts/seed/index.ts [--persist-to <dir>])`);
    }
  }
  return { persistTo };
}

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * Runs `npx wrangler d1 execute DB --local …` and returns its stdout. stderr goes
 * straight to the terminal; stdout (a long JSON report for --file) is only shown
 * when the command fails.
 */
function d1Execute(persistTo: string | null, args: readonly string[]): string {
  const fullArgs = ['wrangler', 'd1', 'execute', 'DB', '--local', ...(persistTo ? ['--persist-to', persistTo] : []), ...args];
  try {
    return execFileSync(NPX, fullArgs, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout === 'string' && stdout) process.stderr.write(stdout);
    const status = (error as { status?: unknown }).status;
    throw new Error(`npx ${fullArgs.join(' ')} failed${typeof status === 'number' ? ` with exit status ${status}` : `: ${String(error)}`}`);
  }
}

/** The `n` of a `SELECT COUNT(*) AS n …` query. */
function count(persistTo: string | null, sql: string): number {
  const raw = d1Execute(persistTo, ['--json', '--command', sql]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Some wrangler versions print a banner before the JSON: keep the part from the first bracket.
    const start = raw.indexOf('[');
    if (start < 0) throw new Error(`unexpected output from wrangler:\n${raw}`);
    parsed = JSON.parse(raw.slice(start));
  }
  const first = Array.isArray(parsed) ? (parsed[0] as { results?: { n?: unknown }[] } | undefined) : undefined;
  const n = first?.results?.[0]?.n;
  if (typeof n !== 'number') throw new Error(`could not read the count from wrangler output:\n${raw}`);
  return n;
}

/** Runs statements as one SQL file. */
function executeStatements(persistTo: string | null, statements: readonly string[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'tafrij-seed-'));
  const file = join(dir, 'seed.sql');
  try {
    writeFileSync(file, `${statements.join(';\n')};\n`, 'utf8');
    d1Execute(persistTo, ['--file', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const { persistTo } = parseArgs(process.argv.slice(2));
  const existing = count(persistTo, 'SELECT COUNT(*) AS n FROM contents');
  if (existing > 0) {
    console.log(`seed: database already has ${existing} contents, not seeding`);
    fillSearchIndexIfEmpty({ persistTo }); // a database seeded before the search migration
    // A database seeded before the notification bell: add its category.
    if (count(persistTo, "SELECT COUNT(*) AS n FROM categories WHERE slug = 'notifications'") === 0) {
      executeStatements(persistTo, notificationsCategoryStatements());
      console.log('seed: added the notifications category');
    }
    // A database seeded before subscriptions (issue 13): add the plans.
    if (count(persistTo, 'SELECT COUNT(*) AS n FROM plans') === 0) {
      executeStatements(persistTo, planStatements());
      console.log('seed: added the subscription plans');
    }
    // A database seeded before the Moroccan ways to pay (issue 14): add the demo coupons and ticket packs.
    if (count(persistTo, 'SELECT COUNT(*) AS n FROM coupons') === 0) {
      executeStatements(persistTo, [...couponStatements(), ...packStatements()]);
      console.log('seed: added the demo coupons and ticket packs');
    }
    seedTv(persistTo);
    seedHelp(persistTo);
    seedPartners(persistTo);
    seedLibraries(persistTo);
    seedEvents(persistTo);
    return;
  }
  // The help centre's articles go in the same file as the catalogue (one wrangler run fewer).
  const statements = [...seedStatements(), ...helpStatements(new Date().toISOString())];
  executeStatements(persistTo, statements);
  console.log(`seed: seeded ${statements.length} statements (with the help centre)`);
  seedTv(persistTo);
  seedPartners(persistTo);
  seedLibraries(persistTo);
  seedEvents(persistTo);
}

/**
 * The demo comedy festival (issue 17): added to a database that has no events, after the TV channels
 * (a show streams on one) and the catalogue (one is replayed from a title). Its shows are placed around
 * the seeding time: one live now, one ended an hour ago, three to come.
 */
function seedEvents(persistTo: string | null): void {
  if (count(persistTo, 'SELECT COUNT(*) AS n FROM events') > 0) return;
  executeStatements(persistTo, eventStatements(new Date(), sql));
  console.log('seed: added the demo comedy festival, its shows and ticket types');
}

/** The demo public libraries and their titles (issue 17): written on every run, idempotent (updated in place by slug). */
function seedLibraries(persistTo: string | null): void {
  executeStatements(persistTo, libraryStatements(new Date(), sql));
  console.log('seed: wrote the demo public libraries');
}

/** The demo partners and ads (issue 15): added to a database that has no partners. */
function seedPartners(persistTo: string | null): void {
  if (count(persistTo, 'SELECT COUNT(*) AS n FROM partners') > 0) return;
  executeStatements(persistTo, partnerStatements(new Date()));
  console.log('seed: added the demo partners and ads');
}

/** The help centre's articles and their search index (issue 15): written on every run, idempotent (updated in place by slug). */
function seedHelp(persistTo: string | null): void {
  executeStatements(persistTo, helpStatements(new Date().toISOString()));
  console.log('seed: wrote the help centre articles');
}

/**
 * The demo channels and their guide around today (issue 16): added to a database that has none,
 * and the guide imported again (idempotent: updated in place) once it has less than two days ahead,
 * so `npm start` always shows a current guide.
 */
function seedTv(persistTo: string | null): void {
  // The menu's Live TV entry (issue 16) for a database seeded before it.
  if (count(persistTo, "SELECT COUNT(*) AS n FROM menu_items WHERE type = 'tv'") === 0) {
    executeStatements(persistTo, [
      "INSERT OR IGNORE INTO menu_items (id, slug, type, position) VALUES (7, 'live', 'tv', 7)",
      ...Object.entries({ en: 'Live TV', fr: 'TV en direct', ar: 'البث المباشر', es: 'TV en directo' }).map(
        ([lang, name]) => `INSERT OR IGNORE INTO menu_item_i18n (menu_item_id, lang, name) VALUES (7, ${sql(lang)}, ${sql(name)})`,
      ),
    ]);
  }
  const ahead = Math.floor(Date.now() / 1000) + 2 * 86400;
  if (count(persistTo, `SELECT COUNT(*) AS n FROM programmes WHERE ends_at > ${ahead}`) > 0) return;
  executeStatements(persistTo, tvStatements(new Date(), sql));
  console.log('seed: added the demo TV channels and their guide');
}

try {
  main();
  // The demo library cards (issue 17), after main() seeded the libraries; PINs hashed here (async).
  const { persistTo } = parseArgs(process.argv.slice(2));
  executeStatements(persistTo, await libraryPatronStatements(new Date(), sql));
  console.log('seed: added the missing demo library cards (scripts/seed/library-patrons.ts)');
  // Demo media into local R2 on every run (idempotent): a state may have the rows but not the objects.
  await uploadDemoMedia(parseArgs(process.argv.slice(2)).persistTo);
} catch (error) {
  console.error(`seed: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
