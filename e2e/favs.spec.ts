import type { Page } from '@playwright/test';
import { titles } from '../scripts/seed/catalogue.ts';
import { subscribe } from './billing';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { pattern, text } from './text';

/**
 * My List and likes in the browser (issue 6): a guest keeps favourites in this browser behind the
 * register-or-login modal, registers and finds them in My List; likes survive a reload; a refused
 * toggle rolls back with the error toast; profiles keep separate lists; logout empties localStorage.
 */

const PASSWORD = 'Sesame123';
const now = new Date().toISOString();
const [FIRST, SECOND] = titles.filter((t) => (t.maturity === 'all-ages' || t.maturity === '10-plus') && t.published <= now && t.format === 'films');
if (!FIRST || !SECOND) throw new Error('seed: two family titles expected');


async function noBanner(page: Page) {
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
}

const local = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('My List', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`a guest keeps two titles on this device, registers and finds them in My List (${lang})`, async ({ page }) => {
      await noBanner(page);
      // 1. A tile on a category page: the + opens the modal, the title is kept locally.
      await page.goto(`/category/films?lang=${lang}`);
      const firstName = FIRST.name[lang];
      const tileButton = page.getByRole('button', { name: `${text(lang, 'ADD_TO_MY_LIST')}: ${firstName}` });
      await tileButton.hover();
      await tileButton.click();
      const modal = page.getByRole('dialog', { name: text(lang, 'GUEST_PROMPT_TITLE') });
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(text(lang, 'GUEST_FAV_SAVED'));
      await modal.getByRole('button', { name: text(lang, 'NOT_NOW') }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByRole('button', { name: `${text(lang, 'REMOVE_FROM_MY_LIST')}: ${firstName}` })).toHaveAttribute('aria-pressed', 'true');

      // 2. The content page's labelled button; Escape closes the modal.
      await page.goto(`/content/${SECOND.slug}?lang=${lang}`);
      const mine = page.getByRole('button', { name: text(lang, 'MY_LIST'), exact: true });
      await expect(mine).toHaveAttribute('aria-pressed', 'false');
      await mine.click();
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(mine).toHaveAttribute('aria-pressed', 'true');
      expect(JSON.parse((await local(page, 'favs')) ?? '[]')).toHaveLength(2);

      // A like asks to log in and keeps nothing.
      await page.getByRole('button', { name: text(lang, 'LIKE'), exact: true }).click();
      await expect(modal).toContainText(text(lang, 'GUEST_LIKE'));
      await page.keyboard.press('Escape');

      // 3. Reloaded, the server renders the kept state (cookie mirror).
      await page.reload();
      await expect(page.getByRole('button', { name: text(lang, 'MY_LIST'), exact: true })).toHaveAttribute('aria-pressed', 'true');

      // 4. My List asks a guest to register; the kept titles are announced.
      await page.goto(`/favs?lang=${lang}`);
      await expect(page.getByText(text(lang, 'GUEST_FAVS_KEPT', { count: 2 }))).toBeVisible();
      await page.getByRole('link', { name: text(lang, 'CREATE_ACCOUNT') }).click();
      await expect(page).toHaveURL(/\/register\?redirect=%2Ffavs/);
      await page.getByRole('textbox', { name: text(lang, 'EMAIL'), exact: true }).fill(`e2e-favs-${crypto.randomUUID().slice(0, 8)}@example.com`);
      await page.getByLabel(text(lang, 'PASSWORD'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(text(lang, 'PASSWORD_CONFIRMATION'), { exact: true }).fill(PASSWORD);
      await page.locator('#field-terms').check();
      await page.getByRole('button', { name: text(lang, 'CREATE_ACCOUNT') }).click();

      // 5. Back on My List as the new account: both titles, newest first; the guest copy is gone.
      await expect(page).toHaveURL(/\/favs$/);
      const cards = page.locator('.my-list__grid .tile__title');
      await expect(cards).toHaveText([SECOND.name[lang], firstName]);
      await expect.poll(() => local(page, 'favs')).toBeNull();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'favs')).toBeUndefined();
      await page.screenshot({ path: `e2e/screenshots/favs-${lang}-desktop.png`, fullPage: true });

      // 6. Remove one: it leaves at once and stays gone after a reload; the last one brings the empty state.
      await page.getByRole('button', { name: `${text(lang, 'REMOVE_FROM_MY_LIST')}: ${firstName}` }).click();
      await expect(cards).toHaveText([SECOND.name[lang]]);
      await page.reload();
      await expect(cards).toHaveText([SECOND.name[lang]]);
      await page.getByRole('button', { name: `${text(lang, 'REMOVE_FROM_MY_LIST')}: ${SECOND.name[lang]}` }).click();
      await expect(page.getByText(text(lang, 'MY_LIST_EMPTY'))).toBeVisible();
      await expect(page.getByRole('link', { name: text(lang, 'BROWSE_CATALOGUE') })).toHaveAttribute('href', '/category');
    });
  }

});

