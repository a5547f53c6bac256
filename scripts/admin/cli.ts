/**
 * What the operator CLIs of scripts/admin share: their arguments, failing with the usage, reading an
 * import file, and running SQL on the local or the remote D1 (`--remote | --persist-to DIR`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRole } from '../../worker/rules/staff.ts';
import { d1, type Target } from '../search/reindex.ts';

export function adminCli(name: string, usage: string) {
  const args = process.argv.slice(2);
  const fail = (why: string): never => {
    console.error(`${name}: ${why}\n${usage}`);
    process.exit(1);
  };
  const has = (flagName: string): boolean => args.includes(`--${flagName}`);
  const flag = (flagName: string): string | undefined => {
    const i = args.indexOf(`--${flagName}`);
    return i >= 0 ? (args[i + 1] ?? fail(`--${flagName} needs a value`)) : undefined;
  };
  const target: Target = { remote: has('remote'), persistTo: flag('persist-to') ?? null };
  /** Runs statements as one SQL file (a temporary file only the operator can read, removed after). */
  const execute = (statements: string[]): void => {
    const dir = mkdtempSync(join(tmpdir(), `tafrij-${name}-`));
    try {
      const file = join(dir, `${name}.sql`);
      writeFileSync(file, `${statements.join(';\n')};\n`, { encoding: 'utf8', mode: 0o600 });
      d1(target, ['--file', file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  /** An import file read and parsed; a file it cannot read, or `parse` refuses with a FormatError, fails: nothing imported. */
  const parseFile = <T>(path: string, parse: (text: string) => T, FormatError: abstract new (...args: never[]) => Error): T => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      return fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      return parse(text);
    } catch (error) {
      return fail(error instanceof FormatError ? `${path}: ${error.message} — nothing imported` : String(error));
    }
  };
  return { args, fail, has, flag, target, execute, parseFile };
}

const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/**
 * The SQL that gives `role` (staff_grants) to the account of `email`, or takes it back, and writes
 * the audit log's entry when it changed something (staff: nobody, roles: cli, reason: the script).
 * Every operator CLI that gives a role goes through it; an account that does not exist is left alone,
 * and so is one that does not meet `condition` (SQL on the row of `users`, e.g. a librarian's library).
 */
export function roleStatements(email: string, role: StaffRole, remove: boolean, script: string, condition = '1 = 1', at = new Date().toISOString()): string[] {
  const user = `(SELECT id FROM users WHERE email = ${sqlText(email)})`;
  const audit = (action: string, values: 'before_json' | 'after_json') =>
    `INSERT INTO audit_log (at, staff_id, staff_roles, action, entity, entity_id, ${values}, reason) SELECT ${sqlText(at)}, NULL, 'cli', ${sqlText(action)}, 'user', ${user}, ${sqlText(JSON.stringify({ role }))}, ${sqlText(script)} WHERE changes() = 1`;
  return remove
    ? [`DELETE FROM staff_grants WHERE user_id = ${user} AND role = ${sqlText(role)}`, audit('staff.revoke', 'before_json')]
    : [`INSERT OR IGNORE INTO staff_grants (user_id, role, granted_by, granted_at) SELECT id, ${sqlText(role)}, NULL, ${sqlText(at)} FROM users WHERE email = ${sqlText(email)} AND ${condition}`, audit('staff.grant', 'after_json')];
}
