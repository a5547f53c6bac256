import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { EpgPage } from '../../../client/pages/tv/EpgPage';
import { TvPage } from '../../../client/pages/tv/TvPage';
import { PlayerPage, PlayerRefusal, REFUSAL_STATUS, refusalText } from '../../../client/pages/Player';
import { Guide, ProgrammeDetails } from '../../api/live-tv/schemas';
import { StreamAnswer } from '../../api/player/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../rules/api-client';
import { DEFAULT_TIME_ZONE, REMINDER_LEAD_MINUTES, TIME_ZONE_COOKIE, dayOf, dayStart, guideDay, validTimeZone } from '../../rules/live-tv';
import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { loggedIn } from '../kit/account';
import { defineAction, definePage, formFailure, type Ctx, type Form, type PageArgs, type View } from '../kit/page';
import { forProfile, serverApi } from '../loaders';
import { PLAYER_CHUNKS, refusalOf } from '../player/routes';

/**
 * Live TV and the programme guide (issue 16, spec §2 /tv and /epg): /tv lists the channels with
 * what is on now and next; /tv/{slug} plays one live (the player island's live mode; ?start=over
 * starts the current programme over); /epg is the guide grid of one day (?day=YYYY-MM-DD, 7 back
 * and 7 ahead), server-rendered, with a programme's details (?programme=ID) and "remind me" as a
 * form. Times are in the viewer's time zone: the `tz` cookie the guide's island sets, else Morocco's.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const timeZoneOf = (c: Ctx): string => validTimeZone(getCookie(c, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
const unixNow = (): number => Math.floor(Date.now() / 1000);
const withLang = (c: Ctx, path: string): string => forProfile(c, `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`);

/** The channels, with what is on now and next. */
const tvList = definePage({
  path: '/tv',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => serverApi(c).request(withLang(c, '/pages/tv'), (v) => Guide.parse(v)),
  view: (guide, { c, t }) => ({ element: <TvPage guide={guide} timeZone={timeZoneOf(c)} />, meta: { title: t('TV_TITLE'), description: t('TV_INTRO') } }),
});

async function channelPlayer({ c, t }: PageArgs<'anyone'>, slug: string): Promise<View | Response> {
  const user = c.get('user');
  const guest = !user || user.isAnonymous;
  const here = new URL(c.req.url);
  let stream: StreamAnswer;
  try {
    stream = await serverApi(c).request(withLang(c, `/pages/tv/${slug}/stream_url`), (v) => StreamAnswer.parse(v));
  } catch (error) {
    if (error instanceof ApiError && error.message.startsWith('CHANNEL_NOT_FOUND')) return c.notFound();
    const refusal = refusalOf(error, guest);
    if (refusal === 'not-found') return c.notFound();
    if (!refusal) throw error;
    return {
      element: <PlayerRefusal refusal={refusal} slug={slug} retryHref={`${here.pathname}${here.search}`} titleHref={`/tv/${slug}`} back={{ href: '/tv', label: 'TV_ALL_CHANNELS' }} />,
      meta: { title: t(refusalText(refusal).heading), footer: false },
      status: REFUSAL_STATUS[refusal.kind],
    };
  }
  const guide = await serverApi(c).request(withLang(c, '/pages/tv'), (v) => Guide.parse(v));
  const programmes = (guide.channels.find((ch) => ch.slug === slug)?.programmes ?? []).map((p) => ({ title: p.title, starts_at: p.starts_at, ends_at: p.ends_at }));
  const langParam = here.searchParams.get('lang');
  return {
    element: (
      <PlayerPage
        chunks={PLAYER_CHUNKS}
        player={{
          stream,
          subtitleLabels: {},
          slug,
          trailer: false,
          profileId: guest || !user || user.profile.locked ? null : user.profile.id,
          loggedIn: !guest,
          backHref: '/tv',
          langQuery: langParam ? `?lang=${encodeURIComponent(langParam)}` : '',
          lists: null,
          live: { programmes, startOver: here.searchParams.get('start') === 'over' },
          timeZone: timeZoneOf(c),
        }}
      />
    ),
    meta: { title: `${stream.content.name_long} · ${t('TV_TITLE')}`, bar: 'none', footer: false },
  };
}