test.describe('Likes', () => {
  // The refusal below is staged on purpose.
  test.use({ allowedFailures: [/\/api\/actions\/fav\//] });

  test('a like survives a reload; a refused toggle rolls back with the error toast', async ({ page }) => {
    await noBanner(page);
    const email = `e2e-likes-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Amina' } } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);

    await page.goto(`/content/${FIRST.slug}?lang=en`);
    const like = page.getByRole('button', { name: text('en', 'LIKE'), exact: true });
    // The button turns at once; the reload waits for the server's answer (a reload would cancel the request).
    const saved = page.waitForResponse((r) => r.url().includes('/api/actions/like/') && r.request().method() !== 'GET');
    await like.click();
    await expect(page.getByRole('button', { name: text('en', 'LIKED'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('button', { name: text('en', 'LIKED'), exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The player's top bar has the same toggles; its My List adds the title.
    await page.goto(`/player/${FIRST.slug}?lang=en`);
    await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
    // The controls hide after 3 s without a pointer move: move it, as a viewer would, before each click.
    const wake = () => page.mouse.move(200 + Math.random() * 100, 200);
    await wake();
    const listed = page.waitForResponse((r) => r.url().includes('/api/actions/fav/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: `${text('en', 'ADD_TO_MY_LIST')}: ${FIRST.name.en}` }).click();
    expect((await listed).status()).toBe(200);
    await expect(page.getByRole('button', { name: `${text('en', 'REMOVE_FROM_MY_LIST')}: ${FIRST.name.en}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: `${text('en', 'UNLIKE')}: ${FIRST.name.en}` })).toHaveAttribute('aria-pressed', 'true');
    await wake();
    await page.goto('/favs?lang=en');
    await expect(page.locator('.my-list__grid .tile__title')).toHaveText([FIRST.name.en]);
    await page.getByRole('button', { name: `${text('en', 'REMOVE_FROM_MY_LIST')}: ${FIRST.name.en}` }).click();
    await expect(page.getByText(text('en', 'MY_LIST_EMPTY'))).toBeVisible();
    await page.goto(`/content/${FIRST.slug}?lang=en`);

    // The server refuses (here: staged) → the button flips back and the translated error shows.
    await page.route('**/api/actions/fav/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: 403, message: 'CONTENT_NOT_AVAILABLE: staged' }) }),
    );
    const mine = page.getByRole('button', { name: text('en', 'MY_LIST'), exact: true });
    await mine.click();
    await expect(page.getByRole('alert').filter({ hasText: text('en', 'CONTENT_NOT_AVAILABLE') })).toBeVisible();
    await expect(mine).toHaveAttribute('aria-pressed', 'false');
  });

});

test.describe('Copies of a title', () => {
  test('a title shown in two rows of the home page changes in both when one is toggled', async ({ page }) => {
    await noBanner(page);
    const email = `e2e-copies-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Nora' } } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
    await page.goto('/?lang=en');
    const labels = await page.locator('.row .list-toggle--icon').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const twice = labels.find((label, i) => labels.indexOf(label) !== i);
    if (!twice) throw new Error('seed: no title in two home rows');
    const copies = page.getByRole('button', { name: twice, exact: true });
    const name = twice.slice(twice.indexOf(': ') + 2);
    await copies.first().hover();
    await copies.first().click();
    const added = page.getByRole('button', { name: `${text('en', 'REMOVE_FROM_MY_LIST')}: ${name}`, exact: true });
    await expect(added).toHaveCount(labels.filter((l) => l === twice).length);
    for (const copy of await added.all()) await expect(copy).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('Search results', () => {
  test('a result tile adds the title to My List (the toggle lives inside the search island)', async ({ page }) => {
    await noBanner(page);
    const email = `e2e-search-favs-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Idriss' } } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
    await page.goto(`/search?q=${encodeURIComponent(FIRST.name.en)}&lang=en`);
    // The search island wakes on the first pointer over it.
    await page.locator('#search-q').hover();
    await page.locator('[data-island="search"][data-live]').waitFor({ state: 'attached' });
    const add = page.getByRole('button', { name: `${text('en', 'ADD_TO_MY_LIST')}: ${FIRST.name.en}`, exact: true });
    await add.hover();
    await add.click();
    await expect(page.getByRole('button', { name: `${text('en', 'REMOVE_FROM_MY_LIST')}: ${FIRST.name.en}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favs?lang=en');
    await expect(page.locator('.my-list__grid .tile__title')).toHaveText([FIRST.name.en]);
  });
});

test.describe('Profiles and logout', () => {
  test('two profiles keep separate lists; logout empties localStorage', async ({ page }) => {
    await noBanner(page);
    const email = `e2e-profiles-favs-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Omar' } } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
    await subscribe(page.request);
    const second = (await (await page.request.post('/api/auth/profiles', { data: { name: 'Salma', picture: 'avatar-4' } })).json()) as { id: number };
    const first = ((await (await page.request.get('/api/auth/profiles')).json()) as { id: number }[])[0]?.id ?? 0;

    // As the first profile (chosen like the chooser does), add a title from its tile on the category page.
    expect((await page.request.get(`/api/auth/user?profile=${first}`)).status()).toBe(200);
    await page.goto(`/content/${FIRST.slug}?lang=en`);
    await page.getByRole('button', { name: text('en', 'MY_LIST'), exact: true }).click();
    await expect(page.getByRole('button', { name: text('en', 'MY_LIST'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favs?lang=en');
    await expect(page.locator('.my-list__grid .tile__title')).toHaveText([FIRST.name.en]);

    // The second profile's list is its own.
    expect((await page.request.get(`/api/auth/user?profile=${second.id}`)).status()).toBe(200);
    await page.goto('/favs?lang=en');
    await expect(page.getByText(text('en', 'MY_LIST_EMPTY'))).toBeVisible();

    // Logout clears local storage (spec §4), whatever the islands stored.
    await page.evaluate(() => {
      localStorage.setItem('watched', JSON.stringify({ 1: [{ id: 1, time: 5 }] }));
      localStorage.setItem('profile', '1');
    });
    await page.locator('.profile-menu__trigger').click();
    await page.getByRole('button', { name: text('en', 'LOGOUT') }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect(await local(page, 'watched')).toBeNull();
    expect(await local(page, 'profile')).toBeNull();
    await expect(page.getByRole('link', { name: pattern('en', 'LOGIN') }).first()).toBeVisible();
  });
});
