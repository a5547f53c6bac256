/**
 * Live TV bench (issues 16 and 34), on the bench's running worker:
 * - in Chromium, the demo channel played as a viewer plays it (Low-Latency HLS, hls.js's
 *   low-latency mode): the live-edge latency, the wall clock minus the programme date time at the
 *   playhead (hls.js `playingDate`), sampled every second over TV_DRIFT_MINUTES minutes of
 *   playback (default 10; `TV_DRIFT_MINUTES=1` for a quick run): its p50 and p95, and its drift
 *   (the least-squares slope, seconds per minute); the stalls (`waiting` events) on the way;
 * - click on the channel on /tv → its first frame, in fresh browser contexts (cold cache);
 * - the live media playlist's size: whole (two-hour window) and as a delta update (`_HLS_skip=YES`);
 * - /epg server time for a 14-channel, one-day window: 12 generated channels (a programme every
 *   30 minutes) are imported next to the demo's two with the operator CLI, then the guide page and
 *   its API call are timed.
 *   import { benchTv } from './tv.ts'   (scripts/bench/index.ts, --only=tv)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../require-chromium.ts';

export type TvBench = {
  latency: { samples: number; p50S: number; p95S: number; maxS: number; minutes: number; driftSPerMinute: number; stalls: number };
  click: { samples: number[]; medianMs: number; failed: string[] };
  playlist: { bytes: number; gzipBytes: number; deltaBytes: number; deltaGzipBytes: number };
  epg: { channels: number; programmes: number; pageP50Ms: number; pageP95Ms: number; apiP50Ms: number; apiP95Ms: number; samples: number; pageBytes: number };
};

/** Goals of issue 34. */
export const TV_GOALS = { latencyP50S: 3, latencyP95S: 6, clickMedianMs: 1000, driftSPerMinute: 0 } as const;

