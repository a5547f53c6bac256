import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page is watched: a console error, an uncaught exception or a React hydration warning
 * fails the test that caused it, and so does any failed (>= 400) non-document response, unless
 * the test declares it expected: `test.use({ allowedFailures: [/\/api\/auth\/profile\/pin\?/] })`.
 */
export const test = base.extend<{ consoleProblems: string[]; allowedFailures: RegExp[] }>({
  allowedFailures: [[], { option: true }],
  consoleProblems: [
    async ({ page, allowedFailures }, use) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        // Failed loads are reported below with their URL; a page answered 404 or 401 on purpose is not one.
        if (m.text().startsWith('Failed to load resource')) return;
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.status() < 400 || r.request().resourceType() === 'document') return;
        if (!allowedFailures.some((pattern) => pattern.test(r.url()))) problems.push(`${r.status()}: ${r.url()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await use(problems);
      expect(problems, 'console errors and hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The page's fade-in (spec §2: a veil over the page that clears in 500 ms) and every other finite
 * animation have finished: screenshots and contrast checks wait for it.
 */
export const settled = (page: Page): Promise<void> =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Scroll-driven ones (the top bar's menu: client/styles.css) follow a view timeline and never finish.
        .filter((a) => a.effect?.getTiming().iterations !== Infinity && a.timeline === document.timeline)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

/** The player's video plays past its first frame (the big Play pressed when the browser refused autoplay). */
export async function playing(page: Page): Promise<void> {
  await page.locator('[data-island="player"][data-live]').waitFor({ state: 'attached', timeout: 20_000 });
  await expect(async () => {
    const big = page.locator('.player__big-play');
    const paused = await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.paused ?? true);
    if (paused && (await big.isVisible())) await big.click();
    expect(await page.evaluate(() => (document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0) > 0.2)).toBe(true);
  }).toPass({ timeout: 30_000 });
}
