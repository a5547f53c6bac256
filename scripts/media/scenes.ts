/**
 * Synthetic film scenes for the demo clips (scripts/media/demo.ts), drawn by ffmpeg's filters only.
 *
 * Each still layer (a sky, a sun, a dune ridge, a skyline with its windows, a sea texture, a
 * vignette) is computed ONCE as a PNG by `geq` (a per-pixel expression, too slow to run on every
 * 1080p frame); a scene then moves those layers with `overlay` expressions of the time (parallax
 * pans, a setting sun, traffic, shimmering water), which costs little per frame. A clip is a list of
 * scenes cut together, with its title drawn by `drawtext` in fonts of Debian's default install.
 *
 * The soundtrack is made the same way: `aevalsrc` (chords, plucked melodies and a pulse, different
 * notes left and right) mixed with low-passed noise (wind, sea, traffic), one noise per channel.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const W = 1920;
export const H = 1080;
export const FPS = 24;

/** An RGB colour as three 0–255 numbers. */
export type Rgb = readonly [number, number, number];

/** A still layer: a PNG computed by geq (r, g, b and optionally alpha expressions of X, Y, W, H). */
export type Still = { readonly name: string; readonly width: number; readonly height: number; readonly r: string; readonly g: string; readonly b: string; readonly a?: string };

/** ffmpeg arguments that write a still layer to `file`. */
export function stillArgs(still: Still, file: string): string[] {
  const rgba = still.a !== undefined;
  const geq = `geq=r='${still.r}':g='${still.g}':b='${still.b}'${rgba ? `:a='${still.a}'` : ''}`;
  return ['-f', 'lavfi', '-i', `nullsrc=s=${still.width}x${still.height}:d=1,format=${rgba ? 'gbrap' : 'gbrp'},${geq}`, '-frames:v', '1', '-update', '1', file];
}

// ---------------------------------------------------------------------------
// Expression helpers (ffmpeg's expression language: no quotes, commas escaped by the quoting)
// ---------------------------------------------------------------------------

/** A pseudo-random number in [0, 1) of two expressions (the shader hash). */
const hash = (a: string, b: string): string => `mod(abs(sin((${a})*12.9898+(${b})*78.233))*43758.5453,1)`;
/** Linear blend of two numbers by `t` (0 → a, 1 → b), `t` clipped to [0, 1]. */
const mix = (a: number, b: number, t: string): string => `(${a}+(${b - a})*clip(${t},0,1))`;
/** Per channel: an expression built from the channel's index (0 r, 1 g, 2 b). */
const channels = (f: (c: 0 | 1 | 2) => string): { r: string; g: string; b: string } => ({ r: f(0), g: f(1), b: f(2) });

/** A vertical sky: `top` at the top, `middle` at `at` of the height, `horizon` at the bottom. */
export function sky(name: string, top: Rgb, middle: Rgb, horizon: Rgb, options: { at?: number; height?: number; stars?: number } = {}): Still {
  const at = options.at ?? 0.5;
  const height = options.height ?? H;
  const stars = options.stars ?? 0;
  // Stars: 2 px dots, denser and brighter near the top, only where the sky is dark.
  const star = stars > 0 ? `+${stars}*gt(${hash('floor(X/2)', 'floor(Y/2)')},0.9985)*(1-Y/H)*${hash('floor(X/2)+7', 'floor(Y/2)')}` : '';
  const f = (c: 0 | 1 | 2) => `clip(if(lt(Y/H,${at}),${mix(top[c], middle[c], `Y/H/${at}`)},${mix(middle[c], horizon[c], `(Y/H-${at})/${1 - at}`)})${star},0,255)`;
  return { name, width: W, height, ...channels(f) };
}

