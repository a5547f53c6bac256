import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registrySource } from './source.ts';

/**
 * Writes worker/pages/registry.ts, which mounts every page area: each folder of worker/pages with a
 * routes.tsx (`npm run build` runs this first; worker/pages/registry.test.ts fails when the committed
 * file is not what this writes).
 */
const PAGES = fileURLToPath(new URL('../../worker/pages/', import.meta.url));
const REGISTRY = join(PAGES, 'registry.ts');

const folders = readdirSync(PAGES).filter((name) => statSync(join(PAGES, name)).isDirectory() && statSync(join(PAGES, name, 'routes.tsx'), { throwIfNoEntry: false })?.isFile());
const source = registrySource(folders);
const current = statSync(REGISTRY, { throwIfNoEntry: false }) ? readFileSync(REGISTRY, 'utf8') : '';

if (current !== source) {
  writeFileSync(REGISTRY, source);
  console.log(`worker/pages/registry.ts: ${folders.length} page areas`);
}
