/**
 * The HLS ladder of a video file, made with ffmpeg in ONE pass (one decode, every output):
 *
 *   master.m3u8                 variants (BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION, FRAME-RATE, CODECS),
 *                               audio renditions (EXT-X-MEDIA TYPE=AUDIO) and subtitles (TYPE=SUBTITLES)
 *   {height}p/index.m3u8        H.264 video rendition: init.mp4 + seg_NNN.m4s (fMP4, ~6 s segments,
 *                               a keyframe every 2 s, no scene-cut keyframes)
 *   audio/{n}/index.m3u8        AAC-LC audio rendition per audio track of the input
 *   …/parts.json                beside each media playlist: every segment is made of ~1 s fragments
 *                               (moof + mdat), its Low-Latency HLS parts; their byte ranges, durations
 *                               and keyframes (scripts/media/fragments.ts), for the live channels
 *   subs/{lang}.vtt, .m3u8      WebVTT subtitles and their one-segment playlists
 *   poster.jpg                  a frame at 10 % of the duration
 *   thumbs.vtt, thumbs/sprite_NNN.jpg   thumbnail strip: one tile every few seconds, `#xywh=` cues
 *
 * Used by scripts/media/ingest.ts (operators) and scripts/media/demo.ts (the committed demo clips).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cutSegments, vodPlaylist } from './fragments.ts';

export type Rung = {
  readonly height: number;
  /** Peak video bitrate (bits/s): x264 VBV maxrate, with CRF below it. */
  readonly maxrate: number;
  readonly crf: number;
  readonly profile: 'main' | 'high';
  readonly level: string;
};

/** Production ladder; the renditions above the source height are left out (at least 3 are kept). */
export const STANDARD_LADDER: readonly Rung[] = [
  { height: 240, maxrate: 400_000, crf: 23, profile: 'main', level: '3.0' },
  { height: 360, maxrate: 800_000, crf: 23, profile: 'main', level: '3.0' },
  { height: 480, maxrate: 1_400_000, crf: 23, profile: 'main', level: '3.0' },
  { height: 720, maxrate: 2_800_000, crf: 22, profile: 'main', level: '3.1' },
  { height: 1080, maxrate: 5_000_000, crf: 22, profile: 'high', level: '4.0' },
];

export type LadderOptions = {
  readonly input: string;
  readonly outDir: string;
  readonly ladder?: readonly Rung[];
  /** Text burned into every frame (centred, large). */
  readonly title?: string;
  /** Subtitle files (.vtt or .srt, UTF-8) by language code. */
  readonly subtitles?: readonly { readonly lang: string; readonly file: string }[];
  readonly audioBitrate?: number;
  readonly audioChannels?: 1 | 2;
  readonly preset?: string;
  /** Demo: the rendition height in a corner and a running clock, to see quality switches and seeks. */
  readonly overlays?: boolean;
  readonly log?: (line: string) => void;
};

export type LadderResult = {
  readonly duration: number;
  readonly renditions: readonly { height: number; width: number; bandwidth: number }[];
  readonly audio: readonly { lang: string; name: string }[];
  readonly subtitles: readonly { lang: string; file: string }[];
  readonly poster: string;
  readonly thumbnails: string;
  /** Every file written, relative to outDir, master.m3u8 last. */
  readonly files: readonly string[];
};

export const SEGMENT_SECONDS = 6;
export const KEYFRAME_SECONDS = 2;
/** Fragment (Low-Latency HLS part) duration: a segment is SEGMENT_SECONDS / PART_SECONDS fragments. */
export const PART_SECONDS = 1;
/** The fragmented MP4 ffmpeg writes per rendition, cut into segments afterwards (then removed). */
const FRAGMENTED = '.fragmented.mp4';
const THUMB_WIDTH = 160;
const SPRITE_COLUMNS = 10;
const SPRITE_ROWS = 10;

export class MediaError extends Error {}

/** Throws a MediaError naming how to install ffmpeg when ffmpeg or ffprobe is missing. */
export function requireFfmpeg(): void {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    const probe = spawnSync(tool, ['-version'], { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) {
      throw new MediaError(`${tool} was not found on PATH. Install ffmpeg (Debian/Ubuntu: sudo apt-get install -y ffmpeg; macOS: brew install ffmpeg) and try again.`);
    }
  }
}

// ---------------------------------------------------------------------------
// Probe
// ---------------------------------------------------------------------------

type ProbeStream = {
  codec_type?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
};

export type SourceInfo = {
  readonly duration: number;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly audio: readonly { lang: string; name: string }[];
};