/** A channel live (?start=over starts the current programme over), or why it cannot play. */
const channel = definePage({
  path: '/tv/:slug',
  who: 'anyone',
  indexed: true,
  load: (page) => {
    const slug = page.c.req.param('slug') ?? '';
    return SLUG.test(slug) && slug.length <= 120 ? channelPlayer(page, slug) : page.c.notFound();
  },
  view: (view) => view,
});

async function loadEpg(c: Ctx) {
  const timeZone = timeZoneOf(c);
  const now = unixNow();
  const today = dayOf(now, timeZone);
  const asked = c.req.query('day');
  const day = guideDay(asked, today);
  if (asked !== undefined && day === null) return c.notFound();
  const shown = day ?? today;
  const from = dayStart(shown, timeZone);
  const to = dayStart(guideDayAfter(shown), timeZone);
  const programmeId = Number(c.req.query('programme'));
  const [guide, details] = await Promise.all([
    serverApi(c).request(withLang(c, `/pages/epg?from=${from}&to=${to}`), (v) => Guide.parse(v)),
    Number.isInteger(programmeId) && programmeId > 0
      ? serverApi(c)
          .request(withLang(c, `/pages/tv/programmes/${programmeId}`), (v) => ProgrammeDetails.parse(v))
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          })
      : Promise.resolve(null),
  ]);
  return { guide, day: shown, today, timeZone, details };
}

/** The guide grid of one day (?day=), with a programme's details (?programme=) and "remind me". */
const epg = definePage({
  path: '/epg',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => loadEpg(c),
  view: (props, { t, user }) => ({
    element: <EpgPage {...props} loggedIn={user !== null} />,
    meta: { title: props.details ? `${props.details.programme.title} · ${t('EPG_TITLE')}` : t('EPG_TITLE') },
  }),
});

const guideDayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10);

/** POST /epg/reminders/{id} (intent=set|unset, day): "remind me" from the programme's details, then back to them. */
const backToProgramme = (c: Ctx, form: Form): string => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(form.day ?? '') ? (form.day ?? '') : '';
  return `/epg?${day ? `day=${day}&` : ''}programme=${c.req.param('id') ?? ''}`;
};

const remind = defineAction({
  path: '/epg/reminders/:id',
  who: 'member',
  back: backToProgramme,
  async action({ c }, form) {
    const id = c.req.param('id') ?? '';
    if (!/^\d{1,12}$/.test(id)) return c.notFound();
    try {
      if (form.intent === 'unset') {
        await callApi(c, `/actions/reminders/${id}`, 'DELETE');
        addFlash(c, { kind: 'success', key: 'TV_REMINDER_REMOVED' });
      } else {
        await callApi(c, `/actions/reminders/${id}?lang=${c.get('lang')}`, 'POST');
        addFlash(c, { kind: 'success', key: 'TV_REMINDER_SET', params: { minutes: REMINDER_LEAD_MINUTES } });
      }
    } catch (error) {
      addFlash(c, { kind: 'danger', key: formFailure(error).key });
    }
    return c.redirect(backToProgramme(c, form), 303);
  },
});

/** GET /tv/reminders/{id}/open: a reminder opened from the bell is read; on to its channel. */
async function openReminder(c: Ctx, id: string) {
  if (!/^\d{1,12}$/.test(id)) return c.notFound();
  const details = await serverApi(c)
    .request(withLang(c, `/pages/tv/programmes/${id}`), (v) => ProgrammeDetails.parse(v))
    .catch(() => null);
  if (!details) return c.notFound();
  if (loggedIn(c)) await callApi(c, `/actions/reminders/${id}/read`, 'POST').catch(() => undefined);
  return c.redirect(`/tv/${details.channel.slug}`, 303);
}

export const pages = new Hono<AppEnv>()
  .route('/', tvList)
  .get('/tv/reminders/:id/open', (c) => openReminder(c, c.req.param('id')))
  .route('/', channel)
  .route('/', epg)
  .route('/', remind);
