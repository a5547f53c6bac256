/**
 * Regenerates the demo media committed under scripts/seed/media/ (needs ffmpeg; a fresh clone
 * does not: the seed uploads the committed files to local R2).
 *
 *   node scripts/media/demo.ts
 *
 * Each clip is a synthetic test pattern (SMPTE bars, a moving square, a running clock, the
 * rendition height, "Tafrij demo A/B/C" burned in, a beep every second) encoded by the same
 * ladder code as the operator CLI (scripts/media/ladder.ts) with a low-bitrate ladder, plus
 * French (.vtt) and Arabic (.srt) subtitles; clip A also has two audio tracks. The clips'
 * metadata goes to scripts/seed/media/demo.json, read by scripts/seed/media.ts.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildLadder, listFiles, MediaError, requireFfmpeg } from './ladder.ts';
import type { Rung } from './ladder.ts';

const ROOT = join(import.meta.dirname, '..', 'seed', 'media');

/** Small on purpose: the whole demo is committed (test patterns compress well below these caps). */
const DEMO_LADDER: readonly Rung[] = [
  { height: 240, maxrate: 120_000, crf: 30, profile: 'main', level: '3.0' },
  { height: 360, maxrate: 200_000, crf: 30, profile: 'main', level: '3.0' },
  { height: 480, maxrate: 320_000, crf: 30, profile: 'main', level: '3.0' },
];

type Clip = {
  readonly variant: string;
  readonly prefix: string;
  readonly title: string;
  readonly seconds: number;
  /** Background tint of the title band. */
  readonly color: string;
  /** Beep frequencies, one audio track each (languages in the same order). */
  readonly tones: readonly number[];
  readonly audioLangs: readonly string[];
  readonly subtitles: boolean;
};

const CLIPS: readonly Clip[] = [
  { variant: 'a', prefix: 'demo/a/main', title: 'Tafrij demo A', seconds: 50, color: '0x1d4e89', tones: [440, 330], audioLangs: ['ara', 'fra'], subtitles: true },
  { variant: 'b', prefix: 'demo/b/main', title: 'Tafrij demo B', seconds: 45, color: '0x1e6b3a', tones: [523], audioLangs: ['ara'], subtitles: true },
  { variant: 'c', prefix: 'demo/c/main', title: 'Tafrij demo C', seconds: 55, color: '0x6b1e5c', tones: [392], audioLangs: ['ara'], subtitles: true },
  { variant: 't', prefix: 'demo/t/trailer', title: 'Tafrij demo trailer', seconds: 20, color: '0x8a2d1c', tones: [660], audioLangs: ['ara'], subtitles: false },
];

function ffmpeg(args: readonly string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new MediaError(`ffmpeg failed: ${run.stderr}`);
}

/** A near-lossless source clip: bars, a tinted band for the title, a square moving across. */
function makeSource(clip: Clip, file: string): void {
  const d = clip.seconds;
  const video =
    `smptehdbars=s=854x480:r=24:d=${d},drawbox=x=0:y=ih*0.22:w=iw:h=ih*0.4:color=${clip.color}@0.92:t=fill[bg];` +
    `color=c=0xf4a259:s=48x48:r=24:d=${d}[box];` +
    `[bg][box]overlay=x='(W-w)*(0.5+0.45*sin(t*0.8))':y='H*0.66'[out0]`;
  const args = ['-f', 'lavfi', '-i', video];
  clip.tones.forEach((f) => args.push('-f', 'lavfi', '-i', `sine=f=${f}:beep_factor=2:sample_rate=48000:d=${d}`));
  args.push('-map', '0:v');
  clip.tones.forEach((_, i) => args.push('-map', `${i + 1}:a`, `-metadata:s:a:${i}`, `language=${clip.audioLangs[i] ?? 'und'}`));
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '8', '-c:a', 'aac', '-b:a', '128k', '-shortest', file);
  ffmpeg(args);
}

