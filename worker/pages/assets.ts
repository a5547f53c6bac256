import manifest from '../../dist/client/.vite/manifest.json';

export type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
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

/**
 * The URLs of a built module and of every chunk it imports statically, transitively (not its
 * dynamic imports): what the browser must fetch before the module runs. A module script finds its
 * imports only once it has arrived and been parsed, one round trip per level, so a page that
 * needs a module early preloads all of them at once. Empty when `src` is not in the manifest.
 */
export function moduleGraph(manifest: Record<string, ManifestChunk>, src: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dependency of manifest[key].imports ?? []) visit(dependency);
  };
  visit(src);
  return [...seen].map((key) => url(manifest[key]!.file));
}

/** Vite names every built file `{name}-{hash of its content}.{ext}` under /assets/. */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/;
export const isHashedAsset = (path: string): boolean => HASHED_ASSET.test(path);
/** A hashed file never changes under its name: browsers keep it a year and never revalidate it. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
