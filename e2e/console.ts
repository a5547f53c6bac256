import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, settled } from './fixtures';
import { PORT } from './playwright.config';

/** What the console's browser tests share (issue 32): the operator's CLI, the authenticator app's codes, axe. */

/** What an operator runs: a role for an account (scripts/admin/grant.ts on this server's database). */
export function grantByCli(email: string, role: string): void {
  execFileSync(process.execPath, ['scripts/admin/grant.ts', email, role, '--persist-to', `.wrangler/e2e-${PORT}`], { cwd: new URL('..', import.meta.url), stdio: 'pipe' });
}

/** The current code of a base32 secret, as an authenticator app shows it (RFC 6238). */
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

/** Axe finds no serious or critical violation on the page, once its animations are over. */
export async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}`)).toEqual([]);
}
