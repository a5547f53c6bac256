// The back office's reports (issue 32) on rows as the payments, partners, libraries and events
// areas write them: revenue per currency (never summed across currencies), refunds subtracted through
// the ledger seam, active subscribers and MRR, trials converted, churn, CTR, library usage, event
// sales, CSV files, bad periods, and who may read them.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../../test/accounts';
import { decide, deliver, startCheckout } from '../payments/testing';
import type { StaffRole } from '../../rules/staff';
import { bucketsOf } from '../../rules/reports';
import { revenueReport } from './revenue';
import { reports } from './routes';
import { AdsReport, ChurnReport, EventsReport, LibrariesReport, RevenueReport, SubscribersReport, TrialsReport } from './schemas';
import { staffMember } from '../../test/staff';
import { counters } from '../../limits/counters';

const tag = crypto.randomUUID().slice(0, 8);

/** GET a report as a finance officer (or `roles`) at `now` (the request's clock). */
async function get(path: string, now?: string, roles: readonly StaffRole[] = ['finance']): Promise<Response> {
  const at = now ? new Date(now) : new Date();
  const staff = await staffMember(roles, at);
  return reports.request(path, { headers: { ...staff.headers, ...(now ? { 'x-test-now': now } : {}) } }, env);
}
async function json<T>(schema: { parse: (v: unknown) => T }, path: string, now?: string): Promise<T> {
  const res = await get(path, now);
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return schema.parse(await res.json());
}

/** A CSV answer's lines, once its first bytes are checked to be the UTF-8 byte order mark (Response.text() drops it). */
async function csvLines(res: Response): Promise<string[]> {
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).split('\r\n');
}

async function customer(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, email, password_hash, lang, created_at) VALUES (?1, ?2, 'x', 'fr', '2030-01-01T00:00:00.000Z')").bind(id, `c-${id}@example.com`).run();
  return id;
}

type Sale = { at: string; amount: number; currency: 'MAD' | 'EUR' | 'USD'; plan?: number; method?: string; provider?: string; purpose?: string; start?: string; end?: string; state?: string; invoiced?: boolean };

/** A payment as settle.ts leaves it: accepted, and its invoice (the period it paid for) in the same series. */
async function sale(user: string, s: Sale): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?10, ?10)`,
  )
    .bind(id, user, s.plan ?? 4, s.purpose ?? 'subscribe', s.provider ?? 'sandbox', s.method ?? 'card', s.amount, s.currency, s.state ?? 'accepted', s.at)
    .run();
  if (s.invoiced ?? (s.state ?? 'accepted') === 'accepted') {
    await env.DB.prepare(
      `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end)
       SELECT COALESCE(MAX(number), 0) + 1, ?1, ?2, ?3, 'fr', ?4, ?5 FROM invoices`,
    )
      .bind(id, user, s.at, s.start ?? s.at, s.end ?? s.at)
      .run();
  }
  return id;
}

/** A trial as the checkout leaves it: an accepted zero-amount payment with its days, no invoice. */
async function trial(user: string, at: string, days = 30): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at)
     VALUES (?1, ?2, 4, 'subscribe', 'sandbox', 'card', 0, 'MAD', ?3, 'accepted', ?4, ?4)`,
  )
    .bind(crypto.randomUUID(), user, days, at)
    .run();
}

describe('who may read the reports', () => {
  const paths = ['/revenue', '/subscribers', '/mrr', '/trials', '/churn', '/ads', '/libraries', '/events'];

  it('answers 401 without a console session and 403 STAFF_FORBIDDEN to staff without reports.read', async () => {
    for (const path of paths) {
      const anonymous = await reports.request(path, {}, env);
      expect(anonymous.status, path).toBe(401);
      for (const role of ['support', 'catalogue', 'events'] as const) {
        const res = await get(path, undefined, [role]);
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(((await res.json()) as { message: string }).message).toBe('STAFF_FORBIDDEN: reports.read');
      }
    }
  });

  it('answers the roles that hold reports.read (finance, partners, administrator)', async () => {
    for (const role of ['finance', 'partners', 'administrator'] as const) {
      for (const path of paths) expect((await get(path, undefined, [role])).status, `${role} ${path}`).toBe(200);
    }
  });
});

