import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, settled, test } from './fixtures';
import { PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The console (issue 32) as staff use it: the first administrator, made by the CLI, signs in with
 * the password and sets up the second factor (the code of an authenticator app: computed here as
 * the app would, RFC 6238), keeps the recovery codes, gives a colleague the support role with a
 * reason; the colleague signs in and is refused the roles page; both actions are in the audit log.
 * Axe on every page, in English and Arabic, desktop and tablet.
 */

const PASSWORD = 'Sesame123';
const TABLET = { width: 820, height: 1180 };

/** The current code of a base32 secret, as an authenticator app shows it. */
function totp(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.replace(/\s/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function register(page: Page, tag: string): Promise<string> {
  const email = `e2e-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: tag } } })).status()).toBe(201);
  return email;
}

/** What an operator runs once: the first administrator (scripts/admin/grant.ts on this server's database). */
function grantByCli(email: string, role: string): void {
  execFileSync(process.execPath, ['scripts/admin/grant.ts', email, role, '--persist-to', `.wrangler/e2e-${PORT}`], { cwd: new URL('..', import.meta.url), stdio: 'pipe' });
}

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}`)).toEqual([]);
}

/** Both sign-in steps; the first time, the secret shown is added to the "app" and the recovery codes are kept. */
async function signIn(page: Page, lang: Lang, email: string): Promise<string[]> {
  await page.getByLabel(text(lang, 'ADMIN_LOGIN')).fill(email);
  await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text(lang, 'ADMIN_CONTINUE') }).click();
  const secret = (await page.locator('.console__enrol code').textContent()) ?? '';
  await expect(page.getByRole('img', { name: text(lang, 'ADMIN_ENROL_QR') })).toBeVisible();
  await noSeriousViolations(page, 'second step');
  await page.getByLabel(text(lang, 'ADMIN_CODE')).fill(totp(secret));
  await page.getByRole('button', { name: text(lang, 'ADMIN_SIGN_IN') }).click();
  await expect(page.getByRole('heading', { name: text(lang, 'ADMIN_RECOVERY_TITLE') })).toBeVisible();
  const codes = await page.locator('.console__codes code').allTextContents();
  expect(codes).toHaveLength(10);
  return codes;
}

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
    await expect(colleague.getByRole('navigation', { name: text(lang, 'ADMIN_SECTIONS') }).getByRole('link')).toHaveText([text(lang, 'ADMIN_HOME')]);
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
