import { clockTime, onNow, progress, timeRange } from '../../worker/rules/live-tv';
import { useI18n } from '../i18n';
import { NATIVE_LINK_ATTRIBUTE } from '../links';

/** A programme as the channel list needs it (times: unix seconds). */
export type ListedProgramme = { id: number; title: string; starts_at: number; ends_at: number };
export type ListedChannel = { slug: string; number: number; name: string; logo: string | null; premium: boolean; programmes: ListedProgramme[] };

/** One channel of /tv: number, name, what is on now (time, progress, minutes left) and next; the whole card opens the channel. */
export function ChannelCard({ channel, at, timeZone }: { channel: ListedChannel; at: number; timeZone: string }) {
  const { t, lang } = useI18n();
  const { now, next } = onNow(channel.programmes, at);
  const time = (s: number) => clockTime(s, lang, timeZone);
  const done = now ? progress(now, at) : 0;
  return (
    <li className="tv-card">
      <a className="tv-card__link" href={`/tv/${channel.slug}`} {...{ [NATIVE_LINK_ATTRIBUTE]: '' }}>
        <span className="tv-card__head">
          <span className="tv-card__number" aria-label={t('TV_CHANNEL_NUMBER', { number: channel.number })}>
            {channel.number}
          </span>
          {channel.logo ? <img className="tv-card__logo" src={channel.logo} alt="" width={48} height={48} loading="lazy" /> : null}
          <span className="tv-card__name" dir="auto">
            {channel.name}
          </span>
          {channel.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
          <span className="tv-card__live">{t('TV_LIVE_BADGE')}</span>
        </span>
        {now ? (
          <span className="tv-card__now">
            <span className="tv-card__label">{t('TV_ON_NOW')}</span>
            <span className="tv-card__title" dir="auto">
              {now.title}
            </span>
            <span className="tv-card__time">
              {timeRange(now, lang, timeZone)} · {t('TV_MINUTES_LEFT', { count: Math.max(1, Math.ceil((now.ends_at - at) / 60)) })}
            </span>
            <span className="tv-card__progress" aria-hidden="true">
              <span style={{ width: `${Math.round(done * 100)}%` }} />
            </span>
          </span>
        ) : (
          <span className="tv-card__now tv-card__now--none">{t('TV_NOTHING_NOW')}</span>
        )}
        {next && (
          <span className="tv-card__next" dir="auto">
            {t('TV_NEXT', { title: next.title, time: time(next.starts_at) })}
          </span>
        )}
      </a>
    </li>
  );
}
