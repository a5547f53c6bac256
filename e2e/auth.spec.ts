import { devices, type Page } from '@playwright/test';
import { expect, settled, test } from './fixtures';
import { text, pattern, type Lang } from './text';
import { BASE_URL } from './playwright.config';

/**
 * Accounts in the browser (issue 3): register, log out, failed logins, password reset through the
 * dev outbox, in French and Arabic; the same forms without JavaScript; screenshots of the pages.
 */

/** A message with {{delay}}-like numbers, as a pattern matching any number there. */

const GOOD = 'Sesame123';
const uniqueEmail = (tag: string) => `e2e-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The form island wakes on the first interaction with its form (a pointer over it): wait until it is live. */
async function formReady(page: Page) {
  const island = page.locator('[data-island="account-form"]').first();
  await page.locator('form', { has: island }).first().hover();
  await expect(island).toHaveAttribute('data-live', '');
}

const message = (page: Page, name: string) => page.locator(`[data-message-for="${name}"]`);

/** Logs out from the top bar's profile menu (issue 4: the logout form lives in the dropdown). */
async function logOut(page: Page, lang: Lang) {
  await page.locator('.profile-menu__trigger').click();
  await page.getByRole('button', { name: text(lang, 'LOGOUT') }).click();
}

// The cookie banner is another story (journey.spec.ts): consent is given up front so it covers nothing.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseURL ?? BASE_URL }]);
});

for (const lang of ['fr', 'ar'] as const) {
  test.describe(`accounts in ${lang}`, () => {
    test('register (weak, then good password), log out, six failed logins, reset the password and log in', async ({ page }) => {
      const email = uniqueEmail(lang);

      // Register: the island checks the password as soon as the field is left.
      await page.goto(`/register?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await formReady(page);
      await page.getByRole('textbox', { name: text(lang, 'EMAIL'), exact: true }).fill(email);
      const password = page.getByLabel(text(lang, 'PASSWORD'), { exact: true });
      await password.fill('faible');
      await password.blur();
      await expect(message(page, 'password')).toHaveText(text(lang, 'PASSWORD_CONDITION'));
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      // Submitting with errors sends nothing and focuses the first invalid field.
      await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();
      await expect(password).toBeFocused();
      await expect(message(page, 'terms')).toHaveText(text(lang, 'TERMS_REQUIRED'));
      await expect(page).toHaveURL(/\/register/);
      // Fixing the password clears its message while typing.
      await password.fill(GOOD);
      await expect(message(page, 'password')).toHaveText(text(lang, 'PASSWORD_HINT'));
      await page.getByLabel(text(lang, 'PASSWORD_CONFIRMATION'), { exact: true }).fill(GOOD);
      await page.locator('#field-terms').check();
      await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(text(lang, 'ACCOUNT_CREATED'))).toBeVisible();
      await expect(page.locator('.account-link')).toContainText(email);

      // Log out (a plain form in the profile menu).
      await logOut(page, lang);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('.top-bar').getByRole('link', { name: text(lang, 'LOGIN') })).toBeVisible();

      // Six failed logins (another account, so this one is not locked): the wait, in seconds.
      const stranger = uniqueEmail(`${lang}-x`);
      await page.goto('/login');
      for (let i = 0; i < 6; i++) {
        await page.getByLabel(text(lang, 'EMAIL_OR_PHONE')).fill(stranger);
        await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(`Wrong${i}pass`);
        await page.getByRole('button', { name: text(lang, 'LOGIN'), exact: true }).click();
        const notice = page.getByTestId('form-notice');
        if (i < 5) await expect(notice).toHaveText(text(lang, 'LOGIN_FAILED'));
        else await expect(notice).toHaveText(pattern(lang, 'LOGIN_TOO_FREQUENT'));
        await expect(notice).toBeFocused();
      }

      // Forgot password → the emailed link in the dev outbox → same password refused → a new one.
      await page.getByRole('link', { name: text(lang, 'FORGOT_PASSWORD') }).click();
      await expect(page).toHaveURL(/\/forgot/);
      await page.getByRole('textbox', { name: text(lang, 'EMAIL'), exact: true }).fill(email);
      await page.getByRole('button', { name: text(lang, 'SEND_RESET_LINK') }).click();
      await expect(page).toHaveURL(/sent=1/);
      await expect(page.getByTestId('form-notice')).toHaveText(text(lang, 'RESET_LINK_SENT'));
      await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
      await page.getByTestId('outbox-message').first().locator('a[href*="/changePassword"]').first().click();
      await expect(page).toHaveURL(/\/changePassword\?email=/);
      await formReady(page);
      await page.getByLabel(text(lang, 'NEW_PASSWORD'), { exact: true }).fill(GOOD);
      await page.getByLabel(text(lang, 'PASSWORD_CONFIRMATION'), { exact: true }).fill(GOOD);
      await page.getByRole('button', { name: text(lang, 'CHANGE_PASSWORD') }).click();
      await expect(message(page, 'password')).toHaveText(text(lang, 'SAME_PASSWORD'));
      await page.getByLabel(text(lang, 'NEW_PASSWORD'), { exact: true }).fill('Newpass456');
      await page.getByLabel(text(lang, 'PASSWORD_CONFIRMATION'), { exact: true }).fill('Newpass456');
      await page.getByRole('button', { name: text(lang, 'CHANGE_PASSWORD') }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(text(lang, 'PASSWORD_HAS_BEEN_CHANGED'))).toBeVisible();

      // Log in with the new password.
      await page.getByLabel(text(lang, 'EMAIL_OR_PHONE')).fill(email);
      await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill('Newpass456');
      await page.getByRole('button', { name: text(lang, 'LOGIN'), exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('.account-link')).toContainText(email);
    });
  });
}

