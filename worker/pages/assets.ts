import manifest from '../../dist/client/.vite/manifest.json';

type ManifestChunk = { file: string; css?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
const chunks = manifest as Record<string, ManifestChunk>;

const url = (file: string): string => `/${file}`;
const entry = chunks['client/entry.ts'];
const styles = chunks['client/styles.css'];
if (!entry || !styles) throw new Error('dist/client/.vite/manifest.json lacks client/entry.ts or client/styles.css: run `npm run build`');

/** Hashed URLs of the built client (vite build): stylesheet, entry and one chunk per island. */
export const clientAssets = {
  stylesheet: url(styles.file),
  entry: url(entry.file),
  islands: Object.fromEntries(
    Object.entries(chunks)
      .filter(([src]) => src.startsWith('client/islands/'))
      .map(([src, chunk]) => [src.replace(/^client\/islands\/|\.tsx?$/g, ''), url(chunk.file)]),
  ),
};
