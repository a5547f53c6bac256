import { Hono } from 'hono';
import { ErrorPage } from '../../../client/pages/ErrorPage';
import { ScanPage } from '../../../client/pages/eticket/ScanPage';
import { WatchRefusal, watchRefusalText, type WatchRefusalKind } from '../../../client/pages/eticket/WatchRefusal';
import { PlayerPage, PlayerRefusal, REFUSAL_STATUS, refusalText } from '../../../client/pages/Player';
import { ScannerSetup } from '../../api/events/etickets/schemas';
import { ShowStream, ShowStreamRefused } from '../../api/events/stream/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../rules/api-client';
import { DEFAULT_TIME_ZONE } from '../../rules/live-tv';
import { definePage, type PageArgs, type View } from '../kit/page';
import { forProfile, serverApi } from '../loaders';
import { PLAYER_CHUNKS, refusalOf } from '../player/routes';

/**
 * E-tickets' pages (issue 17): the door scanner of venue staff (/events/scan) and a show's watch
 * page (/events/{slug}/{show}/watch), which plays the live stream or the replay for stream pass
 * holders and otherwise offers a pass. Registered before the festival's pages (/events/{slug}…).
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const validSlug = (s: string): boolean => SLUG.test(s) && s.length <= 120;

/** GET /events/scan: staff only (others: the translated 403 page; guests: log in first). */
const scanner = definePage({
  path: '/events/scan',
  who: 'member',
  indexed: true,
  load: ({ c }) => serverApi(c).request(`/events/etickets/scanner?lang=${c.get('lang')}`, (v) => ScannerSetup.parse(v)),
  view: (setup, { t }) => ({ element: <ScanPage publicKey={setup.public_key} staff={setup.staff} shows={setup.shows} defaultShow={setup.default_show} />, meta: { title: t('SCAN_TITLE') } }),
  refused: (error, { t }) => {
    if (!(error.status === 403 && error.message.startsWith('STAFF_ONLY'))) return undefined;
    const view = { status: 403, headingKey: 'STAFF_ONLY', messageKey: 'SCAN_STAFF_ONLY_TEXT', action: 'home' } as const;
    return { element: <ErrorPage view={view} />, meta: { title: t('STAFF_ONLY') }, status: 403 };
  },
});

/** The watch page's explained refusals, by the API's code. */
const WATCH_REFUSALS: Record<string, { kind: WatchRefusalKind; status: 403 | 409 | 410 }> = {
  STREAM_PASS_REQUIRED: { kind: 'pass', status: 403 },
  SHOW_NOT_STARTED: { kind: 'not-started', status: 409 },
  REPLAY_ENDED: { kind: 'ended', status: 410 },
};

/** GET /events/{slug}/{show}/watch: the player with the show's stream (the player island, given the stream's API path). */
async function watch({ c, t }: PageArgs<'anyone'>, slug: string, showSlug: string): Promise<View | Response> {
  const here = new URL(c.req.url);
  const showHref = `/events/${slug}/${showSlug}`;
  const user = c.get('user');
  const guest = !user || user.isAnonymous;
  const streamPath = `/events/shows/${showSlug}/stream_url?event=${slug}`;
  let stream: ShowStream;
  try {
    stream = await serverApi(c).request(forProfile(c, `${streamPath}&lang=${c.get('lang')}`), (v) => ShowStream.parse(v));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An ended session is the kit's: to log in, and back here.
    if (error.status === 401) throw error;
    const code = error.message.split(':')[0]?.trim() ?? '';
    const explained = WATCH_REFUSALS[code];
    const refused = ShowStreamRefused.safeParse(error.body);
    if (explained && refused.success) {
      return {
        element: <WatchRefusal kind={explained.kind} show={refused.data.show} showHref={showHref} />,
        meta: { title: `${refused.data.show.title} · ${t(watchRefusalText[explained.kind].heading)}`, footer: false },
        status: explained.status,
      };
    }
    const refusal = refusalOf(error, guest);
    if (refusal === 'not-found') return c.notFound();
    if (!refusal) throw error;
    return {
      element: <PlayerRefusal refusal={refusal} slug={showSlug} retryHref={`${here.pathname}${here.search}`} titleHref={showHref} />,
      meta: { title: t(refusalText(refusal).heading), footer: false },
      status: REFUSAL_STATUS[refusal.kind],
    };
  }
  const { show, ...answer } = stream;
  const toUnix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const langParam = here.searchParams.get('lang');
  return {
    element: (
      <PlayerPage
        chunks={PLAYER_CHUNKS}
        player={{
          stream: answer,
          subtitleLabels: {},
          slug: answer.content.slug,
          trailer: false,
          profileId: guest || !user || user.profile.locked ? null : user.profile.id,
          loggedIn: !guest,
          backHref: showHref,
          langQuery: langParam ? `?lang=${encodeURIComponent(langParam)}` : '',
          lists: null,
          live: answer.live ? { programmes: [{ title: show.title, starts_at: toUnix(show.starts_at), ends_at: toUnix(show.ends_at) }], startOver: false } : null,
          timeZone: DEFAULT_TIME_ZONE,
          streamPath,
        }}
      />
    ),
    meta: { title: show.title, bar: 'none', footer: false },
  };
}

/** A show's watch page: the live stream or the replay for pass holders, else why not. */
const watchPage = definePage({
  path: '/events/:slug/:show/watch',
  who: 'anyone',
  indexed: true,
  back: (c) => {
    const here = new URL(c.req.url);
    return `${here.pathname}${here.search}`;
  },
  load: (page) => {
    const slug = page.c.req.param('slug') ?? '';
    const show = page.c.req.param('show') ?? '';
    return validSlug(slug) && validSlug(show) ? watch(page, slug, show) : page.c.notFound();
  },
  view: (view) => view,
});

export const pages = new Hono<AppEnv>().route('/', scanner).route('/', watchPage);
