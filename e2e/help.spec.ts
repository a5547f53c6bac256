import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text } from './text';

/**
 * The help centre (issue 15) as a viewer uses it: in Arabic, "كلمة السر" typed in the search box
 * suggests the password article, chosen with the keyboard (combobox, aria-activedescendant); in
 * French, "mot de passe" searched with the form; the article is voted helpful (a POST form), and
 * "Contact us" carries the contact subject of the article's category. Without JavaScript the same
 * search and vote work as plain forms.
 */

const noBanner = (page: Page) => page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);

async function noSeriousViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Arabic: "كلمة السر" suggests the password article, chosen with the keyboard; vote and contact', async ({ page }) => {
  await noBanner(page);
  await page.goto('/page/help-center?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'HELP_CENTER') })).toBeVisible();

  const box = page.getByRole('combobox', { name: text('ar', 'HELP_SEARCH_LABEL') });
  await box.click();
  await box.pressSequentially('كلمة السر', { delay: 30 });
  const option = page.getByRole('option', { name: 'نسيت كلمة السر' });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(await page.getByRole('option').count()).toBeLessThanOrEqual(5);
  await noSeriousViolations(page);

  // ↓ until the password article is the active option, then Enter opens it.
  for (let i = 0; i < 5 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/page\/help-center\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'نسيت كلمة السر' })).toBeVisible();

  await page.getByRole('button', { name: text('ar', 'HELP_YES') }).click();
  await expect(page).toHaveURL(/\/page\/help-center\/forgot-password\?voted=1$/);
  await expect(page.getByText(text('ar', 'HELP_THANKS'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('ar', 'CONTACT') }).and(page.locator('[data-help-contact]'))).toHaveAttribute('href', '/contact?subject=account');
});

test('French: "mot de passe" searched with the form finds the password article; Escape closes the suggestions', async ({ page }) => {
  await noBanner(page);
  await page.goto('/page/help-center?lang=fr');
  const box = page.getByRole('combobox', { name: text('fr', 'HELP_SEARCH_LABEL') });
  await box.click();
  await box.pressSequentially('mot de passe', { delay: 20 });
  await expect(page.getByRole('option', { name: 'J’ai oublié mon mot de passe' })).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/page\/help-center\?q=mot\+de\+passe$/);
  await expect(page.getByRole('heading', { level: 2, name: text('fr', 'HELP_RESULTS_FOR', { q: 'mot de passe' }) })).toBeVisible();

  const answer = page.locator('details[data-slug="forgot-password"]');
  await answer.locator('summary').click();
  await answer.getByRole('link', { name: text('fr', 'HELP_READ_ARTICLE') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'J’ai oublié mon mot de passe' })).toBeVisible();
  await page.getByRole('button', { name: text('fr', 'HELP_YES') }).click();
  await expect(page.getByText(text('fr', 'HELP_THANKS'))).toBeVisible();
  await expect(page.locator('[data-help-contact]')).toHaveAttribute('href', '/contact?subject=account');
});

test('French: letters typed while the search box wakes are all kept', async ({ page }) => {
  await noBanner(page);
  // A letter that comes while React is taking the island over (it starts listening on the island's
  // element, then hydrates): typed as the browser types it, into the focused box.
  await page.addInitScript(() => {
    const listen = EventTarget.prototype.addEventListener;
    let typed = false;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
      if (!typed && args[0] === 'keydown' && this instanceof HTMLElement && this.dataset.island === 'help-search') {
        typed = true;
        queueMicrotask(() => document.execCommand('insertText', false, 'p'));
      }
      listen.apply(this, args);
    };
  });
  await page.goto('/page/help-center?lang=fr');
  // The island's code is held until the first letters are in the box.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const island = page.locator('[data-island="help-search"]');
  const box = page.getByRole('combobox', { name: text('fr', 'HELP_SEARCH_LABEL') });
  await box.click();
  await box.pressSequentially('mot de ');
  expect(await island.getAttribute('data-live')).toBeNull();
  release();
  await expect(island).toHaveAttribute('data-live', '');
  await expect(box).toHaveValue('mot de p');
  await box.pressSequentially('asse');
  await expect(box).toHaveValue('mot de passe');
  await expect(page.getByRole('option', { name: 'J’ai oublié mon mot de passe' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search and the vote are plain forms', async ({ page }) => {
    await noBanner(page);
    await page.goto('/page/help-center?lang=fr');
    await page.getByRole('combobox', { name: text('fr', 'HELP_SEARCH_LABEL') }).fill('mot de passe');
    await page.getByRole('button', { name: text('fr', 'SEARCH') }).click();
    await expect(page.locator('details[data-slug="forgot-password"]')).toBeVisible();
    await page.goto('/page/help-center/coupon-codes?lang=fr');
    await page.getByRole('button', { name: text('fr', 'HELP_NO') }).click();
    await expect(page.getByText(text('fr', 'HELP_THANKS'))).toBeVisible();
    await expect(page.locator('[data-help-contact]')).toHaveAttribute('href', '/contact?subject=billing');
  });
});
