import { expect, playing, test } from './fixtures';
import { text } from './text';
import { BASE_URL } from './playwright.config';

/**
 * The demo media look like a service's films (issue 34): clip A ("The Long Dusk", scripts/media/demo.ts)
 * has a ladder up to 1080p and stereo audio in two languages; chosen in the Quality menu, 1080p
 * plays at 1920×1080. Screenshot of the player at desktop size, to be looked at.
 */

/** A film whose demo clip is A (scripts/seed/media.ts: demoVariant). */
const FILM_A = 'the-tanners-son';
const SHOTS = 'e2e/screenshots';

test('clip A plays at 1080p with stereo audio in two languages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 810 });
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  const master = page.waitForResponse((r) => /demo\/a\/main\/master\.m3u8/.test(r.url()) && r.ok(), { timeout: 30_000 });
  await page.goto(`/player/${FILM_A}?lang=en`);
  const playlist = await (await master).text();
  expect(playlist.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=426x240', 'RESOLUTION=640x360', 'RESOLUTION=854x480', 'RESOLUTION=1280x720', 'RESOLUTION=1920x1080']);
  expect(playlist.match(/TYPE=AUDIO.*CHANNELS="2"/g)).toHaveLength(2);

  await playing(page);

  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.getByRole('button', { name: text('en', 'PLAYER_QUALITY') }).click();
  await page.getByRole('menuitemradio', { name: '1080p', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.videoHeight ?? 0), { timeout: 30_000 }).toBe(1080);
  // Into the second shot (the ridge against the ember sky), with the controls up.
  await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.player video');
    if (video) video.currentTime = 21;
  });
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0), { timeout: 20_000 }).toBeGreaterThan(21.5);
  await page.mouse.move(500, 400);
  await page.mouse.move(520, 420);
  await page.screenshot({ path: `${SHOTS}/demo-media-1080p-desktop-en.png` });
});