describe('revenue', () => {
  // March 2031, a week: sales in three currencies, and payments that are no sale.
  const seeded = (async () => {
    const [a, b, c, d] = [await customer(), await customer(), await customer(), await customer()];
    const ids = {
      madCard: await sale(a, { at: '2031-03-02T10:00:00.000Z', amount: 5900, currency: 'MAD', plan: 4, method: 'card', provider: 'cmi' }),
      madCash: await sale(b, { at: '2031-03-02T18:30:00.000Z', amount: 15900, currency: 'MAD', plan: 5, method: 'cash', provider: 'sandbox' }),
      eur: await sale(c, { at: '2031-03-02T12:00:00.000Z', amount: 699, currency: 'EUR', plan: 4, provider: 'stripe' }),
      usd: await sale(d, { at: '2031-03-05T09:00:00.000Z', amount: 749, currency: 'USD', plan: 4, provider: 'stripe' }),
      pack: await sale(c, { at: '2031-03-05T23:59:59.999Z', amount: 199, currency: 'EUR', plan: 8, purpose: 'tickets', provider: 'stripe' }),
      // Not sales: a failed payment, a checkout left open, a refund_due (money taken for a closed checkout: no invoice), a trial.
      failed: await sale(a, { at: '2031-03-03T10:00:00.000Z', amount: 5900, currency: 'MAD', state: 'failed' }),
      open: await sale(a, { at: '2031-03-03T11:00:00.000Z', amount: 5900, currency: 'MAD', state: 'created' }),
      refundDue: await sale(b, { at: '2031-03-04T10:00:00.000Z', amount: 2500, currency: 'MAD', state: 'refund_due' }),
      // A sale on the next day after the period, and one the second before it.
      after: await sale(d, { at: '2031-03-08T00:00:00.000Z', amount: 100000, currency: 'MAD' }),
      before: await sale(d, { at: '2031-02-28T23:59:59.999Z', amount: 100000, currency: 'MAD' }),
    };
    await trial(d, '2031-03-02T08:00:00.000Z');
    return ids;
  })();
  const week = 'from=2031-03-01&to=2031-03-07';

  it('splits the sales per currency, never adding MAD, EUR and USD together, every day of the period listed', async () => {
    await seeded;
    const report = await json(RevenueReport, `/revenue?${week}`);
    expect(report.period).toEqual({ from: '2031-03-01', to: '2031-03-07', granularity: 'day' });
    expect(report.currencies.map((c) => c.currency)).toEqual(['EUR', 'MAD', 'USD']);
    const [eur, mad, usd] = report.currencies;
    expect(mad?.totals).toEqual({ payments: 2, gross: 21800, refunds: 0, net: 21800 });
    expect(eur?.totals).toEqual({ payments: 2, gross: 898, refunds: 0, net: 898 });
    expect(usd?.totals).toEqual({ payments: 1, gross: 749, refunds: 0, net: 749 });
    expect(mad?.buckets.map((b) => b.bucket)).toEqual(['2031-03-01', '2031-03-02', '2031-03-03', '2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07']);
    expect(mad?.buckets.map((b) => b.gross)).toEqual([0, 21800, 0, 0, 0, 0, 0]);
    expect(eur?.buckets.map((b) => b.gross)).toEqual([0, 699, 0, 0, 199, 0, 0]);
    // No figure anywhere is a sum across currencies.
    const everyFigure = JSON.stringify(report);
    for (const mixed of [21800 + 898, 21800 + 749, 898 + 749, 21800 + 898 + 749, 5900 + 699]) expect(everyFigure).not.toContain(`:${mixed},`);
  });

  it('is the same net as gross in a period without a refund', async () => {
    await seeded;
    const report = await json(RevenueReport, `/revenue?${week}&granularity=week`);
    expect(report.currencies.every((c) => c.totals.refunds === 0 && c.totals.net === c.totals.gross)).toBe(true);
    expect(report.currencies.flatMap((c) => c.buckets).every((b) => b.refunds === 0 && b.net === b.gross)).toBe(true);
    // Weeks are named by their Monday: the period's Saturday falls in the week of 24 February.
    expect(report.currencies[1]?.buckets).toEqual([
      { bucket: '2031-02-24', payments: 2, gross: 15900 + 5900, refunds: 0, net: 21800 },
      { bucket: '2031-03-03', payments: 0, gross: 0, refunds: 0, net: 0 },
    ]);
  });

  it('splits by method, provider and plan (named in the language asked), largest first', async () => {
    await seeded;
    const byMethod = await json(RevenueReport, `/revenue?${week}&by=method&currency=MAD`);
    expect(byMethod.currencies.map((c) => c.currency)).toEqual(['MAD']);
    expect(byMethod.currencies[0]?.groups.map((g) => [g.key, g.totals.gross])).toEqual([['cash', 15900], ['card', 5900]]);
    const byPlan = await json(RevenueReport, `/revenue?${week}&by=plan&lang=fr`);
    expect(byPlan.currencies.find((c) => c.currency === 'EUR')?.groups.map((g) => [g.label, g.totals.gross])).toEqual([['Mensuel', 699], ['1 ticket', 199]]);
    const byProvider = await json(RevenueReport, `/revenue?${week}&by=provider`);
    expect(byProvider.currencies.find((c) => c.currency === 'USD')?.groups.map((g) => g.key)).toEqual(['stripe']);
  });

  it('subtracts the refunds of a ledger when they are made, in their payment currency, and never money returned for a payment that was no sale', async () => {
    const ids = await seeded;
    await env.DB.exec('CREATE TABLE IF NOT EXISTS test_refunds (transaction_id TEXT, amount INTEGER, at TEXT)');
    await env.DB.batch([
      env.DB.prepare('INSERT INTO test_refunds VALUES (?1, 2000, ?2)').bind(ids.madCard, '2031-03-04T09:00:00.000Z'),
      env.DB.prepare('INSERT INTO test_refunds VALUES (?1, 2500, ?2)').bind(ids.refundDue, '2031-03-04T10:00:00.000Z'),
      env.DB.prepare('INSERT INTO test_refunds VALUES (?1, 699, ?2)').bind(ids.eur, '2031-04-01T10:00:00.000Z'),
    ]);
    const ledger = { sql: 'SELECT transaction_id, amount, at FROM test_refunds' };
    const report = await revenueReport(env.DB, { period: { from: '2031-03-01', to: '2031-03-07', granularity: 'day' }, by: 'method', currency: null, lang: 'en' }, new Date('2031-04-10T00:00:00.000Z'), ledger);
    const mad = report.currencies.find((c) => c.currency === 'MAD');
    expect(mad?.totals).toEqual({ payments: 2, gross: 21800, refunds: 2000, net: 19800 });
    expect(mad?.buckets.find((b) => b.bucket === '2031-03-04')).toEqual({ bucket: '2031-03-04', payments: 0, gross: 0, refunds: 2000, net: -2000 });
    expect(mad?.groups.find((g) => g.key === 'card')?.totals).toEqual({ payments: 1, gross: 5900, refunds: 2000, net: 3900 });
    // The euro refund was made in April: March's euros are untouched.
    expect(report.currencies.find((c) => c.currency === 'EUR')?.totals.refunds).toBe(0);
  });

  it('keeps a sale that moved on to a later state (refunded) on the day its invoice was issued', async () => {
    const user = await customer();
    const id = await sale(user, { at: '2031-06-10T10:00:00.000Z', amount: 4500, currency: 'USD', plan: 5 });
    await env.DB.prepare("UPDATE transactions SET state = 'refunded', updated_at = '2031-06-20T10:00:00.000Z' WHERE id = ?1").bind(id).run();
    const report = await json(RevenueReport, '/revenue?from=2031-06-01&to=2031-06-30&granularity=month&currency=USD');
    expect(report.currencies[0]?.totals).toEqual({ payments: 1, gross: 4500, refunds: 0, net: 4500 });
    const days = await json(RevenueReport, '/revenue?from=2031-06-01&to=2031-06-30&currency=USD');
    expect(days.currencies[0]?.buckets.filter((b) => b.gross).map((b) => b.bucket)).toEqual(['2031-06-10']);
  });

  it('writes a CSV with a byte order mark, fixed column names and amounts in major units', async () => {
    await seeded;
    const res = await get(`/revenue?${week}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="revenue-total-2031-03-01_2031-03-07.csv"');
    const lines = await csvLines(res);
    expect(lines[0]).toBe('bucket,currency,group,label,payments,gross,refunds,net');
    expect(lines).toContain('2031-03-02,MAD,total,,2,218,0,218');
    expect(lines).toContain('2031-03-05,EUR,total,,1,1.99,0,1.99');
    expect(lines).toContain('2031-03-05,USD,total,,1,7.49,0,7.49');
    expect(lines.length).toBe(1 + 3 * 7 + 1);
    const byMethod = await csvLines(await get(`/revenue?${week}&format=csv&by=method`));
    expect(byMethod[0]).toBe('bucket,currency,method,label,payments,gross,refunds,net');
    expect(byMethod).toContain('2031-03-02,MAD,cash,cash,1,159,0,159');
  });

  it('refuses a period that ends before it starts, is too long, or is no date', async () => {
    const reversed = await get('/revenue?from=2031-03-07&to=2031-03-01');
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { message: string }).message).toBe('REPORT_PERIOD_REVERSED: from 2031-03-07 is after to 2031-03-01');
    const long = await get('/revenue?from=2029-01-01&to=2031-03-01&granularity=month');
    expect(((await long.json()) as { message: string }).message).toBe('REPORT_PERIOD_TOO_LONG: at most 731 days');
    expect(((await (await get('/revenue?from=2030-01-01&to=2031-03-01')).json()) as { message: string }).message).toBe('REPORT_PERIOD_TOO_LONG: at most 366 days');
    for (const bad of ['from=2031-02-30', 'to=yesterday', 'granularity=hour', 'by=country', 'currency=GBP', 'format=xlsx']) {
      const res = await get(`/revenue?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message, bad).toMatch(/^BAD_REQUEST: /);
    }
  });

  it('shows the last 30 days ending today when no period is given', async () => {
    const report = await json(RevenueReport, '/revenue?granularity=day', '2031-03-10T12:00:00.000Z');
    expect(report.period).toEqual({ from: '2031-02-09', to: '2031-03-10', granularity: 'day' });
    const months = await json(RevenueReport, '/revenue?granularity=month', '2031-03-10T12:00:00.000Z');
    expect(months.period.from).toBe('2030-04-01');
    expect(months.currencies.find((c) => c.currency === 'MAD')?.buckets.at(-1)).toMatchObject({ bucket: '2031-03', gross: 21800 + 100000 });
  });
});

