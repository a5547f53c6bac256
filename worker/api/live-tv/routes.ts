import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../env';
import { STREAM_HEARTBEAT_SECONDS, streamIdFor, streamLimiter } from '../../limits/streams';
import { signMedia } from '../../media/sign';
import { LIVE_PREFIX, liveFirstFiles } from '../../media/live';
import { allowedFor } from '../../rules/age';
import type { Lang } from '../../rules/lang';
import { DVR_WINDOW_SECONDS, GUIDE_DAYS_AHEAD, GUIDE_DAYS_BACK, REMINDER_LEAD_MINUTES, remindable } from '../../rules/live-tv';
import { authenticate } from '../kernel/auth';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { countryList } from '../entitlements/access';
import { accessFor, playbackViewer, requestedProfile, streamOwner } from '../entitlements/routes';
import type { UserRow } from '../kernel/users';
import type { DevicesReached, StreamAnswer } from '../player/schemas';
import { langQuery } from '../schemas';
import { validationHook } from '../kernel/validation';
import { channelById, channelBySlug, channelName, programmeRow, programmesIn, toChannel, toProgramme, visibleChannels, type ChannelRow } from './queries';
import { vapidKeys } from '../../push/keys';
import { deliverReminders, markReminderRead, removeReminder, sentReminders, setReminder } from './reminders';
import { channelParam, deliverQuery, guideQuery, programmeParam, type Guide, type ProgrammeDetails, type ReminderAnswer } from './schemas';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** The longest guide window one call may ask for. */
const MAX_WINDOW_SECONDS = 2 * 86400;
/** /pages/tv: programmes from this long before now (the one on now) to this long after (what comes next). */
const TV_BEHIND_SECONDS = 6 * 3600;
const TV_AHEAD_SECONDS = 12 * 3600;

const unix = (c: Context<AppEnv>): number => Math.floor(now(c).getTime() / 1000);

/** The channels the caller may see, with their programmes in [from, to). */
async function guide(c: Context<AppEnv>, lang: Lang, from: number, to: number): Promise<Guide> {
  const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
  const channels = await visibleChannels(c.env.DB, viewer.age);
  const rows = await programmesIn(c.env.DB, channels.map((ch) => ch.id), from, to, viewer.age, viewer.user?.id ?? null);
  return {
    from,
    to,
    now: unix(c),
    channels: channels.map((ch) => toChannel(ch, lang, rows.filter((p) => p.channel_id === ch.id).map((p) => toProgramme(p, lang)))),
  };
}

/** 409: the account already plays its maximum of streams (as for titles, worker/api/player). */
function devicesReached(limit: number): never {
  const body: DevicesReached = { status: 409, message: 'MAXIMUM_DEVICES_REACHED: stop watching on another device', limit };
  throw new HTTPException(409, { res: Response.json(body, { status: 409, headers: NO_STORE }) });
}

/** A live stream's master playlist, and what its page preloads for the first frame (signed files of the same prefix). */
export type LiveSource = { url: string; expiresAt: number; preload?: string[] };

/**
 * The channel's live master playlist: its live origin, or its demo media as a simulated live stream
 * (signed), with the first files a player fetches (liveFirstFiles) for the page to preload.
 */
export async function liveUrl(c: Context<AppEnv>, channel: ChannelRow): Promise<LiveSource> {
  if (channel.source_url) return { url: channel.source_url, expiresAt: unix(c) + 86400 };
  if (!channel.demo_prefix) apiError(404, 'MEDIA_NOT_FOUND', channel.slug);
  const prefix = `${LIVE_PREFIX}${channel.demo_prefix}`;
  const [signed, master] = await Promise.all([signMedia(c.env, prefix, 'master.m3u8'), c.env.MEDIA.get(`${channel.demo_prefix}/master.m3u8`)]);
  const base = signed.path.slice(0, -'master.m3u8'.length);
  const preload = master ? liveFirstFiles(await master.text()).map((file) => `${base}${file}`) : [];
  return { url: signed.path, expiresAt: signed.expiresAt, preload };
}

