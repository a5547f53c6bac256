/**
 * Operators: a library's imported patron list (issue 17, library patron authentication), on the
 * local or the remote D1.
 *
 *   node scripts/admin/library-patrons.ts import <library-slug> <file.csv> [--replace] [--remote | --persist-to DIR]
 *       Imports the library's patrons (CSV: card_number,pin,name,valid_until,blocked with a header
 *       row; worker/api/libraries/patrons/patron-csv.ts). PINs are hashed here (argon2id, the
 *       worker's parameters) and never written in clear. Idempotent: importing again updates in
 *       place. Rows it cannot use are listed with their line numbers; a malformed file is refused
 *       whole before anything is written (exit status 1); refused rows give exit status 2. --replace
 *       also removes the library's patrons absent from the file; it needs a file without refused rows.
 */
import { parsePatronCsv, patronImportStatements, PatronCsvError, type PatronRecord } from '../../worker/api/libraries/patrons/patron-csv.ts';
import { query } from '../search/reindex.ts';
import { sql } from '../seed/catalogue.ts';
import { inlineStatement } from '../seed/tv.ts';
import { hashPin } from './argon2.ts';
import { adminCli } from './cli.ts';

const { args, fail, has, target, execute, parseFile } = adminCli(
  'library-patrons',
  'usage: node scripts/admin/library-patrons.ts import LIBRARY_SLUG FILE.csv [--replace] [--remote | --persist-to DIR]',
);

async function importPatrons(slug: string, path: string): Promise<void> {
  const parsed = parseFile(path, parsePatronCsv, PatronCsvError);
  const library = query<{ id: number; patron_auth: string }>(target, `SELECT id, patron_auth FROM libraries WHERE slug = ${sql(slug)}`)[0];
  if (!library) return fail(`no library ${slug}`);
  if (library.patron_auth !== 'csv') console.warn(`library-patrons: ${slug} checks cards over ${library.patron_auth}: this list is stored but not used until its patron_auth is 'csv'`);
  const replace = has('replace');
  const listRefused = (): void => parsed.refused.forEach((r) => console.log(`library-patrons: refused line ${r.line} (card ${r.card || '?'}): ${r.reason}`));
  if (replace && parsed.refused.length) {
    listRefused();
    return fail(`${path}: --replace needs a file without refused rows (it would remove their patrons) — nothing imported`);
  }
  const patrons: PatronRecord[] = [];
  for (const row of parsed.rows) {
    patrons.push({ card_number: row.card_number, pin_hash: await hashPin(row.pin), name: row.name, valid_until: row.valid_until, blocked: row.blocked });
  }
  if (patrons.length) execute(patronImportStatements(library.id, patrons, new Date().toISOString(), { replace }).map((s) => inlineStatement(s, sql)));
  console.log(`library-patrons: imported ${patrons.length} patrons of ${slug} from ${path}${replace ? ' (patrons absent from the file removed)' : ''}`);
  listRefused();
  if (parsed.refused.length) process.exitCode = 2;
}

const [command, first, second] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--persist-to');
if (command === 'import' && first && second) await importPatrons(first, second);
else fail('unknown command');