const srtTime = (s: number): string => `00:00:${String(s).padStart(2, '0')},000`;
const vttTime = (s: number): string => `00:${String(s).padStart(2, '0')}.000`;

/**
 * The Arabic cues: leading dashes, final punctuation, numbers beside punctuation, quotes, a
 * direction mark, two lines and italics, which a player laying cues out left to right puts at the
 * wrong end (issue 34); the later ones name their start time like the French.
 */
function arabicCue(i: number, s: number, variant: string): string {
  const cues = [
    `- مرحباً!\nعرض تجريبي ${variant}`,
    'الساعة 10:30، هل أنت مستعد؟',
    `«نعم» — عند الثانية ${s}.`,
    `- هل رأيته؟\n- نعم، عند الثانية ${s}!`,
    `\u200F50% من العرض... عند الثانية ${s}`,
    '<i>همسٌ: «انتظر...»</i>',
  ];
  return cues[i] ?? `الترجمة رقم ${i + 1}، عند الثانية ${s}.`;
}

/** One cue every 6 s naming its own start time, so the sync is checked against the burned clock. */
function writeSubtitles(clip: Clip, dir: string): { lang: string; file: string }[] {
  const starts = Array.from({ length: Math.floor((clip.seconds - 2) / 6) }, (_, i) => i * 6 + 1);
  const fr = ['WEBVTT', '', ...starts.flatMap((s, i) => [`${vttTime(s)} --> ${vttTime(s + 4)}`, i === 0 ? `Bienvenue sur Tafrij — ${clip.title.replace('Tafrij demo', 'démo')}` : `Sous-titre n° ${i + 1}, à ${s} secondes`, ''])];
  const ar = starts.flatMap((s, i) => [String(i + 1), `${srtTime(s)} --> ${srtTime(s + 4)}`, arabicCue(i, s, clip.variant.toUpperCase()), '']);
  writeFileSync(join(dir, 'fr.vtt'), fr.join('\n'));
  writeFileSync(join(dir, 'ar.srt'), ar.join('\n'));
  return [
    { lang: 'fr', file: join(dir, 'fr.vtt') },
    { lang: 'ar', file: join(dir, 'ar.srt') },
  ];
}

async function main(): Promise<void> {
  requireFfmpeg();
  const work = mkdtempSync(join(tmpdir(), 'tafrij-demo-'));
  const manifest: Record<string, unknown> = {};
  let total = 0;
  try {
    for (const clip of CLIPS) {
      const source = join(work, `${clip.variant}.mp4`);
      makeSource(clip, source);
      const out = join(ROOT, clip.variant);
      rmSync(out, { recursive: true, force: true });
      const result = await buildLadder({
        input: source,
        outDir: out,
        ladder: DEMO_LADDER,
        title: clip.title,
        subtitles: clip.subtitles ? writeSubtitles(clip, work) : [],
        audioBitrate: 32_000,
        audioChannels: 1,
        preset: 'veryslow',
        overlays: true,
      });
      const size = listFiles(out).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
      total += size;
      console.log(`demo ${clip.variant}: ${result.duration} s, ${result.files.length} files, ${(size / 1024).toFixed(0)} KiB → ${clip.prefix}`);
      manifest[clip.variant] = {
        prefix: clip.prefix,
        duration: result.duration,
        renditions: result.renditions.map((r) => ({ height: r.height, bandwidth: r.bandwidth })),
        subtitles: result.subtitles,
        poster: result.poster,
        thumbnails: result.thumbnails,
        files: result.files,
      };
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join(ROOT, 'demo.json'), `${JSON.stringify({ note: 'Written by scripts/media/demo.ts; files under scripts/seed/media/{variant}/ go to R2 under {prefix}/', clips: manifest }, null, 2)}\n`);
  console.log(`demo: ${(total / 1024 / 1024).toFixed(2)} MiB in total`);
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
