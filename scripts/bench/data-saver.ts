/**
 * Bytes of video a profile in Data saver fetches per minute (issue 34: goal ≤ 5.5 MB, 0.33 GB per
 * hour), in headless Chromium, from the media segments actually fetched.
 *
 * A member registered for the run sets its profile to Data saver (PUT /api/auth/profiles/{id}),
 * opens /player/{slug} and plays for a fixed time; every response for a media segment (not a
 * playlist, not a subtitle) adds its body's size. The same is measured in Best quality beside it,
 * for scale. Playback starts at 0 (a fresh profile has no position), with autoplay allowed.
 *
 * Module for scripts/bench/index.ts: `await benchDataSaver({ origin })`. Also runnable on its own
 * against a running server: `node scripts/bench/data-saver.ts http://localhost:8787 [slug] [seconds]`.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Response as PwResponse } from 'playwright-core';

import { CHROMIUM_ARGS } from '../require-chromium.ts';

export const DATA_SAVER_GOAL_MB_PER_MINUTE = 5.5;
const ARGS = [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'];
const PASSWORD = 'Bench-Data-2026';
/** Media segments: fMP4 fragments and init segments, or MPEG-TS. */
const SEGMENT = /\.(m4s|mp4|m4a|m4v|ts|aac)(\?|$)/;

export type DataSaverOptions = { origin: string; slug?: string; seconds?: number; chromiumPath?: string; log?: (message: string) => void };
export type UsageFigure = { usage: 'saver' | 'best'; seconds: number; played: number; segments: number; bytes: number; mbPerMinute: number; renditions: string[] };
export type DataSaverResult = { slug: string; saver: UsageFigure; best: UsageFigure; goalMbPerMinute: number; withinGoal: boolean };

async function measure(origin: string, slug: string, usage: 'saver' | 'best', seconds: number, chromiumPath: string): Promise<UsageFigure> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const email = `bench-data-${usage}-${Date.now()}@example.com`;
    const registered = await context.request.post(`${origin}/api/auth/register`, { data: { email, password: PASSWORD, lang: 'en', profile: { username: 'Bench' } } });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    const logged = await context.request.post(`${origin}/api/auth/login`, { data: { login: email, password: PASSWORD } });
    if (logged.status() !== 200) throw new Error(`login: ${logged.status()}`);
    const profiles = (await (await context.request.get(`${origin}/api/auth/profiles`)).json()) as { id: number }[];
    const id = profiles[0]?.id;
    if (typeof id !== 'number') throw new Error('no profile');
    const set = await context.request.put(`${origin}/api/auth/profiles/${id}`, { data: { data_usage: usage } });
    if (set.status() !== 200) throw new Error(`data_usage: ${set.status()} ${await set.text()}`);

    const page = await context.newPage();
    let bytes = 0;
    let segments = 0;
    const renditions = new Set<string>();
    const pending: Promise<void>[] = [];
    page.on('response', (response: PwResponse) => {
      const path = new URL(response.url()).pathname;
      if (!SEGMENT.test(path) || !response.ok()) return;
      segments += 1;
      const folder = path.includes('/audio/') ? 'audio' : path.split('/').slice(-2, -1)[0];
      if (folder) renditions.add(folder);
      pending.push(response.body().then((body) => void (bytes += body.length), () => undefined));
    });
    const answer = await page.goto(`${origin}/player/${slug}?lang=en`, { waitUntil: 'load' });
    if (!answer || answer.status() !== 200) throw new Error(`/player/${slug}: ${answer?.status() ?? 'no answer'}`);
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0) > 0, null, { timeout: 20_000 });
    await page.waitForTimeout(seconds * 1000);
    const played = await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? 0);
    await Promise.all(pending);
    const total = bytes;
    // Bytes over the wall-clock minute of playing (the start's buffer counts: a viewer pays for it).
    return { usage, seconds, played: Math.round(played), segments, bytes: total, mbPerMinute: Math.round((total / 1e6 / (seconds / 60)) * 100) / 100, renditions: [...renditions].sort() };
  } finally {
    await browser.close();
  }
}

/** The default title: its demo clip (A, scripts/media/demo.ts) has renditions on both sides of Data saver's ceiling (240p–480p under, 720p–1080p over). */
export async function benchDataSaver({ origin, slug = 'the-tanners-son', seconds = 60, chromiumPath = '/usr/bin/chromium', log = () => undefined }: DataSaverOptions): Promise<DataSaverResult> {
  log(`playing ${slug} for ${seconds} s in Data saver`);
  const saver = await measure(origin, slug, 'saver', seconds, chromiumPath);
  log(`Data saver: ${saver.mbPerMinute} MB per minute (${saver.segments} segments of ${saver.renditions.join(', ')}); now Best quality`);
  const best = await measure(origin, slug, 'best', seconds, chromiumPath);
  return { slug, saver, best, goalMbPerMinute: DATA_SAVER_GOAL_MB_PER_MINUTE, withinGoal: saver.mbPerMinute <= DATA_SAVER_GOAL_MB_PER_MINUTE };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [origin = 'http://localhost:8787', slug, seconds] = process.argv.slice(2);
  console.log(JSON.stringify(await benchDataSaver({ origin, slug, seconds: seconds ? Number(seconds) : undefined, log: console.log }), null, 2));
}