describe('a payment through the checkout', () => {
  it('is in the revenue of its day and makes a paying subscriber', async () => {
    const before = await json(SubscribersReport, '/subscribers?granularity=day');
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, 2, { currency: 'MAD' });
    expect((await deliver(await decide(answer, 'approve'))).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const revenue = await json(RevenueReport, `/revenue?from=${today}&to=${today}&by=plan`);
    expect(revenue.currencies).toEqual([
      expect.objectContaining({ currency: 'MAD', totals: { payments: 1, gross: 2500, refunds: 0, net: 2500 }, groups: [expect.objectContaining({ key: '2', label: 'One week' })] }),
    ]);
    const after = await json(SubscribersReport, '/subscribers?granularity=day');
    expect((after.points.at(-1)?.paying ?? 0) - (before.points.at(-1)?.paying ?? 0)).toBe(1);
    expect(after.points.at(-1)?.mrr.find((m) => m.currency === 'MAD')?.amount).toBe((before.points.at(-1)?.mrr.find((m) => m.currency === 'MAD')?.amount ?? 0) + Math.round((2500 * 43200) / 10080));
  });
});

describe('subscribers and monthly recurring revenue', () => {
  const seeded = (async () => {
    const [monthly, yearly, euro, coupon, trialist, lapsed, packs] = [await customer(), await customer(), await customer(), await customer(), await customer(), await customer(), await customer()];
    await sale(monthly, { at: '2032-05-20T10:00:00.000Z', amount: 5900, currency: 'MAD', plan: 4, start: '2032-05-20T10:00:00.000Z', end: '2032-06-19T10:00:00.000Z' });
    await sale(yearly, { at: '2032-01-10T10:00:00.000Z', amount: 54900, currency: 'MAD', plan: 7, start: '2032-01-10T10:00:00.000Z', end: '2033-01-04T10:00:00.000Z' });
    await sale(euro, { at: '2032-06-01T10:00:00.000Z', amount: 699, currency: 'EUR', plan: 4, start: '2032-06-01T10:00:00.000Z', end: '2032-07-01T10:00:00.000Z' });
    await sale(coupon, { at: '2032-06-10T10:00:00.000Z', amount: 0, currency: 'MAD', plan: 4, method: 'coupon', provider: 'coupon', start: '2032-06-10T10:00:00.000Z', end: '2032-07-10T10:00:00.000Z' });
    await trial(trialist, '2032-06-01T10:00:00.000Z');
    await sale(lapsed, { at: '2032-04-01T10:00:00.000Z', amount: 5900, currency: 'MAD', plan: 4, start: '2032-04-01T10:00:00.000Z', end: '2032-05-01T10:00:00.000Z' });
    await sale(packs, { at: '2032-06-02T10:00:00.000Z', amount: 5900, currency: 'MAD', plan: 9, purpose: 'tickets' });
  })();

  it('counts paying, free and trialing subscribers at a moment, MRR per currency from plan prices brought to a month', async () => {
    await seeded;
    const report = await json(SubscribersReport, '/subscribers?from=2032-06-15&to=2032-06-15&granularity=day&lang=fr', '2032-06-15T12:00:00.000Z');
    expect(report.points).toEqual([
      {
        bucket: '2032-06-15',
        at: '2032-06-15T12:00:00.000Z',
        active: 5,
        paying: 3,
        free: 1,
        trialing: 1,
        mrr: [
          { currency: 'MAD', amount: 5900 + 4575, subscribers: 2 },
          { currency: 'EUR', amount: 699, subscribers: 1 },
          { currency: 'USD', amount: 0, subscribers: 0 },
        ],
      },
    ]);
    expect(report.plans).toEqual([
      { plan: 4, label: 'Mensuel', paying: 2, free: 1, trialing: 1 },
      { plan: 7, label: 'Annuel', paying: 1, free: 0, trialing: 0 },
    ]);
  });

  it('draws a point at the end of each month (now for the month running), from the periods sold by then', async () => {
    await seeded;
    const report = await json(SubscribersReport, '/mrr?from=2032-03-01&to=2032-06-30', '2032-06-15T12:00:00.000Z');
    expect(report.points.map((p) => [p.bucket, p.at, p.active, p.paying])).toEqual([
      ['2032-03', '2032-04-01T00:00:00.000Z', 1, 1],
      ['2032-04', '2032-05-01T00:00:00.000Z', 2, 2],
      ['2032-05', '2032-06-01T00:00:00.000Z', 2, 2],
      ['2032-06', '2032-06-15T12:00:00.000Z', 5, 3],
    ]);
    const csv = await csvLines(await get('/mrr?from=2032-03-01&to=2032-06-30&format=csv', '2032-06-15T12:00:00.000Z'));
    expect(csv[0]).toBe('bucket,at,currency,mrr,paying_subscribers');
    expect(csv).toContain('2032-06,2032-06-15T12:00:00.000Z,MAD,104.75,2');
  });
});

