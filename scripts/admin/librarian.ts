/**
 * Operators: make an account the librarian of a public library (issue 17), or stop it being one, on
 * the local or the remote D1 (its library in librarians, the role 'librarian' in staff_grants, audited).
 * A librarian signs in as usual and gets /librarian: the library's
 * monthly usage (loans, patrons, top titles) and its CSV export.
 *
 *   node scripts/admin/librarian.ts librarian@example.com bnrm-rabat                 # local database (wrangler dev)
 *   node scripts/admin/librarian.ts librarian@example.com bnrm-rabat --remote        # production D1
 *   node scripts/admin/librarian.ts librarian@example.com --revoke [--remote | --persist-to DIR]
 */
import { execFileSync } from 'node:child_process';
import { roleStatements } from './cli.ts';

const USAGE = 'usage: node scripts/admin/librarian.ts <email> <library-slug> [--revoke] [--remote | --persist-to DIR]';
const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--persist-to');
const email = positional[0]?.trim().toLowerCase();
const slug = positional[1]?.trim() ?? '';
const revoke = args.includes('--revoke');
if (!email || !/^[^\s@']+@[^\s@']+$/.test(email) || (!revoke && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))) {
  console.error(USAGE);
  process.exit(1);
}
const where = args.includes('--remote') ? ['--remote'] : ['--local'];
const persist = args.indexOf('--persist-to');
if (persist >= 0 && args[persist + 1]) where.push('--persist-to', args[persist + 1] ?? '');

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const user = `(SELECT id FROM users WHERE email = ${q(email)})`;
const sql = revoke
  ? `DELETE FROM librarians WHERE user_id = ${user}; ${roleStatements(email, 'librarian', true, 'scripts/admin/librarian.ts').join('; ')};`
  : `INSERT INTO librarians (user_id, library_id, created_at) SELECT u.id, l.id, ${q(new Date().toISOString())} FROM users u, libraries l WHERE u.email = ${q(email)} AND l.slug = ${q(slug)}
       ON CONFLICT (user_id) DO UPDATE SET library_id = excluded.library_id;
     ${roleStatements(email, 'librarian', false, 'scripts/admin/librarian.ts', 'EXISTS (SELECT 1 FROM librarians WHERE user_id = users.id)').join('; ')};`;
const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', `${sql} SELECT COUNT(*) AS n FROM librarians WHERE user_id = ${user};`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const found = /"n":\s*(\d+)/.exec(out.slice(out.lastIndexOf('"n"') - 1))?.[1];
if (!revoke && found !== '1') {
  console.error(`${email}: not made a librarian (the account and the library "${slug}" must exist: register the account first)`);
  process.exit(1);
}
console.log(revoke ? `${email}: no longer a librarian` : `${email}: librarian of ${slug} (/librarian)`);
