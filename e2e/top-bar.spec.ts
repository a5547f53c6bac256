import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * The desktop top bar holds every menu entry: at 1024, 1280, 1366 and 1440 px, in the four
 * languages, for a guest and a member, each entry is either whole in the bar or offered by
 * "More"; none is cut, nothing scrolls sideways. More is a button with aria-expanded that arrows
 * and Escape drive, mirrored in Arabic.
 */

const WIDTHS = [1024, 1280, 1366, 1440];
const LANGS: Lang[] = ['en', 'fr', 'ar', 'es'];

type Entry = { label: string; inBar: boolean; whole: boolean; inMore: boolean };

/** Each entry of the bar: shown in the bar (and whole, inside the list and the window), or shown in More. */
const entries = (page: Page): Promise<{ entries: Entry[]; more: boolean; moreInWindow: boolean; overflow: number }> =>
  page.evaluate(async () => {
    // More's entries are laid out while it is open: open it for the count, then close it again.
    const details = document.querySelector<HTMLDetailsElement>('.more-menu');
    if (details) details.open = true;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const list = document.querySelector('.top-bar__links');
    const bar = [...document.querySelectorAll<HTMLElement>('.top-bar__links > li')];
    const copies = [...document.querySelectorAll<HTMLElement>('.more-menu__list > li')];
    const more = document.querySelector<HTMLElement>('.more-menu__button');
    const box = list?.getBoundingClientRect();
    const inside = (r: DOMRect, o: { left: number; right: number }) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5;
    const window = { left: 0, right: document.documentElement.clientWidth };
    const moreBox = more?.getBoundingClientRect();
    const seen = {
      entries: bar.map((li, i) => {
        const r = li.getBoundingClientRect();
        return {
          label: li.textContent ?? '',
          inBar: li.checkVisibility({ visibilityProperty: true }),
          whole: !!box && inside(r, box) && inside(r, window),
          inMore: !!copies[i]?.checkVisibility({ visibilityProperty: true }),
        };
      }),
      more: !!more?.checkVisibility({ visibilityProperty: true }),
      moreInWindow: !!moreBox && inside(moreBox, window),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
    if (details) details.open = false;
    return seen;
  });

async function signUp(page: Page): Promise<void> {
  const email = `e2e-bar-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'Sesame123', profile: { username: 'Salma' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: 'Sesame123' } })).status()).toBe(200);
}

for (const who of ['guest', 'member'] as const) {
  test(`every menu entry is in the bar or in More, never cut, at four widths in four languages (${who})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    if (who === 'member') await signUp(page);
    for (const lang of LANGS) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lang=${lang}`);
        const where = `${who} ${lang} ${width}px`;
        const seen = await entries(page);
        expect(seen.entries.length, where).toBeGreaterThanOrEqual(10);
        for (const e of seen.entries) {
          expect(e.inBar !== e.inMore, `${where}: "${e.label}" is in exactly one of the bar and More`).toBe(true);
          if (e.inBar) expect(e.whole, `${where}: "${e.label}" is whole in the bar`).toBe(true);
        }
        expect(seen.more, `${where}: More shows when it holds entries`).toBe(seen.entries.some((e) => e.inMore));
        if (seen.more) expect(seen.moreInWindow, `${where}: More is in the window`).toBe(true);
        expect(seen.overflow, `${where}: no sideways scrolling`).toBeLessThanOrEqual(0);
      }
    }
  });
}

test('More opens with the keyboard, arrows move through its entries, Escape closes it on its button (Arabic, mirrored)', async ({ page }) => {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/?lang=ar');
  // A <summary>: the browser exposes it as a button with its expanded state.
  const button = page.locator('.more-menu__button');
  await expect(button).toHaveText(text('ar', 'MORE_MENU'));
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Mirrored: More stands to the left of the entries the bar shows.
  const first = await page.locator('.top-bar__links > li').first().boundingBox();
  const more = await button.boundingBox();
  expect(first && more && more.x < first.x).toBe(true);
  // The focus wakes the island (arrows are its own, not the browser's).
  await button.focus();
  await expect(page.locator('[data-island="more-menu"]')).toHaveAttribute('data-live', '');
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const shown = page.locator('.more-menu__list a:visible');
  await expect(shown.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(shown.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(shown.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expect(page.locator('.more-menu__list')).toBeHidden();
  // Enter opens it too; the last entry (My List, a guest's prompt) is among those it offers.
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(shown.last()).toHaveText(text('ar', 'MY_LIST'));
});

test('Escape in the language menu closes it with the focus back on its button', async ({ page }) => {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  await page.goto('/?lang=en');
  const button = page.locator('.lang-menu summary');
  await button.click();
  await expect(page.locator('.lang-menu__list')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('.lang-menu__list a').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.lang-menu__list')).toBeHidden();
  await expect(button).toBeFocused();
});