/** A sun or a moon: a disc of radius `radius` in a glow, on a transparent square. */
export function sun(name: string, core: Rgb, glow: Rgb, radius: number, glowSize: number): Still {
  const size = Math.round(radius * 2 + glowSize * 6);
  const d = `hypot(X-${size / 2},Y-${size / 2})`;
  const inside = `clip(${radius}-${d},0,1)`;
  const f = (c: 0 | 1 | 2) => `${mix(glow[c], core[c], `${inside}+0.6*exp(-(${d}-${radius})/${glowSize / 2})`)}`;
  return { name, width: size, height: size, ...channels(f), a: `255*max(${inside},0.75*exp(-max(${d}-${radius},0)/${glowSize}))` };
}

/**
 * A dune ridge across `width` px: its crest a sum of sines (pixels from the top), lit on the slopes
 * facing the sun (`light` +1 from the left, −1 from the right), rippled sand, darker away from the crest.
 */
export function dunes(name: string, width: number, height: number, crest: number, amplitude: number, seed: number, lit: Rgb, shade: Rgb, light: 1 | -1): Still {
  const f1 = (0.0021 + seed * 0.0003) * (H / height);
  const f2 = (0.0057 + seed * 0.0004) * (H / height);
  const f3 = 0.0131 * (H / height);
  const k = height / H;
  const top = `st(0,${crest * k}+${amplitude * k}*(0.6*sin(X*${f1}+${seed})+0.3*sin(X*${f2}+${seed * 2.1})+0.1*sin(X*${f3}+${seed * 3.7})))`;
  const slope = `st(1,${amplitude}*(0.6*${f1}*cos(X*${f1}+${seed})+0.3*${f2}*cos(X*${f2}+${seed * 2.1})))`;
  // Lit where the ground rises towards the sun, darker away from the crest, a bright rim on it, rippled sand.
  const f = (c: 0 | 1 | 2) =>
    `${top};${slope};clip(${mix(shade[c], lit[c], `0.5+${light}*atan(ld(1)*1.2)*0.6`)}*(1-0.35*clip((Y-ld(0))/${420 * k},0,1))*(1+0.03*sin(Y/${k}*0.9+6*sin(X*0.011/${k})))*(1+0.25*exp(-(Y-ld(0))/${5 * k})),0,255)`;
  return { name, width, height, ...channels(f), a: `${top};clip((Y-ld(0)+1)*128,0,255)` };
}

/**
 * A skyline across `width` px: buildings of `block` px (heights from the hash of their index),
 * windows of `window` px in a grid, lit by `lit` of them in warm or cool light.
 */
export function skyline(name: string, width: number, block: number, low: number, high: number, seed: number, wall: Rgb, warm: Rgb, cool: Rgb, lit: number): Still {
  const k = `floor(X/${block})`;
  const top = `(${H}-${low}-${high - low}*${hash(k, `${seed}`)}*${hash(`${k}+3`, `${seed}+1`)}^0.5)`;
  const inBuilding = `gt(Y,${top})`;
  const wx = Math.round(block / 7);
  const wy = Math.round(wx * 1.5);
  // A window: inside its cell, off the building's side edges and not in the top row.
  const window = `lt(mod(X,${wx}),${Math.round(wx * 0.55)})*lt(mod(Y,${wy}),${Math.round(wy * 0.55)})*gt(mod(X,${block}),${wx})*lt(mod(X,${block}),${block - wx})*gt(Y,${top}+${wy})`;
  const on = `lt(${hash(`floor(X/${wx})`, `floor(Y/${wy})+${seed}`)},${lit})`;
  const isWarm = `lt(${hash(`floor(X/${wx})+1`, `floor(Y/${wy})`)},0.75)`;
  const f = (c: 0 | 1 | 2) => `if(${window}*${on},if(${isWarm},${warm[c]},${cool[c]}),${wall[c]}*(0.85+0.15*${hash(k, '5')}))`;
  return { name, width, height: H, ...channels(f), a: `255*${inBuilding}` };
}

