import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../../env';
import { streamWindow } from '../../../rules/eticket';
import { DVR_WINDOW_SECONDS } from '../../../rules/live-tv';
import type { Lang } from '../../../rules/lang';
import { pickText } from '../../../rules/texts';
import { now } from '../../kernel/clock';
import { apiError } from '../../errors';
import { channelById } from '../../live-tv/queries';
import { liveStream, liveUrl } from '../../live-tv/routes';
import type { PlaybackViewer } from '../../entitlements/access';
import { accessFor, playbackViewer, requestedProfile } from '../../entitlements/routes';
import { playbackTitle } from '../../player/queries';
import { titleStream } from '../../player/routes';
import type { StreamAnswer } from '../../player/schemas';
import { validationHook } from '../../kernel/validation';
import { holdsStreamPass, showForStream, type ShowStreamRow } from './queries';
import { showParam, showStreamQuery, type ShowStream, type ShowStreamRefused, type ShowTimes } from './schemas';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function refuse(status: ContentfulStatusCode, code: string, detail: string, show: ShowTimes, times: Pick<ShowStreamRefused, 'opens_at' | 'closed_at'> = {}): never {
  const body: ShowStreamRefused = { status, message: `${code}: ${detail}`, show, ...times };
  throw new HTTPException(status, { res: Response.json(body, { status, headers: NO_STORE }) });
}

const showTitle = (show: ShowStreamRow, lang: Lang): string => pickText(show.titles, lang) || show.slug;

/** The show's live stream: its live TV channel (issue 16's simulated or real live), else its live source URL. */
async function liveOf(c: Context<AppEnv>, viewer: PlaybackViewer, show: ShowStreamRow, lang: Lang): Promise<StreamAnswer> {
  const content = { id: show.id, slug: show.slug, name_long: showTitle(show, lang), type: 'video', parent: null, season_number: null, episode_number: null } as const;
  const channel = show.channel_id !== null ? await channelById(c.env.DB, show.channel_id) : null;
  if (channel) return liveStream(c, viewer.user, await liveUrl(c, channel), content, { channel: channel.slug, window: DVR_WINDOW_SECONDS });
  if (show.live_source_url) return liveStream(c, viewer.user, { url: show.live_source_url, expiresAt: Math.floor(now(c).getTime() / 1000) + 86400 }, content, { channel: show.slug, window: 0 });
  return apiError(404, 'MEDIA_NOT_FOUND', 'this show has no live stream');
}

/**
 * The show's replay: its replay title's stream, signed as any title's (worker/api/player). It plays
 * for pass holders even when the title is premium and they are not subscribed, within the title's
 * age rating and countries, and counts in the concurrent-streams limit like any stream.
 */
async function replayOf(c: Context<AppEnv>, viewer: PlaybackViewer, show: ShowStreamRow, lang: Lang): Promise<StreamAnswer> {
  const title = show.replay_slug ? await playbackTitle(c.env, lang, show.replay_slug, viewer.age, 'main', viewer.profile?.id ?? null) : null;
  if (!title) apiError(404, 'MEDIA_NOT_FOUND', 'this show has no replay');
  if (!title.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', title.content.slug);
  if ((await accessFor(c, viewer, { ...title.rights, premium: false })) === 'geoblocked') apiError(451, 'GEOBLOCKED', 'this replay is not available in your country');
  return titleStream(c, viewer, title, false);
}

/**
 * Stream passes (issue 17). GET /events/shows/{id or slug}/stream_url?lang=&event=&profileId=: for the holder
 * of a valid e-ticket of kind 'stream' or 'both' for the show — from 15 minutes before it starts to
 * its end, the live stream; then for 48 hours, the replay. Refusals: 404 SHOW_NOT_FOUND, 401
 * NOT_AUTHORIZED, 403 STREAM_PASS_REQUIRED, 409 SHOW_NOT_STARTED (with opens_at), 410 REPLAY_ENDED
 * (with closed_at), and the player's own (age, country, MAXIMUM_DEVICES_REACHED). The answer is the
 * player's stream answer with the show (its title and times) beside.
 */
export const showStreams = new Hono<AppEnv>().get(
  '/events/shows/:show/stream_url',
  zValidator('param', showParam, validationHook),
  zValidator('query', showStreamQuery, validationHook),
  async (c) => {
    const { show: named } = c.req.valid('param');
    const { lang, event } = c.req.valid('query');
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const show = await showForStream(c.env.DB, named, event);
    if (!show) apiError(404, 'SHOW_NOT_FOUND', String(named));
    const times: ShowTimes = { id: show.id, title: showTitle(show, lang), starts_at: show.starts_at, ends_at: show.ends_at };
    if (!viewer.user) refuse(401, 'NOT_AUTHORIZED', 'log in to watch with your stream pass', times);
    if (!(await holdsStreamPass(c.env.DB, viewer.user.id, show.id))) refuse(403, 'STREAM_PASS_REQUIRED', 'a stream pass for this show is required to watch', times);
    const { phase, opensAt, replayEndsAt } = streamWindow(show, now(c));
    if (phase === 'before') refuse(409, 'SHOW_NOT_STARTED', `the show starts at ${show.starts_at}`, times, { opens_at: opensAt });
    if (phase === 'ended') refuse(410, 'REPLAY_ENDED', 'the replay has ended', times, { closed_at: replayEndsAt });
    const answer = phase === 'live' ? await liveOf(c, viewer, show, lang) : await replayOf(c, viewer, show, lang);
    return c.json({ ...answer, show: times } satisfies ShowStream, 200, NO_STORE);
  },
);
