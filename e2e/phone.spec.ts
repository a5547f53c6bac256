import { expect, test } from './fixtures';
import { text } from './text';

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

test.describe('Subscribe in the phone bar', () => {
  for (const lang of ['en', 'ar', 'fr'] as const) {
    test(`a guest and a free member see Subscribe in the compact bar, beside the other buttons (${lang})`, async ({ page }) => {
      for (const who of ['guest', 'member']) {
        if (who === 'member') {
          const email = `e2e-phone-${crypto.randomUUID().slice(0, 8)}@example.com`;
          expect((await page.request.post('/api/auth/register', { data: { email, password: 'Sesame123', profile: { username: 'Salma' } } })).status()).toBe(201);
          expect((await page.request.post('/api/auth/login', { data: { login: email, password: 'Sesame123' } })).status()).toBe(200);
        }
        await page.goto(`/?lang=${lang}`);
        const subscribe = page.locator('.top-bar').getByRole('link', { name: text(lang, 'SUBSCRIBE') });
        await expect(subscribe).toBeVisible();
        // No two of the bar's controls overlap (the logo, menu, search, Subscribe, language, bell, account).
        const overlaps = await page.locator('.top-bar').evaluate((bar) => {
          const boxes = [...bar.querySelectorAll<HTMLElement>('a, summary, button')]
            .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0 && !el.closest('.top-bar__nav, .mobile-menu__drawer'))
            .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', r: el.getBoundingClientRect() }));
          return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5).map((b) => `${a.name} × ${b.name}`));
        });
        expect(overlaps, `${who} ${lang}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `e2e/screenshots/bar-${who}-${lang}-phone.png`, clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: 72 } });
      }
    });
  }
});
