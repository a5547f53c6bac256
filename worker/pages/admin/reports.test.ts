// The console's reports page (issue 32) through the whole worker, as a browser without JavaScript
// sees it: each report with its chart, its table and its CSV link; revenue per currency net of
// refunds; a report the API refuses for the period says so while the others show; Arabic mirrors;
// staff without reports.read get 403, visitors without a console session go to sign in.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../rules/money';
import { translate } from '../../i18n';
import { staffMember } from '../../test/staff';
import { call, type Jar } from '../../test/site';

const en = translate('en');
const ar = translate('ar');

async function jarOf(roles: string[]): Promise<Jar> {
  const staff = await staffMember(roles);
  return new Map([['staff', staff.token]]);
}

/** An accepted, invoiced sale on `at` (as settle.ts leaves it), and optionally a refund made on `refundAt`. */
async function sale(at: string, amount: number, currency: 'MAD' | 'EUR', refund?: { amount: number; at: string }): Promise<void> {
  const user = crypto.randomUUID();
  const tx = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, lang, created_at) VALUES (?1, ?2, 'x', 'fr', '2025-01-01T00:00:00.000Z')").bind(user, `r-${user}@example.com`),
    env.DB.prepare(
      `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at)
       VALUES (?1, ?2, 5, 'subscribe', 'cmi', 'card', ?3, ?4, 0, 'accepted', ?5, ?5)`,
    ).bind(tx, user, amount, currency, at),
    env.DB.prepare(
      `INSERT INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end)
       SELECT COALESCE(MAX(number), 0) + 1, ?1, ?2, ?3, 'fr', ?3, datetime(?3, '+90 days') FROM invoices`,
    ).bind(tx, user, at),
    ...(refund
      ? [
          env.DB.prepare(
            `INSERT INTO refunds (id, idempotency_key, transaction_id, user_id, provider, method, amount, currency, effect, reason, state, attempted_at, created_at, decided_at)
             VALUES (?1, ?1, ?2, ?3, 'cmi', 'card', ?4, ?5, 'keep', 'test refund', 'done', ?6, ?6, ?6)`,
          ).bind(crypto.randomUUID(), tx, user, refund.amount, currency, refund.at),
        ]
      : []),
  ]);
}

const PERIOD = 'from=2026-02-01&to=2026-02-28&granularity=day';
const seeded = (async () => {
  await sale('2026-02-03T10:00:00.000Z', 15900, 'MAD', { amount: 7950, at: '2026-02-10T09:00:00.000Z' });
  await sale('2026-02-04T10:00:00.000Z', 1999, 'EUR');
})();

describe('the reports page', () => {
  it('shows every report, revenue per currency net of refunds, each with its chart, table and CSV link', async () => {
    await seeded;
    const { res, html } = await call(`/admin/reports?${PERIOD}&lang=en`, {}, await jarOf(['finance']));
    expect(res.status).toBe(200);
    expect(html).toContain(`<h1 id="reports-title">${en('ADMIN_REPORTS_TITLE')}</h1>`);
    // The section in the console's navigation, marked current.
    expect(html).toMatch(/<a href="\/admin\/reports" aria-current="page">Reports<\/a>/);
    for (const key of ['ADMIN_REPORTS_REVENUE', 'ADMIN_REPORTS_SUBSCRIBERS', 'ADMIN_REPORTS_TRIALS', 'ADMIN_REPORTS_CHURN', 'ADMIN_REPORTS_LIBRARIES', 'ADMIN_REPORTS_EVENTS']) expect(html).toContain(en(key));
    // One chart per currency, never one mixing them; the figures beside it.
    expect(html).toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'MAD' }));
    expect(html).toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'EUR' }));
    expect(html).not.toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'USD' }));
    const madTable = html.slice(html.indexOf(en('ADMIN_REPORTS_REVENUE_TABLE', { currency: 'MAD' })));
    expect(madTable).toContain(formatMoney('en', 15900, 'MAD'));
    expect(madTable).toContain(formatMoney('en', -7950, 'MAD'));
    expect(madTable).toContain(formatMoney('en', 7950, 'MAD'));
    expect(html).toContain(formatMoney('en', 1999, 'EUR'));
    // Charts are images with a name and a summary, their figures in a table.
    expect(html).toMatch(/<svg class="chart__svg"[^>]*role="img"/);
    expect(html).toContain('<table class="chart-table visually-hidden">');
    // Each report's CSV, with the page's filter.
    for (const report of ['revenue', 'subscribers', 'mrr', 'trials', 'churn', 'ads', 'libraries', 'events']) {
      expect(html).toContain(`href="/admin/reports/${report}.csv?from=2026-02-01&amp;to=2026-02-28&amp;granularity=day&amp;by=total"`);
    }
  });

  it('splits revenue by method and keeps a currency asked for', async () => {
    await seeded;
    const { html } = await call(`/admin/reports?${PERIOD}&by=method&currency=MAD&lang=en`, {}, await jarOf(['finance']));
    expect(html).toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'MAD' }));
    expect(html).not.toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'EUR' }));
    expect(html).toMatch(/<th scope="row"><bdi dir="ltr">card<\/bdi><\/th>/);
    expect(html).toContain('<option value="method" selected="">');
  });

  it('says why one report cannot be shown for the period while the others show', async () => {
    await seeded;
    const { res, html } = await call('/admin/reports?from=2025-11-01&to=2026-02-28&granularity=day&lang=en', {}, await jarOf(['finance']));
    expect(res.status).toBe(200);
    // Over 60 daily points: subscribers and churn refuse, revenue shows.
    expect(html.split(en('ADMIN_REPORTS_PERIOD_TOO_LONG')).length - 1).toBe(2);
    expect(html).toContain(en('ADMIN_REPORTS_REVENUE_CHART', { currency: 'MAD' }));
  });

  it('is in Arabic, right to left, with amounts kept left to right', async () => {
    await seeded;
    const { html } = await call(`/admin/reports?${PERIOD}&lang=ar`, {}, await jarOf(['finance']));
    expect(html).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    expect(html).toContain(ar('ADMIN_REPORTS_TITLE'));
    expect(html).toContain(`<bdi dir="ltr">${formatMoney('ar', 7950, 'MAD')}</bdi>`);
    expect(html).toMatch(/<svg class="chart__svg"[^>]*direction="rtl"/);
  });

  it('answers its CSV files from the API, with a byte order mark', async () => {
    await seeded;
    const { res, html } = await call(`/admin/reports/revenue.csv?${PERIOD}`, {}, await jarOf(['finance']));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('revenue-total-2026-02-01');
    expect(html).toContain('2026-02-10,MAD,total,,0,0,79.5,-79.5');
    expect(html).toContain('2026-02-03,MAD,total,,1,159,0,159');
    expect((await call(`/admin/reports/nothing.csv?${PERIOD}`, {}, await jarOf(['finance']))).res.status).toBe(404);
  });

  it('refuses staff without reports.read (403) and sends visitors without a console session to sign in', async () => {
    const support = await jarOf(['support']);
    const page = await call(`/admin/reports?${PERIOD}`, {}, support);
    expect(page.res.status).toBe(403);
    expect(page.html).toContain(en('ADMIN_FORBIDDEN'));
    expect(page.html).not.toContain('href="/admin/reports"');
    expect((await call(`/admin/reports/revenue.csv?${PERIOD}`, {}, support)).res.status).toBe(403);
    const anonymous = await call(`/admin/reports?${PERIOD}`);
    expect(anonymous.res.status).toBe(303);
    expect(anonymous.res.headers.get('location')).toMatch(/^\/admin\/login\?back=/);
  });
});
