import { grantByCli, noSeriousViolations, register, signIn, TABLET } from './console';
import { expect, test } from './fixtures';
import { text } from './text';

/**
 * The console (issue 32) as staff use it: the first administrator, made by the CLI, signs in with
 * the password and sets up the second factor (the code of an authenticator app: computed here as
 * the app would, RFC 6238), keeps the recovery codes, gives a colleague the support role with a
 * reason; the colleague signs in and is refused the roles page; both actions are in the audit log.
 * Axe on every page, in English and Arabic, desktop and tablet.
 */

for (const lang of ['en', 'ar'] as const) {
  test(`an administrator signs in with a second factor, gives a role; support is refused it; the audit log has both (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const adminEmail = await register(page, 'admin');
    const supportEmail = await register(page, 'support');
    grantByCli(adminEmail, 'administrator');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/staff?lang=${lang}`);
    await expect(page).toHaveURL(/\/admin\/login\?back=%2Fadmin%2Fstaff/);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await noSeriousViolations(page, 'sign in');
    await signIn(page, lang, adminEmail);
    await noSeriousViolations(page, 'recovery codes');
    await page.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
    await expect(page).toHaveURL(/\/admin\/staff(\?|$)/);

    const grant = page.locator('form.console__panel');
    await grant.getByLabel(text(lang, 'ADMIN_LOGIN')).fill(supportEmail);
    await grant.getByLabel(text(lang, 'ADMIN_ROLE')).selectOption('support');
    await grant.getByLabel(text(lang, 'ADMIN_REASON')).fill('Joins the support team');
    await grant.getByRole('button', { name: text(lang, 'ADMIN_GRANT') }).click();
    await expect(page.getByText(text(lang, 'ADMIN_ROLE_GRANTED'))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: supportEmail })).toContainText(text(lang, 'ADMIN_ROLE_SUPPORT'));
    await noSeriousViolations(page, 'staff');
    await page.screenshot({ path: `e2e/screenshots/admin-staff-${lang}-desktop.png`, fullPage: true });

    // The colleague, in a browser of their own, signs in and may not open the roles page.
    const other = await browser.newContext({ locale: 'en-US', viewport: TABLET });
    const colleague = await other.newPage();
    await colleague.goto(`/admin/staff?lang=${lang}`);
    await signIn(colleague, lang, supportEmail);
    await colleague.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
    await expect(colleague.getByRole('alert')).toHaveText(text(lang, 'ADMIN_FORBIDDEN'));
    // Support's sections: its own work, never the roles page.
    const sections = colleague.getByRole('navigation', { name: text(lang, 'ADMIN_SECTIONS') });
    await expect(sections.getByRole('link', { name: text(lang, 'ADMIN_CUSTOMERS'), exact: true })).toBeVisible();
    await expect(sections.getByRole('link', { name: text(lang, 'ADMIN_STAFF'), exact: true })).toHaveCount(0);
    await other.close();

    await page.setViewportSize(TABLET);
    await page.getByRole('link', { name: text(lang, 'ADMIN_AUDIT') }).click();
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'staff.grant' }).filter({ hasText: adminEmail }).filter({ hasText: 'Joins the support team' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'staff.second_factor_set' }).filter({ hasText: supportEmail })).toHaveCount(1);
    await noSeriousViolations(page, 'audit');
    await page.screenshot({ path: `e2e/screenshots/admin-audit-${lang}-tablet.png`, fullPage: true });
    const csv = await page.request.get('/admin/audit.csv?action=staff.grant');
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain('Joins the support team');

    await page.getByRole('button', { name: text(lang, 'ADMIN_SIGN_OUT') }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login/);
  });
}
