import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { text, type Lang } from './text';
import { titles } from '../scripts/seed/catalogue.ts';
import { BASE_URL } from './playwright.config';

/**
 * Search in the browser (issue 5; spec §4 Search, §5 Search text, §9): Arabic typed with other alef
 * forms or diacritics finds the same titles, French without accents, the year filter, the sort
 * direction, the 500 ms debounce, pages of 40 loaded on scroll until the end flag, recommendations
 * when nothing is found; screenshots in English and Arabic, desktop and phone.
 * Run: E2E_PORT=8920 npx playwright test -c e2e/playwright.config.ts e2e/search.spec.ts
 */


const NOW = new Date().toISOString();
const published = titles.filter((t) => t.published <= NOW);

const isSearchCall = (r: Request) => r.url().includes('/api/pages/search/?');

async function open(page: Page, path = '/search', lang: Lang = 'en') {
  // The cookie banner would cover the bottom of the page.
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await live(page);
}

/**
 * The island wakes on the visitor's first pointer, focus or touch (here: the pointer over the box)
 * or scroll; React controls the input once it is live (typing earlier may beat it on a loaded machine).
 */
async function live(page: Page) {
  await expect(page.locator('[data-island="search"]')).toBeAttached();
  await page.locator('#search-q').hover();
  await page.waitForFunction(() => document.querySelector('#search-q') && Object.keys(document.querySelector('#search-q') as object).some((k) => k.startsWith('__react')));
}

const input = (page: Page) => page.locator('#search-q');
const results = (page: Page) => page.locator('[data-search-results] a.tile');
const resultSlugs = async (page: Page) => (await results(page).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).map((h) => h.replace('/content/', ''));

/** Types `value` as a person would and waits for the search it triggers (after the debounce). */
async function typeAndWait(page: Page, value: string) {
  await input(page).fill('');
  const answered = page.waitForResponse((r) => isSearchCall(r.request()) && r.url().includes(`filter=${encodeURIComponent(value.trim()).replace(/%20/g, '+')}`));
  await input(page).pressSequentially(value, { delay: 30 });
  await answered;
  await expect(page.locator('[data-search-state="idle"]')).toBeAttached();
}

test("'الرباط' typed without hamza, with another alef, diacritics or tatweel finds the same titles", async ({ page }) => {
  await open(page, '/search', 'ar');
  await typeAndWait(page, 'الرباط');
  const expected = await resultSlugs(page);
  expect(expected).toContain('the-stork-of-rabat');
  await expect(page).toHaveURL(/\/search\?q=%D8%A7%D9%84%D8%B1%D8%A8%D8%A7%D8%B7$/);
  for (const typed of ['ألرباط', 'إلرباط', 'آلرباط', 'الرّباط', 'الربـاط', 'رباط']) {
    await typeAndWait(page, typed);
    expect(await resultSlugs(page), typed).toEqual(expected);
  }
  // taa marbuta typed as haa, alef maqsura as yaa, hamza left out.
  await typeAndWait(page, 'الحاجه واولادها');
  expect(await resultSlugs(page)).toEqual(['hajja-and-sons']);
  await typeAndWait(page, 'ليالى المدينه');
  expect(await resultSlugs(page)).toEqual(['medina-nights']);
});

test('a French title typed without accents; the URL carries ?q= and the results are shareable', async ({ page }) => {
  await open(page);
  await typeAndWait(page, 'la derniere caravane');
  expect(await resultSlugs(page)).toEqual(['the-last-caravan']);
  await expect(page).toHaveURL(/\/search\?q=la\+derniere\+caravane$/);
  // Opened from the URL, the page renders the same results on the server.
  await page.goto(page.url());
  await expect(results(page)).toHaveCount(1);
  await expect(input(page)).toHaveValue('la derniere caravane');
  await live(page);
  await typeAndWait(page, 'Épicerie');
  expect(await resultSlugs(page)).toEqual(['hanout-hamid']);
});

test('searches 500 ms after the last keystroke, once, with the text trimmed', async ({ page }) => {
  await open(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (isSearchCall(r)) calls.push(r.url());
  });
  const answered = page.waitForResponse((r) => isSearchCall(r.request()));
  await input(page).pressSequentially('  casa blu ', { delay: 60 });
  const typedAt = Date.now();
  await answered;
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(400);
  await page.waitForTimeout(700);
  expect(calls).toHaveLength(1);
  expect(new URL(calls[0] ?? '').searchParams.get('filter')).toBe('casa blu');
  expect(await resultSlugs(page)).toEqual(['casa-blues']);
});

