/**
 * Load simulation (issue 35): a crowd of simulated viewers on the local stack, and what they cost
 * the platform per viewer-minute — D1 reads and writes (by table), Durable Object requests, KV and
 * R2 reads, requests and bytes — extrapolated to 100,000 people watching at once.
 *
 *   node scripts/bench/scale.ts [--viewers 1000] [--minutes 5] [--speed 1] [--fresh]
 *   npm run bench -- --only=scale                (the same, with the defaults)
 *   import { benchScale } from './scale.ts'
 *
 * Its own database (.wrangler/bench-scale: the migrations and the demo seed; `--fresh` rebuilds it)
 * and its own `wrangler dev` with METERING=true: the worker counts what every request uses
 * (worker/edge/metering) and answers the counts at /__metering, reset when the crowd starts.
 *
 * A viewer is a member on a device of their own (their own session), two per account (the default
 * stream limit). Each one, as the player and the pages do (client/player, spec §4):
 * - opens the home page and a title's page (HTML, as a browser gets them), sees the home page's
 *   ad (its impression), asks for the stream (GET …/stream_url: the stream slot);
 * - while playing: the position every 10 s (PUT /actions/watched), a heartbeat every 30 s;
 * - pauses now and then (the position on pause; heartbeats go on), resumes;
 * - after a few minutes stops (the position, the stream's stop) and starts another title.
 * Video segments are not fetched: they come from R2 through the edge cache, not the database, and
 * the data-saver bench measures their bytes. The crowd arrives over the first RAMP_SECONDS.
 *
 * `--speed k` plays k simulated seconds per real second (every interval divided by k): the figures
 * are per simulated minute, so a crowd's hour can be measured in minutes; 1 is real time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { random, seededDatabase, startWorker, stopWorker, waitForHealth } from './kit.ts';
import type { MeteringReport } from '../../worker/edge/metering/index.ts';

export const SCALE_PERSIST = '.wrangler/bench-scale';
/** The crowd the figures are extrapolated to (issue 35). */
export const TARGET_VIEWERS = 100_000;
/** Goals: D1 writes per second at TARGET_VIEWERS, and writes per second on the hottest row by the simulated crowd. */
export const SCALE_GOAL_WRITES_PER_SECOND = 300;
export const SCALE_GOAL_HOT_ROW_WRITES_PER_SECOND = 1;

const PASSWORD = 'Scale-sim-2026';
const POSITION_EVERY_S = 10;
const HEARTBEAT_EVERY_S = 30;
const RAMP_SECONDS = 30;
/** A viewer pauses about every PAUSE_EVERY_S seconds of playing, for 20 to 60 s. */
const PAUSE_EVERY_S = 240;
/** …and changes title about every SWITCH_EVERY_S seconds. */
const SWITCH_EVERY_S = 480;
/** Logins and registrations at once (each hashes a password: CPU-bound in the worker). */
const SETUP_CONCURRENCY = 6;

export type ScaleOptions = { viewers?: number; minutes?: number; speed?: number; port?: number; fresh?: boolean; log?: (m: string) => void };

export type PerViewerMinute = {
  requests: number;
  kilobytes: number;
  d1Reads: number;
  d1Writes: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  durableObjectRequests: number;
  kvReads: number;
  kvWrites: number;
  r2Reads: number;
};

export type ScaleResult = {
  viewers: number;
  simulatedMinutes: number;
  speed: number;
  viewerMinutes: number;
  failedRequests: number;
  perViewerMinute: PerViewerMinute;
  /** D1 queries per viewer-minute by table, busiest first. */
  byTable: { table: string; reads: number; writes: number }[];
  durableObjects: Record<string, number>;
  /**
   * The write repeated most (same statement, same arguments): a hot row, and how often the simulated
   * crowd wrote it (the goal's measure: a row shared by the crowd shows here; one member's own row
   * would not grow with more members, so it is not extrapolated).
   */
  hottestRow: { statement: string; writesPerSecond: number } | null;
  /** Per second at TARGET_VIEWERS watching at once. */
  atTarget: { viewers: number; d1ReadsPerSecond: number; d1WritesPerSecond: number; durableObjectRequestsPerSecond: number; kvReadsPerSecond: number };
};

