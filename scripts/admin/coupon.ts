/**
 * Operators: create a coupon code (issue 14), on the local or the remote D1.
 *
 *   node scripts/admin/coupon.ts RAMADAN20 --percent 20 --quota 500 --from 2027-02-18 --to 2027-03-20
 *   node scripts/admin/coupon.ts PARTNER7 --days 7 --quota 1000 --plans 4 --to 2027-12-31 --remote
 *   node scripts/admin/coupon.ts MOINS10 --amount 1000 --currency MAD --quota 200 --plans 4,5
 *
 * --percent N (1–100) | --amount MINOR_UNITS --currency MAD|EUR|USD | --days N: what it gives;
 * --quota N: total uses (each account once); --plans ids: only these plans; --from/--to: dates (UTC).
 */
import { execFileSync } from 'node:child_process';
import { normalizeCoupon } from '../../worker/rules/payment-methods.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const fail = (why: string): never => {
  console.error(`coupon: ${why}\nusage: node scripts/admin/coupon.ts CODE (--percent N | --amount N --currency C | --days N) --quota N [--plans 4,5] [--from DATE] [--to DATE] [--remote]`);
  process.exit(1);
};
const code = normalizeCoupon(args[0]) ?? fail('a code is 3–32 letters, digits, - or _');
const kinds = (['percent', 'amount', 'days'] as const).filter((k) => flag(k) !== undefined);
if (kinds.length !== 1) fail('give exactly one of --percent, --amount, --days');
const kind = kinds[0] ?? fail('no kind');
const value = Number(flag(kind));
if (!Number.isInteger(value) || value <= 0 || (kind === 'percent' && value > 100)) fail(`--${kind} must be a positive whole number${kind === 'percent' ? ' up to 100' : ''}`);
const currency = flag('currency') ?? null;
if (currency !== null && !['MAD', 'EUR', 'USD'].includes(currency)) fail('--currency is MAD, EUR or USD');
if (kind === 'amount' && !currency) fail('--amount needs --currency');
const quota = Number(flag('quota') ?? '');
if (!Number.isInteger(quota) || quota <= 0) fail('--quota must be a positive whole number');
const plans = flag('plans')?.split(',').map(Number) ?? null;
if (plans && plans.some((p) => !Number.isInteger(p) || p <= 0)) fail('--plans is a comma-separated list of plan ids');
const day = (value: string | undefined, fallback: string, end: boolean): string => {
  if (!value) return fallback;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) fail(`bad date ${value}`);
  return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
};
const startsAt = day(flag('from'), new Date().toISOString(), false);
const endsAt = day(flag('to'), '2099-12-31T23:59:59.999Z', true);

const q = (s: string | null): string => (s === null ? 'NULL' : `'${s.replaceAll("'", "''")}'`);
const sql = `INSERT INTO coupons (code, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_at)
  VALUES (${q(code)}, ${q(kind)}, ${value}, ${q(currency)}, ${q(plans ? JSON.stringify(plans) : null)}, ${q(startsAt)}, ${q(endsAt)}, ${quota}, ${q(new Date().toISOString())});`;
const where = args.includes('--remote') ? ['--remote'] : ['--local'];
const persist = args.indexOf('--persist-to');
if (persist >= 0 && args[persist + 1]) where.push('--persist-to', args[persist + 1] ?? '');
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--command', sql], { stdio: 'inherit' });
console.log(`coupon ${code}: ${kind} ${value}${currency ? ` ${currency}` : ''}, ${quota} uses, ${startsAt} → ${endsAt}`);
