import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL, PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * Public libraries (issue 17), as the issue will be judged, in Arabic and in French: find a library
 * by city in Arabic, add a card with a wrong PIN (the spec's message, in Arabic) then the right one,
 * borrow a library title (tickets go down by one) and open the player, re-watch within the loan (no
 * ticket spent); in French the same, then the librarian's page and its CSV. Demo cards are the seed's
 * (scripts/seed/library-patrons.ts).
 */

const PASSWORD = 'Sesame123';
const PERSIST = `.wrangler/e2e-${PORT}`;
/** A premium title of the Rabat library (scripts/seed/libraries.ts). */
const TITLE = 'salt-of-essaouira';
const OTHER_TITLE = 'fes-a-thousand-years';

test.use({ allowedFailures: [/\/api\/pages\/content\/[\w-]+\/stream_url/] });

async function member(page: Page): Promise<string> {
  const email = `e2e-lib-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Salma' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  return email;
}

/** Waits until the video plays (pressing the big Play button when the browser refused autoplay), as e2e/player.spec.ts. */
async function playing(page: Page): Promise<void> {
  await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
  const paused = () => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.paused ?? true);
  await expect(async () => {
    const big = page.locator('.player__big-play');
    if ((await paused()) && (await big.isVisible())) await big.click();
    expect(await page.evaluate(() => { const v = document.querySelector<HTMLVideoElement>('.player video'); return !!v && !v.paused && v.currentTime > 0.2; })).toBe(true);
  }).toPass({ timeout: 30_000 });
}

const ticketsLeft = async (page: Page): Promise<number> => Number(await page.locator('[data-tickets-left]').first().getAttribute('data-tickets-left'));

/** Find by city, wrong PIN then right one, borrow (one ticket), play, re-watch (no ticket). */
async function cardAndLoan(page: Page, lang: Lang, city: string, card: string, title: string): Promise<void> {
  await page.goto(`/libraries?lang=${lang}`);
  await page.getByLabel(text(lang, 'LIBRARIES_SEARCH_LABEL')).fill(city);
  await page.getByRole('button', { name: text(lang, 'SEARCH') }).click();
  await expect(page).toHaveURL(/\/libraries\?q=/);
  const tile = page.locator('.library-tile');
  await expect(tile).toHaveCount(1);
  await tile.click();
  await expect(page).toHaveURL(/\/libraries\/bnrm-rabat$/);
  await page.getByRole('link', { name: text(lang, 'LIBRARY_ADD_CARD') }).click();
  await page.getByLabel(text(lang, 'LIBRARY_CARD_NUMBER')).fill(card);
  await page.getByLabel(text(lang, 'LIBRARY_CARD_PIN')).fill('0000');
  await page.getByRole('button', { name: text(lang, 'LIBRARY_CARD_SUBMIT') }).click();
  await expect(page.getByRole('alert')).toHaveText(text(lang, 'LIBRARY_CARD_NOT_FOUND'));
  await page.getByLabel(text(lang, 'LIBRARY_CARD_PIN')).fill('4321');
  await page.getByRole('button', { name: text(lang, 'LIBRARY_CARD_SUBMIT') }).click();
  await expect(page).toHaveURL(/\/libraries\/bnrm-rabat$/);
  await expect(page.getByText(text(lang, 'LIBRARY_CARD_ADDED'))).toBeVisible();
  expect(await ticketsLeft(page)).toBe(5);

  await page.goto(`/content/${title}`);
  await page.getByRole('button', { name: text(lang, 'LIBRARY_BORROW') }).click();
  await expect(page).toHaveURL(new RegExp(`/player/${title}`));
  await playing(page);
  await page.goto('/libraries/me');
  expect(await ticketsLeft(page)).toBe(4);
  // 2 days, 23 hours, 5x minutes left (Arabic says two days in one word: يومان).
  await expect(page.locator(`[data-loan="${title}"] [role="timer"]`)).toContainText(/(2\D+|يومان\D*)23\D+5\d/);

  // Re-watching within the loan: the title says until when, plays, and spends no ticket.
  await page.goto(`/content/${title}`);
  await expect(page.getByText(text(lang, 'LIBRARY_BORROWED_UNTIL'))).toBeVisible();
  await page.goto(`/player/${title}`);
  await playing(page);
  await page.goto('/libraries/me');
  expect(await ticketsLeft(page)).toBe(4);
}

test.describe('public libraries', () => {
  test.setTimeout(120_000);
  test('ar: find the Rabat library by city in Arabic, wrong PIN then right, borrow and play, re-watch free', async ({ page }) => {
    await member(page);
    await cardAndLoan(page, 'ar', 'الرباط', '100200301', TITLE);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('fr: card and loan in French, then the librarian sees the month and exports the CSV', async ({ page, browser }) => {
    await member(page);
    await cardAndLoan(page, 'fr', 'rabat', '100200302', OTHER_TITLE);

    const librarian = await browser.newPage();
    const email = await member(librarian);
    expect((await librarian.goto('/librarian?lang=fr'))?.status()).toBe(403);
    execFileSync(process.execPath, ['scripts/admin/librarian.ts', email, 'bnrm-rabat', '--persist-to', PERSIST], { cwd: new URL('..', import.meta.url).pathname, stdio: 'ignore' });
    await librarian.goto('/librarian?lang=fr');
    await expect(librarian.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'LIBRARIAN_TITLE'));
    expect(Number(await librarian.locator('[data-total="loans"]').textContent())).toBeGreaterThanOrEqual(1);
    await expect(librarian.getByRole('row').filter({ hasText: 'Fès' })).toHaveCount(1);
    const csv = await librarian.request.get('/librarian/usage.csv');
    expect(csv.headers()['content-type']).toContain('text/csv');
    const body = await csv.text();
    expect(body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('month,library,title,slug,loans,patrons');
    expect(body).toContain(OTHER_TITLE);
    await librarian.close();
  });
});
