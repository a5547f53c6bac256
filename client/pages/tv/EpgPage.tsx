import type { Guide, ProgrammeDetails } from '../../../worker/api/live-tv/schemas';
import {
  CATCHUP_DAYS,
  GUIDE_PX_PER_MINUTE,
  GUIDE_SLOT_MINUTES,
  catchUpOpen,
  clockTime,
  dayLabel,
  dayOf,
  guideDays,
  MOROCCO_TIME_ZONES,
  remindable,
  shortDayLabel,
  startOverOpen,
  timeRange,
} from '../../../worker/rules/live-tv';
import type { Lang } from '../../../worker/rules/lang';
import { zonedDate } from '../../../worker/rules/zones';
import { useI18n } from '../../i18n';
import { EpgNowIsland } from '../../islands/epg-now';
import { ButtonIcon } from '../../components/ButtonIcon';

type Props = {
  guide: Guide;
  /** The day shown and today, YYYY-MM-DD in the viewer's time zone. */
  day: string;
  today: string;
  timeZone: string;
  details: ProgrammeDetails | null;
  loggedIn: boolean;
};

const px = (seconds: number): number => Math.round((seconds / 60) * GUIDE_PX_PER_MINUTE);

/**
 * The day picker: 7 days back to 7 ahead, as links (works without JavaScript). On a wide screen a
 * row of days; on a phone one compact row — the previous day, the day shown (a disclosure listing
 * every day) and the next day — so the grid stays in view.
 */
function DayPicker({ day, today }: { day: string; today: string }) {
  const { t, lang } = useI18n();
  const days = guideDays(today);
  const at = days.indexOf(day);
  const label = (d: string) => (d === today ? t('EPG_TODAY') : shortDayLabel(d, lang));
  const links = (
    <ul>
      {days.map((d) => (
        <li key={d}>
          <a className="epg__day" href={`/epg?day=${d}`} aria-current={d === day ? 'date' : undefined}>
            {label(d)}
          </a>
        </li>
      ))}
    </ul>
  );
  const step = (to: string | undefined, key: 'EPG_PREVIOUS_DAY' | 'EPG_NEXT_DAY', icon: string) =>
    to ? (
      <a className="epg__day-step" href={`/epg?day=${to}`} aria-label={`${t(key)}: ${dayLabel(to, lang)}`} title={t(key)}>
        <span aria-hidden="true">{icon}</span>
      </a>
    ) : (
      <span className="epg__day-step epg__day-step--none" aria-hidden="true" />
    );
  return (
    <nav className="epg__days" aria-label={t('EPG_DAYS')}>
      <div className="epg__days-row">{links}</div>
      <div className="epg__days-compact">
        {step(days[at - 1], 'EPG_PREVIOUS_DAY', '‹')}
        <details className="epg__day-menu">
          <summary>
            <span className="visually-hidden">{t('EPG_CHOOSE_DAY')}: </span>
            {day === today ? `${t('EPG_TODAY')} · ${dayLabel(day, lang)}` : dayLabel(day, lang)}
          </summary>
          {links}
        </details>
        {step(days[at + 1], 'EPG_NEXT_DAY', '›')}
      </div>
    </nav>
  );
}

/**
 * The time zone the guide is drawn in, named in the page's language: Morocco's zones by the
 * country ("توقيت المغرب"), others by their generic name ("heure d’Europe centrale"), else by the
 * city of the zone's name.
 */
function zoneName(t: ReturnType<typeof useI18n>['t'], lang: Lang, timeZone: string): string {
  if (MOROCCO_TIME_ZONES.has(timeZone)) return t('EPG_ZONE_MOROCCO');
  for (const style of ['longGeneric', 'long'] as const) {
    try {
      const name = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: style }).formatToParts(0).find((part) => part.type === 'timeZoneName')?.value;
      // An offset ("GMT+01:00") says less than the city.
      if (name && !/[\d٠-٩]/u.test(name)) return name;
    } catch {
      break;
    }
  }
  return timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
}

