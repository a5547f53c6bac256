/**
 * Time to first frame of the player, in headless Chromium (issue 5: goal ≤ 500 ms locally).
 *
 * Two measurements, each in a fresh browser context (cold cache, new device, so every sample
 * gets its own stream slot):
 * - click: from the click on the Play button of a content page (the event's own timestamp) to
 *   the first video frame presented on /player/{slug} (requestVideoFrameCallback; fallback: the
 *   'playing' event once currentTime > 0). The content page is loaded first, as a visitor would.
 * - load: from the navigation start of /player/{slug} to that first frame.
 * Autoplay is allowed by a Chromium flag: the bench measures the pipeline (SSR, island, hls.js,
 * playlists, first segment, decode), not the browser's autoplay policy.
 *
 * A sample that fails (the player page answers an error, such as a refused stream, the player
 * shows its failure, or no frame comes within FRAME_TIMEOUT_MS) is reported with its reason and the
 * others go on; after MAX_FAILURES_IN_A_ROW failures in a row the measure stops. It throws only
 * when no sample of a kind succeeded.
 *
 * Module for scripts/bench/index.ts: `await measurePlay({ origin })`. Also runnable on its own
 * against a running server: `node scripts/bench/play.ts http://localhost:8787 [slug]`.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

import { CHROMIUM_ARGS } from '../require-chromium.ts';

export type PlayOptions = {
  /** The running server, e.g. http://localhost:8790. */
  origin: string;
  /** A free title with media and a Play button on its content page. */
  slug?: string;
  samples?: number;
  chromiumPath?: string;
  log?: (message: string) => void;
};

export type Stats = { samples: number[]; medianMs: number; p95Ms: number; minMs: number };
/** A sample that gave no figure, and why. */
export type FailedSample = { sample: string; mode: 'click' | 'load'; reason: string };
export type PlayResult = {
  slug: string;
  click: Stats;
  load: Stats;
  goalMs: number;
  clickWithinGoal: boolean;
  loadWithinGoal: boolean;
  failedSamples: FailedSample[];
};

export const PLAY_GOAL_MS = 500;
const FRAME_TIMEOUT_MS = 15_000;
const MAX_FAILURES_IN_A_ROW = 3;
const ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];

/**
 * Runs in every document: remembers when the Play link was clicked (sessionStorage survives the
 * navigation to the player) and when the player's first frame was presented (absolute ms).
 */
const PROBE = `(() => {
  addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.content__play-button') : null;
    if (link) sessionStorage.setItem('benchClickAt', String(performance.timeOrigin + event.timeStamp));
  }, true);
  const mark = (now) => { if (window.__benchFirstFrame === undefined) window.__benchFirstFrame = performance.timeOrigin + now; };
  const watch = () => {
    const video = document.querySelector('.player video');
    if (!video) return;
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback((now) => mark(now));
    else video.addEventListener('playing', function check() {
      if (video.currentTime > 0) mark(performance.now()); else requestAnimationFrame(check);
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true }); else watch();
})();`;

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => {
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return (sorted[lo] ?? NaN) + ((sorted[hi] ?? NaN) - (sorted[lo] ?? NaN)) * (pos - lo);
  };
  return { samples: samples.map((n) => Math.round(n)), medianMs: at(0.5), p95Ms: at(0.95), minMs: sorted[0] ?? NaN };
}

/** The first frame's time, or why it will not come: the player's failure message over the picture. */
async function firstFrame(page: Page): Promise<number> {
  const handle = await page
    .waitForFunction(
      () => {
        const at = (window as unknown as { __benchFirstFrame?: number }).__benchFirstFrame;
        if (at !== undefined) return { at };
        const failure = document.querySelector('.player__failure');
        return failure ? { failure: failure.textContent?.trim() || 'the player shows a failure' } : null;
      },
      null,
      { timeout: FRAME_TIMEOUT_MS },
    )
    .catch((error: unknown) => {
      throw new Error(error instanceof Error && error.name === 'TimeoutError' ? `no first frame within ${FRAME_TIMEOUT_MS / 1000} s` : String(error));
    });
  const found = (await handle.jsonValue()) as { at: number } | { failure: string };
  if ('failure' in found) throw new Error(`the player failed: ${found.failure}`);
  return found.at;
}

/** The player page answered an error (a refusal page: a stream refused, premium, geoblocked): its status and heading. */
async function refusedPage(page: Page, status: number): Promise<Error> {
  const heading = await page
    .locator('h1')
    .first()
    .textContent({ timeout: 2000 })
    .catch(() => null);
  return new Error(`GET ${new URL(page.url()).pathname} answered ${status}${heading ? `: ${heading.trim()}` : ''}`);
}

