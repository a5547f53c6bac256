import type { Context, Handler } from 'hono';
import type { AppEnv } from '../env';
import type { ApiErrorBody } from '../api/errors';
import { DVR_WINDOW_SECONDS } from '../rules/live-tv';
import { liveSource } from './live';
import { liveCaptionFile } from './live-captions-files';
import { livePlaylistResponse } from './live-route';
import { verifyMediaPath } from './sign';
import { mediaCacheControl, mediaContentType } from './types';


/**
 * Whether an Accept-Encoding header (RFC 9110 §12.5.3) accepts gzip: `gzip` or `*` with a weight
 * above 0, and not refused by `gzip;q=0`. `identity`, an empty header or none: no.
 */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}

/**
 * GET|HEAD /media/{exp}.{sig}/{r2_prefix}/{file}: a title's HLS files from R2 (binding MEDIA), only
 * with a valid signature (worker/media/sign.ts). Range requests (one range) answer 206, an
 * unsatisfiable range 416; ETag / If-None-Match give 304.
 */

const REASONS = {
  missing: 'a signed media URL is required',
  malformed: 'malformed media URL',
  expired: 'this media URL has expired',
  forged: 'invalid media URL signature',
} as const;

function failure(c: Context<AppEnv>, status: 403 | 404 | 412 | 416, message: string, headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = { status, message };
  return c.json(body, status, { 'Cache-Control': 'no-store', ...headers });
}

/** R2 refuses keys over 1,024 bytes: such a file cannot exist (404 before asking R2). */
const MAX_KEY_BYTES = 1024;

type ByteRange = { offset: number; length: number };

/**
 * The byte range of a `Range` header for an object of `size` bytes (RFC 9110 §14): null to send
 * the whole object (no header, another unit, several ranges), 'unsatisfiable' for 416.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { offset: start, length: end - start + 1 };
}

function objectHeaders(object: R2Object, file: string): Headers {
  const headers = new Headers({
    'Content-Type': mediaContentType(file),
    'Cache-Control': mediaCacheControl(file),
    'Accept-Ranges': 'bytes',
    ETag: object.httpEtag,
    'Last-Modified': object.uploaded.toUTCString(),
  });
  return headers;
}

const hasBody = (object: R2Object): object is R2ObjectBody => 'body' in object;

/** The entity tag of an If-None-Match header when it names exactly one (quotes kept off), else null. */
const singleTag = (header: string | undefined): string | null => {
  const match = header ? /^\s*(?:W\/)?"([^",]*)"\s*$/.exec(header) : null;
  return match?.[1] ?? null;
};

export const media: Handler<AppEnv> = async (c) => {
  const verified = await verifyMediaPath(c.env, new URL(c.req.url).pathname);
  if (!verified.ok) return failure(c, 403, `FORBIDDEN: ${REASONS[verified.reason]}`);
  const { file } = verified;
  const bucket = c.env.MEDIA;
  const notFound = (): Response => failure(c, 404, 'MEDIA_NOT_FOUND: no such media file');
  // A simulated live channel (worker/media/live.ts): its playlists are computed from the clock,
  // its other files are those of the media it plays.
  const live = liveSource(verified.prefix);
  const key = live ? `${live}/${file}` : verified.key;
  // Its subtitles: live subtitle playlists and their segments, made from the media's WebVTT files.
  const captions = live ? await liveCaptionFile(bucket, live, file, Date.now() / 1000, DVR_WINDOW_SECONDS) : null;
  if (captions) return new Response(c.req.method === 'HEAD' ? null : captions.body, { headers: { 'Content-Type': mediaContentType(file), 'Cache-Control': captions.cache } });
  if (live && file.endsWith('.m3u8')) return livePlaylistResponse(c, key, file, acceptsGzip(c.req.header('Accept-Encoding')));
  if (new TextEncoder().encode(key).byteLength > MAX_KEY_BYTES) return notFound();
  const rangeHeader = c.req.header('Range');
  const ifNoneMatch = singleTag(c.req.header('If-None-Match'));

  // Whole file (how hls.js asks for segments): one R2 call.
  if (!rangeHeader) {
    const object = c.req.method === 'HEAD' ? await bucket.head(key) : await bucket.get(key, ifNoneMatch ? { onlyIf: { etagDoesNotMatch: ifNoneMatch } } : {});
    if (!object) return notFound();
    const headers = objectHeaders(object, file);
    if (ifNoneMatch === object.etag) return new Response(null, { status: 304, headers });
    headers.set('Content-Length', String(object.size));
    return new Response(hasBody(object) ? object.body : null, { status: 200, headers });
  }

  // A range: the size first, then exactly those bytes of that same version of the object.
  const head = await bucket.head(key);
  if (!head) return notFound();
  const headers = objectHeaders(head, file);
  const ifRange = c.req.header('If-Range');
  const range = parseRange(ifRange && ifRange !== head.httpEtag ? null : rangeHeader, head.size);
  if (range === 'unsatisfiable') return failure(c, 416, 'RANGE_NOT_SATISFIABLE: outside the file', { 'Content-Range': `bytes */${head.size}`, 'Accept-Ranges': 'bytes' });
  const status = range ? 206 : 200;
  headers.set('Content-Length', String(range ? range.length : head.size));
  if (range) headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const object = await bucket.get(key, { ...(range ? { range } : {}), onlyIf: { etagMatches: head.etag } });
  if (!object) return notFound();
  if (!hasBody(object)) return failure(c, 412, 'PRECONDITION_FAILED: the file changed, retry');
  return new Response(object.body, { status, headers });
};