describe('trials', () => {
  it('counts the trials started per month, those that became paying since and those still running', async () => {
    const [paid, gone, running, packsOnly] = [await customer(), await customer(), await customer(), await customer()];
    await trial(paid, '2033-03-01T10:00:00.000Z');
    await sale(paid, { at: '2033-03-31T10:00:00.000Z', amount: 5900, currency: 'MAD', purpose: 'renew', start: '2033-03-31T10:00:00.000Z', end: '2033-04-30T10:00:00.000Z' });
    await trial(gone, '2033-03-10T10:00:00.000Z');
    await trial(packsOnly, '2033-03-20T10:00:00.000Z');
    await sale(packsOnly, { at: '2033-04-02T10:00:00.000Z', amount: 1500, currency: 'MAD', plan: 8, purpose: 'tickets' });
    await trial(running, '2033-06-01T10:00:00.000Z');
    const report = await json(TrialsReport, '/trials?from=2033-03-01&to=2033-06-30', '2033-06-15T12:00:00.000Z');
    expect(report.buckets).toEqual([
      { bucket: '2033-03', started: 3, converted: 1, running: 0, conversion: 0.3333 },
      { bucket: '2033-04', started: 0, converted: 0, running: 0, conversion: null },
      { bucket: '2033-05', started: 0, converted: 0, running: 0, conversion: null },
      { bucket: '2033-06', started: 1, converted: 0, running: 1, conversion: 0 },
    ]);
    expect(report.totals).toEqual({ started: 4, converted: 1, running: 1, conversion: 0.25 });
    const csv = await csvLines(await get('/trials?from=2033-03-01&to=2033-06-30&format=csv', '2033-06-15T12:00:00.000Z'));
    expect(csv.slice(0, 3)).toEqual(['bucket,started,converted,running,conversion', '2033-03,3,1,0,0.3333', '2033-04,0,0,0,']);
  });
});