test('a message that appears on blur never moves the checkbox the pointer is about to click (issue 12)', async ({ page }) => {
  await page.goto('/register?lang=en');
  await formReady(page);
  await page.getByLabel(text('en', 'PASSWORD'), { exact: true }).fill(GOOD);
  await page.getByLabel(text('en', 'PASSWORD_CONFIRMATION'), { exact: true }).fill(`${GOOD}x`);
  const terms = page.locator('#field-terms');
  const before = await terms.boundingBox();
  if (!before) throw new Error('no terms checkbox');
  // One click where the checkbox is: the confirmation's message appears (blur) and the click still ticks it.
  await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
  await expect(message(page, 'password_confirmation')).toHaveText(text('en', 'PASSWORD_CONFIRMATION_FAILED'));
  await expect(terms).toBeChecked();
  expect((await terms.boundingBox())?.y).toBe(before.y);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register (the server refuses a weak password), log out, log in', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/register?lang=en');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel(text('en', 'PASSWORD_CONFIRMATION'), { exact: true }).fill('weakpass');
    await page.locator('#field-terms').check();
    await page.getByRole('button', { name: text('en', 'CREATE_ACCOUNT') }).click();
    await expect(message(page, 'password')).toHaveText(text('en', 'PASSWORD_CONDITION'));
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByLabel('Password', { exact: true }).fill(GOOD);
    await page.getByLabel(text('en', 'PASSWORD_CONFIRMATION'), { exact: true }).fill(GOOD);
    await page.getByRole('button', { name: text('en', 'CREATE_ACCOUNT') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(text('en', 'ACCOUNT_CREATED'))).toBeVisible();

    await logOut(page, 'en');
    await page.goto('/login');
    await page.getByLabel(text('en', 'EMAIL_OR_PHONE')).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('form-notice')).toHaveText(text('en', 'LOGIN_FAILED'));
    await page.getByLabel('Password', { exact: true }).fill(GOOD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.account-link')).toContainText(email);
  });
});

/** No page wider than the screen. */
async function fits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page is styled (its stylesheet loaded) and its fade-in has finished. */
const loadedAndSettled = async (page: Page) => {
  await page.waitForLoadState('load');
  await settled(page);
};

/**
 * Screenshots of login and register (desktop and phone, Arabic and English) with validation
 * messages showing, the SMS reset form, and the top bar of a logged-in user.
 */
async function shoot(page: Page, device: 'desktop' | 'phone') {
  // Two languages × five pages and a new account: a long tour, so a longer guard against a hang.
  test.setTimeout(120_000);
  for (const lang of ['ar', 'en'] as const) {
    await page.goto(`/login?lang=${lang}`);
    await formReady(page);
    await loadedAndSettled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/login-${lang}-${device}.png`, fullPage: device === 'phone' });

    await page.goto(`/register?lang=${lang}`);
    await formReady(page);
    await loadedAndSettled(page);
    await page.getByRole('textbox', { name: text(lang, 'EMAIL'), exact: true }).fill('salma@example.ma');
    const password = page.getByLabel(text(lang, 'PASSWORD'), { exact: true });
    await password.fill('salma');
    await password.blur();
    await expect(message(page, 'password')).toHaveText(text(lang, 'PASSWORD_CONDITION'));
    await page.screenshot({ path: `e2e/screenshots/register-${lang}-${device}.png`, fullPage: true });
    await page.locator('label[for="method-phone"]').click();
    await page.locator('#field-phone_national').fill('0612345678');
    await page.locator('#field-phone_national').blur();
    await expect(message(page, 'phone_national')).toHaveText(text(lang, 'PHONE_WITHOUT_LEADING_ZERO'));
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/register-phone-${lang}-${device}.png`, fullPage: device === 'phone' });

    await page.goto(`/forgot?by=phone&lang=${lang}`);
    await loadedAndSettled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/forgot-${lang}-${device}.png` });

    // A logged-in user's top bar: account link and logout.
    await page.goto(`/register?lang=${lang}`);
    await page.getByRole('textbox', { name: text(lang, 'EMAIL'), exact: true }).fill(uniqueEmail(`shot-${lang}`));
    await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(GOOD);
    await page.getByLabel(text(lang, 'PASSWORD_CONFIRMATION'), { exact: true }).fill(GOOD);
    await page.locator('#field-terms').check();
    await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();
    await expect(page.locator('.account-link')).toBeVisible();
    await loadedAndSettled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/account-bar-${lang}-${device}.png` });
    await logOut(page, lang);
    await expect(page.locator('.account-link')).toHaveCount(0);
  }
}

test.describe('screenshots on a desktop', () => {
  test('login and register', async ({ page }) => shoot(page, 'desktop'));
});

test.describe('screenshots on a phone', () => {
  // Pixel 7 without defaultBrowserType (fixed per project).
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  test.use(pixel);
  test('login and register', async ({ page }) => shoot(page, 'phone'));
});
