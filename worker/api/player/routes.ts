import { dataUsageOf } from '../../rules/data-usage';
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../env';
import { recordEvent } from '../../analytics/events';
import { STREAM_HEARTBEAT_SECONDS, streamIdFor, streamLimiter } from '../../limits/streams';
import { clientOf } from '../kernel/request';
import { signMedia, signMediaPath } from '../../media/sign';
import { authenticate } from '../kernel/auth';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { spendTicket } from '../payments/tickets';
import { PAYMENT_REFUSALS } from '../payments/refusals';
import { answer } from '../kernel/refusals';
import { patronOfTitle } from '../entitlements/library';
import { validationHook } from '../kernel/validation';
import type { PlaybackViewer } from '../entitlements/access';
import { accessFor, libraryCardRequired, playbackViewer, requestedProfile, streamOwner } from '../entitlements/routes';
import { playbackTitle, resumePosition, saveWatched, settleWatchedTime, watchTarget, type MediaRow, type PlaybackTitle } from './queries';
import type { Lang } from '../../rules/lang';
import { catchUp } from '../kernel/request-db';
import {
  contentIdParam,
  firstFrameQuery,
  streamIdParam,
  streamUrlParam,
  streamUrlQuery,
  WatchedBody,
  type DevicesReached,
  type FirstFrameAnswer,
  type HeartbeatAnswer,
  type StreamAnswer,
  type WatchedAnswer,
} from './schemas';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** 409: the account already plays its maximum of streams; the message names the way out. */
function devicesReached(limit: number): never {
  const body: DevicesReached = { status: 409, message: 'MAXIMUM_DEVICES_REACHED: stop watching on another device', limit };
  throw new HTTPException(409, { res: Response.json(body, { status: 409, headers: NO_STORE }) });
}

/** The body of a watched-time call: JSON, also when sent as text/plain (navigator.sendBeacon). */
async function watchedBody(c: Context<AppEnv>): Promise<WatchedBody> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    apiError(400, 'BAD_REQUEST', 'body: expected JSON');
  }
  const parsed = WatchedBody.safeParse(value);
  if (!parsed.success) validationHook(parsed, c);
  return parsed.data as WatchedBody;
}

/**
 * PUT|POST /actions/watched/{contentId} {time, profile?}: the viewing profile's watched time (one
 * 'watched' action per profile and content). At or past 95% of the duration the title is finished
 * and the time saved is the duration. Guests: 200 and nothing saved (they keep it locally).
 */
