/**
 * Writes deterministic SVG artwork for the demo catalogue into public/catalogue/:
 *   <slug>-poster.svg (2:3, 400×600) and <slug>-tile.svg (16:9, 640×360) for every
 *   top-level title, and <slug>-tile.svg for every episode.
 *
 *   node scripts/seed/images.ts
 *
 * Palette and Moroccan-inspired motif (zellige stars, arches, lozenges, rosettes,
 * carpet chevrons) come from a hash of the slug. Posters set the English title large on
 * a dark gradient with the Arabic title underneath; tiles carry no text at all, since
 * they are the backdrops of the home hero and the content page (where the page sets the
 * title) and the thumbnails of episodes and Continue watching. No image carries a format
 * label: the page draws it, translated (client/components/Tile.tsx).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { episodes, titles } from './catalogue.ts';
import type { I18n } from './catalogue.ts';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'catalogue');
const FONT = "system-ui, 'Noto Sans', 'Noto Sans Arabic', sans-serif";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number): string => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function xml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

const r1 = (n: number): string => String(Math.round(n * 10) / 10);

/** Rough advance width, in em, of a character in a bold sans-serif face. */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.28;
  if (/[\u064b-\u0652\u0670]/.test(ch)) return 0; // Arabic diacritics
  if (/[\u0600-\u06ff]/.test(ch)) return 0.5;
  if (/[iljIt.,:;'’!|]/.test(ch)) return 0.32;
  if (/[frJ()\-]/.test(ch)) return 0.42;
  if (/[mwMW]/.test(ch)) return 0.92;
  if (/[A-Z]/.test(ch)) return 0.7;
  if (/[0-9]/.test(ch)) return 0.6;
  return 0.6;
}

function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w * size;
}

/** Greedy word wrap at the largest size that fits in maxLines lines of maxWidth. */
function fitTitle(text: string, sizes: readonly number[], maxWidth: number, maxLines: number): { size: number; lines: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  const wrap = (size: number): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (textWidth(candidate, size) <= maxWidth || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines;
  };
  for (const size of sizes) {
    const lines = wrap(size);
    if (lines.length <= maxLines && lines.every((l) => textWidth(l, size) <= maxWidth)) return { size, lines };
  }
  // Last resort: the smallest size, with as many lines as it takes.
  const size = sizes[sizes.length - 1] ?? 20;
  return { size, lines: wrap(size) };
}

/** Largest size (≤ max) at which a single line fits. */
function fitLine(text: string, max: number, min: number, maxWidth: number): number {
  let size = max;
  while (size > min && textWidth(text, size) > maxWidth) size -= 1;
  return size;
}

// ---------------------------------------------------------------------------
// Motifs
// ---------------------------------------------------------------------------

/** 8-pointed star (two squares) centred on cx, cy with circumradius r. */
function starPath(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.72;
    pts.push(`${r1(cx + radius * Math.cos(angle))} ${r1(cy + radius * Math.sin(angle))}`);
  }
  return `M${pts.join('L')}Z`;
}

/** Horseshoe arch of half-width w, springing at y = top + w, base at bottom. */
function archPath(cx: number, top: number, w: number, bottom: number): string {
  const spring = top + w;
  return `M${r1(cx - w * 0.82)} ${r1(bottom)}V${r1(spring + w * 0.5)}A${r1(w)} ${r1(w)} 0 1 1 ${r1(cx + w * 0.82)} ${r1(spring + w * 0.5)}V${r1(bottom)}`;
}

interface Motif {
  /** Pattern tile content (size 60) drawn with the accent stroke. */
  readonly tile: string;
  /** Large centrepiece at (cx, cy) with size r. */
  readonly centre: (cx: number, cy: number, r: number) => string;
}

