/**
 * Lighthouse (mobile, the default simulated throttling), the median of LIGHTHOUSE_RUNS runs, on the pages of issue 12's goal: home, a
 * category, a content page, search and login, in English and Arabic. Debian's Chromium is started
 * by playwright-core with a remote-debugging port, which Lighthouse drives.
 *
 *   import { benchLighthouse } from './lighthouse.ts'   (scripts/bench/index.ts)
 */
import lighthouse from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';

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
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${debuggingPort}`],
  });
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
    await browser.close();
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