async function saveWatchedTime(c: Context<AppEnv, '/actions/watched/:contentId', { out: { param: { contentId: number } } }>): Promise<Response> {
  const { contentId } = c.req.valid('param');
  const body = await watchedBody(c);
  const viewer = await playbackViewer(c, body.profile);
  const target = await watchTarget(c.env.DB, contentId, viewer.age);
  if (!target) apiError(404, 'CONTENT_NOT_FOUND', String(contentId));
  if (!target.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', String(contentId));
  const { time, finished } = settleWatchedTime(body.time, target.duration);
  if (viewer.user && viewer.profile) {
    const position = { userId: viewer.user.id, profileId: viewer.profile.id, contentId, time, at: now(c).getTime() };
    // The player's saves while it plays wait in the account's object (worker/limits/positions.ts);
    // the one sent as the page goes away (POST, the beacon) is written at once.
    if (c.req.method === 'POST') await saveWatched(c.env, position);
    else await streamLimiter(c.env).savePosition(position);
  }
  return c.json({ id: contentId, time, finished, saved: viewer.user !== null } satisfies WatchedAnswer, 200, NO_STORE);
}

/**
 * Playback (issue 5, spec §6 Premium subscriber and geoblocking, §8): signed stream URLs, stream
 * slots with heartbeats, and watched times. Mounted at the API root (worker/api/index.ts).
 */
/** Seconds of one HLS segment (scripts/media/ladder.ts). */
const SEGMENT_SECONDS = 6;

/**
 * What the player fetches before its first frame, for the page to preload while hls.js loads:
 * the lightest rendition's playlist and init segment (the player starts there), its first
 * segment when playback starts at 0 (`resumeAt` null: no segment, for a prefetch before Play),
 * and the same for the default audio track when there is one.
 * Every file shares the master's signature (it is bound to the title's prefix).
 */
async function firstFrameFiles(bucket: R2Bucket, media: MediaRow, masterPath: string, resumeAt: number | null): Promise<string[]> {
  if (media.lowest === null) return [];
  const base = masterPath.slice(0, -'master.m3u8'.length);
  const folders = [`${media.lowest}p`];
  if (await bucket.head(`${media.r2_prefix}/audio/0/index.m3u8`)) folders.push('audio/0');
  const files = ['index.m3u8', 'init.mp4', ...(resumeAt !== null && resumeAt < SEGMENT_SECONDS ? ['seg_000.m4s'] : [])];
  return folders.flatMap((folder) => files.map((file) => `${base}${folder}/${file}`));
}

/**
 * The stream of a title the caller may watch (every refusal checked before): the signed master
 * playlist and first-frame files, a stream slot (not for trailers: a 409 MAXIMUM_DEVICES_REACHED
 * when the account plays its maximum), where to resume. Also a show's replay (worker/api/events/stream).
 */
export async function titleStream(c: Context<AppEnv>, viewer: PlaybackViewer, title: PlaybackTitle, trailer: boolean): Promise<StreamAnswer> {
  const { media } = title;
  if (!media) apiError(404, 'MEDIA_NOT_FOUND', title.content.slug);

  const sign = (file: string | null) => (file ? signMediaPath(c.env, media.r2_prefix, file) : Promise.resolve(null));
  const [master, poster, thumbnails, subtitles] = await Promise.all([
    signMedia(c.env, media.r2_prefix, 'master.m3u8'),
    sign(media.poster),
    sign(media.thumbnails),
    Promise.all(media.subtitles.map(async (s) => ({ lang: s.lang, url: await signMediaPath(c.env, media.r2_prefix, s.file) }))),
  ]);

  const resumeAt = trailer ? 0 : resumePosition(title.watchedTime, media.duration);
  // Last, so that no refusal above leaves a slot taken; the first-frame files (a look in R2) meanwhile.
  const id = trailer ? null : streamIdFor(c.req.header('x-device-id') ?? c.req.header('x-client-ip') ?? '');
  const [preload, slot] = await Promise.all([
    firstFrameFiles(c.env.MEDIA, media, master.path, resumeAt),
    id === null ? null : streamLimiter(c.env).start(streamOwner(c, viewer.user), id),
  ]);
  if (slot && !slot.allowed) devicesReached(slot.limit);
  recordEvent(c.env, { event: 'title_view', slug: title.content.slug, trailer }, clientOf(c).country || null);
  const answer: StreamAnswer = {
    url: master.path,
    preload,
    expiresAt: master.expiresAt,
    duration: media.duration,
    poster,
    thumbnails,
    subtitles,
    resumeAt,
    streamId: id,
    heartbeatSeconds: STREAM_HEARTBEAT_SECONDS,
    content: title.content,
    next: trailer ? null : title.next,
    autoplay: viewer.profile ? viewer.profile.autoplay === 1 : true,
    ...(viewer.profile ? { dataUsage: dataUsageOf(viewer.profile.data_usage) } : {}),
    live: null,
  };
  return answer;
}

/**
 * The viewer and the title when the viewer may play it, else the refusal, in this order: 404
 * CONTENT_NOT_FOUND, 403 CONTENT_NOT_AVAILABLE (age), 451 GEOBLOCKED, 403 PREMIUM_REQUIRED (not for
 * trailers; 403 LIBRARY_CARD_REQUIRED for a patron of a library including the title, without a loan).
 */
async function playableTitle(c: Context<AppEnv>, slug: string, lang: Lang, trailer: boolean): Promise<{ viewer: PlaybackViewer; title: PlaybackTitle }> {
  const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
  // Where to resume: the positions another device of the account keeps are written first (worker/limits/positions.ts).
  if (viewer.user && !trailer) catchUp(c.env.DB, await streamLimiter(c.env).settlePositions(viewer.user.id));
  const kind = trailer ? 'trailer' : 'main';
  const title = await playbackTitle(c.env, lang, slug, viewer.age, kind, viewer.profile?.id ?? null);
  if (!title) apiError(404, 'CONTENT_NOT_FOUND', slug);
  if (!title.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', slug);
  const unlockable = [title.content.id, ...(title.content.parent ? [title.content.parent.id] : [])];
  const access = await accessFor(c, viewer, trailer ? { ...title.rights, premium: false } : title.rights, unlockable);
  if (access === 'geoblocked') apiError(451, 'GEOBLOCKED', 'this title is not available in your country');
  // A library's patron without a running loan on its title (issue 17): spec §8 "a valid library card is required to watch".
  if (access === 'premium' && viewer.user && (await patronOfTitle(c.env.DB, viewer.user.id, unlockable))) libraryCardRequired();
  if (access === 'premium') apiError(403, 'PREMIUM_REQUIRED', 'You have to be a premium subscriber to access this content');
  return { viewer, title };
}

export const player = new Hono<AppEnv>()
  /**
   * GET /pages/content/{slug}/stream_url?profileId=&trailer=1: refusals in this order — 404
   * CONTENT_NOT_FOUND, 403 CONTENT_NOT_AVAILABLE (age), 451 GEOBLOCKED, 403 PREMIUM_REQUIRED (not
   * for trailers; 403 LIBRARY_CARD_REQUIRED for a patron of a library including the title, without a loan), 404 MEDIA_NOT_FOUND, 409 MAXIMUM_DEVICES_REACHED (not for trailers).
   */
  .get('/pages/content/:slug/stream_url', zValidator('param', streamUrlParam, validationHook), zValidator('query', streamUrlQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang, trailer } = c.req.valid('query');
    const { viewer, title } = await playableTitle(c, slug, lang, trailer);
    return c.json(await titleStream(c, viewer, title, trailer), 200, NO_STORE);
  })
  /**
   * GET /pages/content/{slug}/first_frame?profileId=: the signed files a press on Play will need
   * first (master playlist, the lightest rendition's and the audio's playlists and init segments),
   * for the content page to fetch when the person shows the intent to play (client/player/intent.ts).
   * The same refusals as stream_url, but no stream slot: nothing plays yet.
   */
  .get('/pages/content/:slug/first_frame', zValidator('param', streamUrlParam, validationHook), zValidator('query', firstFrameQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    const { viewer, title } = await playableTitle(c, slug, lang, false);
    const { media } = title;
    if (!media) apiError(404, 'MEDIA_NOT_FOUND', slug);
    const master = await signMediaPath(c.env, media.r2_prefix, 'master.m3u8');
    const body: FirstFrameAnswer = {
      files: [master, ...(await firstFrameFiles(c.env.MEDIA, media, master, null))],
      ...(viewer.profile ? { dataUsage: dataUsageOf(viewer.profile.data_usage) } : {}),
    };
    return c.json(body, 200, NO_STORE);
  })
  /** POST /streams/{streamId}/heartbeat: keeps the slot; 409 MAXIMUM_DEVICES_REACHED once it was lost. */
  /**
   * POST /pages/content/{slug}/unlock?profileId= (issue 14, spec §9): one ticket opens this premium title
   * for one viewing, resumable for 48 hours. Refusals: 401 guests, 404 CONTENT_NOT_FOUND / MEDIA_NOT_FOUND,
   * 403 CONTENT_NOT_AVAILABLE (age), 451 GEOBLOCKED, 409 NOT_PREMIUM_CONTENT (free, or already subscribed),
   * 409 NO_TICKETS. A title already unlocked answers its unlock and spends nothing.
   */
  .post('/pages/content/:slug/unlock', zValidator('param', streamUrlParam, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    if (!viewer.user) apiError(401, 'NOT_AUTHORIZED', 'log in to use tickets');
    const title = await playbackTitle(c.env, 'en', slug, viewer.age, 'main', null);
    if (!title) apiError(404, 'CONTENT_NOT_FOUND', slug);
    if (!title.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', slug);
    if (!title.media) apiError(404, 'MEDIA_NOT_FOUND', slug);
    const access = await accessFor(c, { ...viewer, subscribed: false }, title.rights);
    if (access === 'geoblocked') apiError(451, 'GEOBLOCKED', 'this title is not available in your country');
    if (access === 'ok' || viewer.subscribed) apiError(409, 'NOT_PREMIUM_CONTENT', 'no ticket needed to watch this title');
    const { unlock, spent, credits } = answer(PAYMENT_REFUSALS, await spendTicket(c.env.DB, viewer.user.id, title.content.id, now(c)));
    return c.json({ unlocked_until: unlock.expires_at, spent, credits });
  })
  .post('/streams/:streamId/heartbeat', zValidator('param', streamIdParam, validationHook), async (c) => {
    const { streamId } = c.req.valid('param');
    const auth = await authenticate(c);
    const limits = streamLimiter(c.env);
    const beat = await limits.heartbeat(streamOwner(c, auth?.user ?? null), streamId);
    if (!beat.alive) devicesReached(limits.limit);
    return c.json({ alive: true, heartbeatSeconds: STREAM_HEARTBEAT_SECONDS } satisfies HeartbeatAnswer, 200, NO_STORE);
  })
  /** POST /streams/{streamId}/stop: frees the slot (idempotent; sendBeacon-friendly, no body needed). */
  .post('/streams/:streamId/stop', zValidator('param', streamIdParam, validationHook), async (c) => {
    const { streamId } = c.req.valid('param');
    const auth = await authenticate(c);
    await streamLimiter(c.env).stop(streamOwner(c, auth?.user ?? null), streamId);
    return c.json({ status: 200, message: 'STREAM_STOPPED' }, 200, NO_STORE);
  })
  .put('/actions/watched/:contentId', zValidator('param', contentIdParam, validationHook), saveWatchedTime)
  .post('/actions/watched/:contentId', zValidator('param', contentIdParam, validationHook), saveWatchedTime);
