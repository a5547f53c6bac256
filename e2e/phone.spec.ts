import { expect, test } from './fixtures';

test.describe('on a phone', () => {
  test('the responsive bar opens the mobile menu', async ({ page }) => {
    await page.goto('/?lang=ar');
    await expect(page.locator('.top-bar__nav')).toBeHidden();
    await page.locator('.mobile-menu summary').click();
    const drawer = page.locator('.mobile-menu__drawer');
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/menu-ar-phone.png' });
    await drawer.getByRole('link', { name: 'أفلام' }).click();
    await expect(page).toHaveURL(/\/category\/films/);
  });

  test('home in Arabic and English fits the screen', async ({ page }) => {
    for (const lang of ['ar', 'en']) {
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('.hero__title')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `e2e/screenshots/home-${lang}-phone.png` });
    }
  });
});
