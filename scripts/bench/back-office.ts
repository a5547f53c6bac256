/**
 * Back office bench (issue 32): the server time of the reports, the customer search and the
 * customer's page on the generated dataset of 100,000 customers and 1,000,000 payments
 * (scripts/bench/back-office-data.ts). Goal: p95 ≤ 150 ms.
 *
 *   node scripts/bench/back-office.ts [--fresh] [--samples 60] [--plans]
 *   import { benchReports } from './back-office.ts'
 *
 * The reports' own business functions (worker/api/reports) run here in Node against the D1 that
 * wrangler's `getPlatformProxy` serves over the bench directory: workerd's SQLite, as `wrangler dev`
 * runs it (each call crossing from Node to workerd and back, a few milliseconds more than a Worker's
 * own call: the first row times that trip alone), and the revenue statement alone as D1 times it.
 * Each: a warm-up, then `samples` runs one after another; p50, p95 and max. `--plans` prints each
 * statement's query plan. Revenue reads its settled days from their daily roll-up
 * (worker/api/reports/revenue-days.ts) and the trends (subscribers, MRR, churn) read daily snapshots
 * (worker/api/reports/snapshots.ts): the warm-up makes the ones still missing, as the scheduled job
 * would have, and the time of making them is a row of its own (a month of revenue days, one snapshot).
 */
import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getPlatformProxy } from 'wrangler';
import { REFUND_LEDGER } from '../../worker/api/reports/ledger.ts';
import { revenueReport, revenueSql, rolledUpUntil } from '../../worker/api/reports/revenue.ts';
import { makeRevenueDays, rollUpMissing } from '../../worker/api/reports/revenue-days.ts';
import { makeSnapshot } from '../../worker/api/reports/snapshots.ts';
import { CHURN_SQL, SUBSCRIBERS_AT_SQL, trialsReport, trialsSql } from '../../worker/api/reports/subscribers.ts';
import { churnReport, subscribersReport } from '../../worker/api/reports/trends.ts';
import { addDays, periodRange, type Period } from '../../worker/rules/reports.ts';
import { DEFAULT_PERSIST, END_AT, prepareBackOfficeData } from './back-office-data.ts';
import { startWorker, stopWorker, waitForHealth } from './kit.ts';

export const REPORTS_GOAL_P95_MS = 150;

