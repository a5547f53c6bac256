/**
 * Operators: make an account venue staff (or stop it being staff), on the local or the remote D1.
 * Venue staff (users.role = 'staff', issue 17) open the door scanner at /events/scan: it checks
 * e-tickets' signatures offline and marks them used online (worker/api/events/etickets).
 *
 *   node scripts/admin/staff.ts doors@example.com                        # local database (wrangler dev)
 *   node scripts/admin/staff.ts doors@example.com --remote               # production D1
 *   node scripts/admin/staff.ts doors@example.com --remove [--remote | --persist-to DIR]
 *
 * The account must exist (register it first). --remove makes it a customer again; it never touches
 * another role (a librarian stays a librarian).
 */
import { execFileSync } from 'node:child_process';

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
const sql = remove
  ? `UPDATE users SET role = 'customer' WHERE email = ${q(email)} AND role = 'staff'; SELECT changes() AS changed;`
  : `UPDATE users SET role = 'staff' WHERE email = ${q(email)} AND role IN ('customer', 'staff'); SELECT changes() AS changed;`;
const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const changed = /"changed":\s*(\d+)/.exec(out)?.[1];
if (changed === '0') {
  console.error(`staff: ${email}: no such customer account${remove ? ' of role staff' : ''} (register it first; other roles are left alone)`);
  process.exit(1);
}
console.log(`${email}: ${remove ? 'no longer venue staff' : 'venue staff (the door scanner: /events/scan)'}`);
