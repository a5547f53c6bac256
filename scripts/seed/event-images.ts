/**
 * Writes the demo festival's images (public/catalogue/events/{name}.svg): its poster, each show's,
 * and each artist's portrait, from scripts/seed/events.ts.
 *
 *   node scripts/seed/event-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventImages } from './events.ts';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'catalogue', 'events');
mkdirSync(FOLDER, { recursive: true });
const images = eventImages();
for (const [name, svg] of Object.entries(images)) writeFileSync(join(FOLDER, `${name}.svg`), svg, 'utf8');
console.log(`event-images: ${Object.keys(images).length} images`);
