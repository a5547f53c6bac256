import type { Browser, Page } from '@playwright/test';
import { grantByCli, noSeriousViolations, PASSWORD, register, signIn, TABLET } from './console';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The customer's whole story in the console (issue 32), as support uses it in English and Arabic:
 * a customer leaves a cash voucher unpaid (through the site's API); support, given the role by the
 * CLI, signs in with a second factor, finds the customer from the voucher reference, reads the
 * story, suspends the account with a reason (desktop) and reinstates it (tablet); an administrator
 * sees both in the audit log. Axe on every page.
 */

const DESKTOP = { width: 1280, height: 900 };

/** A customer in a browser of their own: registered, signed in, a cash voucher for a plan in dirhams. */
async function customerWithVoucher(browser: Browser): Promise<{ email: string; voucherRef: string }> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const email = `e2e-customer-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await context.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Zineb' } } })).status()).toBe(201);
  expect((await context.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  const plans = (await (await context.request.get('/api/payments/plans')).json()) as { id: number; trial_days: number; kind?: string; prices: Record<string, number> }[];
  // A plan paid at once (a free trial would first ask for a verified address).
  const plan = plans.find((p) => p.trial_days === 0 && (p.kind ?? 'subscription') === 'subscription' && (p.prices.MAD ?? 0) > 0);
  expect(plan, 'a plan without a free trial sold in dirhams').toBeTruthy();
  const res = await context.request.post(`/api/payments/subscription/${plan!.id}`, { data: { method: 'cash', currency: 'MAD' } });
  expect(res.status(), await res.text()).toBe(200);
  const { transaction } = (await res.json()) as { transaction: { id: string } };
  // The voucher's reference, as its page prints it for the counter.
  const voucherRef = ((await (await context.request.get(`/api/payments/transactions/${transaction.id}`)).json()) as { voucher_ref: string | null }).voucher_ref;
  expect(voucherRef).toBeTruthy();
  await context.close();
  return { email, voucherRef: voucherRef! };
}

/** One action's form on the customer's page: the reason, the confirmation, the button. */
async function act(page: Page, lang: Lang, title: string, confirm: string, button: string, reason: string): Promise<void> {
  const form = page.locator('form', { has: page.getByRole('heading', { name: text(lang, title) }) });
  await form.getByLabel(text(lang, 'ADMIN_REASON')).fill(reason);
  await form.getByLabel(text(lang, confirm)).check();
  await form.getByRole('button', { name: text(lang, button) }).click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`support finds a customer from a voucher reference, reads the story, suspends and reinstates; the audit log has both (${lang})`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const customer = await customerWithVoucher(browser);
    const supportEmail = await register(page, 'support');
    const adminEmail = await register(page, 'admin');
    grantByCli(supportEmail, 'support');
    grantByCli(adminEmail, 'administrator');

    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/customers?lang=${lang}`);
    await expect(page).toHaveURL(/\/admin\/login\?back=%2Fadmin%2Fcustomers/);
    await signIn(page, lang, supportEmail);
    await page.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
    await expect(page).toHaveURL(/\/admin\/customers(\?|$)/);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(text(lang, 'ADMIN_CUSTOMERS_START'))).toBeVisible();
    await noSeriousViolations(page, 'customers, empty');

    // The voucher reference the customer reads from their voucher finds the account.
    await page.getByLabel(text(lang, 'ADMIN_CUSTOMERS_SEARCH')).fill(customer.voucherRef);
    await page.getByRole('button', { name: text(lang, 'ADMIN_CUSTOMERS_FIND') }).click();
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText(text(lang, 'ADMIN_CUSTOMERS_MATCH_VOUCHER'));
    await expect(row).toContainText(customer.voucherRef);
    // Sorted and filtered: the newest accounts first, the active ones only; the filters stay on the page.
    await page.getByLabel(text(lang, 'ADMIN_CUSTOMERS_LIST_SORT')).selectOption('newest');
    await page.getByLabel(text(lang, 'ADMIN_CUSTOMERS_STATUS')).selectOption('active');
    await page.getByRole('button', { name: text(lang, 'ADMIN_CUSTOMERS_FIND') }).click();
    await expect(page).toHaveURL(/sort=newest&status=active/);
    await expect(row).toContainText(text(lang, 'ADMIN_CUSTOMERS_MATCH_VOUCHER'));
    await expect(page.getByText(text(lang, 'ADMIN_CUSTOMERS_FOUND', { count: 1 }))).toBeVisible();
    await noSeriousViolations(page, 'customers, found');
    await page.screenshot({ path: `e2e/screenshots/admin-customers-${lang}-desktop.png`, fullPage: true });
    await page.setViewportSize(TABLET);
    await page.screenshot({ path: `e2e/screenshots/admin-customers-${lang}-tablet.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The story: the account's creation and the voucher's payment, filtered to payments.
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/customers\/[\w-]+$/);
    const customerPath = new URL(page.url()).pathname;
    const customerId = customerPath.split('/').pop() ?? '';
    const story = page.getByRole('region', { name: text(lang, 'ADMIN_CUSTOMERS_STORY') }).or(page.locator('.console__customers-story'));
    await expect(story.getByText(text(lang, 'ADMIN_CUSTOMERS_KIND_ACCOUNT_REGISTERED'))).toBeVisible();
    await expect(story).toContainText(customer.voucherRef);
    await noSeriousViolations(page, 'customer');
    await page.getByLabel(text(lang, 'ADMIN_CUSTOMERS_STORY_ABOUT')).selectOption('payments');
    await page.locator('.console__customers-story').getByRole('button', { name: text(lang, 'ADMIN_FILTER') }).click();
    await expect(page).toHaveURL(/source=payments/);
    await expect(story).toContainText(customer.voucherRef);
    await expect(story.getByText(text(lang, 'ADMIN_CUSTOMERS_KIND_ACCOUNT_REGISTERED'))).toHaveCount(0);

    // Suspended with a reason, on a desktop.
    await act(page, lang, 'ADMIN_CUSTOMERS_ACTION_SUSPEND', 'ADMIN_CUSTOMERS_SUSPEND_CONFIRM', 'ADMIN_CUSTOMERS_SUSPEND', 'Chargeback reported by the bank');
    await expect(page.getByText(text(lang, 'ADMIN_CUSTOMERS_DONE_SUSPEND'))).toBeVisible();
    await expect(page.locator('.console__customers-head')).toContainText(text(lang, 'ADMIN_CUSTOMERS_SUSPENDED'));
    await noSeriousViolations(page, 'customer, suspended');
    await page.screenshot({ path: `e2e/screenshots/admin-customer-${lang}-desktop.png`, fullPage: true });

    // Reinstated with a reason, on a tablet.
    await page.setViewportSize(TABLET);
    await act(page, lang, 'ADMIN_CUSTOMERS_ACTION_REINSTATE', 'ADMIN_CUSTOMERS_REINSTATE_CONFIRM', 'ADMIN_CUSTOMERS_REINSTATE', 'The bank withdrew the chargeback');
    await expect(page.getByText(text(lang, 'ADMIN_CUSTOMERS_DONE_REINSTATE'))).toBeVisible();
    await expect(page.locator('.console__customers-head')).toContainText(text(lang, 'ADMIN_CUSTOMERS_ACTIVE'));
    await noSeriousViolations(page, 'customer, reinstated');
    await page.screenshot({ path: `e2e/screenshots/admin-customer-${lang}-tablet.png`, fullPage: true });

    // An administrator reads both in the audit log.
    const other = await browser.newContext({ locale: 'en-US', viewport: TABLET });
    const admin = await other.newPage();
    await admin.goto(`/admin/audit?lang=${lang}&entity_id=${customerId}`);
    await signIn(admin, lang, adminEmail);
    await admin.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
    await expect(admin).toHaveURL(/\/admin\/audit\?/);
    const rows = admin.getByRole('row');
    await expect(rows.filter({ hasText: 'customer.suspend' }).filter({ hasText: supportEmail }).filter({ hasText: 'Chargeback reported by the bank' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'customer.reinstate' }).filter({ hasText: supportEmail }).filter({ hasText: 'The bank withdrew the chargeback' })).toHaveCount(1);
    await noSeriousViolations(admin, 'audit');
    await admin.screenshot({ path: `e2e/screenshots/admin-customers-audit-${lang}-tablet.png`, fullPage: true });
    await other.close();
  });
}
