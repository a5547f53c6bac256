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
/**
 * Regenerates the demo media committed under scripts/seed/media/ (needs ffmpeg; a fresh clone
 * does not: the seed uploads the committed files to local R2).
 *
 *   node scripts/media/demo.ts
 *
 * Each clip is a short film drawn by ffmpeg's filters (scripts/media/scenes.ts): A "The Long Dusk"
 * (dunes at sunset, then under the stars), B "City of Lights" (a skyline at night, traffic), C "Salt
 * and Sea" (the sea at sunset, at dawn, by moonlight) and the trailer T (a letterboxed montage of
 * the three). Each opens on its title, cuts between shots that pan, zoom and move their light, and
 * ends on a card; its stereo soundtrack is made of chords, a melody, a pulse and wind or sea noise
 * (clip A has two audio tracks, Arabic and French, with different music). The ladder below goes
 * from 240p to 1080p: 240p–480p stay under the Data saver's ceiling (worker/rules/data-usage.ts),
 * 720p and 1080p above it. French (.vtt) and Arabic (.srt) subtitles, one cue every 6 s naming its
 * start time. The clips' metadata goes to scripts/seed/media/demo.json, read by scripts/seed/media.ts.
 *
 * The still layers (computed once per pixel by geq, the slow part) are kept between runs in
 * $TMPDIR/tafrij-demo-stills, keyed by their expressions.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildLadder, listFiles, MediaError, requireFfmpeg } from './ladder.ts';
import type { Rung } from './ladder.ts';
import { dunes, fadeAlpha, FONTS, fontFile, FPS, H, sea, skyline, sky, stillArgs, sun, text, traffic, vignette, W } from './scenes.ts';
import type { Rgb, Still } from './scenes.ts';

const ROOT = join(import.meta.dirname, '..', 'seed', 'media');
const STILLS = join(tmpdir(), 'tafrij-demo-stills');
const SOURCES = join(tmpdir(), 'tafrij-demo-sources');

/**
 * The demo ladder. BANDWIDTH (the peak 6-s segment plus the audio) of 240p–480p stays under the
 * Data saver's 700 kbit/s, 720p and 1080p go above it; the CRFs keep the committed media small
 * (drawn scenes compress well).
 */
const DEMO_LADDER: readonly Rung[] = [
  { height: 240, maxrate: 220_000, crf: 28, profile: 'main', level: '3.0' },
  { height: 360, maxrate: 340_000, crf: 27, profile: 'main', level: '3.0' },
  { height: 480, maxrate: 460_000, crf: 26, profile: 'main', level: '3.0' },
  { height: 720, maxrate: 1_800_000, crf: 15, profile: 'main', level: '3.1' },
  { height: 1080, maxrate: 3_500_000, crf: 18, profile: 'high', level: '4.0' },
];

type Clip = {
  readonly variant: string;
  readonly prefix: string;
  readonly title: string;
  readonly titleAr: string;
  readonly titleFr: string;
  readonly seconds: number;
  readonly audioLangs: readonly string[];
  readonly subtitles: boolean;
};

const CLIPS: readonly Clip[] = [
  { variant: 'a', prefix: 'demo/a/main', title: 'The Long Dusk', titleAr: 'الغسق الطويل', titleFr: 'Le Long Crépuscule', seconds: 50, audioLangs: ['ara', 'fra'], subtitles: true },
  { variant: 'b', prefix: 'demo/b/main', title: 'City of Lights', titleAr: 'مدينة الأضواء', titleFr: 'La Ville aux lumières', seconds: 45, audioLangs: ['ara'], subtitles: true },
  { variant: 'c', prefix: 'demo/c/main', title: 'Salt and Sea', titleAr: 'ملح وبحر', titleFr: 'Le Sel et la Mer', seconds: 55, audioLangs: ['ara'], subtitles: true },
  { variant: 't', prefix: 'demo/t/trailer', title: 'Tafrij', titleAr: 'تفريج', titleFr: 'Tafrij', seconds: 20, audioLangs: ['ara'], subtitles: false },
];

function ffmpeg(args: readonly string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new MediaError(`ffmpeg failed: ${run.stderr}`);
}

