import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { startWorker, stopWorker, waitForHealth } from '../scripts/bench/kit.ts';
import { expect, test } from './fixtures';
import { PORT, SEEDED } from './playwright.config';

/**
 * Watch positions wait in the account's Durable Object, not in D1 (issue 35, worker/limits/positions.ts).
 * The proof that a crash loses none: a member watches on one device, the server is killed (SIGKILL,
 * no chance to flush) while the positions are still in the object, and after a restart the member's
 * other device resumes within 5 seconds of where the first one was. A server of this spec's own, on a
 * copy of the seeded state, so the crash harms no other spec.
 */

const ROOT = resolve(import.meta.dirname, '..');
/** Ports clear of the browsers' server pairs (FIRST_PORT + 2i, + 1). */
const CRASH_PORT = PORT + 40;
const ORIGIN = `http://localhost:${CRASH_PORT}`;
const PERSIST = `.wrangler/e2e-crash-${CRASH_PORT}`;
const PASSWORD = 'Sesame123';
const VARS = ['DEV_OUTBOX:true', 'REGISTRATIONS_PER_ADDRESS_HOUR:100000', `PUBLIC_ORIGIN:${ORIGIN}`];
const log = (message: string) => void process.stderr.write(`[crash-resume] ${message}\n`);

type Title = { id: number; slug: string };

/** SQL on the stopped server's local D1 (never while it runs: one writer at a time). */
function d1<T>(sql: string): T[] {
  const out = execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', PERSIST, '--json', '--command', sql], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  return (JSON.parse(out) as { results: T[] }[])[0]?.results ?? [];
}

/** A device: its own browser context (cookies, device id) logged in as the member. */
async function device(browser: Browser, email: string, register: boolean): Promise<{ api: APIRequestContext; profile: number }> {
  const context = await browser.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Origin: ORIGIN } });
  const api = context.request;
  if (register) expect((await api.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'Yasmine' } } })).status()).toBe(201);
  expect((await api.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  const user = (await (await api.get('/api/auth/user')).json()) as { profile: { id: number } };
  return { api, profile: user.profile.id };
}

test('a crash of the server mid-viewing loses no position: the other device resumes where the first one was', async ({ browser }) => {
  test.setTimeout(300_000);
  rmSync(resolve(ROOT, PERSIST), { recursive: true, force: true });
  cpSync(resolve(ROOT, SEEDED), resolve(ROOT, PERSIST), { recursive: true });
  const [title] = d1<Title>(`SELECT c.id, c.slug FROM contents c JOIN media m ON m.content_id = c.id AND m.kind = 'main'
    WHERE c.premium = 0 AND c.parent_id IS NULL AND c.allowed_countries IN ('[]', '') AND m.duration > 600 ORDER BY c.id LIMIT 1`);
  if (!title) throw new Error('no free film of more than 10 minutes in the seed');
  let server = startWorker(CRASH_PORT, PERSIST, log, VARS);
  try {
    await waitForHealth(ORIGIN, server);
    const email = `e2e-crash-${crypto.randomUUID().slice(0, 8)}@example.com`;

    // The phone plays the film and saves its position as the player does, every 10 seconds.
    const phone = await device(browser, email, true);
    const stream = await phone.api.get(`/api/pages/content/${title.slug}/stream_url?profileId=${phone.profile}`);
    expect(stream.status(), await stream.text()).toBe(200);
    for (const time of [300, 310, 320, 330]) {
      expect((await phone.api.put(`/api/actions/watched/${title.id}`, { data: { time, profile: phone.profile } })).status()).toBe(200);
    }

    // The server dies at once: no stream stop, no flush, no alarm.
    process.kill(-(server.pid ?? 0), 'SIGKILL');
    await new Promise((done) => server.once('exit', done));
    // The positions were in the object, not yet in D1.
    const inD1 = d1<{ time: number }>(`SELECT a.time FROM actions a JOIN users u ON u.id = a.user_id WHERE u.email = '${email}' AND a.type = 'watched'`);
    expect(inD1.find((row) => row.time === 330)).toBeUndefined();

    // Back up: the laptop resumes where the phone was, and Continue watching has the film.
    server = startWorker(CRASH_PORT, PERSIST, log, VARS);
    await waitForHealth(ORIGIN, server);
    const laptop = await device(browser, email, false);
    const resumed = await laptop.api.get(`/api/pages/content/${title.slug}/stream_url?profileId=${laptop.profile}`);
    expect(resumed.status(), await resumed.text()).toBe(200);
    const { resumeAt } = (await resumed.json()) as { resumeAt: number };
    expect(Math.abs(resumeAt - 330)).toBeLessThanOrEqual(5);
    const watched = (await (await laptop.api.get(`/api/actions/?types=watched&profileId=${laptop.profile}`)).json()) as { content_id: number }[];
    expect(watched.map((w) => w.content_id)).toContain(title.id);
  } finally {
    stopWorker(server);
    rmSync(resolve(ROOT, PERSIST), { recursive: true, force: true });
  }
});
