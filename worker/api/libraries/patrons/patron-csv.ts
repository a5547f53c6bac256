/**
 * The imported patron list's CSV (issue 17): read by scripts/admin/library-patrons.ts (Node) and
 * tested inside workerd, so this file imports nothing but zod (and types).
 *
 *   card_number,pin,name,valid_until,blocked
 *   100200300,4321,Salma Bennani,2027-12-31,0
 *   "100200301","0000","Bennani, Youssef",,yes
 *
 * A header row names the five columns (any order); fields may be quoted ("" inside quotes is one
 * quote; a quoted field may hold commas and line breaks). `valid_until` is the card's last valid day
 * (YYYY-MM-DD, empty: no end); `blocked` is 1/0, yes/no, true/false, Y/N or empty (not blocked).
 * A malformed file (bad quoting, a missing column, a row with too many or too few fields) is refused
 * whole (PatronCsvError); a row whose values are wrong is refused with its line number, the others
 * are imported.
 */
import { z } from 'zod';
import type { Statement } from '../../live-tv/xmltv.ts';

export const PATRON_CSV_COLUMNS = ['card_number', 'pin', 'name', 'valid_until', 'blocked'] as const;

/** The file cannot be read as the patron CSV: nothing is imported. */
export class PatronCsvError extends Error {
  override name = 'PatronCsvError';
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'valid_until is a date YYYY-MM-DD')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'valid_until is not a real date');

const BLOCKED_WORDS: Record<string, boolean> = { '': false, '0': false, no: false, n: false, false: false, '1': true, yes: true, y: true, true: true };

/** One patron row of the CSV, as the import writes it (the PIN still in clear: hashed by the CLI). */
export const patronCsvRowSchema = z.object({
  card_number: z
    .string()
    .trim()
    .min(1, 'card_number is empty')
    .max(64, 'card_number is longer than 64 characters')
    .regex(/^[A-Za-z0-9._-]*$/, 'card_number may only hold letters, digits, dot, dash and underscore'),
  pin: z
    .string()
    .min(4, 'pin is shorter than 4 characters')
    .max(64, 'pin is longer than 64 characters')
    .regex(/^[\x21-\x7e]+$/, 'pin may only hold visible ASCII characters (no spaces)'),
  name: z
    .string()
    .trim()
    .max(200, 'name is longer than 200 characters')
    .transform((name) => name || null),
  valid_until: z.union([z.literal('').transform(() => null), isoDay]),
  blocked: z
    .string()
    .trim()
    .toLowerCase()
    .refine((word) => word in BLOCKED_WORDS, 'blocked is 1/0, yes/no, true/false or empty')
    .transform((word) => BLOCKED_WORDS[word] ?? false),
});
export type PatronCsvRow = z.infer<typeof patronCsvRowSchema> & { line: number };
export type RefusedPatronRow = { line: number; card: string; reason: string };

/** RFC 4180 records, each with the line it starts on (1-based); throws PatronCsvError on bad quoting. */
function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let wasQuoted = false; // the current field was quoted (only a separator may follow its closing quote)
  let line = 1;
  let start = 1;
  const input = text.replace(/^\uFEFF/, '');
  const endRecord = (): void => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) records.push({ line: start, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') {
      if (field !== '' || wasQuoted) throw new PatronCsvError(`line ${line}: a quote inside an unquoted field (quote the whole field, and double the quotes inside it)`);
      quoted = wasQuoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      if (wasQuoted) throw new PatronCsvError(`line ${line}: text after a closing quote`);
      field += ch;
    }
  }
  if (quoted) throw new PatronCsvError(`line ${start}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return records;
}

/** The patrons of a CSV file: rows to import and rows refused (with their line numbers). */
export function parsePatronCsv(text: string): { rows: PatronCsvRow[]; refused: RefusedPatronRow[] } {
  const [header, ...records] = csvRecords(text);
  if (!header) throw new PatronCsvError('the file is empty');
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = PATRON_CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(PATRON_CSV_COLUMNS as readonly string[]).includes(name));
  if (missing.length || unknown.length || names.length !== PATRON_CSV_COLUMNS.length) {
    throw new PatronCsvError(`line ${header.line}: the header must name the columns ${PATRON_CSV_COLUMNS.join(',')}` + (missing.length ? ` (missing: ${missing.join(', ')})` : '') + (unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''));
  }
  if (records.length === 0) throw new PatronCsvError('the file has a header but no patrons');
  const rows: PatronCsvRow[] = [];
  const refused: RefusedPatronRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== names.length) throw new PatronCsvError(`line ${line}: ${fields.length} fields, the header has ${names.length}`);
    const raw = Object.fromEntries(names.map((name, i) => [name, fields[i] ?? '']));
    const card = (raw.card_number ?? '').trim();
    const parsed = patronCsvRowSchema.safeParse(raw);
    if (!parsed.success) {
      refused.push({ line, card, reason: parsed.error.issues.map((issue) => issue.message).join('; ') });
      continue;
    }
    const first = seen.get(parsed.data.card_number);
    if (first !== undefined) {
      refused.push({ line, card, reason: `card_number already on line ${first}` });
      continue;
    }
    seen.set(parsed.data.card_number, line);
    rows.push({ ...parsed.data, line });
  }
  return { rows, refused };
}

/** A patron as library_patrons stores it. */
export type PatronRecord = { card_number: string; pin_hash: string; name: string | null; valid_until: string | null; blocked: boolean };

/**
 * The SQL of an import (idempotent: importing again updates in place). With `replace`, the library's
 * patrons absent from the file (those this import did not write) are removed afterwards.
 */
export function patronImportStatements(libraryId: number, patrons: readonly PatronRecord[], importedAt: string, options: { replace: boolean }): Statement[] {
  const upserts = patrons.map((p) => ({
    sql: `INSERT INTO library_patrons (library_id, card_number, pin_hash, name, valid_until, blocked, imported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      ON CONFLICT (library_id, card_number) DO UPDATE SET pin_hash = excluded.pin_hash, name = excluded.name,
        valid_until = excluded.valid_until, blocked = excluded.blocked, imported_at = excluded.imported_at`,
    params: [libraryId, p.card_number, p.pin_hash, p.name, p.valid_until, p.blocked ? 1 : 0, importedAt],
  }));
  if (!options.replace) return upserts;
  return [...upserts, { sql: 'DELETE FROM library_patrons WHERE library_id = ?1 AND imported_at <> ?2', params: [libraryId, importedAt] }];
}
