import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, grantByCli, noSeriousViolations, PASSWORD, register, signInFirstTime, TABLET } from './console';
import { expect, test } from './fixtures';
import { BASE_URL, PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The refund-due queue (issue 32), in English and Arabic at desktop and tablet sizes: a customer
 * buys a seat for a show, and while the sandbox's payment page is open the hold runs out and the
 * show's last seats go; the payment then arrives, so the order ends `refund_due`. Finance finds it
 * in the queue, refunds it in whole after a confirmation, sees it leave the queue; the customer's
 * timeline shows the order refunded; the audit log has the refund with who and why.
 *
 * A browser cannot wait out a 10-minute hold nor sell a whole show, so two steps go through the
 * server's own database (wrangler d1 on its persisted state, as e2e/moroccan-payments.spec.ts does):
 * the hold's end is moved into the past before the cron runs (wrangler dev --test-scheduled), and
 * the show's capacity is set to 0 until the payment has arrived, then put back.
 */

const FESTIVAL = 'marrakech-comedy-festival';
const SHOW = 'closing-young-talents';
const SHOW_TITLE = { en: 'Closing night: young talents', ar: 'حفل الاختتام: المواهب الشابة' } as const;
const CAPACITY = 600;
const SEAT: Record<'en' | 'ar', string> = { en: 'Seat in the venue', ar: 'مقعد في القاعة' };
const REASON: Record<'en' | 'ar', string> = { en: 'Seats were gone when the payment arrived', ar: 'نفدت المقاعد عند وصول الدفع' };

const d1 = (sql: string) => execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', `.wrangler/e2e-${PORT}`, '--command', sql], { cwd: new URL('..', import.meta.url), stdio: 'pipe' });
const shot = (page: Page, name: string, lang: Lang, size: 'desktop' | 'tablet') => page.screenshot({ path: `e2e/screenshots/admin-${name}-${lang}-${size}.png`, fullPage: true });

/** A customer's seat paid after the hold ran out and the show sold out: answers the customer's email and the order id. */
async function orderPaidTooLate(browser: Browser, lang: 'en' | 'ar'): Promise<{ email: string; orderId: string }> {
  const context = await browser.newContext({ locale: lang === 'ar' ? 'ar-MA' : 'en-US' });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  const page = await context.newPage();
  const email = `e2e-due-${lang}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post(`/api/auth/register?lang=${lang}`, { data: { email, password: PASSWORD, profile: { username: 'Buyer' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);

  await page.goto(`/events/${FESTIVAL}/${SHOW}?lang=${lang}`);
  const venue = page.locator('fieldset', { hasText: SEAT[lang] }).first();
  await venue.getByLabel(text(lang, 'TICKET_QUANTITY')).selectOption('1');
  await page.getByLabel(text(lang, 'CURRENCY')).selectOption('MAD');
  await page.getByRole('button', { name: text(lang, 'EVENT_PAY') }).click();
  await page.waitForURL(/\/payments\/sandbox\//);
  await page.fill('#card', '4242424242424242');
  await page.check('input[name=outcome][value=approve]');

  // While the payment page is open: the hold runs out (the cron gives its seat back), and the show sells out.
  d1(`UPDATE orders SET hold_expires_at = '2000-01-01T00:00:00.000Z' WHERE state = 'held' AND user_id = (SELECT id FROM users WHERE email = '${email}')`);
  expect((await page.request.get('/__scheduled?cron=*+*+*+*+*')).status()).toBe(200);
  d1(`UPDATE event_shows SET capacity = 0 WHERE slug = '${SHOW}'`);
  try {
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/events\/orders\//);
    await expect(page.getByText(text(lang, 'ORDER_STATE_REFUND_DUE'))).toBeVisible();
  } finally {
    d1(`UPDATE event_shows SET capacity = ${CAPACITY} WHERE slug = '${SHOW}'`);
  }
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await context.close();
  return { email, orderId };
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
});

for (const lang of ['en', 'ar'] as const) {
  test(`finance resolves a refund_due event order by a refund; the timeline and the audit log show it (${lang})`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    const { email, orderId } = await orderPaidTooLate(browser, lang);
    expect(orderId).not.toBe('');

    const financeEmail = await register(page, 'finance');
    grantByCli(financeEmail, 'finance');
    await page.setViewportSize(DESKTOP);
    await page.goto(`/admin/refunds/due?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await signInFirstTime(page, lang, financeEmail);
    await expect(page).toHaveURL(/\/admin\/refunds\/due(\?|$)/);

    // The order is in the queue: an event order, 150.00 MAD captured and refundable.
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text(lang, 'ADMIN_REFUNDS_DUE_ORDER'));
    await expect(row).toContainText('150.00');
    await noSeriousViolations(page, 'refund due queue');
    await shot(page, 'refund-due-queue', lang, 'desktop');
    await page.setViewportSize(TABLET);
    await noSeriousViolations(page, 'refund due queue (tablet)');
    await shot(page, 'refund-due-queue', lang, 'tablet');
    await page.setViewportSize(DESKTOP);

    // Resolved by a refund of the whole payment, after a confirmation.
    await row.getByRole('link', { name: new RegExp(`^${text(lang, 'ADMIN_REFUNDS_DUE_REFUND')}`) }).click();
    await expect(page).toHaveURL(/\/admin\/refunds\/payments\//);
    const amount = page.getByLabel(text(lang, 'ADMIN_REFUNDS_AMOUNT_IN', { currency: 'MAD' }));
    await expect(amount).toHaveValue('150.00');
    await noSeriousViolations(page, 'owed payment');
    await shot(page, 'refund-due-payment', lang, 'desktop');
    await page.getByLabel(text(lang, 'ADMIN_REASON')).fill(REASON[lang]);
    await page.getByRole('button', { name: text(lang, 'ADMIN_REFUNDS_REVIEW') }).click();
    const confirm = page.locator('.console__refunds-confirm');
    await expect(confirm).toContainText('150.00');
    await noSeriousViolations(page, 'owed payment confirmation');
    await confirm.getByRole('button', { name: text(lang, 'ADMIN_REFUNDS_CONFIRM') }).click();
    await expect(page.locator('.toasts')).toContainText(text(lang, 'ADMIN_REFUNDS_DONE'));
    await expect(page.locator('.console__refunds-made a')).toHaveAttribute('href', /credit-notes\/[A-Z]+-\d{4}-\d{6}\.pdf$/);
    await page.setViewportSize(TABLET);
    await noSeriousViolations(page, 'owed payment refunded (tablet)');
    await shot(page, 'refund-due-refunded', lang, 'tablet');
    await page.setViewportSize(DESKTOP);

    // It left the queue.
    await page.goto(`/admin/refunds/due?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'ADMIN_REFUNDS_DUE') })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

    // The customer's timeline: the event order is refunded.
    await page.goto(`/admin/customers?q=${encodeURIComponent(email)}&lang=${lang}`);
    await page.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/customers\/[^/?]+/);
    const story = page.locator('.console__customers-story');
    await expect(story).toContainText(text(lang, 'ADMIN_CUSTOMERS_STORY'));
    await expect(story.locator('li, tr').filter({ hasText: 'refunded' }).filter({ hasText: '150' }).first()).toBeVisible();
    // The order is named by its show's title in the console's language (scripts/seed/events.ts).
    await expect(story.locator('li, tr').filter({ hasText: SHOW_TITLE[lang] }).filter({ hasText: 'refunded' }).first()).toBeVisible();
    // …and the refund itself, with why, as the back office's action on the account.
    await expect(story.locator('li, tr').filter({ hasText: 'refund.create' }).filter({ hasText: REASON[lang] })).toHaveCount(1);
    await noSeriousViolations(page, 'customer');
    await shot(page, 'refund-due-customer', lang, 'desktop');

    // The audit log: the refund, by finance, with its reason.
    await page.setViewportSize(TABLET);
    await page.goto(`/admin/audit?lang=${lang}`);
    await expect(page.getByRole('row').filter({ hasText: 'refund.create' }).filter({ hasText: financeEmail }).filter({ hasText: REASON[lang] })).toHaveCount(1);
    await noSeriousViolations(page, 'audit');
    await shot(page, 'refund-due-audit', lang, 'tablet');
  });
}
