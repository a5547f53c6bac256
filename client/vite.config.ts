import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Builds the browser half of client/: one entry (client/entry.ts) that hydrates islands,
 * one lazy chunk per island and per language dictionary, and the stylesheet.
 * The worker reads dist/client/.vite/manifest.json to emit <script> and <link> tags.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic' } },
  // The dictionaries (80–100 KB each) become `JSON.parse('…')`: V8 parses JSON several times faster
  // than the same object written as JavaScript, which shortens the task that wakes the first island.
  json: { namedExports: false, stringify: true },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: ['client/entry.ts', 'client/styles.css'],
      // jotai marks its modules 'use client' (for React Server Components): meaningless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