export type Timing = { name: string; samples: number; p50Ms: number; p95Ms: number; maxMs: number };

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export async function benchReports({ persistTo = DEFAULT_PERSIST, samples = 60, plans = false, log = (m: string) => void process.stderr.write(`[bench:reports] ${m}\n`) } = {}): Promise<Timing[]> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: resolve(persistTo, 'v3') } });
  try {
    const db = proxy.env.DB;
    const now = new Date(END_AT);
    const last = day(now.getTime() - DAY);
    const days30: Period = { from: day(now.getTime() - 30 * DAY), to: last, granularity: 'day' };
    const months12: Period = { from: `${day(now.getTime() - 365 * DAY).slice(0, 7)}-01`, to: last, granularity: 'month' };
    // The month the scheduled job rolls up in one run: the 31 days before the last settled one.
    const month = Array.from({ length: 31 }, (_, n) => addDays(last, -2 - n));
    const runs: [string, number, () => Promise<unknown>][] = [
      // The trip every call below makes from Node to workerd and back, with a statement that reads nothing.
      ['a statement that reads nothing (the trip Node ↔ workerd)', samples, () => db.prepare('SELECT 1').all()],
      ['revenue, last 30 days by day', samples, () => revenueReport(db, { period: days30, by: 'total', currency: null, lang: 'en' }, now)],
      ['revenue, last 30 days by day and method', samples, () => revenueReport(db, { period: days30, by: 'method', currency: null, lang: 'en' }, now)],
      ['revenue, last 12 months by month and plan', samples, () => revenueReport(db, { period: months12, by: 'plan', currency: null, lang: 'en' }, now)],
      // The same without the roll-up, every day read from the payments (a ledger other than the refunds table's own): what the roll-up saves, under the same load.
      ['revenue, last 30 days by day, without the roll-up', Math.ceil(samples / 4), () => revenueReport(db, { period: days30, by: 'total', currency: null, lang: 'en' }, now, { ...REFUND_LEDGER })],
      ['revenue, last 12 months by month and plan, without the roll-up', 5, () => revenueReport(db, { period: months12, by: 'plan', currency: null, lang: 'en' }, now, { ...REFUND_LEDGER })],
      // What the scheduled job does in one run (and a report for days still missing): a month of revenue days.
      ['a month of revenue days rolled up (scheduled job)', 5, () => makeRevenueDays(db, month, now)],
      // What the scheduled job does once a day (and a report for a day still missing): one day's snapshot.
      ['a day\'s snapshot (scheduled job)', 5, () => makeSnapshot(db, last, now)],
      ['subscribers and MRR, today', samples, () => subscribersReport(db, { period: { from: last, to: last, granularity: 'day' }, lang: 'en' }, now)],
      ['subscribers and MRR, 12 month ends', Math.ceil(samples / 4), () => subscribersReport(db, { period: months12, lang: 'en' }, now)],
      ['trials, 12 months', samples, () => trialsReport(db, months12, now)],
      ['churn, 12 months', Math.ceil(samples / 4), () => churnReport(db, months12, now)],
    ];
    const { start, end } = periodRange(days30);
    const split = rolledUpUntil({ start, end }, now, REFUND_LEDGER);
    // The revenue days still missing, made as the scheduled job would have (once: they are kept).
    const rolling = performance.now();
    const made = await rollUpMissing(db, months12.from, split.slice(0, 10), now);
    log(`revenue days rolled up: ${made.length} missing, made in ${Math.round(performance.now() - rolling)} ms`);
    if (plans) {
      const explain = async (name: string, sql: string, ...args: unknown[]) => {
        const { results } = await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...args).all<{ detail: string }>();
        log(`${name}:\n  ${results.map((r) => r.detail).join('\n  ')}`);
      };
      await explain('revenue', revenueSql(days30, 'total', REFUND_LEDGER), start, end, null, split, split, split);
      await explain('subscribers at', SUBSCRIBERS_AT_SQL, END_AT);
      await explain('trials', trialsSql(months12), start, end, END_AT);
      await explain('churn', CHURN_SQL, JSON.stringify([start, end]));
    }
    const timings: Timing[] = [];
    // The revenue statement alone, as D1 times it (meta.duration: inside the database, without the
    // trip between Node and workerd that the other rows include).
    const sqlTimes: number[] = [];
    const revenueStatement = db.prepare(revenueSql(days30, 'total', REFUND_LEDGER)).bind(start, end, null, split, split, split);
    for (let i = 0; i < 3 + samples; i += 1) {
      const { meta } = await revenueStatement.all();
      if (i >= 3) sqlTimes.push(meta.duration);
    }
    timings.push({ name: 'revenue, last 30 days by day: SQL time in D1', samples, p50Ms: round(quantile(sqlTimes, 0.5)), p95Ms: round(quantile(sqlTimes, 0.95)), maxMs: round(Math.max(...sqlTimes)) });
    log(`revenue SQL in D1: p50 ${timings[0]?.p50Ms} ms, p95 ${timings[0]?.p95Ms} ms`);
    for (const [name, count, run] of runs) {
      for (let i = 0; i < 3; i += 1) await run();
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      const timing = { name, samples: count, p50Ms: round(quantile(times, 0.5)), p95Ms: round(quantile(times, 0.95)), maxMs: round(Math.max(...times)) };
      log(`${name}: p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, max ${timing.maxMs} ms (${count} runs)`);
      timings.push(timing);
    }
    return timings;
  } finally {
    await proxy.dispose();
  }
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

const timingOf = (name: string, times: readonly number[]): Timing => ({ name, samples: times.length, p50Ms: round(quantile(times, 0.5)), p95Ms: round(quantile(times, 0.95)), maxMs: round(Math.max(...times)) });

/**
 * The revenue report, the customer search and the customer's page as the console serves them,
 * through `wrangler dev` over the same 100,000 customers (the Worker's own calls to D1, without the
 * trip from Node of benchReports), with a staff member (support and finance) whose session is made
 * in the database: the revenue report's CSV file (`/admin/reports/revenue.csv`: the console's
 * route, the API's report, D1) over 30 days by method and 12 months by plan; the console's pages
 * (`/admin/customers?q=…`, `/admin/customers/:id`: the page, its calls to the console's API, D1):
 * searches by email, phone, name and cash voucher reference, the customer with the most payments
 * for the page (summary and the first page of their story). Each: a warm-up, then `samples`
 * requests one after another, timed to the last byte.
 */