// ---------------------------------------------------------------------------
// Still layers (cached: geq over a 1080p picture takes seconds)
// ---------------------------------------------------------------------------

const DUSK_SKY: readonly [Rgb, Rgb, Rgb] = [[38, 26, 74], [182, 84, 92], [250, 160, 80]];
const LAYERS = {
  duskSky: sky('dusk-sky', ...DUSK_SKY, { at: 0.45 }),
  emberSky: sky('ember-sky', [70, 30, 60], [214, 92, 60], [255, 186, 96], { at: 0.5 }),
  desertNight: sky('desert-night', [6, 10, 30], [22, 40, 84], [70, 96, 140], { at: 0.6, stars: 230 }),
  citySky: sky('city-sky', [4, 6, 20], [18, 24, 60], [92, 60, 110], { at: 0.62, stars: 160 }),
  cityDusk: sky('city-dusk', [30, 34, 90], [120, 70, 130], [250, 130, 90], { at: 0.55 }),
  dawnSky: sky('dawn-sky', [40, 92, 160], [140, 180, 214], [250, 222, 170], { at: 0.5, height: 540 }),
  sunsetSky: sky('sunset-sky', [44, 24, 80], [170, 70, 100], [255, 150, 90], { at: 0.55, height: 540 }),
  moonSky: sky('moon-sky', [2, 4, 16], [10, 18, 46], [40, 56, 96], { at: 0.6, height: 540, stars: 200 }),
  sun: sun('sun', [255, 244, 214], [255, 150, 60], 60, 50),
  redSun: sun('red-sun', [255, 210, 150], [240, 90, 50], 90, 70),
  moon: sun('moon', [236, 240, 255], [120, 150, 220], 34, 22),
  duneFar: dunes('dune-far', 1440, 540, 640, 60, 1, [196, 112, 92], [120, 66, 82], 1),
  duneNear: dunes('dune-near', 1440, 540, 820, 90, 3, [214, 128, 66], [92, 44, 40], 1),
  duneClose: dunes('dune-close', 1440, 540, 700, 160, 5, [236, 150, 80], [110, 50, 44], -1),
  cityFar: skyline('city-far', 2880, 96, 220, 560, 7, [24, 28, 52], [200, 160, 110], [150, 170, 210], 0.22),
  cityNear: skyline('city-near', 2880, 140, 160, 700, 2, [8, 10, 20], [255, 196, 110], [190, 220, 255], 0.4),
  traffic: traffic('traffic', 3840),
  seaSunset: sea('sea-sunset', 2880, 540, [150, 90, 110], [20, 30, 60], [255, 190, 140], 1),
  seaDawn: sea('sea-dawn', 2880, 540, [150, 190, 210], [10, 60, 90], [255, 250, 230], 2),
  seaNight: sea('sea-night', 2880, 540, [30, 40, 70], [2, 8, 20], [190, 210, 250], 3),
  vignette: vignette('vignette', 0.7),
} satisfies Record<string, Still>;
type Layer = keyof typeof LAYERS;

/** The PNG of a still layer, computed when not cached. */
function stillFile(layer: Layer): string {
  const still = LAYERS[layer];
  const key = createHash('sha1').update(JSON.stringify(still)).digest('hex').slice(0, 12);
  const file = join(STILLS, `${still.name}-${key}.png`);
  if (!existsSync(file)) {
    mkdirSync(STILLS, { recursive: true });
    ffmpeg(stillArgs(still, `${file}.tmp.png`));
    ffmpeg(['-i', `${file}.tmp.png`, ...(still.height < H && still.name.startsWith('dune') ? ['-vf', `scale=${still.width * 2}:${still.height * 2}:flags=bicubic`] : []), file]);
    rmSync(`${file}.tmp.png`, { force: true });
  }
  return file;
}

// ---------------------------------------------------------------------------
// Shots: a filter graph per clip
// ---------------------------------------------------------------------------

/** One clip's ffmpeg inputs and filter chains, built shot by shot. */
class Film {
  readonly inputs: string[] = [];
  readonly chains: string[] = [];
  /** The texts drawn, in order (part of the source's cache key). */
  readonly texts: string[] = [];
  private readonly files: string[] = [];
  private readonly uses: number[] = [];
  private labels = 0;
  readonly work: string;
  constructor(work: string) {
    this.work = work;
  }

