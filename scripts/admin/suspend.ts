/**
 * Operators: suspend (or reinstate) an account by email, on the local or the remote D1.
 * Suspending deactivates the user and ends every session (spec §4 Suspended account: the user's
 * next request gets 403 USER_SUSPENDED and is logged out).
 *
 *   node scripts/admin/suspend.ts someone@example.com            # local database (wrangler dev)
 *   node scripts/admin/suspend.ts someone@example.com --remote   # production D1
 *   node scripts/admin/suspend.ts someone@example.com --reinstate [--remote]
 */
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--'))?.trim().toLowerCase();
if (!email || !/^[^\s@']+@[^\s@']+$/.test(email)) {
  console.error('usage: node scripts/admin/suspend.ts <email> [--reinstate] [--remote] [--persist-to DIR]');
  process.exit(1);
}
const reinstate = args.includes('--reinstate');
const where = args.includes('--remote') ? ['--remote'] : ['--local'];
const persist = args.indexOf('--persist-to');
if (persist >= 0 && args[persist + 1]) where.push('--persist-to', args[persist + 1] ?? '');

const now = new Date().toISOString();
const sql = reinstate
  ? `UPDATE users SET is_active = 1 WHERE email = '${email}';`
  : `UPDATE users SET is_active = 0 WHERE email = '${email}';
     UPDATE sessions SET revoked_at = '${now}', revoked_reason = 'suspended'
      WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = '${email}');`;
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--command', sql], { stdio: 'inherit' });
console.log(`${email}: ${reinstate ? 'reinstated' : 'suspended, sessions ended'}`);
