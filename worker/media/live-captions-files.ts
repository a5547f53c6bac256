import { captionFile, captionSegment, liveCaptionPlaylist, parseVtt, subtitleFiles } from './live-captions';
import { loopOf } from './live';

/**
 * The files under `captions/` of a simulated live channel (worker/media/live-captions.ts), made
 * from the R2 files of the media it plays (`source`, its R2 prefix): a live subtitle playlist (the
 * loop's length from the first video rendition), or a segment (the cues of the rendition's WebVTT
 * files). Null when the file is not one of them or its media has no such subtitles.
 */
export async function liveCaptionFile(bucket: R2Bucket, source: string, file: string, now: number, windowSeconds: number): Promise<{ body: string; cache: string } | null> {
  const asked = captionFile(file);
  if (!asked) return null;
  const text = async (path: string): Promise<string | null> => (await bucket.get(`${source}/${path}`))?.text() ?? null;
  const folder = asked.source.includes('/') ? asked.source.slice(0, asked.source.lastIndexOf('/') + 1) : '';
  if (asked.kind === 'segment') {
    const playlist = await text(asked.source);
    if (!playlist) return null;
    const files = await Promise.all(subtitleFiles(playlist).map((uri) => text(`${folder}${uri}`)));
    const cues = files.flatMap((vtt) => (vtt ? parseVtt(vtt) : []));
    return { body: captionSegment(cues, asked.from, asked.to), cache: 'private, max-age=31536000, immutable' };
  }
  // A rendition the master names, and the loop of its first video rendition.
  const master = await text('master.m3u8');
  if (!master || !master.split(/\r?\n/).some((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES') && l.includes(`URI="${asked.source}"`))) return null;
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  const variant = lines[lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF')) + 1];
  const media = variant && !variant.startsWith('#') ? await text(variant) : null;
  if (!media) return null;
  const name = asked.source.slice(folder.length).replace(/\.m3u8$/, '');
  return { body: liveCaptionPlaylist(name, loopOf(media).length, now, windowSeconds), cache: 'no-cache' };
}