/**
 * A live stream's answer (a channel, or a show's live stream: worker/api/events/stream): its URL,
 * a stream slot counted with the account's titles (409 MAXIMUM_DEVICES_REACHED), the player's live mode.
 */
export async function liveStream(c: Context<AppEnv>, user: Pick<UserRow, 'id'> | null, source: LiveSource, content: StreamAnswer['content'], live: NonNullable<StreamAnswer['live']>): Promise<StreamAnswer> {
  const id = streamIdFor(c.req.header('x-device-id') ?? c.req.header('x-client-ip') ?? '');
  const slot = await streamLimiter(c.env).start(streamOwner(c, user), id);
  if (!slot.allowed) devicesReached(slot.limit);
  return {
    url: source.url,
    preload: source.preload ?? [],
    expiresAt: source.expiresAt,
    duration: 0,
    poster: null,
    thumbnails: null,
    subtitles: [],
    resumeAt: 0,
    streamId: id,
    heartbeatSeconds: STREAM_HEARTBEAT_SECONDS,
    content,
    next: null,
    autoplay: true,
    live,
  };
}

/** The signed-in caller, or 401. */
async function member(c: Context<AppEnv>) {
  const auth = await authenticate(c);
  if (!auth) apiError(401, 'NOT_AUTHORIZED', 'log in to set reminders');
  return auth.user;
}

/**
 * Live TV and the programme guide (issue 16, spec §2 /tv and /epg). Mounted at the API root.
 */