  /**
   * A still layer held for `seconds`, as a label: decoded and converted ONCE (`pre` filters too,
   * e.g. a flip or a tint), then repeated by the loop filter (an image input looped by the demuxer
   * would be decoded again for every frame).
   */
  layer(layer: Layer, seconds: number, pre = ''): string {
    const file = stillFile(layer);
    let index = this.files.indexOf(file);
    if (index < 0) {
      index = this.files.push(file) - 1;
      this.inputs.push('-i', file);
    }
    // An input used by several shots is split first (a label is consumed once).
    const use = `[in${index}u${this.uses[index] = (this.uses[index] ?? 0) + 1}]`;
    return this.chain(use, `${pre ? `${pre},` : ''}format=yuva420p,loop=loop=-1:size=1,setpts=N/${FPS}/TB,trim=duration=${seconds}`);
  }

  /** The split of every input into its uses, to put before the chains. */
  inputSplits(): string[] {
    return this.files.map((_, i) => {
      const n = this.uses[i] ?? 0;
      return `[${i}:v]split=${n}${Array.from({ length: n }, (_, k) => `[in${i}u${k + 1}]`).join('')}`;
    });
  }

  /** A black picture for `seconds`. */
  black(seconds: number): string {
    const out = this.label();
    this.chains.push(`color=c=black:s=${W}x${H}:r=${FPS}:d=${seconds}${out}`);
    return out;
  }

  label(): string {
    return `[l${this.labels++}]`;
  }

  /** `base` with `top` laid over it at x, y (expressions of t, the shot's time). */
  over(base: string, top: string, x: string, y: string): string {
    const out = this.label();
    this.chains.push(`${base}${top}overlay=x='${x}':y='${y}':eval=frame:shortest=1${out}`);
    return out;
  }

  chain(input: string, filters: string): string {
    const out = this.label();
    this.chains.push(`${input}${filters}${out}`);
    return out;
  }

  /** A text file for drawtext (its text needs no escaping in a file). */
  textFile(content: string): string {
    const file = join(this.work, `text-${this.labels++}.txt`);
    writeFileSync(file, content);
    this.texts.push(content);
    return file;
  }
}

type ShotOptions = { readonly seconds: number; readonly zoom?: number; readonly fadeIn?: boolean; readonly fadeOut?: boolean };

/** Final touch of a shot: a slow zoom, the vignette, fades, the common format. */
function finish(film: Film, picture: string, o: ShotOptions): string {
  let out = picture;
  if (o.zoom) out = film.chain(out, `scale=w='trunc(${W}*(1+${o.zoom}*t/${o.seconds})/2)*2':h=-2:eval=frame:flags=bicubic,crop=${W}:${H}`);
  out = film.over(out, film.layer('vignette', o.seconds), '0', '0');
  const fades = [...(o.fadeIn ? ['fade=t=in:st=0:d=0.8'] : []), ...(o.fadeOut ? [`fade=t=out:st=${(o.seconds - 0.8).toFixed(2)}:d=0.8`] : [])];
  return film.chain(out, [`trim=duration=${o.seconds}`, 'setpts=PTS-STARTPTS', 'format=yuv420p', 'setsar=1', ...fades].join(','));
}

/** Dunes at sunset: the sun goes down behind three ridges panning at their own speeds. */
function desertDusk(film: Film, o: ShotOptions): string {
  const s = o.seconds;
  let p = film.over(film.layer('duskSky', s), film.layer('sun', s), `1120-t*6`, `300+t*9`);
  p = film.over(p, film.layer('duneFar', s), `-200-t*10`, '0');
  p = film.over(p, film.layer('duneNear', s), `-400-t*34`, '0');
  return finish(film, p, o);
}

/** Close on a ridge against an ember sky, the camera drifting the other way. */
function desertRidge(film: Film, o: ShotOptions): string {
  const s = o.seconds;
  let p = film.over(film.layer('emberSky', s), film.layer('redSun', s), `380+t*4`, `360+t*6`);
  p = film.over(p, film.layer('duneFar', s), `-900+t*8`, '-60');
  p = film.over(p, film.layer('duneClose', s), `-960+t*30`, '0');
  return finish(film, p, o);
}

