// The revenue's daily roll-up (migration 0030): a report reads the settled days from it and the rest
// from the payments, and answers exactly what reading every payment answers; parallel reports roll
// a missing day up once; a refund made later of an older payment is in the figures of the day it
// was made; the scheduled job rolls the newest missing days first.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GRANULARITIES, type Period } from '../../rules/reports';
import { CURRENCIES, type Currency } from '../../rules/subscription';
import { REFUND_LEDGER } from './ledger';
import { revenueReport } from './revenue';
import { fillRevenueDays, makeRevenueDays, wholeMonths } from './revenue-days';
import { REVENUE_GROUPS } from './schemas';

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;

/** The same refunds table as a ledger of its own: a report handed it reads every day from the payments. */
const RAW = { sql: REFUND_LEDGER.sql };

/** A seeded generator (mulberry32): the random dataset is the same on every run. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function customers(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await env.DB.batch(ids.map((id) => env.DB.prepare("INSERT INTO users (id, email, password_hash, lang, created_at) VALUES (?1, ?2, 'x', 'en', '2030-01-01T00:00:00.000Z')").bind(id, `r-${id}@example.com`)));
  return ids;
}

type Payment = { user: string; at: string; amount: number; currency: Currency; method?: string; provider?: string; plan?: number; state?: string; trialDays?: number; purpose?: string; invoiced?: boolean };

/** Payments as the payments area leaves them (an invoice beside each sale, at its instant); answers their ids. */
async function payments(list: readonly Payment[]): Promise<string[]> {
  const ids = list.map(() => crypto.randomUUID());
  const statements = list.flatMap((p, k) => [
    env.DB.prepare(
      `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)`,
    ).bind(ids[k], p.user, p.plan ?? 4, p.purpose ?? 'subscribe', p.provider ?? 'sandbox', p.method ?? 'card', p.amount, p.currency, p.trialDays ?? 0, p.state ?? 'accepted', p.at),
    ...(p.invoiced
      ? [
          env.DB.prepare(
            `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end)
             SELECT COALESCE(MAX(number), 0) + 1, ?1, ?2, ?3, 'en', ?3, ?3 FROM invoices`,
          ).bind(ids[k], p.user, p.at),
        ]
      : []),
  ]);
  for (let k = 0; k < statements.length; k += 200) await env.DB.batch(statements.slice(k, k + 200));
  return ids;
}

/** A refund row of `transaction` in `state`, decided at `at`. */
const refund = (transaction: string, amount: number, state: 'done' | 'claimed' | 'refused', at: string) =>
  env.DB.prepare(
    `INSERT INTO refunds (id, idempotency_key, transaction_id, user_id, provider, method, amount, currency, effect, reason, state, attempted_at, created_at, decided_at)
     SELECT ?1, ?1, id, user_id, provider, method, ?2, currency, 'keep', 'test', ?3, ?4, ?4, ?4 FROM transactions WHERE id = ?5`,
  ).bind(crypto.randomUUID(), amount, state, at, transaction);

const iso = (ms: number): string => new Date(ms).toISOString();
const DAY = 86_400_000;

