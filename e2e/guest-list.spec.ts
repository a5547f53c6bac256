import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { text } from './text';

/**
 * Spec §6: guests cannot open My List. The top bar's My List (desktop nav and mobile menu) opens
 * the register-or-login modal for them; without JavaScript it is a link to /favs, which shows the
 * same prompt as a page.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseURL! }]);
});

/** My List is the bar's last entry: in the More menu when the bar has no room for it (a details element: it opens without JavaScript too). */
const openMoreIfShown = async (page: Page): Promise<void> => {
  const more = page.locator('.more-menu__button');
  if (await more.isVisible()) await more.click();
};

test('a guest clicking My List in the top bar gets the register-or-login modal', async ({ page }) => {
  await page.goto('/?lang=en');
  const nav = page.getByRole('navigation', { name: text('en', 'MAIN_MENU') });
  await openMoreIfShown(page);
  await nav.getByRole('link', { name: text('en', 'MY_LIST') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'GUEST_PROMPT_TITLE') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text('en', 'GUEST_LIST'));
  await expect(dialog.getByRole('link', { name: text('en', 'CREATE_ACCOUNT') })).toHaveAttribute('href', /^\/register\?redirect=%2F/);
  await expect(page).toHaveURL(/\/\?lang=en$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/\?lang=en$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('My List in the mobile menu closes the drawer and opens the modal', async ({ page }) => {
    await page.goto('/?lang=ar');
    const summary = page.locator('.mobile-menu summary');
    await summary.click();
    const drawer = page.locator('.mobile-menu__drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: text('ar', 'MY_LIST') }).click();
    const dialog = page.getByRole('dialog', { name: text('ar', 'GUEST_PROMPT_TITLE') });
    await expect(dialog).toContainText(text('ar', 'GUEST_LIST'));
    await expect(drawer).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(summary).toBeFocused();
    await expect(page).toHaveURL(/\/\?lang=ar$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('My List goes to /favs, which shows the prompt page', async ({ page }) => {
    await page.goto('/?lang=en');
    await openMoreIfShown(page);
    await page.getByRole('navigation', { name: text('en', 'MAIN_MENU') }).getByRole('link', { name: text('en', 'MY_LIST') }).click();
    await expect(page).toHaveURL(/\/favs$/);
    await expect(page.getByText(text('en', 'GUEST_LIST'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('en', 'CREATE_ACCOUNT') })).toHaveAttribute('href', '/register?redirect=%2Ffavs');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