const ratio = (text: string | undefined): number => {
  const [n = '0', d = '1'] = (text ?? '').split('/');
  const value = Number(n) / Number(d);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** ISO 639-2 codes ffmpeg writes in MP4/MKV tags → the 2-letter codes of HLS LANGUAGE. */
const LANG_2: Readonly<Record<string, string>> = { ara: 'ar', fra: 'fr', fre: 'fr', eng: 'en', spa: 'es', ber: 'ber', zgh: 'zgh', und: 'und' };
const LANGUAGE_NAMES: Readonly<Record<string, string>> = { ar: 'العربية', fr: 'Français', en: 'English', es: 'Español', ber: 'Tamaziɣt', zgh: 'ⵜⴰⵎⴰⵣⵉⵖⵜ' };
export const languageName = (lang: string): string => LANGUAGE_NAMES[lang] ?? lang;

export function probe(input: string): SourceInfo {
  if (!existsSync(input) || !statSync(input).isFile()) throw new MediaError(`input not found: ${input}`);
  const result = spawnSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new MediaError(`ffprobe cannot read ${input}: ${(result.stderr || '').trim() || 'not a media file'}`);
  const info = JSON.parse(result.stdout) as { streams?: ProbeStream[]; format?: { duration?: string } };
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0);
  if (!video) throw new MediaError(`${input} has no video stream`);
  const duration = Number(info.format?.duration);
  if (!Number.isFinite(duration) || duration < 1) throw new MediaError(`${input}: unknown or too short duration (${info.format?.duration ?? 'none'})`);
  const sar = ratio(video.sample_aspect_ratio) || 1;
  const rotated = Math.abs(video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? 0) % 180 === 90;
  const w = Math.round((video.width ?? 0) * sar);
  const h = video.height ?? 0;
  const fps = ratio(video.avg_frame_rate) || ratio(video.r_frame_rate) || 25;
  const audio = streams
    .filter((s) => s.codec_type === 'audio')
    .map((s, i) => {
      const tag = (s.tags?.language ?? 'und').toLowerCase();
      const lang = LANG_2[tag] ?? tag;
      return { lang, name: s.tags?.title || (lang === 'und' ? `Audio ${i + 1}` : languageName(lang)) };
    });
  return { duration, width: rotated ? h : w, height: rotated ? w : h, fps, audio };
}

// ---------------------------------------------------------------------------
// Ladder
// ---------------------------------------------------------------------------

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

/** The rungs for a source: those not above its height, at least the 3 lowest. */
export function chooseRungs(ladder: readonly Rung[], sourceHeight: number): Rung[] {
  const fitting = ladder.filter((r) => r.height <= sourceHeight);
  return fitting.length >= 3 ? fitting : ladder.slice(0, Math.max(3, fitting.length));
}

/** Output frame rate: the source's, halved above 30 fps (50 → 25, 60 → 30). */
const outputFps = (fps: number): number => (fps > 31 ? fps / 2 : fps);

function fontFile(): string | null {
  const match = spawnSync('fc-match', ['-f', '%{file}', 'DejaVu Sans:bold'], { encoding: 'utf8' });
  const file = match.status === 0 ? match.stdout.trim() : '';
  return file && existsSync(file) ? file : null;
}

