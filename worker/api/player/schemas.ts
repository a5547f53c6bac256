import { z } from 'zod';
import { DATA_USAGES } from '../../rules/data-usage';
import { langQuery, slug } from '../schemas';

/** GET /pages/content/{slug}/stream_url?profileId=&trailer=1 (profileId: read by requestedProfile). */
export const streamUrlQuery = langQuery.extend({
  trailer: z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true'),
});

export const streamUrlParam = z.object({ slug });

/** GET /pages/content/{slug}/first_frame?profileId= (profileId: read by requestedProfile). */
export const firstFrameQuery = langQuery;

/** `{device tag}.{uuid}` (worker/limits/streams.ts streamIdFor). */
export const streamIdParam = z.object({ streamId: z.string().regex(/^[0-9a-z]{1,8}\.[0-9a-f-]{36}$/) });

export const contentIdParam = z.object({ contentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** PUT|POST /actions/watched/{contentId}: seconds from the start; `profile` defaults to the session's. */
export const WatchedBody = z.object({
  time: z.number().min(0).max(7 * 24 * 3600),
  profile: z.number().int().min(1).optional(),
});
export type WatchedBody = z.infer<typeof WatchedBody>;

/** The answer of PUT|POST /actions/watched/{contentId}. `saved` is false for guests (they keep it locally). */
export const WatchedAnswer = z.object({ id: z.number(), time: z.number(), finished: z.boolean(), saved: z.boolean() });
export type WatchedAnswer = z.infer<typeof WatchedAnswer>;

const EpisodeRef = z.object({
  slug: z.string(),
  name_long: z.string(),
  season_number: z.number().nullable(),
  episode_number: z.number().nullable(),
});

/**
 * GET /pages/content/{slug}/stream_url. URLs are site-relative signed /media paths, valid until
 * `expiresAt` (unix seconds). `streamId` (null for trailers) is kept alive with POST
 * /streams/{streamId}/heartbeat every `heartbeatSeconds` and freed with POST /streams/{streamId}/stop.
 */
export const StreamAnswer = z.object({
  url: z.string(),
  /** Signed media files the player needs for its first frame (the page preloads them). */
  preload: z.array(z.string()),
  expiresAt: z.number(),
  /** Seconds. */
  duration: z.number(),
  poster: z.string().nullable(),
  thumbnails: z.string().nullable(),
  subtitles: z.array(z.object({ lang: z.string(), url: z.string() })),
  /** Seconds: the profile's watched time, 0 when finished, never watched, a trailer or a guest. */
  resumeAt: z.number(),
  streamId: z.string().nullable(),
  heartbeatSeconds: z.number(),
  content: z.object({
    id: z.number(),
    slug: z.string(),
    name_long: z.string(),
    type: z.enum(['video', 'playlist', 'grid', 'webview']),
    parent: z.object({ id: z.number(), slug: z.string(), name_long: z.string() }).nullable(),
    season_number: z.number().nullable(),
    episode_number: z.number().nullable(),
  }),
  /** The following episode (next in the season, else the first of the next season) that can be played. */
  next: EpisodeRef.nullable(),
  /** The viewing profile's autoplay (guests: true). */
  autoplay: z.boolean(),
  /** The viewing profile's data usage (worker/rules/data-usage.ts); absent for guests and live streams: Automatic. */
  dataUsage: z.enum(DATA_USAGES).optional(),
  /** A live channel (issue 16, GET /pages/tv/{slug}/stream_url): its slug and the seconds of its DVR window; null for titles. */
  live: z.object({ channel: z.string(), window: z.number() }).nullable(),
});
export type StreamAnswer = z.infer<typeof StreamAnswer>;

/**
 * GET /pages/content/{slug}/first_frame: signed files the player fetches first (the master playlist
 * first, then the lightest rendition's and the audio's playlists and init segments), with the
 * viewing profile's data usage (absent for guests: Automatic), which may forbid fetching them ahead.
 */
export const FirstFrameAnswer = z.object({
  files: z.array(z.string()),
  dataUsage: z.enum(DATA_USAGES).optional(),
});
export type FirstFrameAnswer = z.infer<typeof FirstFrameAnswer>;

/** POST /streams/{streamId}/heartbeat. */
export const HeartbeatAnswer = z.object({ alive: z.literal(true), heartbeatSeconds: z.number() });
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>;

/** 409 of stream_url and heartbeat: `{ status, message: 'MAXIMUM_DEVICES_REACHED: …', limit }`. */
export const DevicesReached = z.object({ status: z.literal(409), message: z.string(), limit: z.number() });
export type DevicesReached = z.infer<typeof DevicesReached>;
