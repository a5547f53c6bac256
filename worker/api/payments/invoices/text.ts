// Lines of mixed Arabic and Latin text for the invoice PDF: bidi ordering (bidi-js, Unicode
// algorithm) into runs, Arabic runs shaped by fontkit with their joining forms and cursive
// positions (Noto Naskh joins letters through GPOS, which pdf-lib's drawText ignores), Latin runs
// drawn as they are.
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { beginText, endText, PDFHexString, setFontAndSize, setTextMatrix, showText, type PDFFont, type PDFPage, rgb, setFillingColor, type Color } from 'pdf-lib';

const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export type Fonts = {
  latin: PDFFont;
  arabic: PDFFont;
  /** fontkit's own view of the Arabic font, for shaping and positions. */
  arabicShaper: ReturnType<typeof fontkit.create>;
};

type Run = { text: string; arabic: boolean };

/** Splits a line into runs in visual order (left to right), each in logical order. */
export function visualRuns(text: string, direction: 'rtl' | 'ltr'): Run[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const order = [...text].map((_, i) => i);
  // getReorderSegments works on UTF-16 indices; invoice text has no astral characters.
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, { levels, paragraphs: [{ start: 0, end: text.length - 1, level: direction === 'rtl' ? 1 : 0 }] })) {
    const part = order.slice(start, end + 1).reverse();
    order.splice(start, part.length, ...part);
  }
  const runs: { indices: number[]; level: number }[] = [];
  for (const index of order) {
    const level = levels[index] ?? 0;
    const last = runs[runs.length - 1];
    const adjacent = last && last.level === level && Math.abs((last.indices[last.indices.length - 1] ?? -2) - index) === 1;
    if (last && adjacent) last.indices.push(index);
    else runs.push({ indices: [index], level });
  }
  return runs.map((r) => {
    const logical = [...r.indices].sort((a, b) => a - b).map((i) => text[i] ?? '').join('');
    return { text: logical, arabic: ARABIC.test(logical) };
  });
}

const scale = (fonts: Fonts, size: number) => size / fonts.arabicShaper.unitsPerEm;

function runWidth(fonts: Fonts, run: Run, size: number): number {
  if (!run.arabic) return fonts.latin.widthOfTextAtSize(run.text, size);
  return fonts.arabicShaper.layout(run.text).advanceWidth * scale(fonts, size);
}

/** The width of a line once laid out. */
export const lineWidth = (fonts: Fonts, text: string, size: number, direction: 'rtl' | 'ltr'): number =>
  visualRuns(text, direction).reduce((w, run) => w + runWidth(fonts, run, size), 0);

/** Draws a shaped Arabic run glyph by glyph at fontkit's positions (the embedded font keeps glyph ids as CIDs). */
function drawArabic(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, size: number, color: Color): void {
  const shaped = fonts.arabicShaper.layout(text);
  fonts.arabic.encodeText(text); // registers the glyphs' widths in the embedded font
  const key = page.node.newFontDictionary(fonts.arabic.name, fonts.arabic.ref);
  const k = scale(fonts, size);
  const ops = [beginText(), setFillingColor(color), setFontAndSize(key, size)];
  let pen = 0;
  shaped.glyphs.forEach((glyph, i) => {
    const pos = shaped.positions[i];
    const gx = x + (pen + (pos?.xOffset ?? 0)) * k;
    const gy = y + (pos?.yOffset ?? 0) * k;
    ops.push(setTextMatrix(1, 0, 0, 1, gx, gy), showText(PDFHexString.of(glyph.id.toString(16).padStart(4, '0'))));
    pen += pos?.xAdvance ?? glyph.advanceWidth;
  });
  ops.push(endText());
  page.pushOperators(...ops);
}

export type LineOptions = { size: number; direction: 'rtl' | 'ltr'; color?: Color; align?: 'start' | 'end' };

/**
 * Draws one line. `x` is where the line starts in reading order: its left edge in LTR, its right
 * edge in RTL (align 'end' swaps them, for numbers set against the far side of a column).
 */
export function drawLine(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, options: LineOptions): number {
  const { size } = options;
  // A value with no Arabic in it (an amount, a date range, an id) reads left to right in every language.
  const direction = ARABIC.test(text) ? options.direction : 'ltr';
  const color = options.color ?? rgb(0.1, 0.1, 0.12);
  const runs = visualRuns(text, direction);
  const width = runs.reduce((w, run) => w + runWidth(fonts, run, size), 0);
  const rightEdge = (options.direction === 'rtl') !== (options.align === 'end');
  let cursor = rightEdge ? x - width : x;
  for (const run of runs) {
    if (run.arabic) drawArabic(page, fonts, run.text, cursor, y, size, color);
    else page.drawText(run.text, { x: cursor, y, size, font: fonts.latin, color });
    cursor += runWidth(fonts, run, size);
  }
  return width;
}
