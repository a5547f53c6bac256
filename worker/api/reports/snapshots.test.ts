// The trends' daily snapshots (migration 0026): made once a day has ended, by the scheduled job (the
// newest missing days first) or by the first report that needs one; a 12-month trend then reads its
// month ends from them and answers what working every moment out would.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bucketsEndingWith, fillSnapshots, makeSnapshot, snapshotsOf } from './snapshots';
import { churnReport, subscribersReport } from './trends';

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;

/** An account with one paid period [start, end) of the monthly plan in MAD, invoiced at its start. */
async function subscriber(start: string, end: string): Promise<string> {
  const user = crypto.randomUUID();
  const tx = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, lang, created_at) VALUES (?1, ?2, 'x', 'fr', '2030-01-01T00:00:00.000Z')").bind(user, `s-${user}@example.com`),
    env.DB.prepare(
      `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at)
       VALUES (?1, ?2, 4, 'subscribe', 'cmi', 'card', 5900, 'MAD', 0, 'accepted', ?3, ?3)`,
    ).bind(tx, user, start),
    env.DB.prepare(
      `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end)
       SELECT COALESCE(MAX(number), 0) + 1, ?1, ?2, ?3, 'fr', ?3, ?4 FROM invoices`,
    ).bind(tx, user, start, end),
  ]);
  return user;
}

describe('report snapshots', () => {
  it('names the buckets that end with a day: its week on a Sunday, its month on its last day', () => {
    expect(bucketsEndingWith('2036-03-29').map((b) => b.granularity)).toEqual(['day']);
    expect(bucketsEndingWith('2036-03-30')).toEqual([{ granularity: 'day', start: '2036-03-30T00:00:00.000Z' }, { granularity: 'week', start: '2036-03-24T00:00:00.000Z' }]);
    expect(bucketsEndingWith('2036-08-31')).toEqual([
      { granularity: 'day', start: '2036-08-31T00:00:00.000Z' },
      { granularity: 'week', start: '2036-08-25T00:00:00.000Z' },
      { granularity: 'month', start: '2036-08-01T00:00:00.000Z' },
    ]);
  });

  it('reads a 12-month trend from one snapshot per month end, and answers the same again from them alone', async () => {
    for (let m = 1; m <= 12; m++) {
      const month = String(m).padStart(2, '0');
      await subscriber(`2037-${month}-05T10:00:00.000Z`, `2037-${month}-25T10:00:00.000Z`);
      await subscriber(`2037-${month}-20T10:00:00.000Z`, `2038-01-15T10:00:00.000Z`);
    }
    const now = new Date('2038-01-10T12:00:00.000Z');
    const period = { from: '2037-02-01', to: '2038-01-31', granularity: 'month' as const };
    const subscribers = await subscribersReport(env.DB, { period, lang: 'en' }, now);
    const churn = await churnReport(env.DB, period, now);
    // Eleven month ends are over: eleven snapshots, one row each; the month running is worked out.
    expect(await count("SELECT COUNT(*) AS n FROM report_snapshots WHERE day BETWEEN '2037-01-01' AND '2037-12-31'")).toBe(11);
    expect(subscribers.points.map((p) => p.paying)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12]);
    expect(subscribers.points[0]?.mrr.find((m) => m.currency === 'MAD')).toEqual({ currency: 'MAD', amount: 2 * 5900, subscribers: 2 });
    // February: one running at its start (January's long period; its short one ended), none gone by its end.
    expect(churn.buckets.map((b) => [b.bucket, b.subscribers, b.ended])).toEqual([
      ['2037-02', 1, 0], ['2037-03', 2, 0], ['2037-04', 3, 0], ['2037-05', 4, 0], ['2037-06', 5, 0], ['2037-07', 6, 0],
      ['2037-08', 7, 0], ['2037-09', 8, 0], ['2037-10', 9, 0], ['2037-11', 10, 0], ['2037-12', 11, 0], ['2038-01', 12, 0],
    ]);
    // The same answers again, from the snapshots alone.
    expect(await subscribersReport(env.DB, { period, lang: 'en' }, now)).toEqual(subscribers);
    expect(await churnReport(env.DB, period, now)).toEqual(churn);
  });

  it('makes a day once under parallel requests, never a day that has not ended', async () => {
    const now = new Date('2039-03-02T08:00:00.000Z');
    const all = await Promise.all(Array.from({ length: 20 }, () => snapshotsOf(env.DB, ['2039-03-01'], now)));
    expect(new Set(all.map((m) => JSON.stringify(m.get('2039-03-01'))))).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM report_snapshots WHERE day = '2039-03-01'")).toBe(1);
    await expect(makeSnapshot(env.DB, '2039-03-02', now)).rejects.toThrow(/has not ended/);
  });

  it('is filled by the scheduled job from yesterday backwards, a few days a run', async () => {
    const now = new Date('2040-06-10T00:00:30.000Z');
    expect(await fillSnapshots(env.DB, now, 2)).toEqual(['2040-06-09', '2040-06-08']);
    expect(await fillSnapshots(env.DB, now, 2)).toEqual(['2040-06-07', '2040-06-06']);
    expect(await count("SELECT COUNT(*) AS n FROM report_snapshots WHERE day >= '2040-06-06'")).toBe(4);
  });
});
