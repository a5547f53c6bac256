import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { ApiErrorBody } from '../api/errors';
import { DVR_WINDOW_SECONDS } from '../rules/live-tv';
import { liveMaster, livePlaylist, loopOf } from './live';
import { blockingWait, directivesSchema, lowLatencyPlaylist, partsIndexOf, withParts, type LiveParts } from './low-latency';
import { mediaContentType } from './types';

/**
 * The playlists of a simulated live channel (worker/media/live.ts, worker/media/low-latency.ts),
 * computed from the clock. A media playlist whose rendition has a `parts.json` is Low-Latency HLS:
 * `_HLS_msn` / `_HLS_part` hold the answer until that part exists (a timer: wall time, not CPU
 * time, in a Worker), `_HLS_skip=YES` answers a delta update. The query is not part of the signed
 * path, so these directives pass the signature check unchanged.
 */

/** A rendition's loop and parts, kept a minute per isolate: a blocking reload every second reads R2 once a minute, not twice a second. */
const KEEP_MS = 60_000;
const renditions = new Map<string, { at: number; live: Promise<{ text: string; live: LiveParts | null } | null> }>();

async function rendition(bucket: R2Bucket, key: string, nowMs: number): Promise<{ text: string; live: LiveParts | null } | null> {
  const kept = renditions.get(key);
  if (kept && nowMs - kept.at < KEEP_MS) return kept.live;
  const live = (async () => {
    const [playlist, parts] = await Promise.all([bucket.get(key), bucket.get(key.replace(/[^/]+$/, 'parts.json'))]);
    if (!playlist) return null;
    const text = await playlist.text();
    let index = null;
    try {
      index = parts ? partsIndexOf(await parts.json()) : null;
    } catch {
      index = null;
    }
    try {
      const loop = loopOf(text);
      return { text, live: index ? withParts(loop, index) : null };
    } catch {
      return { text, live: null };
    }
  })();
  if (renditions.size > 256) renditions.clear();
  renditions.set(key, { at: nowMs, live });
  live.catch(() => renditions.delete(key));
  return live;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** GET|HEAD of a live channel's playlist `file` (R2 key `key` of the media it plays). */
export async function livePlaylistResponse(c: Context<AppEnv>, key: string, file: string, gzip: boolean): Promise<Response> {
  const fail = (status: 400 | 404, message: string): Response => c.json({ status, message } satisfies ApiErrorBody, status, { 'Cache-Control': 'no-store' });
  const notFound = (): Response => fail(404, 'MEDIA_NOT_FOUND: no such media file');
  let body: string;
  if (file === 'master.m3u8') {
    const source = await c.env.MEDIA.get(key);
    if (!source) return notFound();
    body = liveMaster(await source.text());
  } else {
    const found = await rendition(c.env.MEDIA, key, Date.now());
    if (!found) return notFound();
    const query = directivesSchema.safeParse(c.req.query());
    if (!query.success) return fail(400, `BAD_REQUEST: ${query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { _HLS_msn: msn, _HLS_part: part, _HLS_skip: skip } = query.data;
    const live = found.live;
    if (!live) {
      try {
        body = livePlaylist(loopOf(found.text), Date.now() / 1000, DVR_WINDOW_SECONDS);
      } catch {
        return notFound();
      }
    } else {
      if (msn !== undefined) {
        const blocking = blockingWait(live, Date.now() / 1000, msn, part);
        if (!blocking.ok) return fail(400, `BAD_REQUEST: ${blocking.reason}`);
        // The part exists at a known moment of the clock: wait for it (no CPU spent while waiting).
        if (blocking.wait > 0) await sleep(Math.ceil(blocking.wait * 1000) + 5);
      }
      body = lowLatencyPlaylist(live, Date.now() / 1000, DVR_WINDOW_SECONDS, { skip: skip !== undefined });
    }
  }
  // A two-hour window is ~50 KB of text every few seconds: gzip (the runtime compresses a body whose
  // Content-Encoding it is told) brings it to a few KB for phones on slow networks. A client that
  // does not accept gzip is told `identity`, so the runtime leaves the body as it is.
  const headers = {
    'Content-Type': mediaContentType(file),
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    'Content-Encoding': gzip ? 'gzip' : 'identity',
  };
  return new Response(c.req.method === 'HEAD' ? null : body, { headers });
}
