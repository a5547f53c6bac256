/**
 * Operators: make an account venue staff (or stop it being staff), on the local or the remote D1.
 * Venue staff (the role 'door' of staff_grants, issue 17) open the door scanner at /events/scan: it checks
 * e-tickets' signatures offline and marks them used online (worker/api/events/etickets).
 *
 *   node scripts/admin/staff.ts doors@example.com                        # local database (wrangler dev)
 *   node scripts/admin/staff.ts doors@example.com --remote               # production D1
 *   node scripts/admin/staff.ts doors@example.com --remove [--remote | --persist-to DIR]
 *
 * The account must exist (register it first). --remove takes the door role back; it never touches
 * another role (a librarian stays a librarian). Each change is in the audit log.
 */
import { execFileSync } from 'node:child_process';
import { roleStatements } from './cli.ts';

const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--persist-to');
const email = positional[0]?.trim().toLowerCase();
const known = new Set(['--remove', '--remote', '--persist-to']);
if (!email || !/^[^\s@']+@[^\s@']+$/.test(email) || positional.length > 1 || args.some((a) => a.startsWith('--') && !known.has(a))) {
  console.error('usage: node scripts/admin/staff.ts <email> [--remove] [--remote | --persist-to DIR]');
  process.exit(1);
}
const remove = args.includes('--remove');
const where = args.includes('--remote') ? ['--remote'] : ['--local'];
const persist = args.indexOf('--persist-to');
if (persist >= 0) {
  const dir = args[persist + 1];
  if (!dir) {
    console.error('staff: --persist-to needs a directory');
    process.exit(1);
  }
  where.push('--persist-to', dir);
}

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const sql = `${roleStatements(email, 'door', remove, 'scripts/admin/staff.ts').join('; ')}; SELECT COUNT(*) AS changed FROM users WHERE email = ${q(email)};`;
const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const changed = /"changed":\s*(\d+)/.exec(out)?.[1];
if (changed === '0') {
  console.error(`staff: ${email}: no such account (register it first)`);
  process.exit(1);
}
console.log(`${email}: ${remove ? 'no longer venue staff' : 'venue staff (the door scanner: /events/scan)'}`);
