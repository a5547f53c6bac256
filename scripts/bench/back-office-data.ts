/**
 * The back office's bench dataset (issue 32): 100,000 customers and 1,000,000 payments in a local D1,
 * for the p95 of the customer search, the timeline and the reports (scripts/bench/back-office.ts).
 *
 *   node scripts/bench/back-office-data.ts [--fresh] [--persist-to .wrangler/bench-back-office]
 *        [--customers 100000] [--payments 1000000]
 *   import { prepareBackOfficeData } from './back-office-data.ts'
 *
 * Builds the database unless the directory already holds this very dataset (a fingerprint of the
 * sizes, the migrations and this file): migrations, the demo seed (plans, catalogue), then the
 * generated rows as SQL files run by `wrangler d1 execute --local --persist-to <dir> --file`, one
 * file per chunk of 50,000 rows (D1 refuses statements over 100 KB: each INSERT carries 250 rows),
 * then ANALYZE. About 15 minutes on a busy two-core machine.
 *
 * The data is deterministic (a seeded generator) and dated in the two years before END_AT, so the
 * figures of two runs compare. Customers pay in MAD (60 %), EUR or USD, by card (CMI in dirhams,
 * Stripe in euros and dollars), mobile, cash voucher, agent or coupon; they take a plan (day pass to
 * yearly), some start with the monthly plan's 30-day trial, renew each period until they stop, buy
 * ticket packs; some payments fail, some vouchers expire unpaid, some checkouts are abandoned. Rows go
 * in as the app writes them: payments in the order they were started, invoices numbered in the order
 * they were issued. Each accepted payment's invoice carries the period it paid for as the state
 * machine writes it: a renewal through Stripe starts where the last period ended, a renewal here
 * (CMI, cash, mobile, agent) extends the current period from its start.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFrom, random, runNpx as run, seededDatabase } from './kit.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DAY = 86_400_000;

/** The end of the generated year: every payment is before it, the reports are asked about the days before it. */
export const END_AT = '2026-06-01T00:00:00.000Z';
export const DEFAULT_PERSIST = '.wrangler/bench-back-office';

export type BackOfficeDataOptions = { customers?: number; payments?: number; persistTo?: string; fresh?: boolean; log?: (m: string) => void };

type Currency = 'MAD' | 'EUR' | 'USD';
type Method = 'card' | 'mobile' | 'cash' | 'agent' | 'coupon';

/** The demo plans (scripts/seed/plans.ts): id, minutes, prices; the monthly one has the 30-day trial. */
const PLANS = {
  1: { minutes: 1440, MAD: 1000, EUR: 149, USD: 149 },
  2: { minutes: 10080, MAD: 2500, EUR: 299, USD: 299 },
  4: { minutes: 43200, MAD: 5900, EUR: 699, USD: 749 },
  5: { minutes: 129600, MAD: 15900, EUR: 1799, USD: 1949 },
  6: { minutes: 259200, MAD: 29900, EUR: 3399, USD: 3699 },
  7: { minutes: 518400, MAD: 54900, EUR: 5999, USD: 6499 },
} as const;
type PlanId = keyof typeof PLANS;
const PACKS = { 8: { MAD: 1500, EUR: 199, USD: 199 }, 9: { MAD: 5900, EUR: 799, USD: 849 }, 10: { MAD: 9900, EUR: 1299, USD: 1399 } } as const;
type PackId = keyof typeof PACKS;
/** How likely a subscriber of each plan pays for the next period. */
const RENEWS: Record<PlanId, number> = { 1: 0.72, 2: 0.92, 4: 0.97, 5: 0.86, 6: 0.8, 7: 0.75 };
/** The generated history: two years before END_AT. */
const SPAN_DAYS = 730;
const AGENTS = 50;


function pick<T>(r: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let x = r() * total;
  for (const [value, w] of weighted) {
    x -= w;
    if (x < 0) return value;
  }
  return (weighted[weighted.length - 1] as readonly [T, number])[0];
}

const word = (r: () => number): string => Math.floor(r() * 4294967296).toString(16).padStart(8, '0');

