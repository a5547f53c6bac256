import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';

/**
 * The account page and /settings/editLogin in a browser: each test registers a fresh user through
 * the API (the browser context keeps the session cookie) and works the forms like a person would.
 */

const PASSWORD = 'Sesame123';
const PHONE = { width: 412, height: 915 };

async function signUp(page: Page): Promise<string> {
  const email = `e2e-settings-${crypto.randomUUID()}@example.com`;
  const registered = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'E2E' } } });
  expect(registered.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  // The cookie banner would cover the bottom of the screenshots.
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  return email;
}

test.describe('account settings', () => {
  test('changes the email in French, with instant validation first', async ({ page }) => {
    await signUp(page);
    const next = `e2e-new-${crypto.randomUUID()}@example.com`;
    await page.goto('/settings/editLogin?lang=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Identifiants de connexion' })).toBeVisible();
    const email = page.getByLabel('Nouvel e-mail');
    // The validation island wakes when the form is first used (here: focused); entry.ts marks it live.
    await email.focus();
    await expect(page.locator('#email [data-island="account-form"]')).toHaveAttribute('data-live', '');
    await email.fill('pas-un-email');
    await email.blur();
    await expect(page.locator('[data-message-for="email"]')).toHaveText('Un e-mail valide est requis');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(next);
    await page.locator('#email-current-password').fill(PASSWORD);
    await page.getByRole('button', { name: "Modifier l'e-mail" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre compte a été mis à jour' })).toBeVisible();
    await expect(page.locator('#email .settings__current')).toContainText(next);
  });

  test('refuses the wrong password with a message on its field', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings/editLogin?lang=en');
    await page.getByLabel('New email').fill(`e2e-x-${crypto.randomUUID()}@example.com`);
    await page.locator('#email-current-password').fill('Wrong1234');
    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.locator('#email-current-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#email-current-password-message')).toHaveText('Wrong password');
    await expect(page.locator('#email-current-password')).toBeFocused();
  });

  test('downloads the data of a new user', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile?lang=en');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data (CSV)' }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('No data');
  });

  test('toggles notifications at once and keeps the choice', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile?lang=en');
    const toggle = page.getByRole('switch', { name: 'Receive notifications' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been updated' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?lang=en$/);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Receive notifications' })).toHaveAttribute('aria-checked', 'false');
  });

  test('shows the device history with this device', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile?lang=en');
    const devices = page.getByRole('region', { name: 'Device history' });
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await expect(devices.getByRole('listitem').first()).toContainText(/\d\d\/\d\d\/\d{4} at \d\d:\d\d/);
  });

  test('deletes the account in Arabic after confirming in a dialog', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile?lang=ar');
    await page.getByRole('link', { name: 'حذف حسابي' }).click();
    const dialog = page.getByRole('dialog', { name: 'هل تريد حذف حسابك؟' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('كلمة المرور').fill(PASSWORD);
    await page.screenshot({ path: 'e2e/screenshots/settings-delete-ar-desktop.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'حذف نهائي' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'تم حذف حسابك' })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('cancels the deletion dialog without deleting', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile?lang=en');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page).toHaveURL(/\/profile/);
  });

  test('screenshots of the account pages on desktop and phone in Arabic and English', async ({ page }) => {
    await signUp(page);
    for (const size of ['desktop', 'phone'] as const) {
      if (size === 'phone') await page.setViewportSize(PHONE);
      for (const lang of ['ar', 'en'] as const) {
        for (const [name, path] of [
          ['profile', '/profile'],
          ['editLogin', '/settings/editLogin'],
        ] as const) {
          await page.goto(`${path}?lang=${lang}`);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${name} ${lang} ${size}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `e2e/screenshots/settings-${name}-${lang}-${size}.png`, fullPage: true, animations: 'disabled' });
        }
      }
    }
  });
});
