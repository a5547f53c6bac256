import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * What a buyer is told, and where they come back to: a guest on a premium live channel subscribes
 * and comes back to that channel (never to a /content page that does not exist); a ticket pack paid
 * by mobile payment says the tickets are ready, not "you are subscribed".
 */

const PASSWORD = 'Sesame123';
const PREMIUM_CHANNEL = 'tafrij-plus';

async function createAccount(page: Page, lang: Lang): Promise<void> {
  await page.fill('#field-email', `e2e-msg-${lang}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await page.fill('#field-password', PASSWORD);
  await page.fill('#field-password_confirmation', PASSWORD);
  await page.check('#field-terms');
  await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();
}

const planCard = (page: Page, name: string) => page.locator('.plan', { has: page.getByRole('heading', { name, exact: true }) });

test.describe('purchase messages', () => {
  test('en: a guest on a premium channel → Subscribe → account → plan → paid → back to the channel, which plays', async ({ page }) => {
    const lang: Lang = 'en';
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    const refused = await page.goto(`/tv/${PREMIUM_CHANNEL}?lang=${lang}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('link', { name: text(lang, 'TV_ALL_CHANNELS') })).toHaveAttribute('href', '/tv');
    await page.locator('.player-refusal').getByRole('link', { name: text(lang, 'SUBSCRIBE') }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription\\?returnTo=${encodeURIComponent(`/tv/${PREMIUM_CHANNEL}`)}`));
    await planCard(page, '3 months').getByRole('link', { name: text(lang, 'CREATE_ACCOUNT_TO_SUBSCRIBE') }).click();
    await createAccount(page, lang);
    await page.waitForURL(/\/subscription\?(.*&)?plan=/);
    await planCard(page, '3 months').getByRole('button', { name: text(lang, 'CHOOSE_PLAN') }).click();
    await page.waitForURL(/\/payments\/sandbox\//);
    await page.fill('#card', '4242424242424242');
    await page.check('input[name=outcome][value=approve]');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/bravoPage\?tx=/);
    await page.getByRole('link', { name: text(lang, 'BACK_TO_CHANNEL') }).click();
    await expect(page).toHaveURL(new RegExp(`/tv/${PREMIUM_CHANNEL}$`));
    await expect(page.locator('.player-refusal')).toHaveCount(0);
    await expect(page.locator('video')).toBeAttached();
  });

  test('fr: a ticket pack paid by mobile payment: the toast says the tickets are ready, not "subscribed"', async ({ page }) => {
    const lang: Lang = 'fr';
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    await page.goto(`/register?lang=${lang}&redirect=${encodeURIComponent('/subscription?currency=MAD')}`);
    await createAccount(page, lang);
    await page.waitForURL(/\/subscription/);
    const pack = planCard(page, '5 tickets');
    await pack.getByRole('radio', { name: new RegExp(text(lang, 'PAYMENT_METHOD_MOBILE')) }).check();
    await pack.getByRole('button', { name: text(lang, 'BUY_TICKETS') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'MOBILE_PAY_TITLE'));
    const national = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`;
    await page.getByLabel(text(lang, 'MOBILE_PAY_NUMBER')).fill(national);
    await page.getByRole('button', { name: text(lang, 'MOBILE_PAY_SEND_CODE') }).click();
    await page.waitForURL(/\/payments\/mobile\/[0-9a-f-]{36}$/);
    const codePage = page.url();
    await page.goto(`/dev/outbox?to=${encodeURIComponent(`+212${national}`)}`);
    const code = /(?<!\d)\d{6}(?!\d)/.exec(await page.getByTestId('outbox-message').first().innerText())?.[0] ?? '';
    await page.goto(codePage);
    await page.getByLabel(text(lang, 'VERIFICATION_CODE')).fill(code);
    await page.getByRole('button', { name: text(lang, 'MOBILE_PAY_CONFIRM') }).click();
    await page.waitForURL(/\/bravoPage\?tx=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'TICKETS_ADDED_TITLE'));
    await expect(page.locator('.toast--success')).toContainText(text(lang, 'TICKETS_ADDED_TOAST'));
    await expect(page.locator('.toast', { hasText: text(lang, 'YOU_SUBSCRIBED') })).toHaveCount(0);
    await expect(page.locator('.bravo__lead')).toHaveText(text(lang, 'TICKETS_ADDED', { count: 5, credits: 5 }));
  });
});
