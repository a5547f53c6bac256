import { Hono, type Context } from 'hono';
import { ErrorPage } from '../../../client/pages/ErrorPage';
import { ScanPage } from '../../../client/pages/eticket/ScanPage';
import { WatchRefusal, watchRefusalText, type WatchRefusalKind } from '../../../client/pages/eticket/WatchRefusal';
import { PlayerPage, PlayerRefusal, REFUSAL_STATUS, refusalText } from '../../../client/pages/Player';
import { ScannerSetup } from '../../api/events/etickets/schemas';
import { ShowStream, ShowStreamRefused } from '../../api/events/stream/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError } from '../../rules/api-client';
import { DEFAULT_TIME_ZONE } from '../../rules/live-tv';
import { loggedIn, toLogin } from '../kit/account';
import { forProfile, serverApi } from '../loaders';
import { PLAYER_CHUNKS, refusalOf } from '../player/routes';
import { renderPage } from '../render';

/**
 * E-tickets' pages (issue 17): the door scanner of venue staff (/events/scan) and a show's watch
 * page (/events/{slug}/{show}/watch), which plays the live stream or the replay for stream pass
 * holders and otherwise offers a pass. Registered before the festival's pages (/events/{slug}…).
 */

type Ctx = Context<AppEnv>;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const validSlug = (s: string): boolean => SLUG.test(s) && s.length <= 120;

/** GET /events/scan: staff only (others: the translated 403 page; guests: log in first). */
async function scanner(c: Ctx) {
  if (!loggedIn(c)) return toLogin(c, '/events/scan');
  const t = translate(c.get('lang'));
  try {
    const setup = await serverApi(c).request(`/events/etickets/scanner?lang=${c.get('lang')}`, (v) => ScannerSetup.parse(v));
    return renderPage(c, <ScanPage publicKey={setup.public_key} staff={setup.staff} shows={setup.shows} defaultShow={setup.default_show} />, { title: t('SCAN_TITLE') });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return toLogin(c, '/events/scan');
    if (!(error instanceof ApiError && error.status === 403 && error.message.startsWith('STAFF_ONLY'))) throw error;
    const view = { status: 403, headingKey: 'STAFF_ONLY', messageKey: 'SCAN_STAFF_ONLY_TEXT', action: 'home' } as const;
    return renderPage(c, <ErrorPage view={view} />, { title: t('STAFF_ONLY') }, 403);
  }
}

/** The watch page's explained refusals, by the API's code. */
const WATCH_REFUSALS: Record<string, { kind: WatchRefusalKind; status: 403 | 409 | 410 }> = {
  STREAM_PASS_REQUIRED: { kind: 'pass', status: 403 },
  SHOW_NOT_STARTED: { kind: 'not-started', status: 409 },
  REPLAY_ENDED: { kind: 'ended', status: 410 },
};

/** GET /events/{slug}/{show}/watch: the player with the show's stream (the player island, given the stream's API path). */
async function watch(c: Ctx, slug: string, showSlug: string) {
  const t = translate(c.get('lang'));
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
    if (error.status === 401) return toLogin(c, `${here.pathname}${here.search}`);
    const code = error.message.split(':')[0]?.trim() ?? '';
    const explained = WATCH_REFUSALS[code];
    const refused = ShowStreamRefused.safeParse(error.body);
    if (explained && refused.success) {
      const page = <WatchRefusal kind={explained.kind} show={refused.data.show} showHref={showHref} />;
      c.status(explained.status);
      // renderPage has no 410: the same two steps, with the replay's "gone".
      return c.render(page, { meta: { title: `${refused.data.show.title} · ${t(watchRefusalText[explained.kind].heading)}`, footer: false } });
    }
    const refusal = refusalOf(error, guest);
    if (refusal === 'not-found') return c.notFound();
    if (!refusal) throw error;
    return renderPage(c, <PlayerRefusal refusal={refusal} slug={showSlug} retryHref={`${here.pathname}${here.search}`} titleHref={showHref} />, { title: t(refusalText(refusal).heading), footer: false }, REFUSAL_STATUS[refusal.kind]);
  }
  const { show, ...answer } = stream;
  const toUnix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const langParam = here.searchParams.get('lang');
  return renderPage(
    c,
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
    />,
    { title: show.title, bar: 'none', footer: false },
  );
}

export const eticketPages = new Hono<AppEnv>()
  .get('/events/scan', scanner)
  .get('/events/:slug/:show/watch', (c) => {
    const { slug, show } = c.req.param();
    return validSlug(slug) && validSlug(show) ? watch(c, slug, show) : c.notFound();
  });
