/**
 * Writes the demo partners' logos (public/catalogue/partners/{slug}.svg) and the ads' banners
 * (public/catalogue/ads/{name}.svg) from scripts/seed/partners.ts.
 *
 *   node scripts/seed/partner-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AD_BANNERS, PARTNERS, logoSvg } from './partners.ts';

const CATALOGUE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'catalogue');

const write = (folder: string, name: string, svg: string): void => {
  mkdirSync(join(CATALOGUE, folder), { recursive: true });
  writeFileSync(join(CATALOGUE, folder, `${name}.svg`), svg, 'utf8');
};

for (const partner of PARTNERS) write('partners', partner.slug, logoSvg(partner));
for (const [name, svg] of Object.entries(AD_BANNERS)) write('ads', name, svg);
console.log(`partner-images: ${PARTNERS.length} logos, ${Object.keys(AD_BANNERS).length} banners`);