/** Car lights along a street: red tail lights and white head lights, `height` px high. */
export function traffic(name: string, width: number): Still {
  const slot = 'floor(X/64)';
  const light = `lt(mod(X,64),14)*gt(${hash(slot, '9')},0.45)`;
  const red = `lt(${hash(slot, '4')},0.5)`;
  const glow = `exp(-abs(Y-12)/4)`;
  const f = (c: 0 | 1 | 2) => (c === 0 ? '255' : `if(${red},${c === 1 ? 60 : 50},${c === 1 ? 240 : 210})`);
  return { name, width, height: 24, ...channels(f), a: `255*${light}*${glow}` };
}

/** A sea surface `width` × `height` px below the horizon: swells closer together towards the horizon, bright crests. */
export function sea(name: string, width: number, height: number, far: Rgb, near: Rgb, crest: Rgb, seed: number): Still {
  const p = `(Y/${height})`;
  const v = `(1/(${p}+0.06))`;
  const swell = `sin(${v}*9+2.2*sin(X*0.0031+${v}*0.4+${seed})+sin(X*0.011-${v}*0.7))`;
  const chop = `sin(X*0.045/(${p}+0.2)+${v}*23+${seed})`;
  const bright = `clip((${swell}*0.7+${chop}*0.3-0.55)*2.2,0,1)`;
  const f = (c: 0 | 1 | 2) => `${mix(far[c], near[c], `${p}^0.7`)}*(0.92+0.08*${swell})+(${crest[c]}-${mix(far[c], near[c], `${p}^0.7`)})*${bright}*(0.35+0.5*(1-${p}))`;
  return { name, width, height, ...channels(f) };
}

/** A vignette: black, transparent in the middle, ~60 % at the corners. */
export function vignette(name: string, strength: number): Still {
  return { name, width: W, height: H, r: '0', g: '0', b: '0', a: `255*${strength}*clip(pow(hypot((X-W/2)/(W/2),(Y-H/2)/(H/2))/1.414,2.2)*1.6,0,1)` };
}

// ---------------------------------------------------------------------------
// Fonts and text
// ---------------------------------------------------------------------------

const FONT_DIR = '/usr/share/fonts/truetype';
/** Fonts of Debian's default install (fonts-noto-core, fonts-dejavu-core), DejaVu when Noto is absent. */
export const FONTS = {
  title: [join(FONT_DIR, 'noto', 'NotoSerifDisplay-Regular.ttf'), join(FONT_DIR, 'dejavu', 'DejaVuSerif.ttf')],
  label: [join(FONT_DIR, 'noto', 'NotoSans-Regular.ttf'), join(FONT_DIR, 'dejavu', 'DejaVuSans.ttf')],
  arabic: [join(FONT_DIR, 'noto', 'NotoNaskhArabic-Regular.ttf'), join(FONT_DIR, 'dejavu', 'DejaVuSans.ttf')],
} as const;

export const fontFile = (candidates: readonly string[]): string => candidates.find((f) => existsSync(f)) ?? candidates[candidates.length - 1] ?? '';

/** Opacity of a text shown from `from` to `to` seconds with `fade`-second fades (a drawtext alpha expression). */
export const fadeAlpha = (from: number, to: number, fade = 1): string =>
  `if(lt(t,${from}),0,if(lt(t,${from + fade}),(t-${from})/${fade},if(lt(t,${to - fade}),1,if(lt(t,${to}),(${to}-t)/${fade},0))))`;

/** A drawtext filter reading its text from `textFile` (no escaping of the text needed). */
export function text(textFile: string, font: string, options: { size: number; color: string; x: string; y: string; alpha: string; spacing?: number; shadow?: boolean }): string {
  const parts = [
    `fontfile='${font}'`,
    `textfile='${textFile}'`,
    `fontsize=${options.size}`,
    `fontcolor=${options.color}`,
    `x=${options.x}`,
    `y=${options.y}`,
    `alpha='${options.alpha}'`,
    ...(options.shadow === false ? [] : ['shadowcolor=black@0.45', 'shadowx=2', 'shadowy=3']),
  ];
  return `drawtext=${parts.join(':')}`;
}