const MOTIFS: readonly Motif[] = [
  {
    // zellige stars
    tile: `<path d="${starPath(30, 30, 22)}"/><path d="${starPath(0, 0, 9)}${starPath(60, 0, 9)}${starPath(0, 60, 9)}${starPath(60, 60, 9)}"/>`,
    centre: (cx, cy, r) => `<path d="${starPath(cx, cy, r)}${starPath(cx, cy, r * 0.55)}"/>`,
  },
  {
    // arches
    tile: `<path d="${archPath(30, 10, 14, 60)}"/>`,
    centre: (cx, cy, r) => `<path d="${archPath(cx, cy - r, r * 0.8, cy + r * 1.1)}${archPath(cx, cy - r * 0.6, r * 0.55, cy + r * 1.1)}"/>`,
  },
  {
    // lozenges
    tile: `<path d="M30 2L58 30L30 58L2 30ZM30 16L44 30L30 44L16 30Z"/>`,
    centre: (cx, cy, r) => `<path d="M${cx} ${cy - r}L${cx + r} ${cy}L${cx} ${cy + r}L${cx - r} ${cy}ZM${cx} ${r1(cy - r * 0.6)}L${r1(cx + r * 0.6)} ${cy}L${cx} ${r1(cy + r * 0.6)}L${r1(cx - r * 0.6)} ${cy}Z"/>`,
  },
  {
    // rosettes
    tile: `<circle cx="30" cy="30" r="20"/><circle cx="0" cy="0" r="20"/><circle cx="60" cy="0" r="20"/><circle cx="0" cy="60" r="20"/><circle cx="60" cy="60" r="20"/>`,
    centre: (cx, cy, r) =>
      `<circle cx="${cx}" cy="${cy}" r="${r1(r)}"/>` +
      [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${r1(cx + (r / 2) * Math.cos((i * Math.PI) / 3))}" cy="${r1(cy + (r / 2) * Math.sin((i * Math.PI) / 3))}" r="${r1(r / 2)}"/>`).join(''),
  },
  {
    // carpet chevrons
    tile: `<path d="M0 20L15 5L30 20L45 5L60 20M0 50L15 35L30 50L45 35L60 50"/>`,
    centre: (cx, cy, r) => `<path d="M${cx - r} ${cy}L${cx} ${cy - r}L${cx + r} ${cy}L${cx} ${cy + r}Z"/><path d="${starPath(cx, cy, r * 0.45)}"/>`,
  },
];

interface Art {
  readonly hue: number;
  readonly bgA: string;
  readonly bgB: string;
  readonly accent: string;
  readonly motif: Motif;
  readonly rotate: number;
}

function art(slug: string): Art {
  const h = hash(slug);
  const hue = h % 360;
  const accentHue = (hue + 150 + ((h >>> 9) % 90)) % 360;
  return {
    hue,
    bgA: hsl(hue, 45 + ((h >>> 3) % 25), 30 + ((h >>> 5) % 12)),
    bgB: hsl((hue + 25) % 360, 55, 12),
    accent: hsl(accentHue, 70, 68),
    motif: MOTIFS[(h >>> 13) % MOTIFS.length] ?? MOTIFS[0]!,
    rotate: [0, 45, 30, 15][(h >>> 17) % 4] ?? 0,
  };
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

function defs(a: Art, shadeVertical: boolean): string {
  const shade = shadeVertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0.9" y1="0" x2="0.1" y2="0.5"';
  const mid = shadeVertical ? '.7' : '.5';
  return (
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2="0.7" y2="1"><stop offset="0" stop-color="${a.bgA}"/><stop offset="1" stop-color="${a.bgB}"/></linearGradient>` +
    `<linearGradient id="s" ${shade}><stop offset="0" stop-opacity="0"/><stop offset=".55" stop-opacity="${mid}"/><stop offset="1" stop-opacity=".92"/></linearGradient>` +
    `<pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(${a.rotate})"><g fill="none" stroke="${a.accent}" stroke-width="2">${a.motif.tile}</g></pattern>` +
    `</defs>`
  );
}

function englishLines(lines: readonly string[], x: number, firstBaseline: number, size: number, anchor: 'start' | 'middle'): string {
  const lineHeight = Math.round(size * 1.08);
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${firstBaseline + i * lineHeight}">${xml(l)}</tspan>`).join('');
  return `<text text-anchor="${anchor}" font-size="${size}" font-weight="800" fill="#fff">${spans}</text>`;
}

function poster(slug: string, name: I18n): string {
  const a = art(slug);
  const W = 400;
  const H = 600;
  const arSize = fitLine(name.ar, 30, 16, 340);
  const arBaseline = H - 42;
  const en = fitTitle(name.en, [54, 48, 42, 36, 31, 27, 24], 344, 3);
  const lineHeight = Math.round(en.size * 1.08);
  const dividerY = arBaseline - arSize - 12;
  const lastEnBaseline = dividerY - Math.round(en.size * 0.3) - 6;
  const firstEnBaseline = lastEnBaseline - (en.lines.length - 1) * lineHeight;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="${FONT}">` +
    `<title>${xml(name.en)}</title>` +
    defs(a, true) +
    `<rect width="${W}" height="${H}" fill="url(#b)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#p)" opacity=".22"/>` +
    `<g fill="${a.accent}" fill-opacity=".12" stroke="${a.accent}" stroke-width="3" stroke-opacity=".8">${a.motif.centre(200, 200, 110)}</g>` +
    `<rect y="${H * 0.38}" width="${W}" height="${H * 0.62}" fill="url(#s)"/>` +
    englishLines(en.lines, W / 2, firstEnBaseline, en.size, 'middle') +
    `<rect x="170" y="${dividerY}" width="60" height="3" rx="1.5" fill="${a.accent}"/>` +
    `<text x="${W / 2}" y="${arBaseline}" direction="rtl" unicode-bidi="embed" text-anchor="middle" font-size="${arSize}" font-weight="700" fill="${a.accent}">${xml(name.ar)}</text>` +
    `</svg>\n`
  );
}

/** A backdrop: the art of the title without any text (the page sets the title over it). */
function tile(slug: string, name: I18n): string {
  const a = art(slug);
  const W = 640;
  const H = 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    `<title>${xml(name.en)}</title>` +
    defs(a, false) +
    `<rect width="${W}" height="${H}" fill="url(#b)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#p)" opacity=".22"/>` +
    `<g fill="${a.accent}" fill-opacity=".12" stroke="${a.accent}" stroke-width="3" stroke-opacity=".8">${a.motif.centre(490, 150, 105)}</g>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const files = new Map<string, string>();
  for (const t of titles) {
    files.set(`${t.slug}-poster.svg`, poster(t.slug, t.name));
    files.set(`${t.slug}-tile.svg`, tile(t.slug, t.name));
  }
  for (const e of episodes) files.set(`${e.slug}-tile.svg`, tile(e.slug, e.name));
  // Remove artwork of titles that no longer exist.
  for (const existing of readdirSync(OUT_DIR)) {
    if (existing.endsWith('.svg') && !files.has(existing)) rmSync(join(OUT_DIR, existing));
  }
  let largest = 0;
  for (const [file, svg] of files) {
    writeFileSync(join(OUT_DIR, file), svg, 'utf8');
    largest = Math.max(largest, Buffer.byteLength(svg));
  }
  console.log(`images: wrote ${files.size} SVG files to public/catalogue (largest ${largest} bytes)`);
}

main();