/** A value inside a quoted filter option (drawtext fontfile/textfile): no quotes, colons or backslashes. */
function filterPath(path: string): string {
  if (/[':\\,;[\]]/.test(path)) throw new MediaError(`path not usable in an ffmpeg filter: ${path}`);
  return path;
}

function drawtext(options: Record<string, string | number>, font: string | null): string {
  const all = { ...(font ? { fontfile: `'${filterPath(font)}'` } : {}), ...options };
  return `drawtext=${Object.entries(all).map(([k, v]) => `${k}=${v}`).join(':')}`;
}

type Sprite = { interval: number; width: number; height: number; columns: number; rows: number; count: number };

function spriteLayout(duration: number, width: number, height: number): Sprite {
  const interval = duration <= 120 ? 2 : duration <= 1200 ? 5 : 10;
  const count = Math.max(1, Math.ceil(duration / interval - 1e-6));
  const columns = Math.min(SPRITE_COLUMNS, count);
  const rows = Math.min(SPRITE_ROWS, Math.ceil(count / columns));
  return { interval, width: THUMB_WIDTH, height: even((THUMB_WIDTH * height) / width), columns, rows, count };
}

const vttTime = (seconds: number): string => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

function thumbsVtt(sprite: Sprite, duration: number): string {
  const perSheet = sprite.columns * sprite.rows;
  const cues: string[] = ['WEBVTT', ''];
  for (let i = 0; i < sprite.count; i++) {
    const sheet = Math.floor(i / perSheet) + 1;
    const cell = i % perSheet;
    const x = (cell % sprite.columns) * sprite.width;
    const y = Math.floor(cell / sprite.columns) * sprite.height;
    const start = i * sprite.interval;
    const end = Math.min((i + 1) * sprite.interval, duration);
    cues.push(`${vttTime(start)} --> ${vttTime(end)}`, `thumbs/sprite_${String(sheet).padStart(3, '0')}.jpg#xywh=${x},${y},${sprite.width},${sprite.height}`, '');
  }
  return cues.join('\n');
}

/**
 * One rendition's output: a fragmented MP4 of PART_SECONDS fragments (a fragment is cut when it
 * reaches that duration; at 2 s keyframes every other one starts with a keyframe), cut into HLS
 * segments by {@link writeSegments} once ffmpeg is done.
 */
function fragmentedOutput(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return ['-f', 'mp4', '-movflags', '+empty_moov+default_base_moof+skip_trailer+cmaf', '-frag_duration', String(PART_SECONDS * 1_000_000), join(dir, FRAGMENTED)];
}

/** Cuts a rendition's fragmented MP4 into init.mp4, seg_NNN.m4s, index.m3u8 (VOD) and parts.json. */
function writeSegments(dir: string): void {
  const file = join(dir, FRAGMENTED);
  const cut = cutSegments(new Uint8Array(readFileSync(file)), SEGMENT_SECONDS, (i) => `seg_${String(i).padStart(3, '0')}.m4s`);
  writeFileSync(join(dir, 'init.mp4'), cut.init);
  for (const s of cut.segments) writeFileSync(join(dir, s.uri), s.bytes);
  writeFileSync(join(dir, 'parts.json'), `${JSON.stringify(cut.index)}\n`);
  writeFileSync(join(dir, 'index.m3u8'), vodPlaylist(cut.index, cut.index.segments.every((s) => s.parts[0]?.independent)));
  rmSync(file);
}

/** Runs ffmpeg, printing progress every 10 % when `log` is given; rejects with the tail of stderr. */
function runFfmpeg(args: readonly string[], duration: number, log?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let reported = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /out_time_us=(\d+)/.exec(chunk.toString());
      if (!match || !log) return;
      const percent = Math.floor((Number(match[1]) / 1e6 / duration) * 10) * 10;
      if (percent > reported && percent < 100) {
        reported = percent;
        log(`ffmpeg: ${percent} %`);
      }
    });
    child.on('error', (error) => reject(new MediaError(`ffmpeg could not start: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new MediaError(`ffmpeg failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

type MediaPlaylist = { duration: number; peak: number; average: number };

/** Duration and bitrates (bits/s) of a media playlist, from its EXTINF lines and its segment sizes. */
function measurePlaylist(dir: string): MediaPlaylist {
  const lines = readFileSync(join(dir, 'index.m3u8'), 'utf8').split('\n');
  let duration = 0;
  let bits = 0;
  let peak = 0;
  let pending = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) {
      const size = statSync(join(dir, line)).size * 8;
      bits += size;
      duration += pending;
      // A short last segment is not representative of the peak.
      if (pending >= 1) peak = Math.max(peak, size / pending);
      pending = 0;
    }
  }
  return { duration, peak: Math.ceil(peak || bits / Math.max(duration, 1)), average: Math.ceil(bits / Math.max(duration, 1)) };
}

/** RFC 6381 codec of the H.264 stream of an fMP4 init segment (from its avcC box), e.g. avc1.4d401e. */
function avcCodec(initFile: string): string {
  const data = readFileSync(initFile);
  const at = data.indexOf('avcC');
  if (at < 0) throw new MediaError(`no avcC box in ${initFile}`);
  const hex = (b: number | undefined): string => (b ?? 0).toString(16).padStart(2, '0');
  return `avc1.${hex(data[at + 5])}${hex(data[at + 6])}${hex(data[at + 7])}`;
}

/** WebVTT with the HLS timestamp map (cue time 0 = media time 0), from a UTF-8 .vtt or .srt. */
async function convertSubtitle(file: string, out: string): Promise<void> {
  if (!existsSync(file)) throw new MediaError(`subtitle file not found: ${file}`);
  const raw = readFileSync(file);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new MediaError(`${file} is not UTF-8: convert it first (e.g. iconv -f WINDOWS-1256 -t UTF-8)`);
  }
  await runFfmpeg(['-i', file, '-c:s', 'webvtt', '-f', 'webvtt', out], 1).catch((error: unknown) => {
    throw new MediaError(`cannot read subtitles ${file}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const body = readFileSync(out, 'utf8').replace(/^\uFEFF/, '').replace(/^WEBVTT[^\n]*\n/, '');
  writeFileSync(out, `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n${body.startsWith('\n') ? '' : '\n'}${body}`);
}

const LANG_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Encodes `input` into the ladder described at the top of this file. */
export async function buildLadder(options: LadderOptions): Promise<LadderResult> {
  requireFfmpeg();
  const log = options.log;
  const source = probe(options.input);
  const out = options.outDir;
  mkdirSync(out, { recursive: true });
  if (readdirSync(out).length > 0) throw new MediaError(`output directory is not empty: ${out}`);

  const subtitles = options.subtitles ?? [];
  const seen = new Set<string>();
  for (const s of subtitles) {
    if (!LANG_CODE.test(s.lang)) throw new MediaError(`bad subtitle language '${s.lang}' (expected a code such as fr, ar, en)`);
    if (seen.has(s.lang)) throw new MediaError(`two subtitle files for '${s.lang}'`);
    seen.add(s.lang);
    if (!existsSync(s.file)) throw new MediaError(`subtitle file not found: ${s.file}`);
  }

  const fps = outputFps(source.fps);
  const gop = Math.max(1, Math.round(fps * KEYFRAME_SECONDS));
  const aspect = source.width / source.height;
  const rungs = chooseRungs(options.ladder ?? STANDARD_LADDER, source.height).map((r) => ({ ...r, width: even(r.height * aspect) }));
  const font = fontFile();
  const posterFrame = Math.floor(Math.min(source.duration * 0.1, 300) * fps);
  const posterHeight = Math.min(720, Math.max(...rungs.map((r) => r.height)));
  const sprite = spriteLayout(source.duration, source.width, source.height);
  log?.(`source: ${source.width}x${source.height} ${source.fps.toFixed(2)} fps, ${source.duration.toFixed(1)} s, ${source.audio.length} audio track(s); ladder ${rungs.map((r) => `${r.height}p`).join(' ')}`);

  // Filter graph: one decode → (title, clock) → split into every rendition, the poster and the sprite.
  const base: string[] = [`fps=${fps}`, 'setsar=1', 'format=yuv420p'];
  if (options.title) {
    const titleFile = join(out, '.title.txt');
    writeFileSync(titleFile, options.title);
    base.push(drawtext({ textfile: `'${filterPath(titleFile)}'`, fontcolor: 'white', fontsize: 'h/9', x: '(w-text_w)/2', y: '(h-text_h)/2-h/8', shadowcolor: 'black@0.6', shadowx: 2, shadowy: 2 }, font));
  }
  if (options.overlays) base.push(drawtext({ text: `'%{pts\\:hms}'`, fontcolor: 'white', fontsize: 'h/14', x: 'w/24', y: 'h-h/24-text_h', box: 1, boxcolor: 'black@0.5', boxborderw: 8 }, font));
  const branches = rungs.length + 2;
  const graph = [`[0:v:0]${base.join(',')},split=${branches}${Array.from({ length: branches }, (_, i) => `[s${i}]`).join('')}`];
  rungs.forEach((r, i) => {
    const label = options.overlays ? `,${drawtext({ text: `'${r.height}p'`, fontcolor: 'yellow', fontsize: 'h/12', x: 'w-text_w-w/24', y: 'h/24', box: 1, boxcolor: 'black@0.5', boxborderw: 6 }, font)}` : '';
    graph.push(`[s${i}]scale=${r.width}:${r.height}:flags=bicubic${label}[v${i}]`);
  });
  graph.push(`[s${rungs.length}]select='eq(n\\,${posterFrame})',scale=-2:${posterHeight}[poster]`);
  graph.push(`[s${rungs.length + 1}]select='gte(t\\,selected_n*${sprite.interval})',scale=${sprite.width}:${sprite.height},tile=${sprite.columns}x${sprite.rows}[sprite]`);

  const args: string[] = ['-i', options.input, '-filter_complex', graph.join(';'), '-map_metadata', '-1', '-map_chapters', '-1'];
  rungs.forEach((r, i) => {
    args.push(
      '-map', `[v${i}]`, '-an', '-sn', '-dn',
      '-c:v', 'libx264', '-preset', options.preset ?? 'medium', '-profile:v', r.profile, '-level:v', r.level,
      '-crf', String(r.crf), '-maxrate', String(r.maxrate), '-bufsize', String(r.maxrate * 2),
      '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
      '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      ...fragmentedOutput(join(out, `${r.height}p`)),
    );
  });
  source.audio.forEach((_, i) => {
    args.push('-map', `0:a:${i}`, '-vn', '-sn', '-dn', '-c:a', 'aac', '-b:a', String(options.audioBitrate ?? 128_000), '-ac', String(options.audioChannels ?? 2), ...fragmentedOutput(join(out, 'audio', String(i))));
  });
  mkdirSync(join(out, 'thumbs'), { recursive: true });
  args.push('-map', '[poster]', '-fps_mode', 'passthrough', '-frames:v', '1', '-q:v', '4', '-update', '1', join(out, 'poster.jpg'));
  args.push('-map', '[sprite]', '-fps_mode', 'passthrough', '-q:v', '6', join(out, 'thumbs', 'sprite_%03d.jpg'));

  log?.('ffmpeg: encoding');
  await runFfmpeg(args, source.duration, log);
  rmSync(join(out, '.title.txt'), { force: true });
  for (const r of rungs) writeSegments(join(out, `${r.height}p`));
  source.audio.forEach((_, i) => writeSegments(join(out, 'audio', String(i))));

  // Subtitles: WebVTT files and one-segment playlists.
  const subtitleRows: { lang: string; file: string }[] = [];
  if (subtitles.length) mkdirSync(join(out, 'subs'), { recursive: true });

  // Measure what ffmpeg wrote, then write the playlists that point at it.
  const video = rungs.map((r) => ({ rung: r, ...measurePlaylist(join(out, `${r.height}p`)), codec: avcCodec(join(out, `${r.height}p`, 'init.mp4')) }));
  const audio = source.audio.map((a, i) => ({ ...a, ...measurePlaylist(join(out, 'audio', String(i))) }));
  const duration = Math.round((video[0]?.duration ?? source.duration) * 1000) / 1000;
  for (const s of subtitles) {
    await convertSubtitle(s.file, join(out, 'subs', `${s.lang}.vtt`));
    writeFileSync(
      join(out, 'subs', `${s.lang}.m3u8`),
      ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', `#EXTINF:${duration.toFixed(3)},`, `${s.lang}.vtt`, '#EXT-X-ENDLIST', ''].join('\n'),
    );
    subtitleRows.push({ lang: s.lang, file: `subs/${s.lang}.vtt` });
  }
  writeFileSync(join(out, 'thumbs.vtt'), thumbsVtt(sprite, duration));
  const sheets = readdirSync(join(out, 'thumbs')).filter((f) => f.endsWith('.jpg')).length;
  const expectedSheets = Math.ceil(sprite.count / (sprite.columns * sprite.rows));
  if (sheets < expectedSheets) throw new MediaError(`thumbnail strip: ffmpeg wrote ${sheets} sprite sheet(s), ${expectedSheets} expected`);

  const audioPeak = Math.max(0, ...audio.map((a) => a.peak));
  const audioAverage = audio[0]?.average ?? 0;
  const master: string[] = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  audio.forEach((a, i) => {
    master.push(`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="${a.name.replaceAll('"', "'")}",LANGUAGE="${a.lang}",DEFAULT=${i === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="${options.audioChannels ?? 2}",URI="audio/${i}/index.m3u8"`);
  });
  subtitleRows.forEach((s) => {
    master.push(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${languageName(s.lang)}",LANGUAGE="${s.lang}",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/${s.lang}.m3u8"`);
  });
  if (audio.length || subtitleRows.length) master.push('');
  for (const v of video) {
    const attributes = [
      `BANDWIDTH=${v.peak + audioPeak}`,
      `AVERAGE-BANDWIDTH=${v.average + audioAverage}`,
      `RESOLUTION=${v.rung.width}x${v.rung.height}`,
      `FRAME-RATE=${fps.toFixed(3)}`,
      `CODECS="${[v.codec, ...(audio.length ? ['mp4a.40.2'] : [])].join(',')}"`,
      ...(audio.length ? ['AUDIO="audio"'] : []),
      ...(subtitleRows.length ? ['SUBTITLES="subs"'] : []),
    ];
    master.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${v.rung.height}p/index.m3u8`);
  }
  writeFileSync(join(out, 'master.m3u8'), `${master.join('\n')}\n`);

  const files = listFiles(out).filter((f) => f !== 'master.m3u8');
  return {
    duration,
    renditions: video.map((v) => ({ height: v.rung.height, width: v.rung.width, bandwidth: v.peak + audioPeak })),
    audio: source.audio,
    subtitles: subtitleRows,
    poster: 'poster.jpg',
    thumbnails: 'thumbs.vtt',
    files: [...files, 'master.m3u8'],
  };
}

/** Every file under `dir`, as sorted relative paths with '/' separators. */
export function listFiles(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name)).split('\\').join('/')]));
  return walk(dir).sort();
}
