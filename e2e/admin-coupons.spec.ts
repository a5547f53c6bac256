import type { Page } from '@playwright/test';
import { newAccountOnPlans } from './billing';
import { DESKTOP, grantByCli, noSeriousViolations, register, signInFirstTime, TABLET } from './console';
import { expect, test } from './fixtures';
import { text, type Lang } from './text';

/**
 * Coupons and cash reconciliation in the console (issue 32), in English and Arabic, desktop (1280)
 * and tablet (820): finance signs in with a second factor, creates a coupon, generates a batch of 50
 * codes and downloads their CSV; a customer redeems one of them at checkout; the code's page shows
 * that use; a customer asks for a cash voucher and today's reconciliation shows it. Axe on every page.
 */

/** The 3-month plan's name on the plans page. */
const THREE_MONTHS: Record<'en' | 'ar', string> = { en: '3 months', ar: '3 أشهر' };

/** A finance staff member (the CLI grants the role), signed in with the second factor set up on the way. */
async function financeSignsIn(page: Page, lang: Lang): Promise<string> {
  const email = await register(page, 'finance');
  grantByCli(email, 'finance');
  await page.goto(`/admin/coupons?lang=${lang}`);
  await signInFirstTime(page, lang, email);
  await expect(page).toHaveURL(/\/admin\/coupons(\?|$)/);
  return email;
}


const planCard = (page: Page, name: string) => page.locator('.plan', { has: page.getByRole('heading', { name, exact: true }) });

