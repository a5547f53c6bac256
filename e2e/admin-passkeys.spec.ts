import type { Page } from '@playwright/test';
import { grantByCli, noSeriousViolations, PASSWORD, TABLET, totp } from './console';
import { expect, test } from './fixtures';
import { text } from './text';

/**
 * Passkeys in the console (issue 32), with Chromium's virtual authenticator (DevTools protocol,
 * WebAuthn domain: a platform authenticator with resident keys and user verification, as a phone
 * or a laptop's fingerprint reader is): a staff member made by the CLI signs in with the app's code
 * the first time, adds a passkey on the security page, signs out, and signs in again with the
 * passkey instead of a code. Axe on the security page and the second step, English and Arabic,
 * desktop and tablet.
 */

/** A platform authenticator in this page's browser tab, through the DevTools protocol. */
async function virtualAuthenticator(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

for (const lang of ['en', 'ar'] as const) {
  test(`a staff member adds a passkey, then signs in with it instead of a code (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = `e2e-passkey-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'passkey' } } })).status()).toBe(201);
    grantByCli(email, 'support');
    const storedPasskeys = await virtualAuthenticator(page);

    // The first sign-in: password, then the app's code (the secret shown is added to the "app").
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/security?lang=${lang}`);
    await page.getByLabel(text(lang, 'ADMIN_LOGIN')).fill(email);
    await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: text(lang, 'ADMIN_CONTINUE') }).click();
    const secret = (await page.locator('.console__enrol code').textContent()) ?? '';
    await expect(page.getByRole('button', { name: text(lang, 'ADMIN_PASSKEYS_SIGN_IN') })).toHaveCount(0);
    await page.getByLabel(text(lang, 'ADMIN_CODE')).fill(totp(secret));
    await page.getByRole('button', { name: text(lang, 'ADMIN_SIGN_IN') }).click();
    await page.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();

    // The security page: none yet; name one and add it (the browser's authenticator makes it).
    await expect(page).toHaveURL(/\/admin\/security(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'ADMIN_PASSKEYS_SECURITY') })).toBeVisible();
    await expect(page.getByText(text(lang, 'ADMIN_PASSKEYS_EMPTY'))).toBeVisible();
    await noSeriousViolations(page, 'security (empty)');
    const name = lang === 'ar' ? 'حاسوب العمل' : 'Work laptop';
    await page.getByLabel(text(lang, 'ADMIN_PASSKEYS_NAME')).fill(name);
    await page.getByRole('button', { name: text(lang, 'ADMIN_PASSKEYS_ADD') }).click();
    await expect(page.getByText(text(lang, 'ADMIN_PASSKEYS_ADDED'))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(text(lang, 'ADMIN_PASSKEYS_NEVER_USED'));
    expect(await storedPasskeys()).toBe(1);
    await noSeriousViolations(page, 'security (one passkey)');
    await page.screenshot({ path: `e2e/screenshots/admin-passkeys-${lang}-desktop.png`, fullPage: true });

    // Signed out, then in again: the password, then the passkey instead of a code.
    await page.getByRole('button', { name: text(lang, 'ADMIN_SIGN_OUT') }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.setViewportSize(TABLET);
    await page.goto(`/admin/security?lang=${lang}`);
    await page.getByLabel(text(lang, 'ADMIN_LOGIN')).fill(email);
    await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: text(lang, 'ADMIN_CONTINUE') }).click();
    const withPasskey = page.getByRole('button', { name: text(lang, 'ADMIN_PASSKEYS_SIGN_IN') });
    await expect(withPasskey).toBeVisible();
    await expect(page.getByLabel(text(lang, 'ADMIN_CODE'))).toBeVisible();
    await noSeriousViolations(page, 'second step with a passkey');
    await page.screenshot({ path: `e2e/screenshots/admin-passkeys-signin-${lang}-tablet.png`, fullPage: true });
    await withPasskey.click();
    await expect(page).toHaveURL(/\/admin\/security(\?|$)/);
    await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText(text(lang, 'ADMIN_PASSKEYS_NEVER_USED'));
    await noSeriousViolations(page, 'security (tablet)');
    await page.screenshot({ path: `e2e/screenshots/admin-passkeys-${lang}-tablet.png`, fullPage: true });

    // Removed: the second step offers the code only.
    await page.getByRole('button', { name: text(lang, 'ADMIN_PASSKEYS_REMOVE_ONE', { name }) }).click();
    await expect(page.getByText(text(lang, 'ADMIN_PASSKEYS_REMOVED'))).toBeVisible();
    await expect(page.getByText(text(lang, 'ADMIN_PASSKEYS_EMPTY'))).toBeVisible();
  });
}
