// Reads back what an invoice or credit note PDF says, for tests. The PDF draws its text with
// embedded fonts by glyph id (Identity-H), so there is no plain text in it: Latin runs are decoded
// through the font's ToUnicode map (what a viewer's search and copy use), and Arabic runs, which are
// drawn glyph by glyph in their shaped joining forms (forms the ToUnicode map does not name), are
// kept as their glyph ids, to be compared with the shaping of the expected words. pdf-lib, already
// used to write the PDFs, reads the objects back; no extractor package is needed.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString, type PDFObject } from 'pdf-lib';

/** One text object (BT … ET) of a page, in drawing order: Latin text (any space as ' '), or an Arabic run's glyph ids. */
export type PdfRun = { font: 'latin'; text: string } | { font: 'arabic'; glyphs: number[] };

const latin1 = (bytes: Uint8Array): string => {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
};

const streamText = (stream: PDFObject | undefined): string => (stream instanceof PDFRawStream ? latin1(decodePDFRawStream(stream).decode()) : '');

/** A ToUnicode CMap (bfchar and bfrange sections) as glyph id → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const [, body = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src = '', dst = ''] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(src, 16), utf16(dst));
  }
  for (const [, body = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo = '', hi = '', dst = ''] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(dst, 16);
      for (let g = parseInt(lo, 16); g <= parseInt(hi, 16); g++) map.set(g, String.fromCharCode(first + g - parseInt(lo, 16)));
    }
  }
  return map;
}

/** The document's language (the catalog's /Lang), as a screen reader takes it. */
export function pdfLanguage(doc: PDFDocument): string | null {
  const lang = doc.catalog.get(PDFName.of('Lang'));
  return lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : null;
}

/** The first page's text objects, in the order they are drawn. */
export async function pdfRuns(bytes: Uint8Array): Promise<PdfRun[]> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[0];
  if (!page) return [];
  const lookup = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? doc.context.lookup(obj) : obj);
  const fonts = new Map<string, { arabic: boolean; unicode: Map<number, string> }>();
  const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'));
  if (fontDict instanceof PDFDict) {
    for (const [name, ref] of fontDict.entries()) {
      const font = lookup(ref);
      if (!(font instanceof PDFDict)) continue;
      const base = String(font.get(PDFName.of('BaseFont')) ?? '');
      fonts.set(name.asString(), { arabic: /Arabic/i.test(base), unicode: toUnicode(streamText(lookup(font.get(PDFName.of('ToUnicode'))))) });
    }
  }
  const contents = page.node.Contents();
  const parts = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
  const content = parts.map((part) => streamText(part)).join('\n');
  const runs: PdfRun[] = [];
  let font: { arabic: boolean; unicode: Map<number, string> } | undefined;
  let glyphs: number[] = [];
  for (const [token, fontName, hex] of content.matchAll(/(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\bBT\b|\bET\b/g)) {
    if (fontName) font = fonts.get(fontName);
    else if (hex !== undefined) glyphs.push(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    else if (token === 'ET') {
      if (font && glyphs.length) runs.push(font.arabic ? { font: 'arabic', glyphs } : { font: 'latin', text: glyphs.map((g) => font?.unicode.get(g) ?? '\uFFFD').join('').replace(/\s/g, ' ') });
      glyphs = [];
    }
  }
  return runs;
}