describe('churn', () => {
  it('counts per month the subscribers at its start and those whose periods had all ended by its end', async () => {
    const [c1, c2, c3, c4, c5] = [await customer(), await customer(), await customer(), await customer(), await customer()];
    // Two months through Stripe: the second starts where the first ended; then no renewal.
    await sale(c1, { at: '2034-01-05T10:00:00.000Z', amount: 699, currency: 'EUR', start: '2034-01-05T10:00:00.000Z', end: '2034-02-04T10:00:00.000Z' });
    await sale(c1, { at: '2034-02-03T10:00:00.000Z', amount: 699, currency: 'EUR', purpose: 'renew', start: '2034-02-04T10:00:00.000Z', end: '2034-03-06T10:00:00.000Z' });
    // A year, who asked to cancel: still running.
    await sale(c2, { at: '2033-12-31T10:00:00.000Z', amount: 54900, currency: 'MAD', plan: 7, start: '2033-12-31T10:00:00.000Z', end: '2034-12-26T10:00:00.000Z' });
    await env.DB.prepare("UPDATE users SET subscription_id = 7, subscription_end = '2034-12-26T10:00:00.000Z', cancel_subscription = 1 WHERE id = ?1").bind(c2).run();
    await sale(c3, { at: '2034-01-20T10:00:00.000Z', amount: 5900, currency: 'MAD', start: '2034-01-20T10:00:00.000Z', end: '2034-02-19T10:00:00.000Z' });
    await trial(c4, '2034-02-10T10:00:00.000Z');
    // Renewed here: the period is extended from its start, as the state machine writes it.
    await sale(c5, { at: '2034-01-03T10:00:00.000Z', amount: 5900, currency: 'MAD', start: '2034-01-03T10:00:00.000Z', end: '2034-02-02T10:00:00.000Z' });
    await sale(c5, { at: '2034-02-01T10:00:00.000Z', amount: 5900, currency: 'MAD', purpose: 'renew', start: '2034-01-03T10:00:00.000Z', end: '2034-03-04T10:00:00.000Z' });
    const report = await json(ChurnReport, '/churn?from=2034-01-01&to=2034-06-30', '2034-04-15T12:00:00.000Z');
    expect(report.buckets.map((b) => [b.bucket, b.subscribers, b.ended, b.churn])).toEqual([
      ['2034-01', 1, 0, 0],
      ['2034-02', 4, 1, 0.25],
      ['2034-03', 4, 3, 0.75],
      ['2034-04', 1, 0, 0],
    ]);
    expect(report.buckets.at(-1)?.end).toBe('2034-04-15T12:00:00.000Z');
    expect(report.cancelling).toBe(1);
    // Each point is worked out on its own: at most 60 of them.
    expect(((await (await get('/churn?from=2034-01-01&to=2034-03-31&granularity=day', '2034-04-15T12:00:00.000Z')).json()) as { message: string }).message).toBe('REPORT_PERIOD_TOO_LONG: at most 60 days');
    // Buckets cut to the period asked for.
    const cut = await json(ChurnReport, '/churn?from=2034-02-15&to=2034-03-10', '2034-04-15T12:00:00.000Z');
    expect(cut.buckets.map((b) => [b.bucket, b.start, b.end, b.subscribers, b.ended])).toEqual([
      ['2034-02', '2034-02-15T00:00:00.000Z', '2034-03-01T00:00:00.000Z', 5, 1],
      ['2034-03', '2034-03-01T00:00:00.000Z', '2034-03-11T00:00:00.000Z', 4, 2],
    ]);
  });
});

