import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text } from './text';

/**
 * Live TV at low latency (issue 34): the demo channel is served as Low-Latency HLS (parts, blocking
 * reloads, delta updates) and plays within seconds of the broadcast; after a pause it is behind live,
 * and Jump to live brings it back within LATENCY_BOUND_S. The bound is a guard (the bench measures
 * the figure, goal 3 s at the median), generous for a busy test machine.
 */

const CHANNEL = 'aflam-tv';
const LATENCY_BOUND_S = 8;

/** Keeps the engine the page boots (the island takes it off window.__playerEngine when it adopts it). */
const KEEP_ENGINE = `(() => {
  let booted;
  Object.defineProperty(window, '__playerEngine', { configurable: true, get: () => booted, set: (value) => { booted = value; if (value) window.__testEngine = value; } });
})();`;

/** Now minus the programme date time at the playhead (hls.js playingDate), in seconds. */
const latency = (page: Page) =>
  page.evaluate(async () => {
    const engine = await (window as unknown as { __testEngine?: Promise<{ hls: { playingDate: Date | null } | null }> }).__testEngine;
    const date = engine?.hls?.playingDate;
    return date ? (Date.now() - date.getTime()) / 1000 : null;
  });

/** The player plays: not paused, time moving (its big Play button pressed if the browser asked for a gesture). */
const playing = (page: Page) =>
  expect
    .poll(
      async () => {
        const big = page.locator('.player__big-play');
        if (await big.isVisible().catch(() => false)) await big.click().catch(() => undefined);
        return page.evaluate(() => { const v = document.querySelector('video'); return !!v && !v.paused && v.currentTime > 0 && v.readyState >= 3; });
      },
      { timeout: 30_000 },
    )
    .toBe(true);

const poke = async (page: Page) => {
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 320);
};

test('en: the live channel plays Low-Latency HLS within seconds of the broadcast; after a pause, Jump to live comes back as close', async ({ page }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  await page.addInitScript(KEEP_ENGINE);
  const blocking: string[] = [];
  let parts = false;
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('/index.m3u8') || !url.pathname.includes('/live/')) return;
    if (url.searchParams.has('_HLS_msn')) blocking.push(url.search);
    if (!parts) parts = (await response.text().catch(() => '')).includes('#EXT-X-PART:');
  });
  // As a viewer comes: the channel's card on /tv.
  await page.goto('/tv?lang=en');
  await page.getByRole('link', { name: /Aflam TV/ }).click();
  await page.waitForURL(`**/tv/${CHANNEL}`);
  await playing(page);
  // Live: a few seconds behind at most (how late the first frame came on a busy machine counts here,
  // hence a looser bound than after Jump to live below).
  await expect.poll(() => latency(page), { timeout: 20_000 }).toBeLessThan(2 * LATENCY_BOUND_S);
  // The playlists have parts, and hls.js reloads them blocking, as deltas (one reload a part once
  // it plays: awaited, since the first frame may come before the first reload).
  await expect.poll(() => parts).toBe(true);
  await expect.poll(() => blocking.length, { timeout: 15_000 }).toBeGreaterThan(2);
  await expect.poll(() => blocking.some((q) => q.includes('_HLS_part=') && q.includes('_HLS_skip=YES')), { timeout: 15_000 }).toBe(true);
  await poke(page);
  await expect(page.locator('.player__bar')).toContainText(text('en', 'TV_LIVE_BADGE'));

  // A pause of 15 s (more than the 10 s that still count as live): behind live, then Jump to live.
  await page.locator('.player__bar .player__button').first().click();
  await page.waitForTimeout(15_000);
  await poke(page);
  await page.locator('.player__bar .player__button').first().click();
  await playing(page);
  await poke(page);
  await expect(page.locator('.player__bar')).toContainText(/\d:\d\d behind live/);
  expect((await latency(page)) ?? 0).toBeGreaterThan(12);
  await page.screenshot({ path: 'e2e/screenshots/tv-live-behind-en.png' });
  await page.getByRole('button', { name: text('en', 'TV_JUMP_TO_LIVE') }).click();
  await playing(page);
  await expect.poll(() => latency(page), { timeout: 20_000 }).toBeLessThan(LATENCY_BOUND_S);
  await poke(page);
  await expect(page.locator('.player__bar')).toContainText(text('en', 'TV_LIVE_BADGE'));
  await expect(page.getByRole('button', { name: text('en', 'TV_JUMP_TO_LIVE') })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/tv-live-at-edge-en.png' });
});
