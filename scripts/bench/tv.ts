/**
 * Live TV bench (issue 16), on the bench's running worker:
 * - live-edge latency: the wall clock minus the programme date time of the newest segment of the
 *   demo channel's live playlist (what a viewer at the live edge is behind, before the player's own
 *   buffer), sampled over several segment durations; and the playlist's size on the wire;
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
import { newestSegmentTime } from '../../worker/media/live.ts';

export type TvBench = {
  liveEdgeLatency: { samples: number; p50S: number; p95S: number; maxS: number; playlistBytes: number; playlistGzipBytes: number };
  epg: { channels: number; programmes: number; pageP50Ms: number; pageP95Ms: number; apiP50Ms: number; apiP95Ms: number; samples: number; pageBytes: number };
};

const CHANNEL = 'aflam-tv';
const LATENCY_SAMPLES = 30;
const EPG_SAMPLES = 60;
const EXTRA_CHANNELS = 12;

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = (at: number) => `${new Date(at * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

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

export async function benchTv({ origin, persistTo, log }: { origin: string; persistTo: string; log: (message: string) => void }): Promise<TvBench> {
  // ---- live-edge latency
  const stream = (await (await fetch(`${origin}/api/pages/tv/${CHANNEL}/stream_url`)).json()) as { url: string };
  const master = await (await fetch(origin + stream.url)).text();
  const rendition = master.split('\n').find((l) => l.endsWith('.m3u8') && !l.startsWith('#'));
  if (!rendition) throw new Error('the live master playlist lists no rendition');
  const playlistUrl = origin + stream.url.replace(/master\.m3u8$/, rendition);
  const latencies: number[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const text = await (await fetch(playlistUrl, { headers: { 'Accept-Encoding': 'identity' } })).text();
    const newest = newestSegmentTime(text);
    if (newest === null) throw new Error('the live playlist has no dated segment');
    latencies.push(Date.now() / 1000 - newest);
    bytes = Buffer.byteLength(text);
    gzipBytes = gzipSync(text).byteLength;
    await sleep(700);
  }
  log(`live edge: ${LATENCY_SAMPLES} playlists sampled`);

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
    liveEdgeLatency: { samples: latencies.length, p50S: quantile(latencies, 0.5), p95S: quantile(latencies, 0.95), maxS: Math.max(...latencies), playlistBytes: bytes, playlistGzipBytes: gzipBytes },
    epg: { channels: guide.channels.length, programmes, pageP50Ms: quantile(page, 0.5), pageP95Ms: quantile(page, 0.95), apiP50Ms: quantile(api, 0.5), apiP95Ms: quantile(api, 0.95), samples: EPG_SAMPLES, pageBytes },
  };
}
