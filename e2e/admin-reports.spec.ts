import { execFileSync } from 'node:child_process';
import { DESKTOP, grantByCli, noSeriousViolations, register, signInFirstTime, TABLET } from './console';
import { expect, test } from './fixtures';
import { PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The console's reports (issue 32) as finance reads them: a finance officer (made by the CLI) signs
 * in with a second factor and lands on the reports; the last 12 months by month, then a few days by
 * day: revenue per currency net of a half refund, each chart with its table and CSV file. English
 * and Arabic, desktop and tablet, axe with no serious violation, screenshots of each.
 */

const ROOT = new URL('..', import.meta.url);

/** SQL on this server's database, as an operator would run it. */
function sql(command: string): void {
  execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', `.wrangler/e2e-${PORT}`, '--command', command], { cwd: ROOT, stdio: 'pipe' });
}

/**
 * A card payment in MAD on `day` (accepted, invoiced) with half of it refunded two days later, and one
 * in EUR. Its ids are the day's own, so writing it again (a new worker after a failure) changes nothing.
 */
function sales(day: string, refundDay: string): void {
  const [u, t1, t2] = [`e2e-buyer-${day}`, `e2e-sale-mad-${day}`, `e2e-sale-eur-${day}`];
  sql(
    [
      `INSERT OR IGNORE INTO users (id, email, password_hash, lang, created_at) VALUES ('${u}', 'buyer-${u}@example.com', 'x', 'fr', '2025-01-01T00:00:00.000Z')`,
      `INSERT OR IGNORE INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at) VALUES ('${t1}', '${u}', 5, 'subscribe', 'cmi', 'card', 15900, 'MAD', 0, 'accepted', '${day}T10:00:00.000Z', '${day}T10:00:00.000Z')`,
      `INSERT OR IGNORE INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, trial_days, state, created_at, updated_at) VALUES ('${t2}', '${u}', 4, 'subscribe', 'stripe', 'card', 699, 'EUR', 0, 'accepted', '${day}T12:00:00.000Z', '${day}T12:00:00.000Z')`,
      ...[t1, t2].map((t) => `INSERT OR IGNORE INTO invoices (number, transaction_id, user_id, issued_at, lang, period_start, period_end) SELECT COALESCE(MAX(number), 0) + 1, '${t}', '${u}', '${day}T10:00:00.000Z', 'fr', '${day}T10:00:00.000Z', '${day}T23:00:00.000Z' FROM invoices`),
      `INSERT OR IGNORE INTO refunds (id, idempotency_key, transaction_id, user_id, provider, method, amount, currency, effect, reason, state, attempted_at, created_at, decided_at) VALUES ('${t1}-r', '${t1}-r', '${t1}', '${u}', 'cmi', 'card', 7950, 'MAD', 'keep', 'e2e', 'done', '${refundDay}T09:00:00.000Z', '${refundDay}T09:00:00.000Z', '${refundDay}T09:00:00.000Z')`,
    ].join('; '),
  );
}

const DAYS: Record<'en' | 'ar', [string, string, string]> = { en: ['2026-02-03', '2026-02-05', '2026-02-01'], ar: ['2026-02-10', '2026-02-12', '2026-02-08'] };

// Both languages' past days are written before this file reads a report. The reports sum each ended
// day once (revenue_days, revenue_months): a day another spec's cron run may have summed already is
// summed again, as the operators' docs say to do after correcting past payments by SQL.
test.beforeAll(() => {
  for (const [day, refundDay] of Object.values(DAYS)) sales(day, refundDay);
  const months = [...new Set(Object.values(DAYS).flat().map((day) => day.slice(0, 7)))].map((m) => `'${m}'`).join(', ');
  sql(
    [
      `DELETE FROM revenue_days WHERE substr(day, 1, 7) IN (${months})`,
      `DELETE FROM revenue_days_made WHERE substr(day, 1, 7) IN (${months})`,
      `DELETE FROM revenue_months WHERE month IN (${months})`,
      `DELETE FROM revenue_months_made WHERE month IN (${months})`,
    ].join('; '),
  );
});

for (const lang of ['en', 'ar'] as const) {
  test(`finance reads the reports: revenue per currency net of refunds, charts with tables and CSV (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const [, refundDay, from] = DAYS[lang];
    const email = await register(page, 'finance');
    grantByCli(email, 'finance');

    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/reports?lang=${lang}`);
    await signInFirstTime(page, lang, email);

    // The last 12 months by month.
    await expect(page).toHaveURL(/\/admin\/reports/);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'ADMIN_REPORTS_TITLE') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: text(lang, 'ADMIN_SECTIONS') }).getByRole('link', { name: text(lang, 'ADMIN_REPORTS') })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    for (const key of ['ADMIN_REPORTS_REVENUE', 'ADMIN_REPORTS_SUBSCRIBERS', 'ADMIN_REPORTS_TRIALS', 'ADMIN_REPORTS_CHURN', 'ADMIN_REPORTS_ADS', 'ADMIN_REPORTS_LIBRARIES', 'ADMIN_REPORTS_EVENTS']) {
      await expect(page.getByRole('heading', { level: 2, name: text(lang, key) })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: text(lang, 'ADMIN_REPORTS_REVENUE_CHART', { currency: 'MAD' }) })).toBeVisible();
    await expect(page.getByRole('img', { name: text(lang, 'ADMIN_REPORTS_REVENUE_CHART', { currency: 'EUR' }) })).toBeVisible();
    await noSeriousViolations(page, 'reports by month');
    await page.screenshot({ path: `e2e/screenshots/admin-reports-${lang}-desktop.png`, fullPage: true });

    // A few days by day, through the period picker.
    const form = page.getByRole('search', { name: text(lang, 'ADMIN_REPORTS_PERIOD') });
    await form.getByLabel(text(lang, 'ADMIN_REPORTS_FROM')).fill(from);
    await form.getByLabel(text(lang, 'ADMIN_REPORTS_TO')).fill(refundDay);
    await form.getByLabel(text(lang, 'ADMIN_REPORTS_GRANULARITY')).selectOption('day');
    await form.getByRole('button', { name: text(lang, 'ADMIN_REPORTS_SHOW') }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${refundDay}&granularity=day`));
    const mad = page.getByRole('table', { name: text(lang, 'ADMIN_REPORTS_REVENUE_TABLE', { currency: 'MAD' }) });
    await expect(mad.getByRole('row').last()).toContainText(lang === 'en' ? 'MAD 79.50' : '79.50');
    await expect(mad.getByRole('row').last()).toContainText(lang === 'en' ? 'MAD 159.00' : '159.00');
    await expect(page.getByRole('table', { name: text(lang, 'ADMIN_REPORTS_REVENUE_TABLE', { currency: 'EUR' }) }).getByRole('row').last()).toContainText('6.99');
    await noSeriousViolations(page, 'reports by day');

    await page.setViewportSize(TABLET);
    await page.screenshot({ path: `e2e/screenshots/admin-reports-${lang}-tablet.png`, fullPage: true });

    const href = (await page.getByRole('link', { name: `${text(lang, 'ADMIN_REPORTS_DOWNLOAD_CSV')}: ${text(lang, 'ADMIN_REPORTS_REVENUE')}` }).getAttribute('href')) ?? '';
    const csv = await page.request.get(href);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(`${refundDay},MAD,total,,0,0,79.5,-79.5`);
  });
}
