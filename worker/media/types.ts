/**
 * Content types and cache lifetimes of the files of a title's media, by extension. No imports:
 * also used by the Node scripts that upload media (scripts/media).
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/mp4',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
};

/** Playlists may be rewritten by a new ingest; segments, images and subtitles of a URL never change. */
const PLAYLIST_CACHE = 'private, max-age=60';
const IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';

const extension = (file: string): string => file.slice(file.lastIndexOf('.') + 1).toLowerCase();
export const mediaContentType = (file: string): string => CONTENT_TYPES[extension(file)] ?? 'application/octet-stream';
export const mediaCacheControl = (file: string): string => (extension(file) === 'm3u8' ? PLAYLIST_CACHE : IMMUTABLE_CACHE);
