import type { FestivalList } from '../../../worker/api/events/schemas';
import { useI18n } from '../../i18n';
import { FestivalDates } from './parts';

/** `/events` (spec §1 comedy-festival hub): the festivals on sale. */
export function FestivalsPage({ data }: { data: FestivalList }) {
  const { t } = useI18n();
  return (
    <div className="page events">
      <header className="page__header">
        <h1>{t('EVENTS_TITLE')}</h1>
        <p className="page__lead">{t('EVENTS_INTRO')}</p>
      </header>
      {data.festivals.length ? (
        <ul className="events__list">
          {data.festivals.map((f) => (
            <li key={f.slug} className="event-card">
              <a href={`/events/${f.slug}`} className="event-card__link">
                {f.image && <img className="event-card__image" src={f.image} alt="" loading="lazy" />}
                <span className="event-card__name">{f.name}</span>
                <span className="event-card__meta">
                  {f.city} · <FestivalDates from={f.starts_at} to={f.ends_at} />
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">{t('EVENTS_NONE')}</p>
      )}
    </div>
  );
}