describe('ads', () => {
  const seeded = (async () => {
    const partner = await env.DB.prepare("INSERT INTO partners (slug, name, updated_at) VALUES (?1, ?2, '2031-01-01') RETURNING id")
      .bind(`studio-${tag}`, JSON.stringify({ en: 'Atlas Studio', ar: 'استوديو الأطلس' }))
      .first<{ id: number }>();
    const ad = async (kind: string, title: string, partnerId: number | null) =>
      (await env.DB.prepare("INSERT INTO ads (kind, placement, partner_id, title, link_url, starts_at, updated_at) VALUES (?1, 'home', ?2, ?3, '/premium', 0, '2031-01-01') RETURNING id")
        .bind(kind, partnerId, JSON.stringify({ en: title, ar: `${title} ع` }))
        .first<{ id: number }>())!.id;
    const a1 = await ad('sponsor', 'Banner one', partner!.id);
    const a2 = await ad('sponsor', 'Banner two', partner!.id);
    const house = await ad('house', 'Go premium', null);
    const count = (id: number, day: string, impressions: number, clicks: number) => env.DB.prepare('INSERT INTO ad_counts (ad_id, day, impressions, clicks) VALUES (?1, ?2, ?3, ?4)').bind(id, day, impressions, clicks);
    await env.DB.batch([count(a1, '2031-05-01', 1000, 25), count(a1, '2031-05-02', 500, 5), count(a2, '2031-05-01', 200, 0), count(house, '2031-05-02', 300, 3), count(a1, '2031-05-03', 999, 999)]);
    return { a1, a2, house, partner: `studio-${tag}` };
  })();

  it('counts impressions and clicks per ad, partner and day, with the click-through rate', async () => {
    const { a1, a2, house, partner } = await seeded;
    const report = await json(AdsReport, '/ads?from=2031-05-01&to=2031-05-02&lang=ar');
    expect(report.totals).toEqual({ impressions: 2000, clicks: 33, ctr: 0.0165 });
    expect(report.buckets).toEqual([
      { bucket: '2031-05-01', impressions: 1200, clicks: 25, ctr: 0.0208 },
      { bucket: '2031-05-02', impressions: 800, clicks: 8, ctr: 0.01 },
    ]);
    expect(report.ads.map((a) => [a.id, a.title, a.partner?.name ?? null, a.impressions, a.clicks, a.ctr])).toEqual([
      [a1, 'Banner one ع', 'استوديو الأطلس', 1500, 30, 0.02],
      [house, 'Go premium ع', null, 300, 3, 0.01],
      [a2, 'Banner two ع', 'استوديو الأطلس', 200, 0, 0],
    ]);
    expect(report.partners).toEqual([
      { slug: partner, name: 'استوديو الأطلس', impressions: 1700, clicks: 30, ctr: 0.0176 },
      { slug: null, name: null, impressions: 300, clicks: 3, ctr: 0.01 },
    ]);
    const one = await json(AdsReport, `/ads?from=2031-05-01&to=2031-05-02&partner=${partner}&ad=${a2}`);
    expect(one.ads.map((a) => a.id)).toEqual([a2]);
    const csv = await csvLines(await get(`/ads?from=2031-05-01&to=2031-05-02&partner=${partner}&format=csv`));
    expect(csv[0]).toBe('bucket,ad_id,ad,kind,placement,partner,impressions,clicks,ctr');
    expect(csv).toContain(`2031-05-01,${a1},Banner one,sponsor,home,Atlas Studio,1000,25,0.025`);
  });

  it("a period reaching today first brings the counts still waiting in the ad's counter shards", async () => {
    const { a2 } = await seeded;
    const today = '2031-05-03';
    const waiting = counters({ ...env, COUNTER_FLUSH_SECONDS: '60' });
    await Promise.all(Array.from({ length: 40 }, (_, i) => waiting.count('ad', a2, today, i < 30 ? 'impressions' : 'clicks', Date.parse(`${today}T10:00:00Z`))));
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM ad_counts WHERE ad_id = ?1 AND day = ?2').bind(a2, today).first()).toEqual({ n: 0 });
    // A past period does not ask the shards; one reaching today does.
    expect((await json(AdsReport, `/ads?from=2031-05-01&to=2031-05-02&ad=${a2}`, `${today}T12:00:00Z`)).totals.impressions).toBe(200);
    const report = await json(AdsReport, `/ads?from=2031-05-01&to=${today}&ad=${a2}`, `${today}T12:00:00Z`);
    expect(report.buckets.at(-1)).toEqual({ bucket: today, impressions: 30, clicks: 10, ctr: 0.3333 });
  });

  it('answers 404 for a partner or an ad that does not exist', async () => {
    await seeded;
    const partner = await get('/ads?partner=nobody-at-all');
    expect(partner.status).toBe(404);
    expect(((await partner.json()) as { message: string }).message).toBe('REPORT_PARTNER_NOT_FOUND: nobody-at-all');
    expect((await get('/ads?ad=999999')).status).toBe(404);
  });
});

