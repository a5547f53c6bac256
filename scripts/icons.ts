/**
 * Renders the PWA icons of public/icons from public/icons/icon.svg with headless Chromium:
 * icon-{48,72,96,144,192,512}.png (transparent corners) and icon-maskable-512.png (full-bleed
 * brand red: the mark stays inside the maskable safe zone, a centred circle of 80 %).
 *
 *   node scripts/icons.ts [--chromium /usr/bin/chromium]
 *
 * public/favicon.ico wraps icon-48.png (an ICO may hold a PNG): what a browser asks for where a
 * document names no icon (a PDF opened in a tab, the payment sandbox).
 *
 * Run from the repository root after changing icon.svg; worker/edge/manifest lists the results.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = [48, 72, 96, 144, 192, 512];
const BRAND = '#ff0031';
const ICONS = 'public/icons';

const argAfter = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const chromium = argAfter('--chromium') ?? process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  if (data.toString('ascii', 1, 4) !== 'PNG') throw new Error(`${file} is not a PNG`);
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** One page showing the icon at exactly `size` CSS pixels, on `background` (transparent when omitted). */
function page(svg: string, size: number, background = 'transparent'): string {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;overflow:hidden;background:${background};width:${size}px;height:${size}px}
img{display:block;width:${size}px;height:${size}px}
</style></head><body><img src="${src}" alt=""></body></html>`;
}

function render(html: string, size: number, out: string, dir: string): void {
  const file = join(dir, `icon-${size}-${Math.random().toString(36).slice(2)}.html`);
  writeFileSync(file, html);
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      '--default-background-color=00000000',
      `--screenshot=${out}`,
      `--window-size=${size},${size}`,
      `file://${file}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const { width, height } = pngSize(out);
  if (width !== size || height !== size) throw new Error(`${out} is ${width}x${height}, expected ${size}x${size}`);
  console.log(`${out} ${width}x${height}`);
}

/** An ICO file holding one PNG image of `size` pixels: the 6-byte header, one 16-byte entry, the PNG. */
function ico(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size % 256, 6);
  head.writeUInt8(size % 256, 7);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // where the PNG starts
  return Buffer.concat([head, png]);
}

const svg = readFileSync(join(ICONS, 'icon.svg'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'tafrij-icons-'));
try {
  for (const size of SIZES) render(page(svg, size), size, join(process.cwd(), ICONS, `icon-${size}.png`), dir);
  render(page(svg, 512, BRAND), 512, join(process.cwd(), ICONS, 'icon-maskable-512.png'), dir);
  writeFileSync('public/favicon.ico', ico(readFileSync(join(ICONS, 'icon-48.png')), 48));
  console.log('public/favicon.ico (icon-48.png)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