/** The time axis: a label every GUIDE_SLOT_MINUTES. */
function TimeAxis({ from, to, timeZone }: { from: number; to: number; timeZone: string }) {
  const { lang } = useI18n();
  const slots: number[] = [];
  for (let at = from; at < to; at += GUIDE_SLOT_MINUTES * 60) slots.push(at);
  return (
    <div className="epg__axis" aria-hidden="true">
      <span className="epg__corner" />
      <div className="epg__times">
        {slots.map((at) => (
          <span key={at} className="epg__time" style={{ insetInlineStart: px(at - from) }}>
            {clockTime(at, lang, timeZone)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** One channel's row: its name (to the live channel) and its programmes, each a link to its details. */
function ChannelRow({ channel, from, to, now, day, timeZone }: { channel: Guide['channels'][number]; from: number; to: number; now: number; day: string; timeZone: string }) {
  const { t, lang } = useI18n();
  const headingId = `epg-channel-${channel.slug}`;
  return (
    <section className="epg__row" aria-labelledby={headingId}>
      <h2 className="epg__channel" id={headingId}>
        <a href={`/tv/${channel.slug}`}>
          <span className="epg__channel-number">{channel.number}</span>
          <span dir="auto">{channel.name}</span>
        </a>
      </h2>
      <ul className="epg__track">
        {channel.programmes.map((p) => {
          const start = Math.max(p.starts_at, from);
          const end = Math.min(p.ends_at, to);
          const state = p.ends_at <= now ? 'past' : p.starts_at <= now ? 'now' : 'future';
          const range = timeRange(p, lang, timeZone);
          return (
            <li key={p.id} className={`epg__programme epg__programme--${state}`} style={{ insetInlineStart: px(start - from), width: Math.max(px(end - start), 8) }}>
              <a href={`/epg?day=${day}&programme=${p.id}#programme`} aria-current={state === 'now' ? 'time' : undefined}>
                <span className="epg__programme-title" dir="auto">
                  {p.title}
                </span>
                <span className="epg__programme-time">
                  {range}
                  {p.reminded && <span className="epg__reminded"> · {t('TV_REMINDER_ON')}</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A programme's details: when, what, its rating, and what can be done — watch live, start over, catch-up, remind me. */
function Details({ details, day, now, timeZone, loggedIn }: { details: ProgrammeDetails; day: string; now: number; timeZone: string; loggedIn: boolean }) {
  const { t, lang } = useI18n();
  const { programme: p, channel } = details;
  const onNow = p.starts_at <= now && now < p.ends_at;
  const catchUp = catchUpOpen(p, now);
  const until = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(zonedDate(p.ends_at + CATCHUP_DAYS * 86400, timeZone));
  const here = `/epg?day=${day}&programme=${p.id}`;
  return (
    <section className="epg-details" id="programme" aria-labelledby="programme-title">
      <a className="icon-button epg-details__close" href={`/epg?day=${day}`} aria-label={t('CLOSE')} title={t('CLOSE')}>
        <ButtonIcon name="close" />
      </a>
      <p className="epg-details__channel">
        {channel.number} · <span dir="auto">{channel.name}</span>
        {channel.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
      </p>
      <h2 className="epg-details__title" id="programme-title" dir="auto">
        {p.title}
      </h2>
      <p className="epg-details__when">
        {dayLabel(dayOf(p.starts_at, timeZone), lang)} · {timeRange(p, lang, timeZone)}
        {p.category && <> · {p.category}</>}
        {p.episode && <> · {p.episode}</>}
        {p.age_rating > 0 && (
          <>
            {' '}
            <span className="badge badge--age">{t('TV_AGE_RATING', { age: p.age_rating })}</span>
          </>
        )}
        {onNow && <span className="tv-card__live">{t('TV_LIVE_BADGE')}</span>}
      </p>
      {p.description && (
        <p className="epg-details__description" dir="auto">
          {p.description}
        </p>
      )}
      <div className="actions">
        {onNow && (
          <a className="button" href={`/tv/${channel.slug}`}>
            {t('TV_WATCH_LIVE')}
          </a>
        )}
        {onNow && startOverOpen(p, now) && (
          <a className="button button--secondary" href={`/tv/${channel.slug}?start=over`}>
            {t('TV_START_OVER')}
          </a>
        )}
        {catchUp && p.recording_slug && (
          <a className="button" href={`/player/${p.recording_slug}`}>
            {t('TV_CATCH_UP')}
          </a>
        )}
        {remindable(p, now) &&
          (loggedIn ? (
            <form method="post" action={`/epg/reminders/${p.id}`}>
              <input type="hidden" name="day" value={day} />
              <input type="hidden" name="intent" value={p.reminded ? 'unset' : 'set'} />
              <button className={`button${p.reminded ? ' button--secondary' : ''}`} type="submit">
                {p.reminded ? t('TV_REMINDER_CANCEL') : t('TV_REMIND_ME')}
              </button>
            </form>
          ) : (
            <a className="button button--secondary" href={`/login?redirect=${encodeURIComponent(here).replace(/%2F/g, '/')}`}>
              {t('TV_REMINDER_LOGIN')}
            </a>
          ))}
      </div>
      {catchUp && <p className="epg-details__note">{t('TV_CATCH_UP_UNTIL', { date: until })}</p>}
      {p.reminded && remindable(p, now) && <p className="epg-details__note">{t('TV_REMINDER_ON')}</p>}
    </section>
  );
}

/**
 * /epg (spec §2): the programme guide of one day — channels down the side, a 30-minute time axis,
 * a "now" line (moved by the epg-now island), the day picker, and a programme's details. Laid
 * out with logical properties, so Arabic runs right to left. Works without JavaScript.
 */
export function EpgPage({ guide, day, today, timeZone, details, loggedIn }: Props) {
  const { t, lang } = useI18n();
  const from = guide.from;
  const to = guide.to;
  const isToday = day === today;
  return (
    <div className="page epg">
      <header className="epg__header">
        <h1 className="page__title">{t('EPG_TITLE')}</h1>
        <p className="epg__zone">{t('EPG_TIMES_IN', { zone: zoneName(t, lang, timeZone) })}</p>
        <div className="epg__tools">
          <a className="button button--secondary" href="/tv">
            {t('TV_TITLE')}
          </a>
          <a className="button button--secondary" href={isToday ? '#now' : `/epg?day=${today}#now`}>
            {t('EPG_JUMP_TO_NOW')}
          </a>
        </div>
      </header>
      <DayPicker day={day} today={today} />
      {details && <Details details={details} day={day} now={guide.now} timeZone={timeZone} loggedIn={loggedIn} />}
      {guide.channels.every((c) => c.programmes.length === 0) && <p className="epg__empty">{t('EPG_NO_PROGRAMMES')}</p>}
      <div className="epg__scroller" role="region" aria-label={t('EPG_TITLE')} tabIndex={0}>
        <div className="epg__grid" style={{ ['--epg-width' as string]: `${px(to - from)}px` }}>
          <TimeAxis from={from} to={to} timeZone={timeZone} />
          <div className={isToday ? 'epg__rows epg__rows--today' : 'epg__rows'}>
            {isToday && <EpgNowIsland from={from} to={to} now={guide.now} timeZone={timeZone} />}
            {guide.channels.map((channel) => (
              <ChannelRow key={channel.slug} channel={channel} from={from} to={to} now={guide.now} day={day} timeZone={timeZone} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