describe('library usage', () => {
  it('counts loans, card holders and titles per library and month', async () => {
    const library = async (name: string) =>
      (await env.DB.prepare("INSERT INTO libraries (slug, name, city, postal_code, updated_at) VALUES (?1, ?2, '{\"en\":\"Rabat\"}', '10000', '2031-01-01') RETURNING id, slug")
        .bind(`${name}-${tag}`, JSON.stringify({ en: `Library ${name}`, fr: `Bibliothèque ${name}` }))
        .first<{ id: number; slug: string }>())!;
    const [l1, l2] = [await library('one'), await library('two')];
    const titles = (await env.DB.prepare('SELECT id FROM contents ORDER BY id LIMIT 2').all<{ id: number }>()).results.map((r) => r.id);
    const user = await customer();
    const loan = (lib: number, card: string, content: number, at: string) =>
      env.DB.prepare('INSERT INTO library_loans (id, user_id, library_id, card_number, content_id, started_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)').bind(crypto.randomUUID(), user, lib, card, content, at);
    const [t1, t2] = titles as [number, number];
    await env.DB.batch([
      loan(l1.id, '1001', t1, '2031-05-02T10:00:00.000Z'),
      loan(l1.id, '1001', t2, '2031-05-10T10:00:00.000Z'),
      loan(l1.id, '1002', t1, '2031-05-31T23:00:00.000Z'),
      loan(l1.id, '1002', t1, '2031-06-01T10:00:00.000Z'),
      loan(l2.id, '1001', t1, '2031-05-05T10:00:00.000Z'),
      loan(l2.id, '1001', t1, '2031-07-05T10:00:00.000Z'),
    ]);
    const report = await json(LibrariesReport, '/libraries?from=2031-05-01&to=2031-06-30&lang=fr');
    expect(report.buckets).toEqual([
      { bucket: '2031-05', loans: 4, patrons: 3, titles: 2 },
      { bucket: '2031-06', loans: 1, patrons: 1, titles: 1 },
    ]);
    expect(report.libraries).toEqual([
      { slug: l1.slug, name: 'Bibliothèque one', loans: 4, patrons: 2, titles: 2, buckets: [{ bucket: '2031-05', loans: 3, patrons: 2, titles: 2 }, { bucket: '2031-06', loans: 1, patrons: 1, titles: 1 }] },
      { slug: l2.slug, name: 'Bibliothèque two', loans: 1, patrons: 1, titles: 1, buckets: [{ bucket: '2031-05', loans: 1, patrons: 1, titles: 1 }, { bucket: '2031-06', loans: 0, patrons: 0, titles: 0 }] },
    ]);
    const one = await json(LibrariesReport, `/libraries?from=2031-05-01&to=2031-06-30&library=${l2.slug}`);
    expect(one.libraries.map((l) => l.slug)).toEqual([l2.slug]);
    expect((await get('/libraries?library=no-such-library')).status).toBe(404);
  });
});

