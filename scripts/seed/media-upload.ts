/**
 * Uploads the committed demo media (scripts/seed/media/{variant}/, listed in demo.json) into the
 * LOCAL R2 bucket under each clip's prefix, e.g. demo/a/main/master.m3u8. Called by
 * scripts/seed/index.ts; idempotent (objects are overwritten).
 */
import { join } from 'node:path';
import { DEMO_CLIPS } from './media.ts';
import { putLocal } from '../media/r2.ts';
import type { Upload } from '../media/r2.ts';

export async function uploadDemoMedia(persistTo: string | null): Promise<number> {
  const uploads: Upload[] = Object.entries(DEMO_CLIPS).flatMap(([variant, clip]) =>
    clip.files.map((file) => ({ key: `${clip.prefix}/${file}`, file: join(import.meta.dirname, 'media', variant, file) })),
  );
  const started = Date.now();
  await putLocal(uploads, persistTo);
  console.log(`seed: ${uploads.length} demo media files in local R2 (${Date.now() - started} ms)`);
  return uploads.length;
}