/** Blue hour in the desert: stars, the moon rising, the ridges dark blue. */
function desertNight(film: Film, o: ShotOptions): string {
  const s = o.seconds;
  const night = 'colorchannelmixer=rr=0.3:gg=0.4:bb=0.7:rb=0.08:gb=0.12';
  let p = film.over(film.layer('desertNight', s), film.layer('moon', s), `1400-t*3`, `300-t*5`);
  p = film.over(p, film.layer('duneFar', s, night), `-300-t*6`, '0');
  p = film.over(p, film.layer('duneNear', s, night), `-100-t*20`, '0');
  return finish(film, p, o);
}

/** A skyline at night: two rows of towers in parallax, traffic below, stars and the moon. */
function cityNight(film: Film, o: ShotOptions): string {
  const s = o.seconds;
  let p = film.over(film.layer('citySky', s), film.layer('moon', s), `300-t*2`, `120`);
  p = film.over(p, film.layer('cityFar', s), `-100-t*12`, '-80');
  p = film.over(p, film.layer('cityNear', s), `-300-t*38`, '0');
  p = film.over(p, film.layer('traffic', s), `-mod(t*260,1920)`, `${H - 34}`);
  return finish(film, p, o);
}

/** The city at dusk from the other side: warm sky, towers drifting right, two lanes of traffic. */
function cityDusk(film: Film, o: ShotOptions): string {
  const s = o.seconds;
  let p = film.over(film.layer('cityDusk', s), film.layer('cityFar', s, 'hflip'), `-900+t*10`, '-20');
  p = film.over(p, film.layer('cityNear', s, 'hflip'), `-800+t*30`, '60');
  p = film.over(p, film.layer('traffic', s), `-mod(t*200,1920)`, `${H - 44}`);
  p = film.over(p, film.layer('traffic', s, 'hflip'), `-1920+mod(t*300,1920)`, `${H - 26}`);
  return finish(film, p, o);
}

/** The sea: a sky, a sun or moon at the horizon, two swell layers crossing (the water moves). */
function seaShot(film: Film, o: ShotOptions, skyLayer: Layer, light: Layer, water: Layer, lightY: string): string {
  const s = o.seconds;
  let p = film.layer(skyLayer, s, `pad=${W}:${H}`);
  p = film.over(p, film.layer(light, s), `${W / 2 - 100}+t*5`, lightY);
  p = film.over(p, film.layer(water, s), `-200-t*22`, `${H / 2}`);
  p = film.over(p, film.layer(water, s, 'hflip,format=rgba,colorchannelmixer=aa=0.45'), `-900+t*16`, `${H / 2}`);
  return finish(film, p, o);
}

/** A title over a shot: a small label above, the name, its Arabic name below. */
function titled(film: Film, picture: string, clip: Clip, from: number, to: number, label: string): string {
  const alpha = fadeAlpha(from, to, 1.2);
  return film.chain(
    picture,
    [
      text(film.textFile(label), fontFile(FONTS.label), { size: 30, color: 'white@0.85', x: '(w-text_w)/2', y: 'h*0.30', alpha }),
      text(film.textFile(clip.title), fontFile(FONTS.title), { size: 132, color: 'white', x: '(w-text_w)/2', y: 'h*0.36', alpha }),
      text(film.textFile(clip.titleAr), fontFile(FONTS.arabic), { size: 64, color: 'white@0.9', x: '(w-text_w)/2', y: 'h*0.36+170', alpha }),
    ].join(','),
  );
}

/** The end card: the service's name on black, fading in and out. */
function endCard(film: Film, seconds: number, line: string): string {
  const black = film.black(seconds);
  const alpha = fadeAlpha(0.3, seconds - 0.2, 0.8);
  return film.chain(
    black,
    [
      text(film.textFile('TAFRIJ'), fontFile(FONTS.title), { size: 110, color: '0xf4c37a', x: '(w-text_w)/2', y: 'h*0.40', alpha, shadow: false }),
      text(film.textFile(line), fontFile(FONTS.label), { size: 34, color: 'white@0.8', x: '(w-text_w)/2', y: 'h*0.40+150', alpha, shadow: false }),
      `trim=duration=${seconds}`,
      'setpts=PTS-STARTPTS',
      'setsar=1',
    ].join(','),
  );
}