/** A random UUID from the generator (transaction ids are random UUIDs in the app too). */
function uuid(r: () => number): string {
  const hex = `${word(r)}${word(r)}${word(r)}${word(r)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

type Tx = {
  id: string;
  user: string;
  plan: number;
  purpose: 'subscribe' | 'renew' | 'tickets';
  provider: string;
  method: Method;
  amount: number;
  currency: Currency;
  trialDays: number;
  state: 'accepted' | 'failed' | 'expired' | 'created';
  created: number;
  updated: number;
  voucher: string | null;
  coupon: string | null;
  discount: number;
  agent: string | null;
  phone: string | null;
};
type Invoice = { tx: string; user: string; issued: number; lang: string; start: number; end: number };
type Customer = { id: string; email: string; phone: string | null; lang: string; name: [string, string]; created: number; plan: number | null; start: number | null; end: number | null; cancelled: boolean; credits: number };

const FIRST = ['Amine', 'Yasmine', 'Karim', 'Salma', 'Omar', 'Nadia', 'Hicham', 'Leila', 'Youssef', 'Samira', 'Mehdi', 'Zineb', 'Rachid', 'Imane', 'Claire', 'Lucas', 'Maria', 'John', 'Sofia', 'Pablo'];
const LAST = ['Benali', 'El Idrissi', 'Tazi', 'Berrada', 'Alaoui', 'Bennani', 'Chraibi', 'El Fassi', 'Lahlou', 'Martin', 'Dubois', 'Garcia', 'Smith', 'Lopez', 'Naciri', 'Kettani'];

export type BackOfficeRows = { customers: Customer[]; transactions: Tx[]; invoices: Invoice[]; agents: string[] };

/** The whole dataset in memory (about 1 GB of JavaScript objects at full size). */
export function backOfficeRows(customerCount: number, paymentCount: number | null, endAt = END_AT): BackOfficeRows {
  const end = Date.parse(endAt);
  const start = end - SPAN_DAYS * DAY;
  const r = random(32);
  const agents = Array.from({ length: AGENTS }, (_, i) => `bench-agent-${String(i + 1).padStart(2, '0')}`);
  const customers: Customer[] = [];
  const transactions: Tx[] = [];
  const invoices: Invoice[] = [];
  const providerOf = (method: Method, currency: Currency): string =>
    method === 'card' ? (currency === 'MAD' ? 'cmi' : 'stripe') : method === 'coupon' ? 'coupon' : method === 'mobile' ? 'mobile' : 'sandbox';
  const pay = (c: Customer, t: Omit<Tx, 'id' | 'user' | 'provider' | 'voucher' | 'coupon' | 'discount' | 'agent' | 'phone'>, period: { start: number; end: number } | null): Tx => {
    const tx: Tx = {
      ...t,
      id: uuid(r),
      user: c.id,
      provider: providerOf(t.method, t.currency),
      voucher: t.method === 'cash' || t.method === 'agent' ? `V${Math.floor(r() * 1e10).toString().padStart(10, '0')}` : null,
      coupon: t.method === 'coupon' ? 'RAMADAN20' : null,
      discount: 0,
      agent: t.method === 'agent' ? (agents[Math.floor(r() * AGENTS)] ?? null) : null,
      phone: t.method === 'mobile' ? c.phone : null,
    };
    if (tx.coupon) {
      tx.discount = Math.round(tx.amount * 0.2);
      tx.amount -= tx.discount;
    }
    transactions.push(tx);
    if (t.state === 'accepted' && t.trialDays === 0) invoices.push({ tx: tx.id, user: c.id, issued: t.updated, lang: c.lang, start: period?.start ?? t.updated, end: period?.end ?? t.updated });
    return tx;
  };

  for (let k = 0; k < customerCount; k += 1) {
    const currency = pick<Currency>(r, [['MAD', 60], ['EUR', 25], ['USD', 15]]);
    const lang = currency === 'MAD' ? pick(r, [['ar', 55], ['fr', 40], ['en', 5]]) : currency === 'EUR' ? pick(r, [['fr', 60], ['es', 25], ['en', 15]]) : pick(r, [['en', 70], ['es', 20], ['ar', 10]]);
    const first = FIRST[Math.floor(r() * FIRST.length)] ?? 'Amine';
    const last = LAST[Math.floor(r() * LAST.length)] ?? 'Benali';
    const joined = start + Math.floor(r() ** 1.5 * (SPAN_DAYS - 10) * DAY);
    const id = `bench-u-${String(k).padStart(6, '0')}`;
    const c: Customer = {
      id,
      email: `${first}.${last}.${k}@example.com`.toLowerCase().replaceAll(' ', ''),
      phone: currency === 'MAD' && r() < 0.7 ? `+2126${String(10_000_000 + k).slice(-8)}` : null,
      lang,
      name: [first, last],
      created: joined,
      plan: null,
      start: null,
      end: null,
      cancelled: false,
      credits: 0,
    };
    customers.push(c);
    const method: Method =
      currency === 'MAD' ? pick<Method>(r, [['card', 35], ['mobile', 20], ['cash', 20], ['agent', 20], ['coupon', 5]]) : pick<Method>(r, [['card', 97], ['coupon', 3]]);
    const plan: PlanId = currency === 'MAD' ? pick<PlanId>(r, [[1, 10], [2, 12], [4, 50], [5, 12], [6, 6], [7, 10]]) : pick<PlanId>(r, [[2, 7], [4, 60], [5, 10], [6, 8], [7, 15]]);
    const minutes = PLANS[plan].minutes;
    const price = PLANS[plan][currency];
    // Some never get further than the checkout page.
    if (r() < 0.05) pay(c, { plan, purpose: 'subscribe', method, amount: price, currency, trialDays: 0, state: r() < 0.5 ? 'created' : 'expired', created: joined, updated: joined + 3_600_000 }, null);
    let at = joined + Math.floor(r() * DAY);
    let periodStart = at;
    let periodEnd = at;
    let paying = true;
    if (plan === 4 && method === 'card' && r() < 0.5) {
      // The monthly plan's trial: an accepted zero-amount payment, no invoice; about half then pay.
      pay(c, { plan, purpose: 'subscribe', method, amount: 0, currency, trialDays: 30, state: 'accepted', created: at - 60_000, updated: at }, null);
      periodEnd = at + 30 * DAY;
      c.plan = plan;
      c.start = at;
      c.end = periodEnd;
      paying = r() < 0.55;
      at = periodEnd;
      periodStart = periodEnd;
      if (!paying) c.cancelled = periodEnd > end && r() < 0.5;
    }
    let purpose: Tx['purpose'] = c.plan ? 'renew' : 'subscribe';
    while (paying && at < end) {
      if (r() < 0.08) pay(c, { plan, purpose, method, amount: price, currency, trialDays: 0, state: 'failed', created: at - 7_200_000, updated: at - 7_100_000 }, null);
      if ((method === 'cash' || method === 'agent') && r() < 0.1) pay(c, { plan, purpose, method, amount: price, currency, trialDays: 0, state: 'expired', created: at - 6 * DAY, updated: at - 2 * DAY }, null);
      const created = method === 'cash' ? at - Math.floor(r() * 3 * DAY) : at - 60_000;
      // A renewal through Stripe starts where the last period ended; one paid here extends the running period.
      const extending = purpose === 'renew' && !(method === 'card' && currency !== 'MAD') && periodEnd > at;
      const base = Math.max(periodEnd, at);
      const period = { start: extending ? periodStart : base === periodEnd && purpose === 'renew' ? periodEnd : at, end: base + minutes * 60_000 };
      pay(c, { plan, purpose, method, amount: price, currency, trialDays: 0, state: 'accepted', created, updated: at }, period);
      periodStart = period.start;
      periodEnd = period.end;
      c.plan = plan;
      c.start ??= period.start;
      c.end = periodEnd;
      purpose = 'renew';
      if (r() >= RENEWS[plan]) {
        c.cancelled = periodEnd > end && r() < 0.6;
        break;
      }
      // Renewals are charged a day before the period ends; passes are bought again some days later.
      at = plan <= 2 ? periodEnd + Math.floor(r() * 4 * DAY) : periodEnd - DAY + Math.floor(r() * 3_600_000);
      if (plan <= 2 && at > periodEnd) purpose = 'subscribe';
    }
    // Ticket packs: one customer in four buys some.
    if (r() < 0.25) {
      const packs = 1 + Math.floor(r() * 6);
      for (let p = 0; p < packs; p += 1) {
        const when = joined + Math.floor(r() * (end - joined));
        const pack = pick<PackId>(r, [[8, 50], [9, 35], [10, 15]]);
        pay(c, { plan: pack, purpose: 'tickets', method: method === 'coupon' ? 'card' : method, amount: PACKS[pack][currency], currency, trialDays: 0, state: 'accepted', created: when - 60_000, updated: when }, null);
        c.credits += [1, 5, 10][pack - 8] ?? 0;
      }
    }
  }
  // Exactly `paymentCount` payments: more ticket packs (each with its invoice), or the last ones left out.
  while (paymentCount !== null && transactions.length < paymentCount) {
    const c = customers[Math.floor(r() * customers.length)] as Customer;
    const when = c.created + Math.floor(r() * (end - c.created));
    const currency = c.phone || c.lang === 'ar' ? 'MAD' : 'EUR';
    pay(c, { plan: 8, purpose: 'tickets', method: 'card', amount: PACKS[8][currency], currency, trialDays: 0, state: 'accepted', created: when - 60_000, updated: when }, null);
  }
  let kept = invoices;
  if (paymentCount !== null && transactions.length > paymentCount) {
    const dropped = new Set(transactions.splice(paymentCount).map((t) => t.id));
    kept = invoices.filter((v) => !dropped.has(v.tx));
  }
  // Rows in the order the app writes them: payments as they were started, invoices as they were issued.
  return { customers, transactions: inTimeOrder(transactions, (t) => t.created), invoices: inTimeOrder(kept, (v) => v.issued), agents };
}

/** Rows sorted by a time (a typed sort: a comparator over a million objects takes seconds). */
function inTimeOrder<T>(rows: readonly T[], time: (row: T) => number): T[] {
  const keys = BigInt64Array.from(rows, (row, i) => (BigInt(time(row)) << 21n) | BigInt(i));
  keys.sort();
  return Array.from(keys, (key) => rows[Number(key & 0x1fffffn)] as T);
}

// ------------------------------------------------------------------ SQL

const iso = (ms: number): string => new Date(ms).toISOString();
const q = (value: string | number | null): string => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);
const ROWS_PER_INSERT = 250;
const ROWS_PER_FILE = 50_000;

function inserts(table: string, columns: string, rows: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(`INSERT INTO ${table} (${columns}) VALUES ${rows.slice(i, i + ROWS_PER_INSERT).join(',')}`);
  return out;
}

/** Every statement of the dataset, in files of about ROWS_PER_FILE rows. */
export function* backOfficeFiles(rows: BackOfficeRows): Generator<string[]> {
  const { customers, transactions, invoices, agents } = rows;
  const hash = q('$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$bench-customer-cannot-sign-in');
  const people = [
    ...customers.map(
      (c) =>
        `(${q(c.id)},${q(c.email)},${q(c.phone)},${hash},${q(c.lang)},1,${c.phone ? 1 : 0},${c.end !== null && c.end > Date.parse(END_AT) ? c.plan : 'NULL'},${c.start === null ? 'NULL' : q(iso(c.start))},${c.end === null ? 'NULL' : q(iso(c.end))},${c.cancelled ? 1 : 0},${c.credits},${q(iso(c.created))})`,
    ),
    ...agents.map((a) => `(${q(a)},${q(`${a}@example.com`)},NULL,${hash},'fr',1,0,NULL,NULL,NULL,0,0,${q(iso(Date.parse(END_AT) - 400 * DAY))})`),
  ];
  const userColumns = 'id, email, phone, password_hash, lang, is_email_verified, is_phone_verified, subscription_id, subscription_start, subscription_end, cancel_subscription, credits, created_at';
  for (let i = 0; i < people.length; i += ROWS_PER_FILE) {
    const part = people.slice(i, i + ROWS_PER_FILE);
    const profiles = customers.slice(i, i + ROWS_PER_FILE).map((c) => `(${q(c.id)},${q(c.name[0])},${q(c.name[0])},${q(c.name[0])},${q(c.name[1])},${q(iso(c.created))})`);
    yield [...inserts('users', userColumns, part), ...inserts('profiles', 'user_id, name, username, first_name, last_name, created_at', profiles)];
  }
  yield [`INSERT INTO agents (user_id, name, active, created_at) VALUES ${agents.map((a, n) => `(${q(a)},${q(`Agence ${n + 1}`)},1,${q(iso(Date.parse(END_AT) - 400 * DAY))})`).join(',')}`];
  const txColumns = 'id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at, voucher_ref, coupon_code, discount, agent_id, payer_phone';
  for (let i = 0; i < transactions.length; i += ROWS_PER_FILE) {
    const part = transactions
      .slice(i, i + ROWS_PER_FILE)
      .map(
        (t) =>
          `(${q(t.id)},${q(t.user)},${t.plan},${q(t.purpose)},${q(t.provider)},${q(t.method)},${t.amount},${q(t.currency)},${t.trialDays},${q(t.state)},${q(iso(t.created))},${q(iso(t.updated))},${q(t.voucher)},${q(t.coupon)},${t.discount},${q(t.agent)},${q(t.phone)})`,
      );
    yield inserts('transactions', txColumns, part);
  }
  for (let i = 0; i < invoices.length; i += ROWS_PER_FILE) {
    const part = invoices.slice(i, i + ROWS_PER_FILE).map((v, n) => `(${i + n + 1},${q(v.tx)},${q(v.user)},${q(iso(v.issued))},${q(v.lang)},${q(iso(v.start))},${q(iso(v.end))})`);
    yield inserts('invoices', 'number, transaction_id, user_id, issued_at, lang, period_start, period_end', part);
  }
}

// ------------------------------------------------------------------ database


/**
 * What the data was generated from: the sizes and this generator (a change regenerates it). The
 * migrations are not part of it: one added later (an index, a table) is applied to the data already
 * there, as it would be to a live database, in seconds rather than the build's three quarters of an hour.
 */
function fingerprint(customers: number, payments: number): string {
  const hash = createHash('sha256').update(`${customers}/${payments}/${END_AT}`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

const stderrLog = (m: string): void => void process.stderr.write(`[bench:back-office] ${m}\n`);

/** Builds the bench database unless it already holds this dataset. Answers the seconds spent (0: reused). */
export function prepareBackOfficeData({ customers = 100_000, payments = 1_000_000, persistTo = DEFAULT_PERSIST, fresh = false, log = stderrLog }: BackOfficeDataOptions = {}): number {
  const dir = resolve(ROOT, persistTo);
  const marker = join(dir, 'bench-back-office.json');
  const built = fingerprint(customers, payments);
  if (!fresh && builtFrom(marker, built)) {
    log(`reusing ${persistTo} (${customers} customers, ${payments} payments); applying the migrations added since`);
    run(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], log);
    return 0;
  }
  const started = performance.now();
  seededDatabase(persistTo, log);
  log(`generating ${customers} customers and ${payments} payments`);
  const rows = backOfficeRows(customers, payments);
  log(`${rows.transactions.length} payments, ${rows.invoices.length} invoices`);
  const tmp = join(ROOT, '.wrangler', 'tmp', 'bench-back-office');
  mkdirSync(tmp, { recursive: true });
  try {
    let n = 0;
    for (const statements of backOfficeFiles(rows)) {
      const file = join(tmp, `part-${n}.sql`);
      writeFileSync(file, `${statements.join(';\n')};\n`, 'utf8');
      run(['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file], log);
      rmSync(file);
      n += 1;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  run(['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', 'ANALYZE'], log);
  writeFileSync(marker, `${JSON.stringify({ customers, payments, endAt: END_AT, fingerprint: built })}\n`);
  return (performance.now() - started) / 1000;
}

// ------------------------------------------------------------------ command line

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = args[at] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const customers = Number(option('customers') ?? 100_000);
  const payments = Number(option('payments') ?? 1_000_000);
  const persistTo = option('persist-to') ?? DEFAULT_PERSIST;
  const seconds = prepareBackOfficeData({ customers, payments, persistTo, fresh: process.argv.includes('--fresh') });
  if (seconds) stderrLog(`built in ${seconds.toFixed(0)} s`);
}