test('text pasted before the island is live is searched (issue 12)', async ({ page }) => {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  // A slow network: the island's code arrives 1.5 s after the page, long after the paste.
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/search?lang=en');
  await input(page).focus();
  const answered = page.waitForResponse((r) => isSearchCall(r.request()) && r.url().includes('filter=casa+blu'));
  await page.keyboard.insertText('casa blu');
  expect(await page.locator('[data-island="search"][data-live]').count()).toBe(0);
  await answered;
  await expect(page.locator('[data-search-state="idle"]')).toBeAttached();
  expect(await resultSlugs(page)).toEqual(['casa-blues']);
  await expect(page).toHaveURL(/\/search\?q=casa\+blu$/);
  await expect(input(page)).toHaveValue('casa blu');
});

test('filters by year and type, sorts Z to A and back', async ({ page }) => {
  await open(page);
  const byYear = page.waitForResponse((r) => isSearchCall(r.request()) && r.url().includes('year=2024'));
  await page.getByLabel(text('en', 'SEARCH_YEAR'), { exact: true }).selectOption('2024');
  await byYear;
  await expect(page).toHaveURL(/\/search\?year=2024$/);
  const expected = published.filter((t) => t.productionYear === 2024).map((t) => t.slug);
  await expect(results(page)).toHaveCount(expected.length);
  expect((await resultSlugs(page)).toSorted()).toEqual(expected.toSorted());

  const series = page.waitForResponse((r) => isSearchCall(r.request()) && r.url().includes('types=playlist'));
  await page.getByLabel(text('en', 'SEARCH_TYPE'), { exact: true }).selectOption('playlist');
  await series;
  const expectedSeries = published.filter((t) => t.productionYear === 2024 && t.format === 'series').map((t) => t.slug);
  await expect(results(page)).toHaveCount(expectedSeries.length);

  await page.getByLabel(text('en', 'SEARCH_TYPE'), { exact: true }).selectOption('');
  await expect(results(page)).toHaveCount(expected.length);
  const asc = await resultSlugs(page);
  const desc = page.waitForResponse((r) => isSearchCall(r.request()) && r.url().includes('direction=desc'));
  await page.getByRole('button', { name: new RegExp(text('en', 'SEARCH_SORT')) }).click();
  await desc;
  await expect(page).toHaveURL(/direction=desc/);
  await expect.poll(() => resultSlugs(page)).toEqual(asc.toReversed());
});

test('loads the next 40 when scrolled to the end, then stops at the end flag', async ({ page }) => {
  await open(page, '/search?type=video');
  const videos = published.filter((t) => t.format !== 'series').length;
  expect(videos).toBeGreaterThan(40);
  await expect(results(page)).toHaveCount(40);
  await expect(page.locator('[data-search-results]')).toHaveAttribute('data-end', 'false');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (isSearchCall(r)) calls.push(r.url());
  });
  await page.locator('.search__more').scrollIntoViewIfNeeded();
  await expect(results(page)).toHaveCount(videos);
  await expect(page.locator('[data-search-results]')).toHaveAttribute('data-end', 'true');
  await expect(page.getByText(text('en', 'SEARCH_END'))).toBeVisible();
  expect(calls.map((u) => new URL(u).searchParams.get('page'))).toEqual(['2']);
  // At the end nothing more is asked for, however far the viewer scrolls.
  await page.mouse.wheel(0, 5000);
  await page.waitForTimeout(800);
  expect(calls).toHaveLength(1);
  expect(new Set(await resultSlugs(page)).size).toBe(videos);
});

test('shows recommendations when nothing is found, and a search from the top bar icon', async ({ page }) => {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  await page.goto('/?lang=en');
  await page.getByRole('link', { name: text('en', 'SEARCH'), exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { name: text('en', 'SEARCH_RECOMMENDATIONS') })).toBeVisible();
  await open(page);
  await typeAndWait(page, 'zzqqxxw');
  await expect(page.locator('.search__status')).toHaveText(text('en', 'SEARCH_NO_RESULTS', { q: 'zzqqxxw' }));
  await expect(page.locator('[data-search-recommendations] a.tile').first()).toBeVisible();
  await expect(page.locator('.toast')).toHaveCount(0);
});

for (const lang of ['en', 'ar'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`screenshot: search ${lang} ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, '/search', lang);
      await typeAndWait(page, lang === 'ar' ? 'ال' : 'the');
      await expect(results(page).first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `e2e/screenshots/search-${lang}-${device}.png` });
    });
  }
}