describe('revenue rolled up per day', () => {
  it('answers what reading every payment answers, for every granularity, grouping and currency, wherever the roll-up stops', async () => {
    const random = generator(32);
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const users = await customers(20);
    const start = Date.parse('2045-01-01T00:00:00.000Z');
    const list: Payment[] = [];
    for (let k = 0; k < 400; k++) {
      const at = iso(start + Math.floor(random() * 70 * DAY));
      const currency = pick(CURRENCIES);
      const base = { user: pick(users), at, currency, amount: 100 + Math.floor(random() * 20_000), method: pick(['card', 'cash', 'mobile', 'agent', 'coupon']), provider: pick(['cmi', 'stripe', 'sandbox']), plan: pick([1, 2, 4, 5, 8]) };
      // Mostly sales; some moved on (refunded, dated by their invoice); and what is no sale.
      const kind = pick(['sale', 'sale', 'sale', 'sale', 'refunded', 'failed', 'created', 'refund_due', 'trial', 'card', 'free']);
      if (kind === 'sale') list.push({ ...base, invoiced: true });
      else if (kind === 'refunded') list.push({ ...base, state: 'refunded', invoiced: true });
      else if (kind === 'trial') list.push({ ...base, amount: 0, trialDays: 30 });
      else if (kind === 'card') list.push({ ...base, amount: 100, purpose: 'card' });
      else if (kind === 'free') list.push({ ...base, amount: 0, invoiced: true });
      else list.push({ ...base, state: kind });
    }
    const ids = await payments(list);
    // Refunds: done, held or refused, of sales and of refund_due checkouts, made days to weeks after their payment.
    const refunds = ids.flatMap((id, k) => {
      const p = list[k] as Payment;
      if (!(p.invoiced || p.state === 'refund_due') || p.amount === 0 || random() < 0.6) return [];
      return [refund(id, 1 + Math.floor(random() * p.amount), pick(['done', 'done', 'claimed', 'refused'] as const), iso(Date.parse(p.at) + Math.floor(random() * 30 * DAY)))];
    });
    await env.DB.batch(refunds);

    const periods: Period[] = GRANULARITIES.flatMap((granularity) => [
      { from: '2045-01-01', to: '2045-03-31', granularity },
      { from: '2045-01-15', to: '2045-02-20', granularity },
    ]);
    // Before the period (nothing settled), inside it (half rolled up, the day running and the hour after a day read from the payments), after it.
    const nows = ['2044-12-31T12:00:00.000Z', '2045-02-10T00:30:00.000Z', '2045-02-10T13:00:00.000Z', '2045-06-01T00:00:00.000Z'].map((at) => new Date(at));
    for (const now of nows) {
      for (const period of periods) {
        for (const by of REVENUE_GROUPS) {
          for (const currency of [null, ...CURRENCIES]) {
            const query = { period, by, currency, lang: 'en' as const };
            const [rolled, raw] = [await revenueReport(env.DB, query, now), await revenueReport(env.DB, query, now, RAW)];
            expect(rolled, `${now.toISOString()} ${JSON.stringify(period)} ${by} ${currency}`).toEqual(raw);
          }
        }
      }
    }
    // The roll-up was read: every day of the period is made, and holds the money of the period.
    expect(await count("SELECT COUNT(*) AS n FROM revenue_days_made WHERE day BETWEEN '2045-01-01' AND '2045-03-31'")).toBe(90);
    // The whole months settled by the last `now` are rolled up too, each the sum of its days.
    expect(await count("SELECT COUNT(*) AS n FROM revenue_months_made WHERE month BETWEEN '2045-01' AND '2045-03'")).toBe(3);
    expect(await env.DB.prepare("SELECT SUM(payments) AS p, SUM(gross) AS g, SUM(refunds) AS r FROM revenue_months WHERE month = '2045-02'").first()).toEqual(
      await env.DB.prepare("SELECT SUM(payments) AS p, SUM(gross) AS g, SUM(refunds) AS r FROM revenue_days WHERE day BETWEEN '2045-02-01' AND '2045-02-28'").first(),
    );
    const whole = await revenueReport(env.DB, { period: { from: '2045-01-01', to: '2045-03-31', granularity: 'month' }, by: 'total', currency: 'MAD', lang: 'en' }, nows[3] as Date);
    const stored = await env.DB.prepare("SELECT SUM(payments) AS payments, SUM(gross) AS gross, SUM(refunds) AS refunds FROM revenue_days WHERE currency = 'MAD' AND day BETWEEN '2045-01-01' AND '2045-03-31'").first();
    expect(stored).toEqual({ payments: whole.currencies[0]?.totals.payments, gross: whole.currencies[0]?.totals.gross, refunds: whole.currencies[0]?.totals.refunds });
    expect(whole.currencies[0]?.totals.refunds).toBeGreaterThan(0);
  });

  it('rolls a missing day up once under 20 parallel reports, with the right totals', async () => {
    const [a, b] = await customers(2);
    const ids = await payments([
      { user: a as string, at: '2046-05-10T08:00:00.000Z', amount: 5900, currency: 'MAD', method: 'card', provider: 'cmi', invoiced: true },
      { user: b as string, at: '2046-05-10T09:00:00.000Z', amount: 5900, currency: 'MAD', method: 'card', provider: 'cmi', invoiced: true },
      { user: b as string, at: '2046-05-10T10:00:00.000Z', amount: 15900, currency: 'MAD', method: 'cash', provider: 'sandbox', plan: 5, invoiced: true },
      { user: a as string, at: '2046-05-10T11:00:00.000Z', amount: 699, currency: 'EUR', method: 'card', provider: 'stripe', invoiced: true },
    ]);
    await refund(ids[0] as string, 2000, 'done', '2046-05-10T20:00:00.000Z').run();
    const now = new Date('2046-05-12T00:00:00.000Z');
    const query = { period: { from: '2046-05-10', to: '2046-05-10', granularity: 'day' as const }, by: 'method' as const, currency: null, lang: 'en' as const };
    const reports = await Promise.all(Array.from({ length: 20 }, () => revenueReport(env.DB, query, now)));
    for (const report of reports) expect(report).toEqual(reports[0]);
    expect(reports[0]?.currencies.map((c) => [c.currency, c.totals])).toEqual([
      ['EUR', { payments: 1, gross: 699, refunds: 0, net: 699 }],
      ['MAD', { payments: 3, gross: 27700, refunds: 2000, net: 25700 }],
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_days_made WHERE day = '2046-05-10'")).toBe(1);
    const rows = await env.DB.prepare("SELECT currency, method, provider, plan_id, payments, gross, refunds FROM revenue_days WHERE day = '2046-05-10' ORDER BY currency, method").all();
    expect(rows.results).toEqual([
      { currency: 'EUR', method: 'card', provider: 'stripe', plan_id: 4, payments: 1, gross: 699, refunds: 0 },
      { currency: 'MAD', method: 'card', provider: 'cmi', plan_id: 4, payments: 2, gross: 11800, refunds: 2000 },
      { currency: 'MAD', method: 'cash', provider: 'sandbox', plan_id: 5, payments: 1, gross: 15900, refunds: 0 },
    ]);
    expect(await revenueReport(env.DB, query, now, RAW)).toEqual(reports[0]);

    // The whole month, by month, once it is settled: its days and the month itself made once.
    const later = new Date('2046-06-02T00:00:00.000Z');
    const monthly = { ...query, period: { from: '2046-05-01', to: '2046-05-31', granularity: 'month' as const } };
    const months = await Promise.all(Array.from({ length: 20 }, () => revenueReport(env.DB, monthly, later)));
    for (const report of months) expect(report).toEqual(months[0]);
    expect(months[0]?.currencies.map((c) => [c.currency, c.totals.net])).toEqual([['EUR', 699], ['MAD', 25700]]);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_months_made WHERE month = '2046-05'")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_months WHERE month = '2046-05'")).toBe(3);
    expect(await revenueReport(env.DB, monthly, later, RAW)).toEqual(months[0]);
  });

  it('shows a refund made later of an older payment on the day it was made, and rolls a day up only an hour after it ended', async () => {
    const [user] = await customers(1);
    const [sale] = await payments([{ user: user as string, at: '2047-03-01T10:00:00.000Z', amount: 10000, currency: 'USD', invoiced: true }]);
    const period = { from: '2047-03-01', to: '2047-03-10', granularity: 'day' as const };
    const report = (at: string) => revenueReport(env.DB, { period, by: 'plan', currency: 'USD', lang: 'en' }, new Date(at));
    const figures = async (at: string) => (await report(at)).currencies[0]?.buckets.filter((b) => b.payments || b.refunds).map((b) => [b.bucket, b.gross, b.refunds]);
    expect(await figures('2047-03-05T12:00:00.000Z')).toEqual([['2047-03-01', 10000, 0]]);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_days_made WHERE day BETWEEN '2047-03-01' AND '2047-03-10'")).toBe(4);
    // A refund of the 1st made on the 5th: the 1st stays as it was rolled up, the 5th shows it, from the payments then from its own roll-up.
    await refund(sale as string, 4000, 'done', '2047-03-05T13:00:00.000Z').run();
    expect(await figures('2047-03-05T14:00:00.000Z')).toEqual([['2047-03-01', 10000, 0], ['2047-03-05', 0, 4000]]);
    expect(await figures('2047-03-08T00:00:00.000Z')).toEqual([['2047-03-01', 10000, 0], ['2047-03-05', 0, 4000]]);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_days_made WHERE day = '2047-03-05'")).toBe(1);
    // A sale dated in the last second of the 8th, written half an hour after it ended: the 8th is read from the payments until an hour has passed.
    expect(await figures('2047-03-09T00:30:00.000Z')).toEqual([['2047-03-01', 10000, 0], ['2047-03-05', 0, 4000]]);
    await payments([{ user: user as string, at: '2047-03-08T23:59:59.999Z', amount: 2500, currency: 'USD', invoiced: true }]);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_days_made WHERE day = '2047-03-08'")).toBe(0);
    expect(await figures('2047-03-09T01:00:00.000Z')).toEqual([['2047-03-01', 10000, 0], ['2047-03-05', 0, 4000], ['2047-03-08', 2500, 0]]);
    expect(await count("SELECT gross AS n FROM revenue_days WHERE day = '2047-03-08' AND currency = 'USD'")).toBe(2500);
  });

  it('reads by month the whole months of a period from their own roll-up', () => {
    expect(wholeMonths('2045-01-15', '2045-03-31')).toEqual(['2045-02']);
    expect(wholeMonths('2045-01-01', '2045-04-01')).toEqual(['2045-01', '2045-02', '2045-03']);
    expect(wholeMonths('2045-12-01', '2046-01-01')).toEqual(['2045-12']);
    expect(wholeMonths('2045-01-01', '2045-01-31')).toEqual([]);
  });

  it('is rolled up by the scheduled job, the newest settled day first, and never a day not settled', async () => {
    const now = new Date('2048-06-10T00:30:00.000Z');
    expect(await fillRevenueDays(env.DB, now, 2)).toEqual(['2048-06-08', '2048-06-07']);
    expect(await fillRevenueDays(env.DB, now, 3)).toEqual(['2048-06-06', '2048-06-05', '2048-06-04']);
    expect(await fillRevenueDays(env.DB, new Date('2048-06-10T01:00:00.000Z'), 1)).toEqual(['2048-06-09']);
    await expect(makeRevenueDays(env.DB, ['2048-06-10'], new Date('2048-06-11T00:59:59.999Z'))).rejects.toThrow(/not all settled/);
    // A month is summed once its last missing day is made, not before.
    const april = new Date('2049-04-01T01:00:00.000Z');
    expect(await fillRevenueDays(env.DB, april, 30)).toHaveLength(30);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_months_made WHERE month = '2049-03'")).toBe(0);
    expect(await fillRevenueDays(env.DB, april, 1)).toEqual(['2049-03-01']);
    expect(await count("SELECT COUNT(*) AS n FROM revenue_months_made WHERE month = '2049-03'")).toBe(1);
  });
});
