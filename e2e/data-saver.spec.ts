import { devices, type BrowserContext, type Page } from '@playwright/test';
import { expect, playing, settled, test } from './fixtures';
import { text } from './text';
import { BASE_URL } from './playwright.config';

/**
 * The data saver (issue 34): a profile set to Data saver in its settings plays only the renditions
 * under the cap (about 0.3 GB per hour), checked on the segments the browser fetches; Best quality
 * chosen in the player's menu is saved to the profile (a reload keeps it). Screenshots of the menu
 * and the settings, desktop and phone, en and ar.
 *
 * The demo ladder (scripts/media/demo.ts) has 240p–480p under the cap and 720p–1080p above it;
 * Data saver must keep to the renditions the master playlist declares under it.
 */

const PASSWORD = 'Sesame123';
/** A film whose demo clip (A) has the full ladder, 240p–1080p. */
const FILM = 'the-tanners-son';
const SHOTS = 'e2e/screenshots';
const PHONE = devices['Pixel 7'];
const SAVER_MAX_BANDWIDTH = 700_000;

/** The rendition folders of the master playlist whose BANDWIDTH is above Data saver's ceiling, and those under it. */
async function ladderAround(page: Page, slug: string): Promise<{ under: string[]; over: string[] }> {
  const master = await page.waitForResponse((r) => /master\.m3u8/.test(r.url()) && r.ok(), { timeout: 20_000 });
  const lines = (await master.text()).split('\n');
  const under: string[] = [];
  const over: string[] = [];
  lines.forEach((line, i) => {
    const bandwidth = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line)?.[1];
    const folder = lines[i + 1]?.split('/')[0] ?? '';
    if (bandwidth) (Number(bandwidth) > SAVER_MAX_BANDWIDTH ? over : under).push(folder);
  });
  if (!under.length || !over.length) throw new Error(`${slug}: the demo ladder should have renditions on both sides of the cap`);
  return { under, over };
}

/** The rendition folders of the video segments fetched (audio segments are in audio/). */
function watchSegments(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!/\.(m4s|mp4)$/.test(path) || !response.ok()) return;
    const folder = path.split('/').slice(-2, -1)[0] ?? '';
    if (/^\d+p$/.test(folder)) seen.push(folder);
  });
  return seen;
}

async function newAccount(context: BrowserContext): Promise<number> {
  const email = `e2e-data-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await context.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Salma' } } })).status()).toBe(201);
  expect((await context.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  const profiles = (await (await context.request.get('/api/auth/profiles')).json()) as { id: number }[];
  const id = profiles[0]?.id;
  if (typeof id !== 'number') throw new Error('no profile');
  return id;
}

/** Pauses (the controls stay up) and opens the data usage menu. */
async function openDataMenu(page: Page, lang: 'en' | 'ar') {
  await page.keyboard.press('k');
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 320);
  await page.getByRole('button', { name: text(lang, 'DATA_USAGE') }).click();
  return page.getByRole('menu', { name: text(lang, 'DATA_USAGE') });
}

test.describe('data saver', () => {
  test('Data saver chosen in settings fetches only capped renditions; Best quality chosen in the player is saved', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const id = await newAccount(page.context());

    // The profile's settings: each choice with its gigabytes per hour; Data saver saved.
    await page.goto(`/profiles/${id}/edit?lang=en`);
    const select = page.getByLabel(text('en', 'DATA_USAGE'));
    await expect(select).toHaveValue('auto');
    await expect(select.locator('option')).toHaveText([
      `${text('en', 'DATA_USAGE_AUTO')} · ${text('en', 'DATA_USAGE_GB_PER_HOUR', { gb: '2.3' })}`,
      `${text('en', 'DATA_USAGE_SAVER')} · ${text('en', 'DATA_USAGE_GB_PER_HOUR', { gb: '0.3' })}`,
      `${text('en', 'DATA_USAGE_BEST')} · ${text('en', 'DATA_USAGE_GB_PER_HOUR', { gb: '2.3' })}`,
    ]);
    await select.selectOption('saver');
    await select.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/data-saver-settings-desktop-en.png` });
    await page.getByRole('button', { name: text('en', 'SAVE'), exact: true }).click();
    await expect(page).toHaveURL(/\/profiles(\?|$)/);
    expect(((await (await page.request.get('/api/auth/profiles')).json()) as { data_usage: string }[])[0]?.data_usage).toBe('saver');

    // Playing in Data saver: video segments only of the renditions under the cap (240p–480p), though the connection would allow 1080p.
    const fetched = watchSegments(page);
    const ladder = ladderAround(page, FILM);
    await page.goto(`/player/${FILM}?lang=en`);
    const { under, over } = await ladder;
    expect(over).toEqual(['720p', '1080p']);
    await playing(page);
    await page.waitForTimeout(8_000);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((folder) => !under.includes(folder))).toEqual([]);
    const capped = await openDataMenu(page, 'en');
    await expect(capped.getByRole('menuitemradio', { checked: true })).toHaveText(new RegExp(text('en', 'DATA_USAGE_SAVER')));

    // Best quality from the player's menu: saved to the profile, kept after a reload.
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/auth/profiles/${id}`) && r.request().method() === 'PUT');
    await capped.getByRole('menuitemradio', { name: new RegExp(text('en', 'DATA_USAGE_BEST')) }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await playing(page);
    const menu = await openDataMenu(page, 'en');
    await expect(menu.getByRole('menuitemradio', { checked: true })).toHaveText(new RegExp(text('en', 'DATA_USAGE_BEST')));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/data-saver-player-desktop-en.png` });
  });

  test('screenshots: the menu in Arabic on desktop, on a phone in en and ar, the settings in Arabic', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const id = await newAccount(page.context());
    await page.goto(`/profiles/${id}/edit?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel(text('ar', 'DATA_USAGE')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/data-saver-settings-desktop-ar.png` });
    await page.goto(`/player/${FILM}?lang=ar`);
    await playing(page);
    await expect((await openDataMenu(page, 'ar')).getByRole('menuitemradio')).toHaveCount(3);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/data-saver-player-desktop-ar.png` });

    for (const lang of ['en', 'ar'] as const) {
      const phone = await browser.newContext({ ...PHONE, baseURL: BASE_URL });
      await newAccount(phone);
      const p = await phone.newPage();
      await p.goto(`/player/${FILM}?lang=${lang}`);
      await playing(p);
      const menu = await openDataMenu(p, lang);
      await expect(menu.getByRole('menuitemradio')).toHaveCount(3);
      // The whole menu is on the screen, in either direction.
      const box = await menu.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (p.viewportSize()?.width ?? 0)).toBe(true);
      await p.waitForTimeout(500);
      await p.screenshot({ path: `${SHOTS}/data-saver-player-phone-${lang}.png` });
      await phone.close();
    }
  });
});
