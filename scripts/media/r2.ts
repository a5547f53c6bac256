/**
 * Uploads to the media bucket (binding MEDIA of wrangler.toml) and writes to D1, for the Node
 * scripts (ingest CLI, seed):
 * - local: ONE Miniflare (the one wrangler ships) on wrangler's local state, so that
 *   `wrangler dev [--persist-to dir]` sees the objects; hundreds of files take a second or two;
 * - remote: `wrangler r2 object put --remote`, a few in parallel.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as MiniflareModule from 'miniflare';
import { mediaCacheControl, mediaContentType } from '../../worker/media/types.ts';

/** One object: the file's bytes, or `body` when given (a file rewritten on the way, e.g. a looped demo playlist). */
export type Upload = { readonly key: string; readonly file: string; readonly body?: string };

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const ROOT = resolve(import.meta.dirname, '..', '..');

/** bucket_name of the MEDIA binding in wrangler.toml. */
export function mediaBucketName(configPath = join(ROOT, 'wrangler.toml')): string {
  const toml = readFileSync(configPath, 'utf8');
  for (const block of toml.split(/^\[\[r2_buckets\]\]\s*$/m).slice(1)) {
    const section = block.split(/^\[/m)[0] ?? '';
    if (/^\s*binding\s*=\s*"MEDIA"/m.test(section)) {
      const name = /^\s*bucket_name\s*=\s*"([^"]+)"/m.exec(section)?.[1];
      if (name) return name;
    }
  }
  throw new Error(`${configPath} has no [[r2_buckets]] with binding = "MEDIA" and a bucket_name`);
}

/** wrangler's local state directory (what `wrangler dev --persist-to` takes; default .wrangler/state). */
export const localState = (persistTo: string | null): string => resolve(persistTo ?? join(ROOT, '.wrangler', 'state'));

/** The Miniflare that ships with wrangler (same storage format as `wrangler dev`). */
async function wranglerMiniflare(): Promise<typeof MiniflareModule> {
  const require = createRequire(join(ROOT, 'package.json'));
  const fromWrangler = createRequire(require.resolve('wrangler/package.json'));
  return (await import(pathToFileURL(fromWrangler.resolve('miniflare')).href)) as typeof MiniflareModule;
}

/** Puts files into the LOCAL bucket that `wrangler dev --persist-to <persistTo>` uses. */
export async function putLocal(uploads: readonly Upload[], persistTo: string | null, bucket = mediaBucketName()): Promise<void> {
  const { Miniflare, convertV4MiniflareOptions } = await wranglerMiniflare();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
      resourcePersistencePath: join(localState(persistTo), 'v3'),
      r2Buckets: { BUCKET: bucket },
    }),
  );
  try {
    const r2 = await mf.getR2Bucket('BUCKET');
    const put = (u: Upload): Promise<unknown> => r2.put(u.key, u.body ?? readFileSync(u.file), { httpMetadata: { contentType: mediaContentType(u.key), cacheControl: mediaCacheControl(u.key) } });
    // In parallel batches, each master playlist after the files it names.
    const playlists = uploads.filter((u) => u.key.endsWith('/master.m3u8'));
    const files = uploads.filter((u) => !u.key.endsWith('/master.m3u8'));
    for (let i = 0; i < files.length; i += 32) await Promise.all(files.slice(i, i + 32).map(put));
    await Promise.all(playlists.map(put));
  } finally {
    await mf.dispose();
  }
}

/** Puts files into the REMOTE bucket with `wrangler r2 object put --remote`, `concurrency` at a time; the last file of the list (the master playlist) last. */
export async function putRemote(uploads: readonly Upload[], options: { bucket?: string; concurrency?: number; log?: (line: string) => void } = {}): Promise<void> {
  const bucket = options.bucket ?? mediaBucketName();
  const run = promisify(execFile);
  const put = (u: Upload): Promise<unknown> =>
    run(NPX, ['wrangler', 'r2', 'object', 'put', `${bucket}/${u.key}`, '--remote', '--file', u.file, '--content-type', mediaContentType(u.key), '--cache-control', mediaCacheControl(u.key)], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).catch((error: unknown) => {
      const stderr = (error as { stderr?: unknown }).stderr;
      throw new Error(`wrangler r2 object put ${bucket}/${u.key} failed: ${typeof stderr === 'string' && stderr ? stderr.trim() : String(error)}`);
    });
  // The last file (master playlist) only once all the others are there.
  const body = uploads.slice(0, -1);
  const last = uploads.at(-1);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < body.length) {
      const u = body[next++];
      if (!u) break;
      await put(u);
      done++;
      if (done % 25 === 0) options.log?.(`r2: ${done}/${uploads.length} files`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 6) }, worker));
  if (last) await put(last);
}

export type D1Target = { readonly remote: boolean; readonly persistTo: string | null };

/** Runs one SQL command with `wrangler d1 execute DB` and returns the rows of its (last) result. */
export function d1Query<T>(target: D1Target, command: string): T[] {
  const args = ['wrangler', 'd1', 'execute', 'DB', target.remote ? '--remote' : '--local', ...(target.persistTo && !target.remote ? ['--persist-to', target.persistTo] : []), '--json', '--command', command];
  let raw: string;
  try {
    raw = execFileSync(NPX, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const out = [(error as { stdout?: unknown }).stdout, (error as { stderr?: unknown }).stderr].filter((s): s is string => typeof s === 'string' && s.length > 0).join('\n');
    throw new Error(`wrangler d1 execute failed:\n${out.trim() || String(error)}`);
  }
  const start = raw.indexOf('[');
  const parsed = JSON.parse(start >= 0 ? raw.slice(start) : raw) as { results?: T[] }[];
  return parsed.at(-1)?.results ?? [];
}