/** The shots of each clip, cut together; their durations add up to the clip's length. */
function shots(film: Film, clip: Clip): string[] {
  const label = 'A TAFRIJ ORIGINAL';
  switch (clip.variant) {
    case 'a':
      return [
        titled(film, desertDusk(film, { seconds: 16, fadeIn: true }), clip, 0.8, 6.8, label),
        desertRidge(film, { seconds: 14, zoom: 0.08 }),
        desertNight(film, { seconds: 15, fadeOut: true }),
        endCard(film, 5, 'The Long Dusk · a film in three lights'),
      ];
    case 'b':
      return [
        titled(film, cityNight(film, { seconds: 15, fadeIn: true }), clip, 0.8, 6.8, label),
        cityDusk(film, { seconds: 12 }),
        cityNight(film, { seconds: 13, zoom: 0.1, fadeOut: true }),
        endCard(film, 5, 'City of Lights · new episodes every week'),
      ];
    case 'c':
      return [
        titled(film, seaShot(film, { seconds: 18, fadeIn: true }, 'sunsetSky', 'redSun', 'seaSunset', '470+t*2'), clip, 0.8, 6.8, label),
        seaShot(film, { seconds: 16, zoom: 0.08 }, 'dawnSky', 'sun', 'seaDawn', '430-t*4'),
        seaShot(film, { seconds: 16, fadeOut: true }, 'moonSky', 'moon', 'seaNight', '200-t*2'),
        endCard(film, 5, 'Salt and Sea · only on Tafrij'),
      ];
    default: {
      // The trailer: letterboxed quick cuts of the three films.
      const box = 'drawbox=x=0:y=0:w=iw:h=132:color=black:t=fill,drawbox=x=0:y=ih-132:w=iw:h=132:color=black:t=fill';
      const cut = (p: string): string => film.chain(p, box);
      const lines = (p: string, line: string, from: number, to: number): string =>
        film.chain(p, text(film.textFile(line), fontFile(FONTS.title), { size: 72, color: 'white', x: '(w-text_w)/2', y: 'h*0.42', alpha: fadeAlpha(from, to, 0.5) }));
      return [
        cut(lines(desertDusk(film, { seconds: 4, fadeIn: true }), 'This season on Tafrij', 0.4, 3.8)),
        cut(cityNight(film, { seconds: 3.5 })),
        cut(seaShot(film, { seconds: 3.5 }, 'sunsetSky', 'redSun', 'seaSunset', '470')),
        cut(lines(desertNight(film, { seconds: 4, fadeOut: true }), 'Three films. One night.', 0.3, 3.8)),
        endCard(film, 5, 'Coming soon · Bientôt · قريباً'),
      ];
    }
  }
}

// ---------------------------------------------------------------------------
// Soundtrack
// ---------------------------------------------------------------------------

type Score = { readonly root: number; readonly beat: number; readonly noise: 'brown' | 'pink'; readonly noiseCut: number; readonly swell: number };

const SCORES: Readonly<Record<string, readonly Score[]>> = {
  // Clip A: a track per audio language, different keys and tempo (a viewer hears the switch).
  a: [
    { root: 110, beat: 1.2, noise: 'brown', noiseCut: 500, swell: 9 },
    { root: 98, beat: 0.9, noise: 'brown', noiseCut: 700, swell: 7 },
  ],
  b: [{ root: 130.81, beat: 0.6, noise: 'pink', noiseCut: 900, swell: 11 }],
  c: [{ root: 87.31, beat: 1.5, noise: 'pink', noiseCut: 1400, swell: 6.5 }],
  t: [{ root: 73.42, beat: 0.5, noise: 'brown', noiseCut: 800, swell: 5 }],
};

/**
 * A stereo music expression for aevalsrc: a pad (root and fifth left, third and octave right,
 * swelling slowly), a plucked pentatonic melody moving between the channels, a soft low pulse.
 */
