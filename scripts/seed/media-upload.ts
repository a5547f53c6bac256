/**
 * Uploads the committed demo media (scripts/seed/media/{variant}/, listed in demo.json) into the
 * LOCAL R2 bucket under each clip's prefix, e.g. demo/a/main/master.m3u8. Called by
 * scripts/seed/index.ts; idempotent (objects are overwritten). The feature-like clips' playlists and
 * WebVTT files are looped on the way (scripts/media/loop.ts), so demo films last about ten minutes.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { DEMO_CLIPS, isMainVariant } from './media.ts';
import { loopedDemoFile } from '../media/loop.ts';
import { putLocal } from '../media/r2.ts';
import type { Upload } from '../media/r2.ts';

export async function uploadDemoMedia(persistTo: string | null): Promise<number> {
  const uploads: Upload[] = Object.entries(DEMO_CLIPS).flatMap(([variant, clip]) =>
    clip.files.map((file): Upload => {
      const path = join(import.meta.dirname, 'media', variant, file);
      // Feature-like clips play DEMO_LOOPS times in a row (scripts/media/loop.ts); trailers as they are.
      const body = isMainVariant(variant) ? loopedDemoFile(file, () => readFileSync(path, 'utf8'), clip.duration) : null;
      return body === null ? { key: `${clip.prefix}/${file}`, file: path } : { key: `${clip.prefix}/${file}`, file: path, body };
    }),
  );
  const started = Date.now();
  await putLocal(uploads, persistTo);
  console.log(`seed: ${uploads.length} demo media files in local R2 (${Date.now() - started} ms)`);
  return uploads.length;
}