const CHANNEL = 'aflam-tv';
const CLICK_SAMPLES = 7;
const EPG_SAMPLES = 60;
const EXTRA_CHANNELS = 12;
/** Playback before latency is sampled: the player settles at its distance from the edge. */
const SETTLE_MS = 10_000;
const FRAME_TIMEOUT_MS = 30_000;
const ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];
const driftMinutes = (): number => {
  const value = Number(process.env.TV_DRIFT_MINUTES ?? 10);
  return Number.isFinite(value) && value > 0 ? value : 10;
};

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = (at: number) => `${new Date(at * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** The least-squares slope of y over x. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

/**
 * Runs in every document: when a link to the channel was clicked (sessionStorage survives the
 * navigation), when the player's first frame was presented (absolute ms), the stalls, and the
 * engine the page boots (its hls.js instance gives the programme date time at the playhead).
 */
const PROBE = `(() => {
  // The engine the page boots (the island takes it off window.__playerEngine when it adopts it).
  let booted;
  Object.defineProperty(window, '__playerEngine', { configurable: true, get: () => booted, set: (value) => { booted = value; if (value) window.__benchEngine = value; } });
  addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link && new URL(link.href).pathname === '/tv/${CHANNEL}') sessionStorage.setItem('benchClickAt', String(performance.timeOrigin + event.timeStamp));
  }, true);
  const mark = (now) => { if (window.__benchFirstFrame === undefined) window.__benchFirstFrame = performance.timeOrigin + now; };
  const watch = () => {
    const video = document.querySelector('.player video');
    if (!video) return;
    window.__benchStalls = 0;
    video.addEventListener('waiting', () => { if (window.__benchFirstFrame !== undefined) window.__benchStalls++; });
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback((now) => mark(now));
    else video.addEventListener('playing', function check() { if (video.currentTime > 0) mark(performance.now()); else requestAnimationFrame(check); });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true }); else watch();
})();`;

type Probe = { __benchFirstFrame?: number; __benchStalls?: number; __benchEngine?: Promise<{ hls: { playingDate: Date | null } | null }> };

async function firstFrame(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const at = (window as unknown as Probe).__benchFirstFrame;
      if (at !== undefined) return { at };
      const failure = document.querySelector('.player__failure');
      return failure ? { failure: failure.textContent?.trim() || 'the player shows a failure' } : null;
    },
    null,
    { timeout: FRAME_TIMEOUT_MS },
  );
  const found = (await handle.jsonValue()) as { at: number } | { failure: string };
  if ('failure' in found) throw new Error(`the player failed: ${found.failure}`);
  return found.at;
}

async function context(browser: Browser, origin: string) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addCookies([{ name: 'cookieConsent', value: '1', url: origin }]);
  await ctx.addInitScript(PROBE);
  return ctx;
}

/** Click on the channel's card on /tv → its first frame (ms), in a fresh context. */
async function clickSample(browser: Browser, origin: string): Promise<number> {
  const ctx = await context(browser, origin);
  try {
    const page = await ctx.newPage();
    await page.goto(`${origin}/tv?lang=en`, { waitUntil: 'load' });
    await page.click(`a[href$="/tv/${CHANNEL}"]`, { timeout: FRAME_TIMEOUT_MS });
    await page.waitForURL(`**/tv/${CHANNEL}**`, { waitUntil: 'commit' });
    const at = await firstFrame(page);
    const clickedAt = Number(await page.evaluate(() => sessionStorage.getItem('benchClickAt')));
    if (!clickedAt) throw new Error('the click on the channel was not recorded');
    return at - clickedAt;
  } finally {
    await ctx.close();
  }
}

/** The playhead's latency (s): now minus hls.js's programme date time at the playhead. */
const latencyAt = (page: Page): Promise<number | null> =>
  page.evaluate(async () => {
    const engine = await (window as unknown as Probe).__benchEngine;
    const date = engine?.hls?.playingDate;
    return date ? (Date.now() - date.getTime()) / 1000 : null;
  });

/** Plays the channel for `minutes` and samples its latency every second. */
async function latencyRun(browser: Browser, origin: string, minutes: number, log: (message: string) => void): Promise<TvBench['latency']> {
  const ctx = await context(browser, origin);
  try {
    const page = await ctx.newPage();
    await page.goto(`${origin}/tv/${CHANNEL}?lang=en`, { waitUntil: 'commit' });
    await firstFrame(page);
    await sleep(SETTLE_MS);
    const startedAt = Date.now();
    const points: { x: number; y: number }[] = [];
    let reported = 0;
    while (Date.now() - startedAt < minutes * 60_000) {
      const latency = await latencyAt(page);
      if (latency !== null) points.push({ x: (Date.now() - startedAt) / 60_000, y: latency });
      const minute = Math.floor((Date.now() - startedAt) / 60_000);
      if (minute > reported) {
        reported = minute;
        const recent = points.filter((p) => p.x >= minute - 1).map((p) => p.y);
        log(`tv latency, minute ${minute}/${minutes}: p50 ${quantile(recent, 0.5).toFixed(2)} s`);
      }
      await sleep(1000);
    }
    if (points.length === 0) throw new Error('the player gave no programme date time (hls.js playingDate)');
    const stalls = await page.evaluate(() => (window as unknown as Probe).__benchStalls ?? 0);
    const ys = points.map((p) => p.y);
    return { samples: ys.length, p50S: quantile(ys, 0.5), p95S: quantile(ys, 0.95), maxS: Math.max(...ys), minutes, driftSPerMinute: slope(points), stalls };
  } finally {
    await ctx.close();
  }
}

/** 12 channels with a programme every 30 minutes from yesterday to tomorrow (the bench's day is covered whatever the zone). */
function generatedGuide(now: number): { xml: string; programmes: number } {
  const from = Math.floor(now / 86400) * 86400 - 86400;
  const lines = ['<tv>'];
  let programmes = 0;
  for (let c = 1; c <= EXTRA_CHANNELS; c++) lines.push(`<channel id="bench${c}.tafrij.test"><display-name lang="en">Bench ${c}</display-name><display-name>${100 + c}</display-name></channel>`);
  for (let c = 1; c <= EXTRA_CHANNELS; c++) {
    for (let at = from; at < from + 3 * 86400; at += 1800) {
      lines.push(`<programme channel="bench${c}.tafrij.test" start="${stamp(at)}" stop="${stamp(at + 1800)}"><title lang="en">Show ${c}-${at}</title><title lang="ar">برنامج ${c}</title><desc lang="en">A programme of the bench.</desc></programme>`);
      programmes++;
    }
  }
  lines.push('</tv>');
  return { xml: lines.join('\n'), programmes };
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, bytes: body.byteLength, status: res.status };
}

export async function benchTv({ origin, persistTo, chromiumPath, log }: { origin: string; persistTo: string; chromiumPath: string; log: (message: string) => void }): Promise<TvBench> {
  // ---- the live media playlist: whole and as a delta update
  const stream = (await (await fetch(`${origin}/api/pages/tv/${CHANNEL}/stream_url`)).json()) as { url: string };
  const master = await (await fetch(origin + stream.url)).text();
  const rendition = master.split('\n').find((l) => l.endsWith('.m3u8') && !l.startsWith('#'));
  if (!rendition) throw new Error('the live master playlist lists no rendition');
  const playlistUrl = origin + stream.url.replace(/master\.m3u8$/, rendition);
  const whole = await (await fetch(playlistUrl, { headers: { 'Accept-Encoding': 'identity' } })).text();
  const delta = await (await fetch(`${playlistUrl}?_HLS_skip=YES`, { headers: { 'Accept-Encoding': 'identity' } })).text();
  if (!whole.includes('#EXT-X-PART:')) throw new Error('the live playlist has no parts (EXT-X-PART): is the demo media cut in parts (parts.json)?');
  const playlist = { bytes: Buffer.byteLength(whole), gzipBytes: gzipSync(whole).byteLength, deltaBytes: Buffer.byteLength(delta), deltaGzipBytes: gzipSync(delta).byteLength };

  // ---- in Chromium: click → first frame, then latency and drift over a long playback
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  const clicks: number[] = [];
  const failed: string[] = [];
  let latency: TvBench['latency'];
  try {
    for (let i = 0; i <= CLICK_SAMPLES; i++) {
      try {
        const ms = await clickSample(browser, origin);
        // The first is a warm-up (the server's first render of the pages).
        if (i > 0) clicks.push(ms);
        log(`tv click → first frame ${i === 0 ? '(warm-up)' : `${i}/${CLICK_SAMPLES}`}: ${ms.toFixed(0)} ms`);
      } catch (error) {
        failed.push(error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
        log(`tv click sample ${i} FAILED: ${failed.at(-1)}`);
      }
    }
    if (clicks.length === 0) throw new Error(`no click sample succeeded: ${failed.join('; ')}`);
    latency = await latencyRun(browser, origin, driftMinutes(), log);
  } finally {
    await browser.close();
  }

  // ---- /epg with 14 channels over one day
  const { xml, programmes } = generatedGuide(Math.floor(Date.now() / 1000));
  const dir = mkdtempSync(join(tmpdir(), 'tafrij-bench-tv-'));
  try {
    const file = join(dir, 'guide.xml');
    writeFileSync(file, xml);
    execFileSync(process.execPath, ['scripts/admin/tv.ts', 'import', file, '--persist-to', persistTo], { stdio: 'ignore' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const guide = (await (await fetch(`${origin}/api/pages/tv`)).json()) as { channels: unknown[] };
  const day = new Date().toISOString().slice(0, 10);
  const from = Date.parse(`${day}T00:00:00Z`) / 1000;
  const page: number[] = [];
  const api: number[] = [];
  let pageBytes = 0;
  for (let i = 0; i < 5; i++) await timed(`${origin}/epg?lang=en&day=${day}`, { cookie: 'tz=UTC' });
  for (let i = 0; i < EPG_SAMPLES; i++) {
    const p = await timed(`${origin}/epg?lang=en&day=${day}`, { cookie: 'tz=UTC' });
    if (p.status !== 200) throw new Error(`/epg answered ${p.status}`);
    page.push(p.ms);
    pageBytes = p.bytes;
    const a = await timed(`${origin}/api/pages/epg?lang=en&from=${from}&to=${from + 86400}`);
    if (a.status !== 200) throw new Error(`/api/pages/epg answered ${a.status}`);
    api.push(a.ms);
  }
  log(`epg: ${guide.channels.length} channels, ${EPG_SAMPLES} pages timed`);
  return {
    latency,
    click: { samples: clicks.map(Math.round), medianMs: quantile(clicks, 0.5), failed },
    playlist,
    epg: { channels: guide.channels.length, programmes, pageP50Ms: quantile(page, 0.5), pageP95Ms: quantile(page, 0.95), apiP50Ms: quantile(api, 0.5), apiP95Ms: quantile(api, 0.95), samples: EPG_SAMPLES, pageBytes },
  };
}
