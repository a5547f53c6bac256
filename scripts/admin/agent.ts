/**
 * Operators: make an account a sales agent (or stop it being one), on the local or the remote D1.
 * An agent (an active row of agents, the role 'agent' in staff_grants, audited) signs in as usual and
 * gets the console at /agent (issue 14): find a user, record the cash
 * received for a plan, see their collections of the day. Every action is in the agent_audit table.
 *
 *   node scripts/admin/agent.ts agent@example.com "Agence Derb Sultan"            # local database (wrangler dev)
 *   node scripts/admin/agent.ts agent@example.com "Agence Derb Sultan" --remote   # production D1
 *   node scripts/admin/agent.ts agent@example.com --revoke [--remote] [--persist-to DIR]
 */
import { execFileSync } from 'node:child_process';
import { roleStatements } from './cli.ts';

const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--persist-to');
const email = positional[0]?.trim().toLowerCase();
const name = (positional[1] ?? email ?? '').trim();
if (!email || !/^[^\s@']+@[^\s@']+$/.test(email) || name.length > 80) {
  console.error('usage: node scripts/admin/agent.ts <email> [name] [--revoke] [--remote] [--persist-to DIR]');
  process.exit(1);
}
const revoke = args.includes('--revoke');
const where = args.includes('--remote') ? ['--remote'] : ['--local'];
const persist = args.indexOf('--persist-to');
if (persist >= 0 && args[persist + 1]) where.push('--persist-to', args[persist + 1] ?? '');

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const sql = revoke
  ? `UPDATE agents SET active = 0 WHERE user_id = (SELECT id FROM users WHERE email = ${q(email)}); ${roleStatements(email, 'agent', true, 'scripts/admin/agent.ts').join('; ')};`
  : `INSERT INTO agents (user_id, name, active, created_at) SELECT id, ${q(name)}, 1, ${q(new Date().toISOString())} FROM users WHERE email = ${q(email)}
     ON CONFLICT (user_id) DO UPDATE SET active = 1, name = excluded.name; ${roleStatements(email, 'agent', false, 'scripts/admin/agent.ts').join('; ')};`;
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--command', sql], { stdio: 'inherit' });
console.log(`${email}: ${revoke ? 'no longer an agent' : `agent "${name}" (the account must exist: register it first)`}`);
