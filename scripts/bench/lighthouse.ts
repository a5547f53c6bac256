/**
 * Lighthouse (mobile, the default simulated throttling), the median of LIGHTHOUSE_RUNS runs, on the pages of issue 12's goal: home, a
 * category, a content page, search and login, in English and Arabic. Debian's Chromium is started
 * as Lighthouse's own command line starts Chrome (chrome-launcher, `lighthouseChromeFlags`), with a
 * remote-debugging port, which Lighthouse drives.
 *
 *   import { benchLighthouse } from './lighthouse.ts'   (scripts/bench/index.ts)
 */
import { launch, Launcher } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';

import { CHROMIUM_ARGS } from '../require-chromium.ts';
import { withLowServerPriority } from './priority.ts';

/** Goals: Lighthouse mobile performance ≥ 98 and accessibility 100 on every page. */
export const LIGHTHOUSE_GOALS = { performance: 98, accessibility: 100 } as const;

/**
 * Runs per page: Lighthouse's scores vary from run to run (CPU noise on a shared machine moves the
 * total blocking time by hundreds of ms), so each page is scored this many times and the run with
 * the median performance score is reported: five, the number Lighthouse's own guidance on
 * variability gives for a median that one noisy run cannot move. LIGHTHOUSE_RUNS=1 for a quick look.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);

/** The pages scored, each in English and Arabic. */
export const LIGHTHOUSE_PAGES = ['/', '/category/films', '/content/night-train-to-oujda', '/search?q=night', '/login'] as const;
const LANGS = ['en', 'ar'] as const;

export type LighthouseRow = {
  path: string;
  lang: (typeof LANGS)[number];
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's runtime error (e.g. NO_FCP), when the page could not be scored. */
  error?: string;
  /** Every run's performance score, lowest first (the row is the median run). */
  runs: number[];
};

export type LighthouseResult = { rows: LighthouseRow[]; withinGoals: boolean };

type Options = {
  origin: string;
  chromiumPath: string;
  debuggingPort: number;
  /** The local server's process group: it runs at a lower CPU priority while Lighthouse scores (./priority.ts). */
  serverProcessGroup?: number;
  log: (message: string) => void;
};

/**
 * Browser pages of Chromium's own window that its headless mode still renders, in a renderer of
 * their own, while a page is measured: Chromium 156 builds the address bar's suggestion popup
 * (chrome://omnibox-popup.top-chrome, Lit and Mojo) for every new tab: about 95 ms of CPU during
 * the page's load (traced). On a 2-core machine the page's main thread waits for a core meanwhile,
 * and Lighthouse counts that wait as the page's blocking time. A phone's browser renders no such
 * page, and nobody sees it in a headless browser.
 */
export const HIDDEN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'] as const;

/**
 * Chromium's command line for Lighthouse: the flags Lighthouse's own command line starts Chrome
 * with (chrome-launcher's defaults: no extensions, default apps, background networking, timers
 * throttled in the background, and the like: the browser's work that is not the page's), the flags of
 * these machines (CHROMIUM_ARGS), headless, and none of the browser's hidden pages (above). Chromium
 * reads only the last `--disable-features` of its command line, so chrome-launcher's list and ours
 * are joined into one.
 */
export function lighthouseChromeFlags(defaults: readonly string[] = Launcher.defaultFlags()): string[] {
  const isFeatures = (flag: string): boolean => flag.startsWith('--disable-features=');
  const features = defaults.filter(isFeatures).flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  return [...defaults.filter((flag) => !isFeatures(flag)), ...CHROMIUM_ARGS, '--headless=new', `--disable-features=${[...features, ...HIDDEN_BROWSER_UI_FEATURES].join(',')}`];
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

async function scorePage(url: string, path: string, lang: LighthouseRow['lang'], port: number): Promise<LighthouseRow> {
  const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const audit = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    lang,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    ...(lhr.runtimeError && { error: lhr.runtimeError.code }),
    runs: [],
  };
}

/**
 * Asks for the page as Lighthouse's phone would (its user agent picks the same cache variant: the
 * app banner's store) before every run, so every run scores the page as nearly every guest gets
 * it: from the guests' page cache, compressed, rather than as the first visitor after a deploy
 * (five runs take longer than the cache's GUEST_PAGE_CACHE_SECONDS, and a run after the copy
 * expired measured a page rendered for it and sent uncompressed by the dev server).
 */
async function warm(url: string): Promise<void> {
  const res = await fetch(url, { headers: { 'User-Agent': userAgents.mobile } });
  await res.arrayBuffer();
  // The copy is stored after the answer (waitUntil): give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

export async function benchLighthouse({ serverProcessGroup, log, ...options }: Options): Promise<LighthouseResult> {
  return withLowServerPriority(serverProcessGroup, log, () => scoreAll({ ...options, log }));
}

async function scoreAll({ origin, chromiumPath, debuggingPort, log }: Omit<Options, 'serverProcessGroup'>): Promise<LighthouseResult> {
  const chrome = await launch({ chromePath: chromiumPath, port: debuggingPort, ignoreDefaultFlags: true, chromeFlags: lighthouseChromeFlags() });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      for (const lang of LANGS) {
        const url = `${origin}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
        const tries: LighthouseRow[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          await warm(url);
          log(`lighthouse ${url} (${i + 1}/${LIGHTHOUSE_RUNS})`);
          tries.push(await scorePage(url, path, lang, debuggingPort));
        }
        tries.sort((a, b) => a.performance - b.performance);
        const median = tries[Math.floor((tries.length - 1) / 2)];
        if (median) rows.push({ ...median, runs: tries.map((t) => t.performance) });
      }
    }
  } finally {
    chrome.kill();
  }
  const withinGoals = rows.every((r) => !r.error && r.performance >= LIGHTHOUSE_GOALS.performance && r.accessibility >= LIGHTHOUSE_GOALS.accessibility);
  return { rows, withinGoals };
}

/** The table printed by the bench: one line per page and language. */
export function lighthouseLines(result: LighthouseResult): string[] {
  const ms = (n: number): string => (Number.isFinite(n) ? `${Math.round(n)} ms` : '–');
  return result.rows.map(
    (r) =>
      `${`${r.path} (${r.lang})`.padEnd(40)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  FCP ${ms(r.fcpMs).padStart(8)}  LCP ${ms(r.lcpMs).padStart(8)}  TBT ${ms(r.tbtMs).padStart(7)}  CLS ${Number.isFinite(r.cls) ? r.cls.toFixed(3) : '–'}  runs ${r.runs.join('/')}${r.error ? `  ${r.error}` : ''}`,
  );
}
