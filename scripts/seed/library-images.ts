/**
 * Writes the demo libraries' logos (public/catalogue/libraries/{slug}.svg) from scripts/seed/libraries.ts.
 *
 *   node scripts/seed/library-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIBRARIES, libraryLogoSvg } from './libraries.ts';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'catalogue', 'libraries');
mkdirSync(FOLDER, { recursive: true });
for (const library of LIBRARIES) writeFileSync(join(FOLDER, `${library.slug}.svg`), libraryLogoSvg(library), 'utf8');
console.log(`library-images: ${LIBRARIES.length} logos`);
