import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { text } from './text';
import { BASE_URL } from './playwright.config';

/**
 * Arabic subtitles that read right (issue 34): the player draws the cues itself, each with its
 * direction, so the leading dash of "- مرحباً!" sits at the right and its "!" at the left, the "؟"
 * of a question at the left end; the caption size and background chosen in the subtitles menu are
 * saved to the profile (a reload keeps them). Screenshots on desktop and phone, en and ar.
 */

const PASSWORD = 'Sesame123';
const FILM = 'casa-blues'; // demo clip C
const SHOTS = 'e2e/screenshots';
const PHONE = devices['Pixel 7'];
const ARABIC = { en: 'Arabic', ar: 'العربية' } as const;

async function account(context: BrowserContext): Promise<void> {
  const email = `e2e-subs-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await context.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Salma' } } })).status()).toBe(201);
  expect((await context.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
}

/** Opens the film, paused, once the island is live. */
async function open(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.goto(`/player/${FILM}?lang=${lang}`);
  await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.pause());
}

/** Puts the video at `seconds` and waits for that cue. */
async function cueAt(page: Page, seconds: number, expected: string): Promise<void> {
  await page.evaluate((s) => {
    const v = document.querySelector<HTMLVideoElement>('.player video');
    if (v) v.currentTime = s;
  }, seconds);
  await expect(page.locator('.captions__cue')).toHaveText(expected, { timeout: 15_000 });
}

/** Left edges (px) of the first occurrence of each character in the cue's text, as laid out. */
const leftOf = (page: Page, chars: string[]) =>
  page.locator('.captions__text').evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const found: Record<string, number> = {};
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (const char of wanted) {
        const at = value.indexOf(char);
        if (at < 0 || char in found) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        found[char] = range.getBoundingClientRect().left;
      }
    }
    return found;
  }, chars);

const menu = (page: Page, lang: 'en' | 'ar') => page.getByRole('menu', { name: text(lang, 'SUBTITLES') });
async function openMenu(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.mouse.move(300, 300);
  await page.getByRole('button', { name: text(lang, 'SUBTITLES') }).click();
  await expect(menu(page, lang)).toBeVisible();
}
const styleItem = (page: Page, lang: 'en' | 'ar', group: 'CAPTION_SIZE' | 'CAPTION_BACKGROUND', choice: string) =>
  menu(page, lang).getByRole('menuitemradio', { name: `${text(lang, group)}: ${text(lang, choice)}` });

async function checkArabicCues(page: Page): Promise<void> {
  // The track is loaded and timed but not drawn by the browser: the overlay draws it.
  await expect
    .poll(() => page.evaluate(() => [...(document.querySelector<HTMLVideoElement>('.player video')?.textTracks ?? [])].filter((t) => t.mode !== 'disabled').map((t) => `${t.language}:${t.mode}`)))
    .toEqual(['ar:hidden']);
  await cueAt(page, 2, '- مرحباً!\nعرض تجريبي C');
  const cue = page.locator('.captions__cue');
  await expect(cue).toHaveAttribute('dir', 'rtl');
  await expect(cue).toHaveAttribute('lang', 'ar');
  // Right to left: the dash at the right end, the "!" at the left.
  const dash = await leftOf(page, ['-', '!', 'م']);
  expect(dash['!']).toBeLessThan(dash['م'] ?? 0);
  expect(dash['م']).toBeLessThan(dash['-'] ?? 0);

  await cueAt(page, 8, 'الساعة 10:30، هل أنت مستعد؟');
  const question = await leftOf(page, ['؟', 'ا', '1']);
  expect(question['؟']).toBeLessThan(question['1'] ?? 0);
  expect(question['1']).toBeLessThan(question['ا'] ?? 0);

  // The direction mark of the file is kept; italics stay italics.
  await cueAt(page, 26, '\u200F50% من العرض... عند الثانية 25');
  await cueAt(page, 32, 'همسٌ: «انتظر...»');
  await expect(page.locator('.captions__text i')).toHaveText('همسٌ: «انتظر...»');
}

for (const lang of ['en', 'ar'] as const) {
  test(`Arabic subtitles drawn right to left, caption style saved to the profile (${lang}, desktop)`, async ({ page }) => {
    await account(page.context());
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, lang);
    await openMenu(page, lang);
    await menu(page, lang).getByRole('menuitemradio', { name: ARABIC[lang] }).click();
    await checkArabicCues(page);

    // The defaults, then large on a solid box, saved to the profile.
    const overlay = page.locator('.captions');
    await expect(overlay).toHaveClass(/captions--medium/);
    await expect(overlay).toHaveClass(/captions--bg-shadow/);
    const saved = () => page.request.get('/api/auth/profiles').then(async (r) => ((await r.json()) as { caption_size: string; caption_background: string }[])[0]);
    await openMenu(page, lang);
    await expect(styleItem(page, lang, 'CAPTION_SIZE', 'CAPTION_SIZE_MEDIUM')).toHaveAttribute('aria-checked', 'true');
    await styleItem(page, lang, 'CAPTION_SIZE', 'CAPTION_SIZE_LARGE').click();
    await expect(overlay).toHaveClass(/captions--large/);
    await openMenu(page, lang);
    await styleItem(page, lang, 'CAPTION_BACKGROUND', 'CAPTION_BACKGROUND_BOX').click();
    await expect(overlay).toHaveClass(/captions--bg-box/);
    await expect.poll(saved).toMatchObject({ caption_size: 'large', caption_background: 'box' });

    await page.reload();
    await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.pause());
    await expect(page.locator('.captions')).toHaveClass(/captions--large/);
    await expect(page.locator('.captions')).toHaveClass(/captions--bg-box/);
    await cueAt(page, 20, '- هل رأيته؟\n- نعم، عند الثانية 19!');
    await page.mouse.move(400, 300);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/player-subtitles-desktop-${lang}.png` });
    await cueAt(page, 2, '- مرحباً!\nعرض تجريبي C');
    await page.screenshot({ path: `${SHOTS}/player-subtitles-desktop-${lang}-2.png` });

    // The profile's form shows the same choice and changes it.
    const [profile] = (await (await page.request.get('/api/auth/profiles')).json()) as { id: number }[];
    await page.goto(`/profiles/${profile?.id}/edit?lang=${lang}`);
    await expect(page.getByLabel(text(lang, 'CAPTION_SIZE'))).toHaveValue('large');
    await page.getByLabel(text(lang, 'CAPTION_BACKGROUND')).selectOption('none');
    await page.locator('.captions-fields').screenshot({ path: `${SHOTS}/profile-captions-desktop-${lang}.png` });
    await page.getByRole('button', { name: text(lang, 'SAVE'), exact: true }).click();
    await expect.poll(saved).toMatchObject({ caption_size: 'large', caption_background: 'none' });
  });
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE });
  await account(context);
  return context;
}

test('Arabic subtitles on a phone, en and ar, with the default style', async ({ browser }) => {
  for (const lang of ['en', 'ar'] as const) {
    const phone = await phoneContext(browser);
    const page = await phone.newPage();
    await open(page, lang);
    await page.getByRole('button', { name: text(lang, 'SUBTITLES') }).click();
    await menu(page, lang).getByRole('menuitemradio', { name: ARABIC[lang] }).click();
    await checkArabicCues(page);
    await cueAt(page, 8, 'الساعة 10:30، هل أنت مستعد؟');
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/player-subtitles-phone-${lang}.png` });
    await phone.close();
  }
});
