/**
 * Click on Play → first frame of the player, in headless Chromium (issue 34: goal ≤ 400 ms at the
 * median and ≤ 600 ms at p95, for a member and a guest, on desktop and on a throttled phone).
 *
 * Every sample runs in a fresh browser context (cold cache, new device, so every sample gets its
 * own stream slot): a guest from an address of its own, or a member registered for that sample
 * (one account per sample: an account holds two stream slots). The content page is loaded first,
 * as a visitor would, then its Play link is clicked:
 * - cold: a plain click (the pointer arrives and presses at once);
 * - intent: the pointer rests on Play for INTENT_MS first (what client/player/intent.ts fetches ahead).
 * The figure is from the click's own timestamp to the first video frame presented on
 * /player/{slug} (requestVideoFrameCallback). Autoplay is allowed by a Chromium flag: the bench
 * measures the pipeline (SSR, hls.js, playlists, first segment, decode), not the autoplay policy.
 *
 * Two devices: desktop (1280×800, no throttling) and phone (Pixel 7 size and touch, the CPU
 * PHONE.cpu× slower and the network throttled to PHONE's figures through the DevTools protocol).
 * Each sample also records its phases (the page's first byte, the engine with hls.js ready, the
 * master playlist parsed, the first segment in the buffer), reported as medians.
 *
 * A sample that fails (an error page, the player's failure, no frame within FRAME_TIMEOUT_MS) is
 * reported with its reason and the others go on; after MAX_FAILURES_IN_A_ROW failures in a row the
 * measure stops. It throws only when a series has no sample at all.
 *
 * Module for scripts/bench/index.ts: `await measurePlay({ origin })`. Also runnable on its own
 * against a running server: `node scripts/bench/play.ts http://localhost:8787 [slug] [samples]`.
 */
import { fileURLToPath } from 'node:url';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { CHROMIUM_ARGS } from '../require-chromium.ts';

export const PLAY_GOAL_MEDIAN_MS = 400;
export const PLAY_GOAL_P95_MS = 600;
/** How long the pointer rests on Play before the click, in the "intent" samples. */
export const INTENT_MS = 300;
/** The phone: CPU slowdown (Lighthouse's mobile factor) and a good 4G network. */
export const PHONE = { cpu: 4, latencyMs: 40, downloadMbps: 20, uploadMbps: 5 } as const;
const FRAME_TIMEOUT_MS = 20_000;
const MAX_FAILURES_IN_A_ROW = 3;
const ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];
const PASSWORD = 'Bench-Play-2026';

export type Device = 'desktop' | 'phone';
export type Viewer = 'guest' | 'member';
export type Mode = 'cold' | 'intent';
export type Series = { device: Device; viewer: Viewer; mode: Mode };
export type Stats = { samples: number[]; medianMs: number; p95Ms: number; minMs: number };
/** Medians of each phase, in ms from the click. */
export type Phases = { firstByte: number; engine: number; manifest: number; buffered: number; frame: number };
export type SeriesResult = Series & { stats: Stats; phases: Phases; withinGoal: boolean };
export type FailedSample = { sample: string; reason: string };
export type PlayResult = {
  slug: string;
  goals: { medianMs: number; p95Ms: number };
  intentMs: number;
  phone: typeof PHONE;
  series: SeriesResult[];
  failedSamples: FailedSample[];
};

export type PlayOptions = {
  /** The running server, e.g. http://localhost:8790. */
  origin: string;
  /** A free title with media and a Play button on its content page. */
  slug?: string;
  samples?: number;
  chromiumPath?: string;
  log?: (message: string) => void;
};

/**
 * Runs in every document: when the Play link was clicked (sessionStorage survives the navigation),
 * and on the player the phases: the booted engine (hls.js loaded), the master playlist parsed, the
 * first main segment buffered, the first frame presented (absolute ms).
 */
const PROBE = `(() => {
  addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.content__play-button') : null;
    if (link) sessionStorage.setItem('benchClickAt', String(performance.timeOrigin + event.timeStamp));
  }, true);
  const marks = (window.__benchMarks = {});
  const mark = (name, now = performance.now()) => { if (marks[name] === undefined) marks[name] = performance.timeOrigin + now; };
  const engine = () => {
    if (!window.__playerEngine) return void setTimeout(engine, 2);
    window.__playerEngine.then((e) => {
      mark('engine');
      if (!e.hls) return;
      e.hls.on('hlsManifestParsed', () => mark('manifest'));
      e.hls.on('hlsFragBuffered', (_event, data) => { if (data.frag.type === 'main') mark('buffered'); });
    });
  };
  const watch = () => {
    const video = document.querySelector('.player video');
    if (!video) return;
    engine();
    video.requestVideoFrameCallback((now) => mark('frame', now));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true }); else watch();
})();`;

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? NaN) + ((sorted[hi] ?? NaN) - (sorted[lo] ?? NaN)) * (pos - lo);
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: samples.map((n) => Math.round(n)), medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), minMs: sorted[0] ?? NaN };
}