export async function benchCustomerPages({ persistTo = DEFAULT_PERSIST, port = 8797, samples = 60, log = (m: string) => void process.stderr.write(`[bench:customers] ${m}\n`) } = {}): Promise<Timing[]> {
  const token = randomBytes(32).toString('base64url');
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: resolve(persistTo, 'v3') } });
  let picks: { email: string; phone: string; name: string; voucher: string; busiest: string };
  try {
    const db = proxy.env.DB;
    const one = async (sql: string): Promise<string> => String(Object.values((await db.prepare(sql).first<Record<string, unknown>>()) ?? {})[0] ?? '');
    picks = {
      email: await one('SELECT email FROM users WHERE email IS NOT NULL ORDER BY created_at LIMIT 1 OFFSET 50000'),
      phone: await one('SELECT phone FROM users WHERE phone IS NOT NULL ORDER BY created_at LIMIT 1 OFFSET 20000'),
      name: await one("SELECT first_name || ' ' || last_name FROM profiles WHERE last_name IS NOT NULL LIMIT 1 OFFSET 30000"),
      voucher: '',
      busiest: await one('SELECT user_id FROM transactions GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1'),
    };
    // One cash voucher given the reference the app hands out (12 digits: the sandbox's and the
    // networks'), as support types it from a customer's receipt.
    picks.voucher = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
    await db.prepare('UPDATE transactions SET voucher_ref = ?1 WHERE id = (SELECT id FROM transactions WHERE voucher_ref IS NOT NULL LIMIT 1 OFFSET 5000)').bind(picks.voucher).run();
    const at = new Date().toISOString();
    const expires = new Date(Date.now() + 7 * 3600_000).toISOString();
    const hash = createHash('sha256').update(token).digest('hex');
    await db.batch([
      db.prepare("INSERT OR IGNORE INTO users (id, email, password_hash, lang, created_at) VALUES ('bench-support', 'bench-support@example.com', 'x', 'en', ?1)").bind(at),
      db.prepare("INSERT OR IGNORE INTO staff_grants (user_id, role, granted_at) VALUES ('bench-support', 'support', ?1)").bind(at),
      // Finance too, for the revenue report as the console serves it.
      db.prepare("INSERT OR IGNORE INTO staff_grants (user_id, role, granted_at) VALUES ('bench-support', 'finance', ?1)").bind(at),
      db.prepare("INSERT INTO staff_sessions (token_hash, user_id, created_at, seen_at, expires_at) VALUES (?1, 'bench-support', ?2, ?2, ?3)").bind(hash, at, expires),
    ]);
  } finally {
    await proxy.dispose();
  }
  log(`picked: ${JSON.stringify(picks)}`);
  const child = startWorker(port, persistTo, log);
  try {
    const origin = `http://localhost:${port}`;
    await waitForHealth(origin, child);
    const last = addDays(END_AT.slice(0, 10), -1);
    const cases: [string, string][] = [
      ['revenue through the console (its CSV file), last 30 days by method', `/admin/reports/revenue.csv?from=${addDays(last, -29)}&to=${last}&granularity=day&by=method`],
      ['revenue through the console (its CSV file), last 12 months by plan', `/admin/reports/revenue.csv?from=${addDays(last, -364).slice(0, 7)}-01&to=${last}&granularity=month&by=plan`],
      ['customer search by email', `/admin/customers?q=${encodeURIComponent(picks.email)}`],
      ['customer search by phone', `/admin/customers?q=${encodeURIComponent(picks.phone)}`],
      ['customer search by name', `/admin/customers?q=${encodeURIComponent(picks.name)}`],
      ['customer search by voucher reference', `/admin/customers?q=${encodeURIComponent(picks.voucher)}`],
      ["customer's page: summary and story (most payments)", `/admin/customers/${picks.busiest}`],
    ];
    const timings: Timing[] = [];
    for (const [name, path] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 5 + samples; i += 1) {
        const started = performance.now();
        const res = await fetch(`${origin}${path}${path.includes('?') ? '&' : '?'}lang=en`, { headers: { Cookie: `staff=${token}`, 'accept-encoding': 'identity' }, redirect: 'manual' });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
        if (i >= 5) times.push(performance.now() - started);
      }
      const timing = timingOf(name, times);
      log(`${name}: p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, max ${timing.maxMs} ms (${samples} requests)`);
      timings.push(timing);
    }
    return timings;
  } finally {
    stopWorker(child);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const samplesArg = process.argv.find((a) => a.startsWith('--samples='))?.slice('--samples='.length);
  prepareBackOfficeData({ fresh: process.argv.includes('--fresh') });
  const timings = await benchReports({ samples: Number(samplesArg ?? 60), plans: process.argv.includes('--plans') });
  timings.push(...(await benchCustomerPages({ samples: Number(samplesArg ?? 60) })));
  console.table(timings);
  for (const revenue of timings.filter((t) => t.name.startsWith('revenue') && !t.name.includes('SQL') && !t.name.includes('without'))) {
    console.log(`${revenue.name}: p95 ${revenue.p95Ms} ms (goal ≤ ${REPORTS_GOAL_P95_MS} ms): ${revenue.p95Ms <= REPORTS_GOAL_P95_MS ? 'met' : 'NOT met'}`);
  }
}
