import type { Guide } from '../../../worker/api/live-tv/schemas';
import { useI18n } from '../../i18n';
import { TvChannelsIsland } from '../../islands/tv-channels';

/** How many programmes of each channel travel to the browser (now, next, and those that follow within the hours ahead). */
const PROGRAMMES_PER_CHANNEL = 8;

/** /tv (spec §2): the live channels, what is on now and next, and the way to the guide. */
export function TvPage({ guide, timeZone }: { guide: Guide; timeZone: string }) {
  const { t } = useI18n();
  const channels = guide.channels.map((c) => ({
    slug: c.slug,
    number: c.number,
    name: c.name,
    logo: c.logo,
    premium: c.premium,
    programmes: c.programmes
      .filter((p) => p.ends_at > guide.now)
      .slice(0, PROGRAMMES_PER_CHANNEL)
      .map((p) => ({ id: p.id, title: p.title, starts_at: p.starts_at, ends_at: p.ends_at })),
  }));
  return (
    <div className="page tv">
      <header className="tv__header">
        <h1 className="page__title">{t('TV_TITLE')}</h1>
        <p className="tv__intro">{t('TV_INTRO')}</p>
        <a className="button button--secondary" href="/epg">
          {t('EPG_OPEN_GUIDE')}
        </a>
      </header>
      <TvChannelsIsland channels={channels} now={guide.now} timeZone={timeZone} />
    </div>
  );
}