function music(score: Score, seconds: number): string {
  const { root, beat } = score;
  const env = `(min(t/3,1)*min((${seconds}-t)/3,1))`;
  const pad = (ratios: readonly number[]) => ratios.map((r) => `sin(2*PI*${(root * r).toFixed(3)}*t)`).join('+');
  const step = `floor(t/${beat / 2})`;
  const degree = `mod(${step}*3+floor(t/${beat * 4}),5)`;
  const note = `${root * 4}*pow(2,(2*${degree}+gte(${degree},3))/12)`;
  const pluck = `sin(2*PI*${note}*t)*exp(-mod(t,${beat / 2})*7)`;
  const pan = `(0.5+0.5*sin(2*PI*t/${score.swell}))`;
  const pulse = `sin(2*PI*${(root / 2).toFixed(3)}*t)*exp(-mod(t,${beat})*9)`;
  const swell = `(0.7+0.3*sin(2*PI*t/${score.swell}))`;
  const left = `${env}*(0.08*${swell}*(${pad([1, 1.5, 2.01])})+0.16*${pluck}*(1-${pan})+0.3*${pulse})`;
  const right = `${env}*(0.08*${swell}*(${pad([1.25, 2, 2.997])})+0.16*${pluck}*${pan}+0.3*${pulse})`;
  return `${left}|${right}`;
}

/** Audio inputs and the filter chain of one track: music mixed with wind or sea noise, one noise per channel. */
function soundtrack(score: Score, seconds: number, inputs: string[], first: number, out: string): string {
  inputs.push('-f', 'lavfi', '-i', `aevalsrc=exprs='${music(score, seconds)}':s=48000:d=${seconds}`);
  inputs.push('-f', 'lavfi', '-i', `anoisesrc=c=${score.noise}:r=48000:a=0.5:d=${seconds}:s=${Math.round(score.root)}`);
  inputs.push('-f', 'lavfi', '-i', `anoisesrc=c=${score.noise}:r=48000:a=0.5:d=${seconds}:s=${Math.round(score.root) + 1}`);
  const gust = (phase: number) => `volume='0.25+0.2*sin(2*PI*t/${score.swell}+${phase})':eval=frame`;
  return [
    `[${first + 1}:a]lowpass=f=${score.noiseCut},${gust(0)}[n${first}l]`,
    `[${first + 2}:a]lowpass=f=${score.noiseCut},${gust(2)}[n${first}r]`,
    `[n${first}l][n${first}r]join=inputs=2:channel_layout=stereo[n${first}]`,
    `[${first}:a][n${first}]amix=inputs=2:normalize=0,afade=t=in:d=1,afade=t=out:st=${seconds - 2}:d=2,alimiter=limit=0.9${out}`,
  ].join(';');
}

/**
 * The near-lossless source of a clip (its shots cut together, its soundtracks), kept in
 * $TMPDIR/tafrij-demo-sources under a key of its whole recipe: a run that changes only the ladder
 * reuses it.
 */
