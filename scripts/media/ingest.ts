/**
 * Operator CLI: makes the HLS ladder of a video with ffmpeg, uploads it to R2 under
 * `titles/{slug}/{kind}/`, and records it in the `media` table of D1.
 *
 *   node scripts/media/ingest.ts --slug casa-blues --input film.mp4 \
 *     [--subtitles fr=film.fr.vtt --subtitles ar=film.ar.srt] [--kind main|trailer] \
 *     [--title "text to burn in"] [--local | --remote] [--persist-to .wrangler/state] \
 *     [--preset medium] [--out dir]
 *
 * --local (default) writes to the local R2 and D1 of `wrangler dev` (same --persist-to);
 * --remote to the Cloudflare account of `wrangler login` (bucket and database of wrangler.toml).
 * --out keeps the generated files in that directory (default: a temporary one, removed).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { sql } from '../seed/catalogue.ts';
import { buildLadder, listFiles, MediaError, requireFfmpeg } from './ladder.ts';
import { d1Query, putLocal, putRemote } from './r2.ts';
import type { D1Target } from './r2.ts';

const USAGE = `usage: node scripts/media/ingest.ts --slug <content slug> --input <video file>
       [--subtitles <lang>=<file.vtt|file.srt>]... [--kind main|trailer] [--title "burned-in text"]
       [--local | --remote] [--persist-to <dir>] [--preset <x264 preset>] [--out <dir>]`;

const Args = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a content slug: lowercase letters, digits and dashes'),
  input: z.string().min(1),
  kind: z.enum(['main', 'trailer']).default('main'),
  title: z.string().min(1).max(200).optional(),
  subtitles: z
    .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*=.+$/, 'expected <lang>=<file>, e.g. fr=film.fr.vtt'))
    .default([])
    .transform((items) => items.map((item) => ({ lang: item.slice(0, item.indexOf('=')), file: resolve(item.slice(item.indexOf('=') + 1)) }))),
  remote: z.boolean().default(false),
  persistTo: z.string().min(1).optional(),
  preset: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow']).default('medium'),
  out: z.string().min(1).optional(),
});
type Args = z.infer<typeof Args>;

function parseArgs(argv: readonly string[]): Args {
  const raw: Record<string, unknown> = { subtitles: [] };
  const names: Readonly<Record<string, string>> = { '--slug': 'slug', '--input': 'input', '--kind': 'kind', '--title': 'title', '--persist-to': 'persistTo', '--preset': 'preset', '--out': 'out' };
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--local' || flag === '--remote') {
      if (raw.remote !== undefined && raw.remote !== (flag === '--remote')) throw new MediaError('choose one of --local and --remote');
      raw.remote = flag === '--remote';
      continue;
    }
    const takesValue = flag === '--subtitles' || names[flag];
    if (!takesValue) throw new MediaError(`unknown argument: ${argv[i]}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new MediaError(`${flag} needs a value\n${USAGE}`);
    if (flag === '--subtitles') (raw.subtitles as string[]).push(value);
    else raw[names[flag] ?? flag] = value;
  }
  const parsed = Args.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  --${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n');
    throw new MediaError(`invalid arguments:\n${issues}\n${USAGE}`);
  }
  if (parsed.data.remote && parsed.data.persistTo) throw new MediaError('--persist-to only applies to --local');
  return parsed.data;
}

type ContentRow = { id: number; type: string };

function findContent(target: D1Target, slug: string): ContentRow {
  const rows = d1Query<ContentRow>(target, `SELECT id, type FROM contents WHERE slug = ${sql(slug)}`);
  const row = rows[0];
  const where = target.remote ? 'the remote D1 database' : `the local D1 database${target.persistTo ? ` in ${target.persistTo}` : ''}`;
  if (!row) throw new MediaError(`unknown content slug '${slug}' in ${where} (check the slug, or run the migrations and the seed first)`);
  return row;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  requireFfmpeg();
  const input = resolve(args.input);
  try {
    if (!statSync(input).isFile()) throw new Error();
  } catch {
    throw new MediaError(`input not found: ${args.input}`);
  }
  const target: D1Target = { remote: args.remote, persistTo: args.persistTo ?? null };
  const content = findContent(target, args.slug);
  if (content.type === 'playlist' && args.kind === 'main') {
    throw new MediaError(`'${args.slug}' is a series: ingest its episodes (e.g. ${args.slug}-s1e1), or a trailer with --kind trailer`);
  }

  const prefix = `titles/${args.slug}/${args.kind}`;
  const out = args.out ? resolve(args.out) : mkdtempSync(join(tmpdir(), 'tafrij-ingest-'));
  const log = (line: string): void => console.log(`ingest: ${line}`);
  try {
    const result = await buildLadder({ input, outDir: out, title: args.title, subtitles: args.subtitles, preset: args.preset, log });
    log(`ladder: ${result.renditions.map((r) => `${r.height}p@${Math.round(r.bandwidth / 1000)}k`).join(', ')}; ${result.audio.length} audio, ${result.subtitles.length} subtitle track(s); ${result.duration} s`);

    const uploads = listFiles(out).filter((f) => f !== 'master.m3u8');
    const ordered = [...uploads, 'master.m3u8'].map((f) => ({ key: `${prefix}/${f}`, file: join(out, f) }));
    log(`uploading ${ordered.length} files to ${args.remote ? 'remote' : 'local'} R2 under ${prefix}/`);
    if (args.remote) await putRemote(ordered, { log });
    else await putLocal(ordered, target.persistTo);

    const now = new Date().toISOString();
    const values = [content.id, args.kind, prefix, result.duration, JSON.stringify(result.renditions.map((r) => ({ height: r.height, bandwidth: r.bandwidth }))), JSON.stringify(result.subtitles), result.poster, result.thumbnails, now];
    d1Query(
      target,
      `INSERT INTO media (content_id, kind, r2_prefix, duration, renditions, subtitles, poster, thumbnails, created_at) VALUES (${values.map((v) => sql(v)).join(', ')}) ` +
        'ON CONFLICT (content_id, kind) DO UPDATE SET r2_prefix = excluded.r2_prefix, duration = excluded.duration, renditions = excluded.renditions, ' +
        'subtitles = excluded.subtitles, poster = excluded.poster, thumbnails = excluded.thumbnails, created_at = excluded.created_at' +
        (args.kind === 'main' ? `; UPDATE contents SET duration = ${Math.round(result.duration)} WHERE id = ${content.id}` : ''),
    );
    log(`done: ${args.slug} (content ${content.id}) ${args.kind} → ${prefix}/master.m3u8`);
  } finally {
    if (!args.out) rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`ingest: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