const median = (values: number[]): number => quantile([...values].sort((a, b) => a - b), 0.5);

type Marks = { engine?: number; manifest?: number; buffered?: number; frame?: number };

/** The player's marks once the first frame came, or why it will not: the player's failure message. */
async function firstFrame(page: Page): Promise<Marks> {
  const handle = await page
    .waitForFunction(
      () => {
        const marks = (window as unknown as { __benchMarks?: Marks }).__benchMarks;
        if (marks?.frame !== undefined) return { marks };
        const failure = document.querySelector('.player__failure');
        return failure ? { failure: failure.textContent?.trim() || 'the player shows a failure' } : null;
      },
      null,
      { timeout: FRAME_TIMEOUT_MS },
    )
    .catch((error: unknown) => {
      throw new Error(error instanceof Error && error.name === 'TimeoutError' ? `no first frame within ${FRAME_TIMEOUT_MS / 1000} s` : String(error));
    });
  const found = (await handle.jsonValue()) as { marks: Marks } | { failure: string };
  if ('failure' in found) throw new Error(`the player failed: ${found.failure}`);
  return found.marks;
}

/** An address of its own for each sample (the edge's client address header), so no two samples share one. */
let addresses = 0;
const nextAddress = (): string => {
  addresses++;
  return `10.98.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

async function newContext(browser: Browser, origin: string, device: Device): Promise<BrowserContext> {
  const shape = device === 'phone' ? { ...devices['Pixel 7'] } : { viewport: { width: 1280, height: 800 } };
  const context = await browser.newContext({ ...shape, extraHTTPHeaders: { 'CF-Connecting-IP': nextAddress() } });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: origin }]);
  await context.addInitScript(PROBE);
  return context;
}

/** A member of its own for this sample, logged in in `context`. */
async function logInMember(context: BrowserContext, origin: string): Promise<void> {
  const email = `bench-play-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await context.request.post(`${origin}/api/auth/register`, { data: { email, password: PASSWORD, lang: 'en', profile: { username: 'Bench' } } });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const logged = await context.request.post(`${origin}/api/auth/login`, { data: { login: email, password: PASSWORD } });
  if (logged.status() !== 200) throw new Error(`login: ${logged.status()}`);
}

/** CPU and network throttling of a phone, through the DevTools protocol (kept across the page's navigations). */
async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downloadMbps * 1e6) / 8,
    uploadThroughput: (PHONE.uploadMbps * 1e6) / 8,
  });
}

type Sample = { ms: number; phases: Phases };

async function sample(browser: Browser, origin: string, slug: string, { device, viewer, mode }: Series): Promise<Sample> {
  const context = await newContext(browser, origin, device);
  try {
    if (viewer === 'member') await logInMember(context, origin);
    const page = await context.newPage();
    if (device === 'phone') await throttle(context, page);
    const content = await page.goto(`${origin}/content/${slug}?lang=en`, { waitUntil: 'load' });
    if (!content || content.status() >= 400) throw new Error(`GET /content/${slug} answered ${content?.status() ?? 'nothing'}`);
    const player = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname.startsWith('/player/'), { timeout: FRAME_TIMEOUT_MS });
    const play = page.locator('a.content__play-button');
    if (mode === 'intent') {
      await play.hover();
      await page.waitForTimeout(INTENT_MS);
    }
    if (device === 'phone') await play.tap();
    else await play.click();
    const response = await player;
    if (response.status() >= 400) throw new Error(`GET ${new URL(response.url()).pathname} answered ${response.status()}`);
    const marks = await firstFrame(page);
    const { clickedAt, firstByte } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { clickedAt: Number(sessionStorage.getItem('benchClickAt')), firstByte: performance.timeOrigin + (navigation?.responseStart ?? NaN) };
    });
    if (!clickedAt) throw new Error('the click on Play was not recorded');
    const from = (at: number | undefined) => (at === undefined ? NaN : at - clickedAt);
    const phases = { firstByte: from(firstByte), engine: from(marks.engine), manifest: from(marks.manifest), buffered: from(marks.buffered), frame: from(marks.frame) };
    return { ms: phases.frame, phases };
  } finally {
    await context.close();
  }
}

export const SERIES: Series[] = (['desktop', 'phone'] as const).flatMap((device) =>
  (['guest', 'member'] as const).flatMap((viewer) => (['cold', 'intent'] as const).map((mode) => ({ device, viewer, mode }))),
);

