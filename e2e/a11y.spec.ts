import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { subscribe } from './billing';
import { expect, settled, test } from './fixtures';
import { DOOR_KEY, WALL_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * Accessibility (issue 12): axe on every page of the site, in English and Arabic, as a guest and
 * as a member, with the dropdowns and modals that belong to the page opened: 0 serious or critical
 * violations. Each test collects every page's violations first, so one run lists all of them.
 */

const PASSWORD = 'Sesame123';
const LANGS = ['en', 'ar'] as const satisfies Lang[];
const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 900 };

/** Titles of the seed (scripts/seed/data): a free film, a series, an episode. */
const FILM = 'casa-blues';
const SERIES = 'the-kasbah-hotel';
const EPISODE = 'hajja-and-sons-s1e1';

/** Pages anyone can open. */
const GUEST_PAGES = [
  '/',
  '/category',
  '/category/films',
  `/content/${FILM}`,
  `/content/${SERIES}`,
  `/player/${FILM}`,
  `/player/${EPISODE}`,
  '/search',
  '/search?q=casa',
  '/login',
  '/register',
  '/forgot',
  '/forgot?by=phone',
  '/changePassword',
  '/callback',
  '/favs',
  '/notifications',
  '/page/help-center',
  '/page/terms-of-use',
  '/subscription',
  '/tv',
  '/tv/aflam-tv',
  '/epg',
  '/error?code=404',
  '/error?code=403',
  '/error?code=429',
  '/error?code=500',
  '/this/does/not/exist',
];

/** Pages of a member (the profile ids are filled in once the account exists). */
const memberPages = (profileId: number): string[] => [
  '/',
  '/category/films',
  `/content/${SERIES}`,
  `/player/${FILM}`,
  '/search?q=casa',
  '/favs',
  '/notifications',
  '/profile',
  '/profile/delete',
  '/profiles',
  '/profiles/new',
  `/profiles/${profileId}/edit`,
  `/profiles/${profileId}/delete`,
  '/whoswatching',
  '/settings/editLogin',
  '/settings/lock',
  '/settings/restrictions',
  '/subscription',
  '/profile?t=subscriptions',
  '/settings/billingActivity',
  '/settings/managePayment',
  '/settings/changeSubscription',
];

type Found = { where: string; rule: string; impact: string; help: string; targets: string[] };

/** axe on the page as it is now: its serious and critical violations. */
async function audit(page: Page, where: string): Promise<Found[]> {
  await settled(page);
  // label-content-name-mismatch (WCAG 2.5.3 label in name) is experimental in axe, so off unless asked for.
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)})` : ''}`) }));
}

/**
 * Pages whose script loads another page by itself once loaded: the sign-in callback, and the TV
 * guide, which reloads once in the browser's own time zone (client/islands/epg-now.tsx).
 */
const MOVING_ON = ['/callback', '/epg'];

/**
 * Opens a page and waits for the islands that wake at load (the player, an autofocused form): the
 * others wake on a touch and render the server's HTML until then. Not the network's rest: a player
 * keeps fetching segments.
 */
async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  if (MOVING_ON.includes(path)) return page.waitForLoadState('networkidle');
  // An island inside another hydrates with it and is never marked live itself: outermost ones only.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island][data-hydrate="load"]:not([data-live])')].every((el) => el.parentElement?.closest('[data-island]')));
}

/** The bar's More menu (when the bar has no room for every entry), the bell's panel and (for members) the profile menu, opened on the current page. */
async function menus(page: Page, where: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const [selector, name] of [
    ['.more-menu__button', 'More menu'],
    ['.bell__trigger[role="button"]', 'bell panel'],
    ['.profile-menu__trigger[role="button"]', 'profile menu'],
  ] as const) {
    const trigger = page.locator(selector);
    if (!(await trigger.isVisible())) continue;
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    found.push(...(await audit(page, `${where} (${name})`)));
    await page.keyboard.press('Escape');
  }
  return found;
}

async function signUp(page: Page): Promise<number> {
  const email = `e2e-a11y-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Salma' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await subscribe(page.request);
  const kid = await page.request.post('/api/auth/profiles', { data: { name: 'Kids', is_kid: true, age_restriction: '12-age-restriction', picture: 'avatar-3' } });
  expect(kid.status()).toBe(201);
  return ((await kid.json()) as { id: number }).id;
}

for (const lang of LANGS) {
  test(`every page a guest can open has no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(DESKTOP);
    const found: Found[] = [];
    for (const path of GUEST_PAGES) {
      await open(page, path, lang);
      found.push(...(await audit(page, path)));
    }
    // Subscribe hovered, the language menu and the register-or-login modal (My List for a guest), then the bell.
    await open(page, '/', lang);
    await page.locator('.top-bar__subscribe').hover();
    found.push(...(await audit(page, '/ (Subscribe hovered)')));
    await page.locator('.lang-menu__button').click();
    found.push(...(await audit(page, '/ (language menu)')));
    await page.keyboard.press('Escape');
    // My List is the bar's last entry: in More when the bar has no room for it.
    const more = page.locator('.more-menu__button');
    if (await more.isVisible()) await more.click();
    await page.getByRole('navigation', { name: text(lang, 'MAIN_MENU') }).getByRole('link', { name: text(lang, 'MY_LIST') }).click();
    await expect(page.getByRole('dialog', { name: text(lang, 'GUEST_PROMPT_TITLE') })).toBeVisible();
    found.push(...(await audit(page, '/ (register-or-login modal)')));
    await page.keyboard.press('Escape');
    found.push(...(await menus(page, '/')));
    expect(found).toEqual([]);
  });

  test(`the phone layout and its menu have no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    const found: Found[] = [];
    for (const path of ['/', `/content/${FILM}`, `/player/${FILM}`, '/search?q=casa', '/login']) {
      await open(page, path, lang);
      found.push(...(await audit(page, `${path} (phone)`)));
    }
    await open(page, '/', lang);
    await page.locator('.mobile-menu summary, .mobile-menu button').first().click();
    found.push(...(await audit(page, '/ (phone, menu open)')));
    expect(found).toEqual([]);
  });

  test(`every page of a member has no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(420_000);
    await page.setViewportSize(DESKTOP);
    const kidId = await signUp(page);
    const found: Found[] = [];
    for (const path of memberPages(kidId)) {
      await open(page, path, lang);
      found.push(...(await audit(page, path)));
    }
    await open(page, '/', lang);
    found.push(...(await menus(page, '/ (member)')));
    expect(found).toEqual([]);
  });

  test(`the password wall has no serious accessibility violation (${lang})`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${WALL_URL}/?lang=${lang}`);
    const found = await audit(page, 'password wall');
    // A wrong key: the wall with its error message.
    await page.locator('input[type="password"]').fill(`${DOOR_KEY}-wrong`);
    await page.locator('input[type="password"]').press('Enter');
    await page.waitForLoadState('networkidle');
    found.push(...(await audit(page, 'password wall (wrong key)')));
    expect(found).toEqual([]);
  });
}