for (const lang of ['en', 'ar'] as const) {
  test(`finance: a coupon, a batch of 50 codes and its CSV, one redeemed at checkout and its use shown; today's voucher in the reconciliation (${lang})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await financeSignsIn(page, lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'ADMIN_COUPONS'));
    await noSeriousViolations(page, 'coupons');

    // One coupon, its code typed.
    const code = `E2E${lang.toUpperCase()}${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const create = page.locator('form', { has: page.getByRole('heading', { name: text(lang, 'ADMIN_COUPONS_CREATE') }) });
    await create.getByLabel(text(lang, 'ADMIN_COUPONS_CODE')).fill(code);
    await create.getByLabel(text(lang, 'ADMIN_COUPONS_KIND'), { exact: true }).selectOption('percent');
    await create.getByLabel(text(lang, 'ADMIN_COUPONS_VALUE'), { exact: true }).fill('20');
    await create.getByLabel(text(lang, 'ADMIN_COUPONS_QUOTA')).fill('100');
    await create.getByLabel(text(lang, 'ADMIN_REASON')).fill('Spring campaign');
    await create.getByRole('button', { name: text(lang, 'ADMIN_COUPONS_CREATE_BUTTON') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/coupons/${code}$`));
    await expect(page.getByText(text(lang, 'ADMIN_COUPONS_CREATED'))).toBeVisible();
    await expect(page.getByText(text(lang, 'ADMIN_COUPONS_USES_EMPTY'))).toBeVisible();
    await noSeriousViolations(page, 'coupon');
    await page.screenshot({ path: `e2e/screenshots/admin-coupon-${lang}-desktop.png`, fullPage: true });

    // A batch of 50 codes that cover the whole price, one use each; its CSV.
    await page.getByRole('link', { name: text(lang, 'ADMIN_COUPONS_BACK') }).click();
    const batch = page.locator('form', { has: page.getByRole('heading', { name: text(lang, 'ADMIN_COUPONS_BATCH') }) });
    await batch.getByLabel(text(lang, 'ADMIN_COUPONS_BATCH_COUNT'), { exact: true }).fill('50');
    await batch.getByLabel(text(lang, 'ADMIN_COUPONS_BATCH_PREFIX'), { exact: true }).fill(`B${lang}`);
    await batch.getByLabel(text(lang, 'ADMIN_COUPONS_KIND'), { exact: true }).selectOption('percent');
    await batch.getByLabel(text(lang, 'ADMIN_COUPONS_VALUE'), { exact: true }).fill('100');
    await batch.getByLabel(text(lang, 'ADMIN_REASON')).fill('Partner giveaway');
    await batch.getByRole('button', { name: text(lang, 'ADMIN_COUPONS_BATCH_BUTTON') }).click();
    await expect(page).toHaveURL(/\/admin\/coupons\?batch=[0-9a-f-]{36}$/);
    await expect(page.getByText(text(lang, 'ADMIN_COUPONS_BATCH_MADE_NOTE'))).toBeVisible();
    await expect(page.locator('table').first().locator('tbody tr')).toHaveCount(50);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.console__coupons-batch-note').getByRole('link', { name: text(lang, 'ADMIN_COUPONS_DOWNLOAD_CSV') }).click()]);
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('code,kind,value,currency,starts_at,ends_at,quota,uses');
    const codes = lines.slice(1).map((line) => line.split(',')[0] ?? '');
    expect(new Set(codes).size).toBe(50);
    for (const c of codes) expect(c).toMatch(new RegExp(`^B${lang.toUpperCase()}-[A-Z2-9]{10}$`));
    await noSeriousViolations(page, 'batch');
    await page.screenshot({ path: `e2e/screenshots/admin-coupons-batch-${lang}-desktop.png`, fullPage: true });

    // A customer redeems one code at checkout: premium with nothing to pay.
    const redeemed = codes[7] ?? '';
    const shopper = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const buyer = await shopper.newPage();
    const buyerEmail = await newAccountOnPlans(buyer, lang, 'coupon');
    const card = planCard(buyer, THREE_MONTHS[lang]);
    await card.getByRole('radio', { name: new RegExp(text(lang, 'PAYMENT_METHOD_COUPON')) }).check();
    await card.getByRole('textbox', { name: text(lang, 'COUPON_CODE') }).fill(redeemed.toLowerCase());
    await card.getByRole('button', { name: text(lang, 'CHOOSE_PLAN') }).click();
    await buyer.waitForURL(/\/bravoPage\?tx=/);
    await expect(buyer.locator('.bravo__coupon')).toContainText(redeemed);

    // Another customer asks for a cash voucher (to pay at an agency).
    const voucherBuyer = await shopper.newPage();
    await shopper.clearCookies();
    await newAccountOnPlans(voucherBuyer, lang, 'coupon');
    const cash = planCard(voucherBuyer, THREE_MONTHS[lang]);
    await cash.getByRole('radio', { name: new RegExp(text(lang, 'PAYMENT_METHOD_CASH')) }).check();
    await cash.getByRole('button', { name: text(lang, 'CHOOSE_PLAN') }).click();
    await voucherBuyer.waitForURL(/\/payments\/voucher\/[0-9a-f-]{36}$/);
    await shopper.close();

    // The code's page, on a tablet: who used it, when, which payment.
    await page.setViewportSize(TABLET);
    await page.goto(`/admin/coupons?q=${redeemed}&lang=${lang}`);
    await page.getByRole('link', { name: redeemed }).click();
    const use = page.locator('section[aria-labelledby="uses-title"] tbody tr').filter({ hasText: buyerEmail });
    await expect(use).toHaveCount(1);
    await expect(use).toContainText(text(lang, 'PAYMENT_STATE_ACCEPTED'));
    await noSeriousViolations(page, 'coupon uses');
    await page.screenshot({ path: `e2e/screenshots/admin-coupon-uses-${lang}-tablet.png`, fullPage: true });

    // Today's reconciliation shows the voucher issued (and waiting for the agency), desktop then tablet.
    await page.getByRole('link', { name: text(lang, 'ADMIN_RECON') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'ADMIN_RECON'));
    const vouchers = page.locator('section[aria-labelledby="recon-vouchers"] tbody tr').filter({ hasText: 'MAD' });
    await expect(vouchers).toHaveCount(1);
    await noSeriousViolations(page, 'reconciliation tablet');
    await page.screenshot({ path: `e2e/screenshots/admin-reconciliation-${lang}-tablet.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await noSeriousViolations(page, 'reconciliation desktop');
    await page.screenshot({ path: `e2e/screenshots/admin-reconciliation-${lang}-desktop.png`, fullPage: true });

    // The change is in the audit log, with its reason.
    const audit = await page.request.get('/admin/audit.csv?action=coupon.batch');
    expect(await audit.text()).toContain('Partner giveaway');
  });
}
