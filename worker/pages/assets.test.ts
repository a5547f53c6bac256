import { describe, expect, it } from 'vitest';
import { isHashedAsset, moduleGraph, type ManifestChunk } from './assets';

const manifest: Record<string, ManifestChunk> = {
  'client/player/engine.ts': { file: 'assets/engine-1.js', imports: ['_data-cap-2.js', 'client/entry.ts'], dynamicImports: ['node_modules/hls.js/dist/hls.mjs'] },
  '_data-cap-2.js': { file: 'assets/data-cap-2.js', imports: ['_data-usage-3.js'] },
  '_data-usage-3.js': { file: 'assets/data-usage-3.js' },
  'client/entry.ts': { file: 'assets/entry-4.js', isEntry: true, imports: ['_data-usage-3.js'] },
  'node_modules/hls.js/dist/hls.mjs': { file: 'assets/hls-5.js' },
};

describe('moduleGraph', () => {
  it('lists a module and every chunk it imports statically, each once, never its dynamic imports', () => {
    expect(moduleGraph(manifest, 'client/player/engine.ts')).toEqual(['/assets/engine-1.js', '/assets/data-cap-2.js', '/assets/data-usage-3.js', '/assets/entry-4.js']);
  });

  it('is empty for a module the build does not have', () => {
    expect(moduleGraph(manifest, 'client/player/missing.ts')).toEqual([]);
  });
});

describe('isHashedAsset', () => {
  it('knows the built files by the hash in their name', () => {
    expect(isHashedAsset('/assets/hls-D6a35TnA.js')).toBe(true);
    expect(isHashedAsset('/assets/styles-D8Sw9wlj.css')).toBe(true);
    expect(isHashedAsset('/assets/data-usage-CQhIKGt-.js')).toBe(true);
    expect(isHashedAsset('/assets/bench-sample')).toBe(false);
    expect(isHashedAsset('/icons/icon-48.png')).toBe(false);
    expect(isHashedAsset('/assets/sub/x-D6a35TnA.js')).toBe(false);
  });
});
