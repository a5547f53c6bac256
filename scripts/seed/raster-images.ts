/**
 * The demo artwork as the pages and link previews use it, rendered from the SVG sources of
 * public/catalogue (scripts/seed/images.ts) with headless Chromium:
 *
 * - every SVG gets a WebP twin of the same size, which the catalogue names (tile_image,
 *   vertical_image), and so do the ads' banners, partners' and libraries' logos and the festival's
 *   pictures of the subfolders (IMAGE_FOLDERS), which their seeds name. Browsers build a whole
 *   document for each SVG image: on a phone, the home page's posters as SVG cost more main-thread
 *   time than all its scripts (Lighthouse's total blocking time), and the one ad banner of the home
 *   and category pages a document of its own during the load; a WebP is only decoded, off the
 *   main thread.
 * - link previews (Open Graph / Twitter cards) show neither SVG nor, everywhere, WebP: every
 *   landscape tile of a title (<slug>-tile; not episodes, whose pages are not shared) also gets a
 *   JPEG twin, <slug>-tile.jpg, which worker/pages/content/routes.tsx names in og:image. The tiles
 *   carry no text (they are the pages' backdrops), so the title (English, Arabic underneath) is set
 *   over the artwork there, as the tiles used to show it.
 *
 *   node scripts/seed/raster-images.ts [--chromium /usr/bin/chromium]
 *
 * Run after scripts/seed/images.ts (and partner-images.ts, library-images.ts, event-images.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../require-chromium.ts';
import { titles } from './catalogue.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'catalogue');
/** The tiles are 640×360; 960×540 is sharp in previews (Facebook asks at least 600×315 for large cards). */
const WIDTH = 960;
const HEIGHT = 540;
const QUALITY = 72;
/** WebP quality of the page artwork (0–1): flat colours and gradients stay clean at 0.75, ~10 KB each. */
const WEBP_QUALITY = 0.75;
/** The subfolders of public/catalogue whose SVG images also get a WebP twin. */
const IMAGE_FOLDERS = ['ads', 'partners', 'libraries', 'events'] as const;
/** Episode tiles: <series>-s1e2-tile.svg. */
export const EPISODE_TILE = /-s\d+e\d+-tile\.svg$/;

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The title over the artwork's dark side, like a poster. */
const STYLE =
  `html,body{margin:0;background:#0b0b0f}img{display:block;width:${WIDTH}px;height:${HEIGHT}px}` +
  `.title{position:absolute;inset-inline-start:48px;inset-block-end:44px;max-width:620px;color:#fff;font-family:system-ui,'Noto Sans','Noto Sans Arabic',sans-serif}` +
  `.en{margin:0;font-size:64px;font-weight:800;line-height:1.05}.ar{margin:10px 0 0;text-align:left;font-size:36px;font-weight:700;opacity:.85}`;

const argAfter = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const browser = await chromium.launch({ executablePath: argAfter('--chromium') ?? chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
const dataUrl = (file: string): string => `data:image/svg+xml;base64,${readFileSync(join(DIR, file)).toString('base64')}`;
try {
  // The page artwork: each SVG drawn at its own size on a canvas, saved as WebP.
  const canvasPage = await browser.newPage();
  let webpTotal = 0;
  const sources = ['', ...IMAGE_FOLDERS].flatMap((folder) =>
    readdirSync(join(DIR, folder))
      .filter((f) => f.endsWith('.svg'))
      .map((f) => join(folder, f)),
  );
  for (const file of sources) {
    const base64 = await canvasPage.evaluate(
      async ({ src, quality }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')?.drawImage(img, 0, 0);
        return canvas.toDataURL('image/webp', quality).split(',')[1] ?? '';
      },
      { src: dataUrl(file), quality: WEBP_QUALITY },
    );
    const webp = Buffer.from(base64, 'base64');
    writeFileSync(join(DIR, file.replace(/\.svg$/, '.webp')), webp);
    webpTotal += webp.length;
  }
  console.log(`${sources.length} WebP images in public/catalogue (${Math.round(webpTotal / 1024)} KB)`);

  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  let total = 0;
  const tiles = readdirSync(DIR).filter((f) => f.endsWith('-tile.svg') && !EPISODE_TILE.test(f));
  for (const file of tiles) {
    const src = dataUrl(file);
    const title = titles.find((t) => `${t.slug}-tile.svg` === file);
    const overlay = title ? `<div class="title"><p class="en">${escape(title.name.en)}</p><p class="ar" dir="rtl">${escape(title.name.ar)}</p></div>` : '';
    await page.setContent(`<!doctype html><meta charset="utf-8"><style>${STYLE}</style><img src="${src}" alt="">${overlay}`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const out = join(DIR, file.replace(/\.svg$/, '.jpg'));
    await page.screenshot({ path: out, type: 'jpeg', quality: QUALITY });
    total += statSync(out).size;
  }
  console.log(`${tiles.length} share images in public/catalogue (${Math.round(total / 1024)} KB)`);
} finally {
  await browser.close();
}