type Title = { id: number; slug: string };

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One device's cookies, as a browser keeps them (name → value). */
class Jar {
  private readonly cookies = new Map<string, string>();
  /** The device's browser: ads count once per visitor (address and browser) and day. */
  readonly userAgent = `Mozilla/5.0 (Linux; Android 14) TafrijScale/${crypto.randomUUID()}`;
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The crowd's requests: counted, their bytes summed, failures kept apart. */
class Client {
  requests = 0;
  bytes = 0;
  failures = new Map<string, number>();
  private readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }
  /** One request of `jar`'s device; a status of 400 or more is a failure unless `expected`. */
  async send(jar: Jar, method: string, path: string, body?: unknown, expected: readonly number[] = []): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.origin, Cookie: jar.header(), 'Accept-Language': 'fr', 'User-Agent': jar.userAgent };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    this.requests++;
    try {
      const res = await fetch(`${this.origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
      jar.take(res);
      const buffer = await res.clone().arrayBuffer();
      this.bytes += buffer.byteLength;
      if (res.status >= 400 && !expected.includes(res.status)) this.fail(`${method} ${path.replace(/\d+|[0-9a-z]+\.[0-9a-f-]{36}/g, ':id')} → ${res.status}`);
      return res;
    } catch (error) {
      this.fail(`${method} ${path.split('?')[0]} → ${String(error)}`);
      return new Response(null, { status: 599 });
    }
  }
  private fail(what: string): void {
    this.failures.set(what, (this.failures.get(what) ?? 0) + 1);
  }
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Free titles with media that a fresh member may play (the demo seed's). */
function playableTitles(persistTo: string): Title[] {
  const out = execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command',
      `SELECT c.id, c.slug FROM contents c JOIN media m ON m.content_id = c.id AND m.kind = 'main'
        LEFT JOIN contents p ON p.id = c.parent_id
        WHERE c.premium = 0 AND COALESCE(p.premium, 0) = 0 AND c.allowed_countries IN ('[]', '') ORDER BY c.id LIMIT 40`],
    { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  const parsed = JSON.parse(out) as { results: Title[] }[];
  return parsed[0]?.results ?? [];
}

/** A member on a device: logged in (registered first when the account is new), their profile known. */
async function member(client: Client, account: number): Promise<{ jar: Jar; profile: number } | null> {
  const jar = new Jar();
  const email = `scale-${account}@example.com`;
  // Registered first (409 when the account exists from an earlier run): a failed login counts
  // against the address's login limit (worker/limits), which a crowd from one address would reach.
  await client.send(jar, 'POST', '/api/auth/register', { email, password: PASSWORD, profile: { username: `Viewer ${account}` } }, [409]);
  const login = await client.send(jar, 'POST', '/api/auth/login', { login: email, password: PASSWORD });
  if (!login.ok) return null;
  const user = (await (await client.send(jar, 'GET', '/api/auth/user')).json()) as { profile?: { id?: number } };
  return user.profile?.id ? { jar, profile: user.profile.id } : null;
}

/**
 * One viewer's evening, until `until` (ms, real time). Answers the simulated seconds it watched:
 * the sum of its timers (the player's own clock: a slow answer does not stretch its intervals),
 * the wait before it arrived left out.
 */
async function watch(client: Client, viewer: { jar: Jar; profile: number }, titles: readonly Title[], ad: number | null, speed: number, until: number, rand: () => number): Promise<number> {
  let watched = 0;
  const tick = (seconds: number) => {
    watched += seconds;
    return sleep((seconds * 1000) / speed);
  };
  await sleep((rand() * RAMP_SECONDS * 1000) / speed);
  const { jar, profile } = viewer;
  while (Date.now() < until) {
    const title = titles[Math.floor(rand() * titles.length)];
    if (!title) return watched;
    await client.send(jar, 'GET', '/');
    if (ad !== null) await client.send(jar, 'POST', `/api/ads/${ad}/impression`);
    await client.send(jar, 'GET', `/content/${title.slug}`);
    const stream = await client.send(jar, 'GET', `/api/pages/content/${title.slug}/stream_url?profileId=${profile}&lang=fr`);
    const streamId = stream.ok ? ((await stream.json()) as { streamId?: string | null }).streamId ?? null : null;
    let position = 0;
    let sinceBeat = 0;
    let nextPause = PAUSE_EVERY_S * (0.5 + rand());
    const switchAt = SWITCH_EVERY_S * (0.5 + rand());
    const save = () => client.send(jar, 'PUT', `/api/actions/watched/${title.id}`, { time: Math.floor(position), profile });
    const beat = () => (streamId ? client.send(jar, 'POST', `/api/streams/${streamId}/heartbeat`) : Promise.resolve(null));
    while (Date.now() < until && position < switchAt) {
      await tick(POSITION_EVERY_S);
      position += POSITION_EVERY_S;
      sinceBeat += POSITION_EVERY_S;
      await save();
      if (sinceBeat >= HEARTBEAT_EVERY_S) {
        sinceBeat = 0;
        await beat();
      }
      if (position >= nextPause) {
        // A pause: the position is saved at once, heartbeats go on while the player is open.
        await save();
        for (let paused = 20 + rand() * 40; paused > 0 && Date.now() < until; paused -= HEARTBEAT_EVERY_S) {
          await tick(Math.min(paused, HEARTBEAT_EVERY_S));
          await beat();
        }
        nextPause = position + PAUSE_EVERY_S * (0.5 + rand());
      }
    }
    await save();
    if (streamId) await client.send(jar, 'POST', `/api/streams/${streamId}/stop`);
  }
  return watched;
}

const PORT_DEFAULT = 9830;

export async function benchScale({ viewers = 1000, minutes = 5, speed = 1, port = PORT_DEFAULT, fresh = false, log = (m: string) => void process.stderr.write(`[bench:scale] ${m}\n`) }: ScaleOptions = {}): Promise<ScaleResult> {
  const persistTo = SCALE_PERSIST;
  if (fresh || !existsSync(resolve(persistTo, 'v3'))) seededDatabase(persistTo, log);
  const origin = `http://localhost:${port}`;
  const worker = startWorker(port, persistTo, log, ['METERING:true', 'DEV_OUTBOX:true', 'REGISTRATIONS_PER_ADDRESS_HOUR:1000000', `PUBLIC_ORIGIN:${origin}`]);
  try {
    await waitForHealth(origin, worker);
    const titles = playableTitles(persistTo);
    if (titles.length === 0) throw new Error('no free title with media in the seed');
    const client = new Client(origin);
    const ads = (await (await fetch(`${origin}/api/pages/ads?lang=fr&placement=home`)).json()) as { data?: { id?: number }[] };
    const ad = ads.data?.[0]?.id ?? null;
    if (ad === null) log('no ad runs on the home page: no impressions in this run');

    const started = Date.now();
    const people: { jar: Jar; profile: number }[] = [];
    await inBatches(
      Array.from({ length: viewers }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const m = await member(client, Math.floor(i / 2));
        if (m) people.push(m);
      },
    );
    log(`${people.length} of ${viewers} viewers signed in (${Math.round((Date.now() - started) / 1000)} s); ${titles.length} titles; the crowd watches ${minutes} simulated minutes at ×${speed}`);
    if (people.length === 0) throw new Error(`no viewer could sign in: ${[...client.failures].join('; ')}`);

    await fetch(`${origin}/__metering`, { method: 'DELETE' });
    const before = { requests: client.requests, bytes: client.bytes };
    client.failures.clear();
    const until = Date.now() + (minutes * 60_000) / speed;
    const rand = random(35);
    const watched = await Promise.all(people.map((p) => watch(client, p, titles, ad, speed, until, rand)));
    const meter = (await (await fetch(`${origin}/__metering`)).json()) as MeteringReport;

    // The crowd's own clock: the simulated seconds its viewers watched, and their mean.
    const viewerMinutes = watched.reduce((a, b) => a + b, 0) / 60;
    const simulatedSeconds = (viewerMinutes * 60) / people.length;
    const per = (n: number) => round(n / viewerMinutes, 3);
    const perViewerMinute: PerViewerMinute = {
      requests: per(client.requests - before.requests),
      kilobytes: per((client.bytes - before.bytes) / 1024),
      d1Reads: per(meter.d1.reads),
      d1Writes: per(meter.d1.writes),
      d1RowsRead: per(meter.d1.rowsRead),
      d1RowsWritten: per(meter.d1.rowsWritten),
      durableObjectRequests: per(Object.values(meter.durableObjects).reduce((a, b) => a + b, 0)),
      kvReads: per(meter.kv.reads),
      kvWrites: per(meter.kv.writes),
      r2Reads: per(meter.r2.reads),
    };
    const [hotKey, hotCount] = Object.entries(meter.repeatedWrites).toSorted(([, a], [, b]) => b - a)[0] ?? [null, 0];
    const hotPerSecond = hotKey ? hotCount / simulatedSeconds : 0;
    // Per second at the target: per viewer-minute × viewers / 60. A hot row's rate grows with the crowd.
    const atTarget = (perMinute: number) => round((perMinute * TARGET_VIEWERS) / 60, 0);
    const failedRequests = [...client.failures.values()].reduce((a, b) => a + b, 0);
    if (failedRequests > 0) log(`failed requests: ${[...client.failures].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    return {
      viewers: people.length,
      simulatedMinutes: round(simulatedSeconds / 60, 1),
      speed,
      viewerMinutes: round(viewerMinutes, 0),
      failedRequests,
      perViewerMinute,
      byTable: Object.entries(meter.d1.byTable)
        .map(([table, n]) => ({ table, reads: per(n.reads), writes: per(n.writes) }))
        .toSorted((a, b) => b.reads + b.writes - (a.reads + a.writes)),
      durableObjects: Object.fromEntries(Object.entries(meter.durableObjects).map(([name, n]) => [name, per(n)])),
      hottestRow: hotKey ? { statement: hotKey.slice(0, 240), writesPerSecond: round(hotPerSecond, 3) } : null,
      atTarget: {
        viewers: TARGET_VIEWERS,
        d1ReadsPerSecond: atTarget(perViewerMinute.d1Reads),
        d1WritesPerSecond: atTarget(perViewerMinute.d1Writes),
        durableObjectRequestsPerSecond: atTarget(perViewerMinute.durableObjectRequests),
        kvReadsPerSecond: atTarget(perViewerMinute.kvReads),
      },
    };
  } finally {
    stopWorker(worker);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    const value = at > 0 ? Number(process.argv[at + 1]) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
    return value;
  };
  const result = await benchScale({ viewers: arg('viewers', 1000), minutes: arg('minutes', 5), speed: arg('speed', 1), port: arg('port', PORT_DEFAULT), fresh: process.argv.includes('--fresh') });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