async function sample(browser: Browser, origin: string, slug: string, mode: 'click' | 'load'): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name: 'cookieConsent', value: '1', url: origin }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    if (mode === 'load') {
      const response = await page.goto(`${origin}/player/${slug}?lang=en`, { waitUntil: 'commit' });
      if (response && response.status() >= 400) throw await refusedPage(page, response.status());
      const at = await firstFrame(page);
      const origin0 = await page.evaluate(() => performance.timeOrigin);
      return at - origin0;
    }
    const content = await page.goto(`${origin}/content/${slug}?lang=en`, { waitUntil: 'load' });
    if (content && content.status() >= 400) throw await refusedPage(page, content.status());
    const player = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname.startsWith('/player/'), { timeout: FRAME_TIMEOUT_MS });
    await page.click('a.content__play-button', { timeout: FRAME_TIMEOUT_MS });
    const response = await player;
    if (response.status() >= 400) {
      await page.waitForURL('**/player/**', { waitUntil: 'domcontentloaded' }).catch(() => undefined);
      throw await refusedPage(page, response.status());
    }
    const at = await firstFrame(page);
    const clickedAt = Number(await page.evaluate(() => sessionStorage.getItem('benchClickAt')));
    if (!clickedAt) throw new Error('the click on Play was not recorded');
    return at - clickedAt;
  } finally {
    await context.close();
  }
}

export async function measurePlay({ origin, slug = 'casa-blues', samples = 10, chromiumPath = '/usr/bin/chromium', log = () => undefined }: PlayOptions): Promise<PlayResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  try {
    const click: number[] = [];
    const load: number[] = [];
    const failedSamples: FailedSample[] = [];
    let inARow = 0;
    /** One sample: its figure, or its failure recorded with the reason (a failure never stops the others). */
    const take = async (name: string, mode: 'click' | 'load'): Promise<number | null> => {
      try {
        const ms = await sample(browser, origin, slug, mode);
        inARow = 0;
        return ms;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failedSamples.push({ sample: name, mode, reason });
        inARow++;
        log(`play ${name} (${mode}) FAILED: ${reason}`);
        return null;
      }
    };
    // Warm-up: the server's first render of each page, built chunks in the OS cache.
    await take('warm-up', 'load');
    await take('warm-up', 'click');
    for (let i = 0; i < samples && inARow < MAX_FAILURES_IN_A_ROW; i++) {
      const c = await take(`sample ${i + 1}`, 'click');
      if (c !== null) click.push(c);
      if (inARow >= MAX_FAILURES_IN_A_ROW) break;
      const l = await take(`sample ${i + 1}`, 'load');
      if (l !== null) load.push(l);
      log(`play sample ${i + 1}/${samples}: click→frame ${c === null ? 'FAILED' : `${c.toFixed(0)} ms`}, load→frame ${l === null ? 'FAILED' : `${l.toFixed(0)} ms`}`);
    }
    if (inARow >= MAX_FAILURES_IN_A_ROW) log(`play: stopped after ${MAX_FAILURES_IN_A_ROW} failed samples in a row`);
    if (click.length === 0 || load.length === 0) {
      const reasons = [...new Set(failedSamples.map((f) => f.reason))].join('; ');
      throw new Error(`no ${click.length === 0 ? 'click' : 'load'} sample succeeded (${failedSamples.length} failed: ${reasons})`);
    }
    const result = { slug, click: stats(click), load: stats(load), goalMs: PLAY_GOAL_MS, clickWithinGoal: false, loadWithinGoal: false, failedSamples };
    result.clickWithinGoal = result.click.medianMs <= PLAY_GOAL_MS;
    result.loadWithinGoal = result.load.medianMs <= PLAY_GOAL_MS;
    return result;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const origin = process.argv[2] ?? 'http://localhost:8787';
  const result = await measurePlay({ origin, slug: process.argv[3], log: (m) => process.stderr.write(`[play] ${m}\n`) });
  const line = (name: string, s: Stats) => `${name}: median ${s.medianMs.toFixed(0)} ms, p95 ${s.p95Ms.toFixed(0)} ms, min ${s.minMs.toFixed(0)} ms`;
  process.stdout.write(`${line('click Play → first frame', result.click)}\n${line('load /player → first frame', result.load)}\ngoal ≤ ${PLAY_GOAL_MS} ms (median)\n`);
  for (const f of result.failedSamples) process.stdout.write(`FAILED ${f.sample} (${f.mode}): ${f.reason}\n`);
  if (result.failedSamples.length > 0) process.exitCode = 1;
}
