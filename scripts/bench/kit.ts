/**
 * What the benches that build their own local D1 share (search.ts, back-office-data.ts,
 * back-office.ts): a seeded generator, so every run builds the same rows, the npx runner of
 * wrangler's commands, and a `wrangler dev` of their own over that database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `npx …args` from the repository root (wrangler's metrics off); answers its stdout, throws with its last lines when it fails. */
export function runNpx(args: readonly string[], log: (m: string) => void): string {
  log(`$ npx ${args.join(' ')}`);
  const res = spawnSync(NPX, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  if (res.status !== 0) throw new Error(`npx ${args.join(' ')} failed:\n${`${res.stdout}\n${res.stderr}`.trim().split('\n').slice(-20).join('\n')}`);
  return res.stdout;
}

/** Whether the marker file a build left says it was built from `fingerprint` (then the database is reused). */
export function builtFrom(marker: string, fingerprint: string): boolean {
  return existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { fingerprint?: string }).fingerprint === fingerprint;
}

/** A new local D1 in `persistTo` (from the repository root): the directory emptied, the migrations applied, the demo seed. */
export function seededDatabase(persistTo: string, log: (m: string) => void): void {
  rmSync(resolve(ROOT, persistTo), { recursive: true, force: true });
  runNpx(['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], log);
  log('$ node scripts/seed/index.ts');
  const seeded = spawnSync(process.execPath, ['scripts/seed/index.ts', '--persist-to', persistTo], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
}

/** `wrangler dev` over `persistTo` on `port` with more `vars` (`NAME:value`), in its own process group (stopWorker ends it all). */
export function startWorker(port: number, persistTo: string, log: (m: string) => void, vars: readonly string[] = []): ChildProcess {
  const args = ['wrangler', 'dev', '--port', String(port), '--persist-to', persistTo, '--var', 'STREAM_IDENTITY_ENCODING:true', ...vars.flatMap((v) => ['--var', v]), '--define', 'process.env.NODE_ENV:"production"'];
  log(`$ npx ${args.join(' ')}`);
  const child = spawn(NPX, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', BROWSER: 'none', CI: '1' } });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

export function stopWorker(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    spawnSync('sleep', ['0.1']);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone
  }
}

/** Resolves once the worker answers /healthcheck (two minutes at most). */
export async function waitForHealth(baseUrl: string, child: ChildProcess | null): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited early (code ${child.exitCode})`);
    try {
      const res = await fetch(`${baseUrl}/healthcheck`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${baseUrl}/healthcheck did not answer within 120 s`);
}
