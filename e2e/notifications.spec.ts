import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, settled, test } from './fixtures';
import { BASE_URL, PORT } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The notification bell in Chromium (spec §2 bell and notification list, §4 read or unread):
 * a member sees the unread count, an editor announces a title (scripts/admin/notify.ts on this
 * server's database), the count rises on reload, opening the title from the panel lands on it and
 * the count falls. Screenshots of the panel and of /notifications, desktop and phone, en and ar.
 */

const PASSWORD = 'Sesame123';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
/** Titles not in the seeded notifications category (scripts/seed/catalogue.ts), one per language. */
const ANNOUNCED: Record<'en' | 'ar', { slug: string; name: RegExp }> = {
  en: { slug: 'halqa', name: /The Circle/ },
  ar: { slug: 'desert-kings', name: /ملوك الصحراء/ },
};

async function signUp(page: Page): Promise<void> {
  const email = `e2e-bell-${crypto.randomUUID()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Bell' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  // The cookie banner would cover the bottom of the screenshots.
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
}

/** What an editor runs: the title joins the notifications category now, on this e2e server's database. */
function announce(slug: string): void {
  execFileSync(process.execPath, ['scripts/admin/notify.ts', slug, '--persist-to', `.wrangler/e2e-${PORT}`], {
    cwd: new URL('..', import.meta.url),
    stdio: 'pipe',
  });
}

const trigger = (page: Page) => page.locator('.bell__trigger');

/** The unread count of the badge (0 without a badge). */
async function unread(page: Page): Promise<number> {
  const badge = page.locator('.bell__badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
}


async function fits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a member sees the count rise when a title is announced and fall once it is opened (${lang})`, async ({ page }) => {
    // The editor's script runs wrangler: the default 90 s covers it.
    await page.setViewportSize(SIZES.desktop);
    await signUp(page);
    await page.goto(`/?lang=${lang}`);
    const before = await unread(page);
    expect(before).toBeGreaterThan(0); // the seeded notifications
    // Without JavaScript the bell is a link to the list.
    await expect(trigger(page)).toHaveAttribute('href', '/notifications');
    await expect(trigger(page)).toHaveAccessibleName(`${text(lang, 'NOTIFICATIONS')}: ${text(lang, 'NOTIFICATIONS_UNREAD', { count: before })}`);

    announce(ANNOUNCED[lang].slug);
    await page.reload();
    await expect(page.locator('.bell__badge')).toHaveAttribute('data-count', String(before + 1));

    // The panel: the newest first, unread, dated today; Escape closes it and gives focus back.
    await trigger(page).click();
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('dialog', { name: text(lang, 'NOTIFICATIONS') });
    await expect(panel).toBeVisible();
    const first = panel.locator('.notification-card').first();
    await expect(first).toContainText(ANNOUNCED[lang].name);
    await expect(first).toHaveClass(/notification-card--unread/);
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    await expect(first.locator('.notification-card__date')).toContainText(today);
    await expect(panel.getByRole('button', { name: text(lang, 'NOTIFICATIONS_PUSH_ENABLE') })).toBeVisible();
    await expect(panel.getByRole('link', { name: text(lang, 'NOTIFICATIONS_SEE_ALL') })).toHaveAttribute('href', '/notifications');
    await settled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/notifications-panel-${lang}-desktop.png` });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false');

    // Opening it: the title's page, and one unread less.
    await trigger(page).click();
    await panel.locator('.notification-card').first().click();
    await expect(page).toHaveURL(`${BASE_URL}/content/${ANNOUNCED[lang].slug}`);
    await expect(page.locator('.bell__badge')).toHaveAttribute('data-count', String(before));
    // Spec §7: the opened title has left the bell's list.
    await trigger(page).click();
    await expect(panel.locator('.notification-card').first()).not.toContainText(ANNOUNCED[lang].name);
    await expect(panel.locator('.notification-card:not(.notification-card--unread)')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The list page, where it is now read.
    await page.goto(`/notifications?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'NOTIFICATIONS') })).toBeVisible();
    const card = page.locator('.notifications-page__list .notification-card').first();
    await expect(card).toContainText(ANNOUNCED[lang].name);
    await expect(card).not.toHaveClass(/notification-card--unread/);
    await expect(page.locator('.notifications-page__list .notification-card--unread')).toHaveCount(before);
    await settled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/notifications-page-${lang}-desktop.png`, fullPage: true });
  });
}

test('on a phone the panel is a bottom sheet; a click outside closes it (en, ar)', async ({ page }) => {
  await page.setViewportSize(SIZES.phone);
  await signUp(page);
  for (const lang of ['en', 'ar'] as const) {
    await page.goto(`/?lang=${lang}`);
    await trigger(page).click();
    const panel = page.getByRole('dialog', { name: text(lang, 'NOTIFICATIONS') });
    await expect(panel).toBeVisible();
    await settled(page); // the sheet slides in
    const box = await panel.boundingBox();
    expect(box?.x).toBe(0);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(SIZES.phone.height);
    expect(box?.width).toBe(SIZES.phone.width);
    await page.screenshot({ path: `e2e/screenshots/notifications-panel-${lang}-phone.png` });
    await page.mouse.click(200, 40); // the dimmed page above the sheet
    await expect(panel).toBeHidden();

    await page.goto(`/notifications?lang=${lang}`);
    await settled(page);
    await fits(page);
    await page.screenshot({ path: `e2e/screenshots/notifications-page-${lang}-phone.png`, fullPage: true });
  }
});

test('a new guest gets no unread badge but finds the announced titles; the bell works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: SIZES.desktop });
  const page = await context.newPage();
  await page.goto('/?lang=en');
  // Nothing was sent to a guest who just arrived: no count on the bell.
  expect(await unread(page)).toBe(0);
  await trigger(page).click();
  await expect(page).toHaveURL(`${BASE_URL}/notifications`);
  // The announced titles are listed, none marked new. The page streams: the URL changes with its
  // first bytes, so the list is awaited rather than counted at once.
  const cards = page.locator('.notifications-page__list .notification-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('.notifications-page__list .notification-card--unread')).toHaveCount(0);
  await page.locator('.notifications-page__list .notification-card').first().click();
  await expect(page).toHaveURL(/\/content\/[a-z0-9-]+$/);
  await context.close();
});