function makeSource(clip: Clip, work: string): string {
  const film = new Film(work);
  const parts = shots(film, clip);
  const graph = [...film.inputSplits(), ...film.chains, `${parts.join('')}concat=n=${parts.length}:v=1:a=0[video]`];
  const inputs = [...film.inputs];
  const scores = SCORES[clip.variant] ?? [];
  scores.forEach((score, i) => {
    graph.push(soundtrack(score, clip.seconds, inputs, inputs.filter((a) => a === '-i').length, `[audio${i}]`));
  });
  const output = ['-t', String(clip.seconds), '-r', String(FPS), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-c:a', 'aac', '-b:a', '256k', '-ac', '2'];
  const recipe = JSON.stringify({ graph: graph.join(';').replaceAll(work, ''), texts: film.texts, inputs, output, langs: clip.audioLangs });
  const file = join(SOURCES, `${clip.variant}-${createHash('sha1').update(recipe).digest('hex').slice(0, 12)}.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(SOURCES, { recursive: true });
  const script = join(work, `${clip.variant}.graph`);
  writeFileSync(script, graph.join(';\n'));
  const args = [...inputs, '-filter_complex_script', script, '-map', '[video]'];
  scores.forEach((_, i) => args.push('-map', `[audio${i}]`, `-metadata:s:a:${i}`, `language=${clip.audioLangs[i] ?? 'und'}`));
  ffmpeg([...args, ...output, `${file}.tmp.mp4`]);
  renameSync(`${file}.tmp.mp4`, file);
  return file;
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

/** One cue every 6 s naming its own start time, so the sync can be checked against the player's clock. */
function writeSubtitles(clip: Clip, dir: string): { lang: string; file: string }[] {
  const starts = Array.from({ length: Math.floor((clip.seconds - 2) / 6) }, (_, i) => i * 6 + 1);
  const fr = ['WEBVTT', '', ...starts.flatMap((s, i) => [`${vttTime(s)} --> ${vttTime(s + 4)}`, i === 0 ? `Bienvenue sur Tafrij — « ${clip.titleFr} »` : `Sous-titre n° ${i + 1}, à ${s} secondes`, ''])];
  const ar = starts.flatMap((s, i) => [String(i + 1), `${srtTime(s)} --> ${srtTime(s + 4)}`, arabicCue(i, s, clip.variant.toUpperCase()), '']);
  writeFileSync(join(dir, 'fr.vtt'), fr.join('\n'));
  writeFileSync(join(dir, 'ar.srt'), ar.join('\n'));
  return [
    { lang: 'fr', file: join(dir, 'fr.vtt') },
    { lang: 'ar', file: join(dir, 'ar.srt') },
  ];
}

/** Command line: the variants to make (all by default); `--source-only` makes their sources and stops. */
function parseArgs(argv: readonly string[]): { clips: readonly Clip[]; sourceOnly: boolean } {
  const names = argv.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !CLIPS.some((c) => c.variant === n));
  if (unknown.length) throw new MediaError(`unknown clip(s) ${unknown.join(', ')} (expected ${CLIPS.map((c) => c.variant).join(', ')})`);
  return { clips: names.length ? CLIPS.filter((c) => names.includes(c.variant)) : CLIPS, sourceOnly: argv.includes('--source-only') };
}

async function main(): Promise<void> {
  requireFfmpeg();
  const { clips, sourceOnly } = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'tafrij-demo-'));
  const manifestFile = join(ROOT, 'demo.json');
  const manifest: Record<string, unknown> = {};
  try {
    for (const clip of clips) {
      const started = Date.now();
      const source = makeSource(clip, work);
      console.log(`demo ${clip.variant}: source ${source} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      if (sourceOnly) continue;
      const out = join(ROOT, clip.variant);
      rmSync(out, { recursive: true, force: true });
      const result = await buildLadder({
        input: source,
        outDir: out,
        ladder: DEMO_LADDER,
        subtitles: clip.subtitles ? writeSubtitles(clip, work) : [],
        audioBitrate: 48_000,
        audioChannels: 2,
        // veryfast: the whole demo is re-encoded in minutes on a laptop; the CRFs above allow for it.
        preset: 'veryfast',
      });
      const size = listFiles(out).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
      console.log(`demo ${clip.variant}: ${result.duration} s, ${result.files.length} files, ${(size / 1024).toFixed(0)} KiB → ${clip.prefix}; ${result.renditions.map((r) => `${r.height}p@${Math.round(r.bandwidth / 1000)}k`).join(' ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
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
  if (sourceOnly) return;
  // A run for some clips keeps the others' entries (read now: runs for other clips may have ended meanwhile).
  if (clips.length < CLIPS.length && existsSync(manifestFile)) {
    const before = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { clips: Record<string, unknown> }).clips;
    for (const [variant, entry] of Object.entries(before)) manifest[variant] ??= entry;
  }
  const ordered = Object.fromEntries(CLIPS.filter((c) => manifest[c.variant]).map((c) => [c.variant, manifest[c.variant]]));
  writeFileSync(manifestFile, `${JSON.stringify({ note: 'Written by scripts/media/demo.ts; files under scripts/seed/media/{variant}/ go to R2 under {prefix}/', clips: ordered }, null, 2)}\n`);
  const total = listFiles(ROOT).reduce((sum, f) => sum + statSync(join(ROOT, f)).size, 0);
  console.log(`demo: ${(total / 1024 / 1024).toFixed(2)} MiB in scripts/seed/media`);
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
