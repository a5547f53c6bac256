import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, settled } from './fixtures';
import { PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * What the console's browser tests share (issue 32): staff accounts given a role by the CLI, the code
 * of an authenticator app (RFC 6238, computed as the app would), both sign-in steps with the second
 * factor's enrolment, and axe with no serious violation.
 */

export const PASSWORD = 'Sesame123';
export const DESKTOP = { width: 1280, height: 900 };
export const TABLET = { width: 820, height: 1180 };

/** The current code of a base32 secret, as an authenticator app shows it. */
export function totp(secret: string): string {
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

/** A new account (through the API, in `lang`) and its email. */
export async function register(page: Page, tag: string, lang: Lang = 'en'): Promise<string> {
  const email = `e2e-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post(`/api/auth/register?lang=${lang}`, { data: { email, password: PASSWORD, profile: { username: tag } } })).status()).toBe(201);
  return email;
}

/**
 * What an operator runs: a role given with scripts/admin/grant.ts on this server's database (e.g. the
 * first administrator). The script writes the server's D1 file directly, so a write of the server at
 * that moment answers SQLITE_BUSY: tried again a few times, a second apart.
 */
export function grantByCli(email: string, role: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(process.execPath, ['scripts/admin/grant.ts', email, role, '--persist-to', `.wrangler/e2e-${PORT}`], { cwd: new URL('..', import.meta.url), stdio: 'pipe' });
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('SQLITE_BUSY')) throw error;
      execFileSync('sleep', ['1']);
    }
  }
}

/** axe on the page as it is: no serious or critical violation (each named with where it is). */
export async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Both sign-in steps; the first time, the secret shown is added to the "app" and the recovery codes are kept. */
export async function signIn(page: Page, lang: Lang, email: string): Promise<string[]> {
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

/** A first sign-in with both steps, then on past the recovery codes. */
export async function signInFirstTime(page: Page, lang: Lang, email: string): Promise<void> {
  await signIn(page, lang, email);
  await page.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
}