export const liveTv = new Hono<AppEnv>()
  /** GET /pages/tv?profileId=: the channels with what is on now and next (the programmes of the hours around now). */
  .get('/pages/tv', zValidator('query', langQuery, validationHook), async (c) => {
    const at = unix(c);
    return c.json(await guide(c, c.req.valid('query').lang, at - TV_BEHIND_SECONDS, at + TV_AHEAD_SECONDS), 200, NO_STORE);
  })
  /** GET /pages/epg?from=&to=&profileId=: the guide's programmes in a window (at most two days, within the guide's days). */
  .get('/pages/epg', zValidator('query', guideQuery, validationHook), async (c) => {
    const { from, to, lang } = c.req.valid('query');
    const at = unix(c);
    if (to <= from) apiError(400, 'BAD_REQUEST', 'to: must be after from');
    if (to - from > MAX_WINDOW_SECONDS) apiError(400, 'BAD_REQUEST', 'to: at most two days after from');
    if (from < at - (GUIDE_DAYS_BACK + 1) * 86400 || to > at + (GUIDE_DAYS_AHEAD + 2) * 86400) apiError(400, 'BAD_REQUEST', `from: the guide covers ${GUIDE_DAYS_BACK} days back and ${GUIDE_DAYS_AHEAD} ahead`);
    return c.json(await guide(c, lang, from, to), 200, NO_STORE);
  })
  /** GET /pages/tv/programmes/{id}: one programme with its channel (404 PROGRAMME_NOT_FOUND also when the viewer's age hides it). */
  .get('/pages/tv/programmes/:programmeId', zValidator('param', programmeParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { programmeId } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const row = await programmeRow(c.env.DB, programmeId, viewer.user?.id ?? null);
    const channel = row ? await channelById(c.env.DB, row.channel_id) : null;
    if (!row || !channel || !allowedFor(viewer.age, row.age_rating) || !allowedFor(viewer.age, channel.age_rating)) apiError(404, 'PROGRAMME_NOT_FOUND', String(programmeId));
    const { programmes: _none, ...head } = toChannel(channel, lang, []);
    return c.json({ programme: toProgramme(row, lang), channel: head } satisfies ProgrammeDetails, 200, NO_STORE);
  })
  /**
   * GET /pages/tv/{slug}/stream_url?profileId=: the channel's live stream, refused as titles are —
   * 404 CHANNEL_NOT_FOUND, 403 CONTENT_NOT_AVAILABLE (age), 451 GEOBLOCKED, 403 PREMIUM_REQUIRED,
   * 409 MAXIMUM_DEVICES_REACHED — with the same stream slots and heartbeats.
   */
  .get('/pages/tv/:slug/stream_url', zValidator('param', channelParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { slug } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const channel = await channelBySlug(c.env.DB, slug);
    if (!channel) apiError(404, 'CHANNEL_NOT_FOUND', slug);
    if (!allowedFor(viewer.age, channel.age_rating)) apiError(403, 'CONTENT_NOT_AVAILABLE', slug);
    const access = await accessFor(c, viewer, { premium: channel.premium === 1, allowedCountries: countryList(channel.allowed_countries) });
    if (access === 'geoblocked') apiError(451, 'GEOBLOCKED', 'this channel is not available in your country');
    if (access === 'premium') apiError(403, 'PREMIUM_REQUIRED', 'You have to be a premium subscriber to access this content');
    const content = { id: channel.id, slug: channel.slug, name_long: channelName(channel, lang), type: 'video', parent: null, season_number: null, episode_number: null } as const;
    return c.json(await liveStream(c, viewer.user, await liveUrl(c, channel), content, { channel: channel.slug, window: DVR_WINDOW_SECONDS }), 200, NO_STORE);
  })
  /**
   * Development only (DEV_OUTBOX=true; 404 otherwise): runs the cron's reminder delivery now, or at
   * `?at=` (an ISO time: the clock injected, as the e2e tests and a developer trying a reminder do).
   */
  .post('/tv/reminders/deliver', zValidator('query', deliverQuery, validationHook), async (c) => {
    if (c.env.DEV_OUTBOX !== 'true') apiError(404, 'E_ROUTE_NOT_FOUND', `${c.req.method} ${c.req.path}`);
    const { at } = c.req.valid('query');
    return c.json(await deliverReminders(c.env.DB, vapidKeys(c.env), at ? new Date(at) : now(c)), 200, NO_STORE);
  })
  /** GET /actions/reminders: the caller's delivered reminders (the bell), newest first. */
  .get('/actions/reminders', zValidator('query', langQuery, validationHook), async (c) => {
    const user = await member(c);
    return c.json(await sentReminders(c.env.DB, user.id, c.req.valid('query').lang, now(c)), 200, NO_STORE);
  })
  /**
   * POST /actions/reminders/{programmeId}: "remind me" — a bell notification and a web push
   * REMINDER_LEAD_MINUTES before it starts. 409 PROGRAMME_STARTED once it has begun.
   */
  .post('/actions/reminders/:programmeId', zValidator('param', programmeParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const user = await member(c);
    const { programmeId } = c.req.valid('param');
    const row = await programmeRow(c.env.DB, programmeId, user.id);
    if (!row) apiError(404, 'PROGRAMME_NOT_FOUND', String(programmeId));
    if (!remindable(row, unix(c))) apiError(409, 'PROGRAMME_STARTED', 'this programme has already started');
    await setReminder(c.env.DB, user.id, programmeId, c.req.valid('query').lang, now(c));
    return c.json({ programme_id: programmeId, reminded: true, notify_at: row.starts_at - REMINDER_LEAD_MINUTES * 60 } satisfies ReminderAnswer, 200, NO_STORE);
  })
  .delete('/actions/reminders/:programmeId', zValidator('param', programmeParam, validationHook), async (c) => {
    const user = await member(c);
    const { programmeId } = c.req.valid('param');
    await removeReminder(c.env.DB, user.id, programmeId);
    return c.json({ programme_id: programmeId, reminded: false, notify_at: null } satisfies ReminderAnswer, 200, NO_STORE);
  })
  /** POST /actions/reminders/{programmeId}/read: opened from the bell. */
  .post('/actions/reminders/:programmeId/read', zValidator('param', programmeParam, validationHook), async (c) => {
    const user = await member(c);
    const { programmeId } = c.req.valid('param');
    if (!(await markReminderRead(c.env.DB, user.id, programmeId, now(c)))) apiError(404, 'REMINDER_NOT_FOUND', String(programmeId));
    return c.json({ status: 200, message: 'REMINDER_READ' }, 200, NO_STORE);
  });