describe('event sales', () => {
  it('counts per show the tickets and seats sold and the money per currency of the invoiced orders', async () => {
    const event = (await env.DB.prepare("INSERT INTO events (slug, names, city, starts_at, ends_at, updated_at) VALUES (?1, ?2, 'Rabat', '2031-09-01', '2031-09-05', '2031-01-01') RETURNING id")
      .bind(`festival-${tag}`, JSON.stringify({ en: 'Laughter Festival', ar: 'مهرجان الضحك' }))
      .first<{ id: number }>())!.id;
    const show = async (n: number, capacity: number) =>
      (await env.DB.prepare("INSERT INTO event_shows (event_id, slug, titles, venue, starts_at, ends_at, capacity) VALUES (?1, ?2, ?3, 'Theatre', ?4, ?4, ?5) RETURNING id")
        .bind(event, `show-${n}-${tag}`, JSON.stringify({ en: `Show ${n}`, ar: `العرض ${n}` }), `2031-09-0${n}T20:00:00.000Z`, capacity)
        .first<{ id: number }>())!.id;
    const [s1, s2] = [await show(1, 100), await show(2, 50)];
    const type = async (showId: number, kind: string) =>
      (await env.DB.prepare("INSERT INTO ticket_types (show_id, kind, names, price_mad, price_eur, price_usd) VALUES (?1, ?2, '{}', 5000, 500, 500) RETURNING id").bind(showId, kind).first<{ id: number }>())!.id;
    const [venue, stream, venue2] = [await type(s1, 'venue'), await type(s1, 'stream'), await type(s2, 'venue')];
    const buyer = await customer();
    const order = async (showId: number, state: string, amount: number, currency: 'MAD' | 'EUR', tickets: [number, string, string][], invoiced: boolean) => {
      const tx = await sale(buyer, { at: '2031-08-20T10:00:00.000Z', amount, currency, plan: 9000, purpose: 'order', state: invoiced ? 'accepted' : 'expired' });
      const id = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO orders (id, user_id, show_id, state, amount, currency, transaction_id, hold_expires_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '2031-08-20', '2031-08-20', '2031-08-20')")
        .bind(id, buyer, showId, state, amount, currency, tx)
        .run();
      for (const [typeId, kind, ticketState] of tickets) {
        await env.DB.prepare("INSERT INTO etickets (id, order_id, user_id, event_id, show_id, ticket_type_id, kind, holder, state, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'Amina', ?8, '2031-08-20')")
          .bind(crypto.randomUUID(), id, buyer, event, showId, typeId, kind, ticketState)
          .run();
      }
    };
    await order(s1, 'fulfilled', 10000, 'MAD', [[venue, 'venue', 'valid'], [venue, 'venue', 'valid']], true);
    await order(s1, 'fulfilled', 500, 'EUR', [[stream, 'stream', 'valid']], true);
    await order(s1, 'expired', 5000, 'MAD', [[venue, 'venue', 'void']], false);
    await order(s2, 'refund_due', 5000, 'MAD', [[venue2, 'venue', 'void']], true);
    const report = await json(EventsReport, `/events?event=festival-${tag}&lang=ar`);
    expect(report.shows.map((s) => [s.id, s.title, s.event.name, s.capacity, s.seats, s.tickets, s.fill, s.money])).toEqual([
      [s1, 'العرض 1', 'مهرجان الضحك', 100, 2, 3, 0.02, [{ currency: 'EUR', orders: 1, gross: 500, refunds: 0, net: 500 }, { currency: 'MAD', orders: 1, gross: 10000, refunds: 0, net: 10000 }]],
      [s2, 'العرض 2', 'مهرجان الضحك', 50, 0, 0, 0, [{ currency: 'MAD', orders: 0, gross: 5000, refunds: 0, net: 5000 }]],
    ]);
    expect(report.totals).toEqual([
      { currency: 'EUR', orders: 1, gross: 500, refunds: 0, net: 500 },
      { currency: 'MAD', orders: 1, gross: 15000, refunds: 0, net: 15000 },
    ]);
    const csv = await csvLines(await get(`/events?event=festival-${tag}&format=csv`));
    expect(csv[0]).toBe('event,show,title,starts_at,capacity,seats,tickets,currency,orders,gross,refunds,net');
    expect(csv).toContain(`Laughter Festival,show-1-${tag},Show 1,2031-09-01T20:00:00.000Z,100,2,3,MAD,1,100,0,100`);
    expect((await json(EventsReport, `/events?event=festival-${tag}&from=2031-09-02&to=2031-09-30`)).shows.map((s) => s.id)).toEqual([s2]);
    expect((await get('/events?event=no-such-festival')).status).toBe(404);
    expect(bucketsOf({ from: '2031-09-01', to: '2031-09-02', granularity: 'day' })).toEqual(['2031-09-01', '2031-09-02']);
  });
});
