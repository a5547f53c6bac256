import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, settled } from './fixtures';
import { PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The console's browser kit (issue 32): staff accounts made with the operators' CLI, the sign-in
 * with a second factor (the authenticator app's code computed here, RFC 6238), and axe's verdict.
 */

export const STAFF_PASSWORD = 'Sesame123';
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
export async function registerAccount(page: Page, tag: string, lang: Lang = 'en'): Promise<string> {
  const email = `e2e-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post(`/api/auth/register?lang=${lang}`, { data: { email, password: STAFF_PASSWORD, profile: { username: tag } } })).status()).toBe(201);
  return email;
}

/**
 * What an operator runs: a role given with scripts/admin/grant.ts on this server's database. The
 * script writes the server's D1 file directly, so a write of the server at that moment answers
 * SQLITE_BUSY: tried again a few times, a second apart.
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

export async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Both sign-in steps of a first sign-in (the secret shown is added to the "app"), then on past the recovery codes. */
export async function signInFirstTime(page: Page, lang: Lang, email: string): Promise<void> {
  await page.getByLabel(text(lang, 'ADMIN_LOGIN')).fill(email);
  await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: text(lang, 'ADMIN_CONTINUE') }).click();
  const secret = (await page.locator('.console__enrol code').textContent()) ?? '';
  await page.getByLabel(text(lang, 'ADMIN_CODE')).fill(totp(secret));
  await page.getByRole('button', { name: text(lang, 'ADMIN_SIGN_IN') }).click();
  await expect(page.getByRole('heading', { name: text(lang, 'ADMIN_RECOVERY_TITLE') })).toBeVisible();
  await page.getByRole('link', { name: text(lang, 'ADMIN_RECOVERY_DONE') }).click();
}
