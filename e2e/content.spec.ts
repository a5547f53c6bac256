import type { Page } from '@playwright/test';
import { expect, settled, test } from './fixtures';
import { text } from './text';
import { BASE_URL } from './playwright.config';

/**
 * The content page in the browser (issue 5): a series' season picker and episodes, the share
 * button's copy fallback, the trailer playing in place of the hero; screenshots of a film, a
 * series and a premium refusal in English and Arabic, on a desktop and a phone.
 */


/** The cookie banner would cover the bottom of the screenshots. */
const noBanner = (page: Page) => page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);


/** No page wider than the screen. */
async function fits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const episodeTitles = (page: Page) => page.locator('.episode__title').allInnerTexts();

test('a series: season picker and episodes, each leading to the player', async ({ page }) => {
  await noBanner(page);
  await page.goto('/content/the-kasbah-hotel');
  const seasons = page.getByRole('navigation', { name: text('en', 'SEASONS') });
  await expect(seasons.getByRole('link', { name: text('en', 'SEASON_N', { n: 1 }) })).toHaveAttribute('aria-current', 'page');
  const first = await episodeTitles(page);
  expect(first.length).toBeGreaterThan(0);
  await expect(page.locator('.episode').first().getByRole('link')).toHaveAttribute('href', /^\/player\/the-kasbah-hotel-/);

  await seasons.getByRole('link', { name: text('en', 'SEASON_N', { n: 2 }) }).click();
  await expect(page).toHaveURL(/\?season=2#episodes$/);
  await expect(seasons.getByRole('link', { name: text('en', 'SEASON_N', { n: 2 }) })).toHaveAttribute('aria-current', 'page');
  const second = await episodeTitles(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second).not.toEqual(first);
  await expect(page.locator('#episodes')).toBeInViewport();
});

test('share copies the link with a toast where the Web Share API is missing', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await noBanner(page);
  await page.goto('/content/casa-blues');
  await page.getByRole('button', { name: text('en', 'SHARE') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('en', 'LINK_COPIED') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE_URL}/content/casa-blues`);
});

test('share uses the Web Share API with the title, the synopsis and the link when there is one', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', { value: (data: ShareData) => (shared.push(data), Promise.resolve()), configurable: true });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
  });
  await noBanner(page);
  await page.goto('/content/casa-blues');
  await page.getByRole('button', { name: text('en', 'SHARE') }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
    { title: await page.locator('h1').innerText(), text: await page.locator('.content__synopsis').innerText(), url: `${BASE_URL}/content/casa-blues` },
  ]);
});

test('the trailer plays in place of the hero and closes back to it', async ({ page }) => {
  await noBanner(page);
  await page.goto('/content/casa-blues');
  const trailerButton = page.getByRole('button', { name: text('en', 'TRAILER') });
  await trailerButton.click();
  const region = page.getByRole('region', { name: /Trailer/ });
  await expect(region).toBeVisible();
  const video = region.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  // In place: the player covers the hero.
  const [hero, player] = await Promise.all([page.locator('.content__hero').boundingBox(), region.boundingBox()]);
  expect(player && hero && player.y >= hero.y && player.y + player.height <= hero.y + hero.height + 1).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/content-trailer-en-desktop.png' });
  await page.getByRole('button', { name: text('en', 'CLOSE_TRAILER') }).click();
  await expect(region).toHaveCount(0);
  await expect(trailerButton).toBeFocused();
});

test("a viewer's unfinished episode: Resume with its position and progress bars", async ({ page }) => {
  await noBanner(page);
  const email = `e2e-content-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'Sesame123', profile: { username: 'Nadia' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: 'Sesame123' } })).status()).toBe(200);
  const data = (await (await page.request.get('/api/pages/content/the-kasbah-hotel')).json()) as {
    content: { seasons: { episodes: { id: number; slug: string; duration: number }[] }[] };
  };
  const [first, second] = data.content.seasons[0]?.episodes ?? [];
  if (!first || !second) throw new Error('the-kasbah-hotel has fewer than 2 episodes');
  expect((await page.request.put(`/api/actions/watched/${first.id}`, { data: { time: first.duration } })).status()).toBe(200);
  const time = Math.floor(second.duration * 0.4);
  expect((await page.request.put(`/api/actions/watched/${second.id}`, { data: { time } })).status()).toBe(200);
  // The time as saved (the API keeps it within the media's duration).
  const user = (await (await page.request.get('/api/auth/user')).json()) as { watched: { id: number; time: number }[] };
  const saved = Math.floor(user.watched.find((w) => w.id === second.id)?.time ?? 0);
  expect(saved).toBeGreaterThan(0);
  await page.goto('/content/the-kasbah-hotel');
  const clock = `${Math.floor(saved / 60)}:${String(saved % 60).padStart(2, '0')}`;
  const play = page.locator('.content__play-button');
  await expect(play).toHaveAttribute('href', `/player/${second.slug}`);
  await expect(play).toContainText(text('en', 'RESUME_AT', { time: clock }));
  await expect(play).toContainText(text('en', 'EPISODE_SHORT', { season: 1, episode: 2 }));
  await expect(page.locator('.episode').nth(1).getByRole('img', { name: /%/ })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: 'e2e/screenshots/content-resume-en-desktop.png' });
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SHOTS = [
  { name: 'content-film', path: '/content/casa-blues' },
  { name: 'content-series', path: '/content/the-kasbah-hotel' },
  { name: 'content-premium', path: '/content/chergui' },
] as const;

test.describe('screenshots', () => {
  for (const device of ['desktop', 'phone'] as const) {
    test(`film, series and premium refusal on a ${device}`, async ({ page }) => {
      await page.setViewportSize(SIZES[device]);
      await noBanner(page);
      for (const lang of ['en', 'ar'] as const) {
        for (const shot of SHOTS) {
          await page.goto(`${shot.path}?lang=${lang}`);
          await settled(page);
          await fits(page);
          if (shot.name === 'content-premium') await expect(page.getByText(text(lang, 'PREMIUM_REQUIRED'))).toBeVisible();
          await page.screenshot({ path: `e2e/screenshots/${shot.name}-${lang}-${device}.png`, fullPage: shot.name === 'content-series' });
        }
      }
    });
  }
});
