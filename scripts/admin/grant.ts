/**
 * Operators: give an account a staff role (or take it away), on the local or the remote D1. This is
 * how the first administrator is made; after that, roles are given in the console (/admin/staff).
 * Every change is written to the audit log (staff: nobody, roles: cli).
 *
 *   node scripts/admin/grant.ts amina@example.com administrator                 # local database (npm start)
 *   node scripts/admin/grant.ts amina@example.com administrator --remote        # production D1
 *   node scripts/admin/grant.ts amina@example.com support --remove [--remote | --persist-to DIR]
 *
 * Roles: administrator, support, finance, catalogue, programming, partners, events (the console's),
 * agent, librarian, door. The account must exist (register it first). The console then asks its
 * holder for the password and, the first time, sets up a second factor.
 */
import { STAFF_ROLES, type StaffRole } from '../../worker/rules/staff.ts';
import { adminCli } from './cli.ts';

const usage = `usage: node scripts/admin/grant.ts <email> <role> [--remove] [--remote | --persist-to DIR]\nroles: ${STAFF_ROLES.join(', ')}`;
const { args, fail, has, execute } = adminCli('grant', usage);
const [emailArg, roleArg] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--persist-to');
const email = emailArg?.trim().toLowerCase() ?? '';
if (!/^[^\s@']+@[^\s@']+$/.test(email)) fail('an email is needed');
if (!(STAFF_ROLES as readonly string[]).includes(roleArg ?? '')) fail(`unknown role: ${roleArg ?? '(none)'}`);
const role = roleArg as StaffRole;
const remove = has('remove');

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const now = new Date().toISOString();
const user = `(SELECT id FROM users WHERE email = ${q(email)})`;
const audit = (action: string, values: 'before_json' | 'after_json') =>
  `INSERT INTO audit_log (at, staff_id, staff_roles, action, entity, entity_id, ${values}, reason) SELECT ${q(now)}, NULL, 'cli', ${q(action)}, 'user', ${user}, ${q(JSON.stringify({ role }))}, 'scripts/admin/grant.ts' WHERE changes() = 1`;
execute(
  remove
    ? [`DELETE FROM staff_grants WHERE user_id = ${user} AND role = ${q(role)}`, audit('staff.revoke', 'before_json'), `DELETE FROM staff_sessions WHERE user_id = ${user} AND NOT EXISTS (SELECT 1 FROM staff_grants g JOIN staff_roles r ON r.name = g.role WHERE g.user_id = ${user} AND r.console = 1)`]
    : [`INSERT OR IGNORE INTO staff_grants (user_id, role, granted_by, granted_at) SELECT id, ${q(role)}, NULL, ${q(now)} FROM users WHERE email = ${q(email)}`, audit('staff.grant', 'after_json')],
);
console.log(`${email}: ${remove ? `no longer ${role}` : `${role} (sign in at /admin)`} — an account that does not exist is left as it is: register it first`);