export const seriesName = ({ device, viewer, mode }: Series): string => `${device}, ${viewer}, ${mode === 'cold' ? 'cold click' : `after ${INTENT_MS} ms on Play`}`;

export async function measurePlay({ origin, slug = 'casa-blues', samples = 10, chromiumPath = '/usr/bin/chromium', log = () => undefined }: PlayOptions): Promise<PlayResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  try {
    const failedSamples: FailedSample[] = [];
    const taken = new Map<Series, Sample[]>(SERIES.map((s) => [s, []]));
    let inARow = 0;
    const take = async (name: string, series: Series): Promise<Sample | null> => {
      try {
        const result = await sample(browser, origin, slug, series);
        inARow = 0;
        return result;
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
        failedSamples.push({ sample: `${seriesName(series)}, ${name}`, reason });
        inARow++;
        log(`play ${seriesName(series)}, ${name} FAILED: ${reason}`);
        return null;
      }
    };
    // Warm-up: the server's first render of each page, built chunks in the OS cache.
    for (const series of SERIES.filter((s) => s.mode === 'cold')) await take('warm-up', series);
    // Rounds over every series, so that a change of load on the machine touches them all alike.
    for (let i = 0; i < samples && inARow < MAX_FAILURES_IN_A_ROW; i++) {
      const line: string[] = [];
      for (const series of SERIES) {
        const result = await take(`sample ${i + 1}`, series);
        if (result) taken.get(series)?.push(result);
        line.push(result ? `${result.ms.toFixed(0)}` : 'FAILED');
        if (inARow >= MAX_FAILURES_IN_A_ROW) break;
      }
      log(`play round ${i + 1}/${samples} (ms, ${SERIES.map((s) => `${s.device[0]}${s.viewer[0]}${s.mode[0]}`).join(' ')}): ${line.join(' ')}`);
    }
    if (inARow >= MAX_FAILURES_IN_A_ROW) log(`play: stopped after ${MAX_FAILURES_IN_A_ROW} failed samples in a row`);
    const series = SERIES.map((s): SeriesResult => {
      const results = taken.get(s) ?? [];
      if (results.length === 0) {
        const reasons = [...new Set(failedSamples.map((f) => f.reason))].join('; ');
        throw new Error(`no sample of ${seriesName(s)} succeeded (${failedSamples.length} failed: ${reasons})`);
      }
      const figures = stats(results.map((r) => r.ms));
      const phase = (key: keyof Phases) => median(results.map((r) => r.phases[key]).filter(Number.isFinite));
      return {
        ...s,
        stats: figures,
        phases: { firstByte: phase('firstByte'), engine: phase('engine'), manifest: phase('manifest'), buffered: phase('buffered'), frame: phase('frame') },
        withinGoal: figures.medianMs <= PLAY_GOAL_MEDIAN_MS && figures.p95Ms <= PLAY_GOAL_P95_MS,
      };
    });
    return { slug, goals: { medianMs: PLAY_GOAL_MEDIAN_MS, p95Ms: PLAY_GOAL_P95_MS }, intentMs: INTENT_MS, phone: PHONE, series, failedSamples };
  } finally {
    await browser.close();
  }
}

/** The result as lines of text: one per series, with its phases. */
export function playLines(result: PlayResult): string[] {
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)}` : '–');
  return result.series.map(
    (s) =>
      `${seriesName(s).padEnd(40)} median ${ms(s.stats.medianMs).padStart(5)} ms, p95 ${ms(s.stats.p95Ms).padStart(5)} ms (${s.stats.samples.length} samples; goal ≤ ${result.goals.medianMs} / ≤ ${result.goals.p95Ms}: ${s.withinGoal ? 'yes' : 'NO'}) · phases: first byte ${ms(s.phases.firstByte)}, hls.js ready ${ms(s.phases.engine)}, master parsed ${ms(s.phases.manifest)}, first segment buffered ${ms(s.phases.buffered)}, frame ${ms(s.phases.frame)}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const origin = process.argv[2] ?? 'http://localhost:8787';
  const result = await measurePlay({ origin, slug: process.argv[3], samples: process.argv[4] ? Number(process.argv[4]) : undefined, log: (m) => process.stderr.write(`[play] ${m}\n`) });
  process.stdout.write(`Click Play → first frame (${result.slug}); phone: CPU ${PHONE.cpu}× slower, ${PHONE.latencyMs} ms latency, ${PHONE.downloadMbps}/${PHONE.uploadMbps} Mbit/s\n`);
  process.stdout.write(`${playLines(result).join('\n')}\n`);
  for (const f of result.failedSamples) process.stdout.write(`FAILED ${f.sample}: ${f.reason}\n`);
  if (result.failedSamples.length > 0) process.exitCode = 1;
}
