import type { Page } from '@playwright/test';
import { subscribe } from './billing';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';

/**
 * Profile management in a browser (/profiles, the profile form, /settings/lock,
 * /settings/restrictions): each test registers a fresh account through the API and works the
 * server-rendered forms like a person would.
 */

const PASSWORD = 'Sesame123';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

type ApiProfile = { id: number; name: string };

/** A fresh account, logged in, watching as its main profile; answers that profile's id. */
async function signUp(page: Page): Promise<number> {
  const email = `e2e-profiles-${crypto.randomUUID()}@example.com`;
  const registered = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Amina' } } });
  expect(registered.status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await subscribe(page.request);
  const profiles = (await (await page.request.get('/api/auth/profiles')).json()) as ApiProfile[];
  const main = profiles[0];
  if (!main) throw new Error('no main profile');
  // The cookie banner would cover the bottom of the screenshots; the profile cookie says who is watching.
  await page.context().addCookies([
    { name: 'cookieConsent', value: '1', url: BASE_URL },
    { name: 'profile', value: String(main.id), url: BASE_URL },
  ]);
  return main.id;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('profile management', () => {
  test('creates a kids profile limited to 12, renames it, changes its picture, locks it and deletes it', async ({ page }) => {
    await signUp(page);
    await page.goto('/profiles?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage profiles' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Amina' })).toBeVisible();

    // Create: name, picture, kids switch, age limit.
    await page.getByRole('link', { name: 'Add a profile' }).click();
    await expect(page).toHaveURL(/\/profiles\/new$/);
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await page.getByLabel('Name', { exact: true }).fill('Lina');
    await page.getByRole('radio', { name: 'Picture 3' }).check();
    await page.getByRole('switch', { name: 'Kids profile' }).check();
    await page.getByLabel('Age restriction').selectOption('12-age-restriction');
    await page.getByRole('button', { name: 'Create the profile' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    await expect(toast(page, 'The profile has been created')).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lina' }) });
    await expect(card).toContainText('Kids');
    await expect(card).toContainText('12+ and below');
    await expect(card.locator('img')).toHaveAttribute('src', '/avatars/avatar-3.svg');

    // Rename and change the picture with the keyboard (arrow keys move through the radio group).
    await card.getByRole('link', { name: 'Edit Lina' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Lina B');
    await page.getByRole('radio', { name: 'Picture 3' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Picture 5' })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Your account has been updated')).toBeVisible();
    const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lina B' }) });
    await expect(renamed.locator('img')).toHaveAttribute('src', '/avatars/avatar-5.svg');

    // Lock it with a PIN: the page checks the 4 digits before sending.
    await page.getByRole('link', { name: 'Profile lock' }).click();
    const lock = page.getByRole('region', { name: 'Lina B' });
    const pin = lock.getByLabel('PIN', { exact: true });
    // The validation island wakes when the form is first used (here: focused); entry.ts marks it live.
    await pin.focus();
    await expect(lock.locator('[data-island="account-form"]')).toHaveAttribute('data-live', '');
    await pin.fill('12a');
    await pin.blur();
    await expect(lock.locator('[data-message-for="pin"]')).toHaveText('The PIN must be exactly 4 digits.');
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    await pin.fill('2468');
    await lock.getByLabel('Account password').fill(PASSWORD);
    await lock.getByRole('button', { name: 'Set the PIN' }).click();
    await expect(toast(page, 'The PIN has been saved')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lina B' })).toContainText('Locked with a PIN');

    // Delete it after confirming (a PIN profile needs the account password).
    await page.goto('/profiles?lang=en');
    await page.getByRole('link', { name: 'Edit Lina B' }).click();
    await page.getByRole('link', { name: 'Delete the profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Delete the profile Lina B?' })).toBeVisible();
    await page.getByLabel('Account password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete the profile' }).click();
    await expect(page).toHaveURL(/\/profiles$/);
    await expect(toast(page, 'The profile has been deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lina B' })).toHaveCount(0);
  });

  test('refuses a parental-control change with the wrong password, in Arabic', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings/restrictions?lang=ar');
    const section = page.getByRole('region', { name: 'Amina' });
    await section.getByLabel('القيد العمري').selectOption('16-age-restriction');
    await section.getByLabel('كلمة مرور الحساب').fill('Wrong1234');
    await section.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByRole('region', { name: 'Amina' }).locator('[data-message-for="current_password"]')).toHaveText('كلمة المرور غير صحيحة');
    await expect(page.getByRole('region', { name: 'Amina' }).getByLabel('القيد العمري')).toHaveValue('16-age-restriction');
  });

  test('screenshots of the profile pages on desktop and phone in English and Arabic', async ({ page }) => {
    const main = await signUp(page);
    const kid = await page.request.post('/api/auth/profiles', { data: { name: 'Yasmine', picture: 'avatar-4', is_kid: true, age_restriction: '10-age-restriction' } });
    expect(kid.status()).toBe(201);
    const teen = await page.request.post('/api/auth/profiles', { data: { name: 'Karim Benali El Idrissi', picture: 'avatar-6', age_restriction: '16-age-restriction' } });
    expect(teen.status()).toBe(201);
    const { id: teenId } = (await teen.json()) as ApiProfile;
    expect((await page.request.put(`/api/auth/profiles/${teenId}/pin`, { data: { password: PASSWORD, pin: '1357' } })).status()).toBe(200);
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      for (const lang of ['en', 'ar'] as const) {
        for (const [name, path] of [
          ['profiles', '/profiles'],
          ['edit', `/profiles/${main}/edit`],
          ['lock', '/settings/lock'],
          ['restrictions', '/settings/restrictions'],
        ] as const) {
          await page.goto(`${path}?lang=${lang}`);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          if (name === 'edit') await page.locator('.profile-form__details').evaluate((details) => details.setAttribute('open', ''));
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${name} ${lang} ${size}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `e2e/screenshots/profiles-${name}-${lang}-${size}.png`, fullPage: true, animations: 'disabled' });
        }
      }
    }
  });
});
