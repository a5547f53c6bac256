import { devices, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { text } from './text';
import { BASE_URL } from './playwright.config';

/**
 * The player in Chromium (issue 5), as the issue will be judged: play an episode, seek to the
 * middle, come back and resume there; let it end and the next episode starts (autoplay); a third
 * stream of an account with a limit of 2 is refused; a premium title is refused to a free user;
 * media without or with a forged signature is refused. Plus controls, shortcuts and screenshots
 * (en/ar, desktop/phone).
 */


const PASSWORD = 'Sesame123';
const EPISODE_1 = 'hajja-and-sons-s1e1';
const EPISODE_2 = 'hajja-and-sons-s1e2';
const FILM = 'casa-blues';
const PREMIUM = 'salt-of-essaouira';
const SHOTS = 'e2e/screenshots';
const PHONE = devices['Pixel 7'];

/** A new free account, logged in within `request`'s context; the cookie banner is accepted. */
async function newAccount(request: APIRequestContext, context: BrowserContext): Promise<string> {
  const email = `e2e-player-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Salma' } } })).status()).toBe(201);
  await logIn(request, email);
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  return email;
}

async function logIn(request: APIRequestContext, email: string): Promise<void> {
  expect((await request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
}

const currentTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? -1);
const videoDuration = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.duration ?? 0);

/** Waits until the video plays (pressing the big Play button if the browser refused autoplay). */
async function playing(page: Page): Promise<void> {
  await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
  const isPlaying = () => page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('.player video');
    return !!v && !v.paused && v.currentTime > 0.2;
  });
  const paused = () => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.paused ?? true);
  await expect(async () => {
    // Press Play only when the browser refused autoplay (a click while playing would pause it).
    const big = page.locator('.player__big-play');
    if ((await paused()) && (await big.isVisible())) await big.click();
    expect(await isPlaying()).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** Shows the controls (they hide while playing) and clicks the seek bar at `fraction` of its width. */
async function seekTo(page: Page, fraction: number): Promise<void> {
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await expect(page.locator('.player')).not.toHaveClass(/player--idle/);
  const box = await page.locator('.player__seek').boundingBox();
  if (!box) throw new Error('no seek bar');
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

test.describe('player', () => {
  test('plays an episode, resumes where it was after a reload, then starts the next episode', async ({ page }) => {
    test.setTimeout(120_000);
    await newAccount(page.request, page.context());
    await page.goto(`/player/${EPISODE_1}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hajja/);
    await playing(page);
    const duration = await videoDuration(page);
    expect(duration).toBeGreaterThan(20);

    // Seek to the middle: the position is saved once the seek settles.
    const saved = page.waitForResponse((r) => r.url().includes('/api/actions/watched/') && r.request().method() === 'PUT' && r.status() === 200);
    await seekTo(page, 0.5);
    await saved;
    const middle = await currentTime(page);
    expect(Math.abs(middle - duration / 2)).toBeLessThan(duration * 0.1);

    // Come back: it resumes there.
    await page.reload();
    await playing(page);
    expect(Math.abs((await currentTime(page)) - middle)).toBeLessThan(5);

    // Near the end the next episode is offered with a countdown, then starts by itself.
    // A few seconds before the end (demo episodes last about ten minutes).
    await seekTo(page, 1 - 4 / duration);
    const card = page.getByRole('complementary', { name: text('en', 'NEXT_EPISODE') });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card.getByRole('link', { name: text('en', 'PLAY_NEXT_EPISODE') })).toHaveAttribute('href', `/player/${EPISODE_2}?lang=en`);
    await expect(card).toContainText(/\d+ s/);
    await page.waitForURL(`**/player/${EPISODE_2}?lang=en`, { timeout: 30_000 });
    await playing(page);
    await expect(page.locator('.player__subtitle')).toContainText(text('en', 'EPISODE_SHORT', { season: 1, episode: 2 }));
  });

  test('one click on Play plays, 10 times out of 10, however early it comes (issue 12)', async ({ browser }) => {
    test.setTimeout(180_000);
    const results: string[] = [];
    for (let i = 0; i < 10; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await newAccount(page.request, context);
      // What happened, told when a try fails: presses, the island going live, play and pause.
      await page.addInitScript(() => {
        const log: string[] = [];
        (window as unknown as { __playLog: string[] }).__playLog = log;
        const at = () => Math.round(performance.now());
        const live = () => (document.querySelector('[data-island="player"][data-live]') ? 'live' : 'not live');
        addEventListener('click', (e) => log.push(`${at()} click made at ${Math.round(e.timeStamp)} ${(e.target as Element | null)?.closest('button')?.getAttribute('aria-label')} (${live()})`), true);
        for (const type of ['play', 'playing', 'pause']) document.addEventListener(type, () => log.push(`${at()} ${type} (${live()})`), true);
      });
      // A phone's pace: the island arrives late, the click comes while the page is starting.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`/player/${FILM}?lang=en`, { waitUntil: 'commit' });
      // The Play control the viewer sees first: the bar's Play.
      await page.locator('.player__bar .player__button').first().click();
      const state = () =>
        page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>('.player video');
          const log = (window as unknown as { __playLog?: string[] }).__playLog ?? [];
          return v && !v.paused && v.currentTime > 0.5 ? 'playing' : `paused=${v?.paused} at ${v?.currentTime.toFixed(2)}s: ${log.join(', ')}`;
        });
      await expect.poll(state, { timeout: 20_000 }).toBe('playing').catch(() => undefined);
      // Still playing a moment later: the click was not replayed on top as a pause.
      await page.waitForTimeout(500);
      results.push(await state());
      await context.close();
    }
    expect(results).toEqual(Array(10).fill('playing'));
  });

  test('controls: shortcuts, quality and subtitles menus, accessible names; screenshots', async ({ page }) => {
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/player/${FILM}?lang=en`);
    await playing(page);

    await page.keyboard.press('k');
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.paused)).toBe(true);
    const before = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 9);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeLessThan(before + 1);
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: text('en', 'PLAYER_UNMUTE') })).toBeVisible();
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: text('en', 'PLAYER_MUTE') })).toBeVisible();

    // Quality: Auto and every rendition of the ladder.
    await page.getByRole('button', { name: text('en', 'PLAYER_QUALITY') }).click();
    const quality = page.getByRole('menu', { name: text('en', 'PLAYER_QUALITY') });
    await expect(quality.getByRole('menuitemradio')).toHaveCount(4);
    await expect(quality.getByRole('menuitemradio', { checked: true })).toHaveText(/Auto/);
    await page.keyboard.press('Escape');
    await expect(quality).toHaveCount(0);

    // Subtitles: Off and one entry per language; C toggles them.
    await page.getByRole('button', { name: text('en', 'SUBTITLES') }).click();
    const subtitles = page.getByRole('menu', { name: text('en', 'SUBTITLES') });
    await expect(subtitles.getByRole('menuitemradio', { name: 'French' })).toBeVisible();
    await subtitles.getByRole('menuitemradio', { name: 'French' }).click();
    const showing = () => page.evaluate(() => [...(document.querySelector<HTMLVideoElement>('.player video')?.textTracks ?? [])].filter((t) => t.mode !== 'disabled').map((t) => t.language));
    await expect.poll(showing).toEqual(['fr']);
    await page.keyboard.press('c');
    await expect.poll(showing).toEqual([]);
    await page.keyboard.press('c');
    await expect.poll(showing).toEqual(['fr']);

    await expect(page.getByRole('slider', { name: text('en', 'PLAYER_SEEK') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'PLAYER_FULLSCREEN') })).toBeVisible();
    await expect(page.getByRole('link', { name: text('en', 'BACK') })).toHaveAttribute('href', `/content/${FILM}`);

    // Paused with the controls up, hovering the seek bar (time and thumbnail preview).
    await page.keyboard.press('ArrowRight');
    await page.mouse.move(640, 400);
    const box = await page.locator('.player__seek').boundingBox();
    if (box) await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await expect(page.locator('.player__preview-image')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/player-desktop-en.png` });
  });

  test('screenshots of the player in Arabic (desktop) and on a phone (en, ar)', async ({ page, browser }) => {
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/player/${EPISODE_1}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await playing(page);
    await page.keyboard.press('k');
    await seekTo(page, 0.3);
    await expect(page.locator('.player__seek')).toHaveAttribute('dir', 'ltr');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${SHOTS}/player-desktop-ar.png` });

    for (const lang of ['en', 'ar'] as const) {
      const phone = await phoneContext(browser);
      const p = await phone.newPage();
      await p.goto(`/player/${EPISODE_1}?lang=${lang}`);
      await playing(p);
      await p.keyboard.press('k'); // paused: the controls stay up
      await expect(p.getByRole('button', { name: text(lang, 'PLAY'), exact: true }).last()).toBeVisible();
      await p.waitForTimeout(800);
      await p.screenshot({ path: `${SHOTS}/player-phone-${lang}.png` });
      await phone.close();
    }
  });

  test('refuses a premium title to a free user with the spec message and Subscribe', async ({ page, browser }) => {
    const email = await newAccount(page.request, page.context());
    for (const lang of ['en', 'ar'] as const) {
      const res = await page.goto(`/player/${PREMIUM}?lang=${lang}`);
      expect(res?.status()).toBe(403);
      expect(page.url()).toContain(`/player/${PREMIUM}`);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'PREMIUM_CONTENT') })).toBeVisible();
      await expect(page.getByText(text(lang, 'PREMIUM_REQUIRED'))).toBeVisible();
      await expect(page.getByRole('link', { name: text(lang, 'SUBSCRIBE') }).last()).toHaveAttribute('href', `/subscription?returnTo=${encodeURIComponent(`/content/${PREMIUM}`)}`);
      await expect(page.locator('video')).toHaveCount(0);
      await page.waitForTimeout(600); // the page's fade-in
      await page.screenshot({ path: `${SHOTS}/player-premium-desktop-${lang}.png` });

      const phone = await phoneContext(browser);
      await logIn(phone.request, email);
      const p = await phone.newPage();
      expect((await p.goto(`/player/${PREMIUM}?lang=${lang}`))?.status()).toBe(403);
      await expect(p.getByText(text(lang, 'PREMIUM_REQUIRED'))).toBeVisible();
      await p.waitForTimeout(600);
      await p.screenshot({ path: `${SHOTS}/player-premium-phone-${lang}.png` });
      await phone.close();
    }
    // English: the spec's wording, with the article it lacked.
    expect(text('en', 'PREMIUM_REQUIRED')).toBe('You have to be a premium subscriber to access this content');
  });

  test('refuses a third simultaneous stream of one account; a closed tab frees its slot', async ({ page, browser }) => {
    const email = await newAccount(page.request, page.context());
    const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: { width: 1280, height: 800 } })));
    try {
      for (const context of contexts) {
        await logIn(context.request, email);
        await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
      }
      const [first, second, third] = await Promise.all(contexts.map((c) => c.newPage()));
      if (!first || !second || !third) throw new Error('no pages');
      for (const p of [first, second]) {
        expect((await p.goto(`/player/${FILM}?lang=en`))?.status()).toBe(200);
        await playing(p);
      }
      const refused = await third.goto(`/player/${FILM}?lang=en`);
      expect(refused?.status()).toBe(409);
      await expect(third.getByRole('heading', { level: 1, name: text('en', 'MAXIMUM_DEVICES_REACHED') })).toBeVisible();
      await expect(third.getByText(text('en', 'MAXIMUM_DEVICES_REACHED_HINT'))).toBeVisible();
      await third.waitForTimeout(600); // the page's fade-in
      await third.screenshot({ path: `${SHOTS}/player-devices-desktop-en.png` });

      // The first tab is closed: its stop beacon frees the slot, and Retry plays.
      await first.close({ runBeforeUnload: true });
      await expect(async () => {
        await third.getByRole('link', { name: text('en', 'RETRY') }).click();
        await expect(third.locator('.player video')).toBeAttached({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await playing(third);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });

  test('serves media only with a valid signature bound to the title', async ({ page }) => {
    await page.goto(`/player/${FILM}?lang=en`);
    const url = await page.locator('.player video').getAttribute('data-player-src');
    const match = /^\/media\/(\d+)\.([\w-]+)\/(.+)\/master\.m3u8$/.exec(url ?? '');
    if (!match) throw new Error(`unexpected media URL ${url}`);
    const [, exp = '', sig = '', prefix = ''] = match;

    const valid = await page.request.get(url ?? '');
    expect(valid.status()).toBe(200);
    expect(valid.headers()['content-type']).toContain('application/vnd.apple.mpegurl');
    const rendition = (await valid.text()).split('\n').find((line) => line.endsWith('.m3u8') && !line.startsWith('#')) ?? '';
    const playlist = await page.request.get(`/media/${exp}.${sig}/${prefix}/${rendition}`);
    expect(playlist.status()).toBe(200);
    const segment = (await playlist.text()).split('\n').find((line) => /\.(m4s|ts)$/.test(line)) ?? '';
    const folder = rendition.split('/').slice(0, -1).join('/');
    const ranged = await page.request.get(`/media/${exp}.${sig}/${prefix}/${folder}/${segment}`, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status()).toBe(206);

    const forgedSig = sig.slice(0, -4) + (sig.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bad of [
      `/media/${prefix}/master.m3u8`, // no signature at all
      `/media/${exp}.${forgedSig}/${prefix}/master.m3u8`, // forged signature
      `/media/${Number(exp) + 3600}.${sig}/${prefix}/master.m3u8`, // expiry moved
      `/media/${exp}.${sig}/${prefix === 'demo/a/main' ? 'demo/b/main' : 'demo/a/main'}/master.m3u8`, // another title's files
      `/media/${exp}.${forgedSig}/${prefix}/${folder}/${segment}`, // a segment, forged
    ]) {
      expect((await page.request.get(bad)).status(), bad).toBe(403);
    }
  });
});

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  return context;
}

test.describe('player recovery', () => {
  // Refusals faked on purpose below: an expired media URL (403) and a lost stream slot (409).
  test.use({ allowedFailures: [/\/media\/|\/heartbeat$/] });

  test('a 403 on media (expired URL) re-fetches stream_url and plays on', async ({ page }) => {
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    await page.goto(`/player/${FILM}?lang=en`);
    await playing(page);
    await seekTo(page, 0.8);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.75 * (await videoDuration(page)));
    // A media URL of the 240p rendition is now refused, as an expired signature would be.
    let refused = 0;
    await page.route(
      '**/240p/**',
      (route) => {
        refused++;
        return route.fulfill({ status: 403, contentType: 'application/json', body: '{"status":403,"message":"FORBIDDEN: expired"}' });
      },
      { times: 1 },
    );
    const stopped = page.waitForRequest((r) => /\/api\/streams\/[^/]+\/stop$/.test(r.url()));
    const refetched = page.waitForResponse((r) => r.url().includes(`/api/pages/content/${FILM}/stream_url`) && r.status() === 200);
    await page.getByRole('button', { name: text('en', 'PLAYER_QUALITY') }).click();
    await page.getByRole('menuitemradio', { name: '240p', exact: true }).click();
    await stopped; // the old slot is given back first
    await refetched;
    expect(refused).toBeGreaterThan(0);
    await playing(page);
    expect(await currentTime(page)).toBeGreaterThan(0.75 * (await videoDuration(page)));
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a heartbeat answered 409 stops playback with the maximum devices message', async ({ page }) => {
    await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
    await page.goto(`/player/${FILM}?lang=en`);
    await playing(page);
    await page.route('**/api/streams/*/heartbeat', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ status: 409, message: 'MAXIMUM_DEVICES_REACHED: stop watching on another device', limit: 2 }) }),
    );
    // Coming back to the tab sends a heartbeat at once.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const alert = page.getByRole('alert').filter({ hasText: text('en', 'MAXIMUM_DEVICES_REACHED') });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(text('en', 'MAXIMUM_DEVICES_REACHED_HINT'));
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.paused)).toBe(true);
    await expect(alert.getByRole('button', { name: text('en', 'RETRY') })).toBeVisible();
  });
});
