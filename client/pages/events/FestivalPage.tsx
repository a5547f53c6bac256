import type { Festival, Show } from '../../../worker/api/events/schemas';
import type { Currency } from '../../../worker/rules/subscription';
import { useI18n } from '../../i18n';
import { FestivalDates, Prices, ShowStatus, ShowWhen, TicketTypeLine } from './parts';

/** `/events/{slug}` (spec §1 comedy-festival hub): the festival, its lineup and its shows with their tickets. */
export function FestivalPage({ festival, currency }: { festival: Festival; currency: Currency }) {
  const { t } = useI18n();
  return (
    <div className="page events festival">
      <header className="festival__hero">
        {festival.image && <img className="festival__image" src={festival.image} alt="" />}
        <div className="festival__head">
          <h1>{festival.name}</h1>
          <p className="festival__meta">
            {festival.city} · <FestivalDates from={festival.starts_at} to={festival.ends_at} />
          </p>
          {festival.description && <p className="page__lead">{festival.description}</p>}
        </div>
      </header>
      <section className="festival__section" aria-labelledby="shows-title">
        <h2 id="shows-title">{t('EVENT_SHOWS')}</h2>
        <p className="festival__note">{t('EVENT_LOCAL_TIME')}</p>
        <ul className="festival__shows">
          {festival.shows.map((show) => (
            <li key={show.slug}>
              <ShowCard festival={festival.slug} show={show} currency={currency} />
            </li>
          ))}
        </ul>
      </section>
      {festival.artists.length > 0 && (
        <section className="festival__section" aria-labelledby="lineup-title">
          <h2 id="lineup-title">{t('EVENT_LINEUP')}</h2>
          <ul className="festival__lineup">
            {festival.artists.map((a) => (
              <li key={a.name} className="artist">
                {a.image && <img className="artist__photo" src={a.image} alt="" loading="lazy" width="96" height="96" />}
                <div>
                  <h3 className="artist__name">{a.name}</h3>
                  <p className="artist__bio">{a.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ShowCard({ festival, show, currency }: { festival: string; show: Show; currency: Currency }) {
  const { t } = useI18n();
  const href = `/events/${festival}/${show.slug}`;
  return (
    <article className="show-card">
      {show.image && <img className="show-card__image" src={show.image} alt="" loading="lazy" />}
      <div className="show-card__body">
        <h3 className="show-card__title">
          <a href={href}>{show.title}</a>
        </h3>
        <ShowWhen show={show} />
        <p className="show-card__venue">
          {t('EVENT_VENUE')}: {show.venue}
        </p>
        <ShowStatus show={show} />
        {show.price_from && (
          <p className="show-card__from">
            {t('EVENT_PRICE_FROM', { price: '' }).trim()} <Prices prices={show.price_from} currency={currency} />
          </p>
        )}
        <ul className="show-card__types">
          {show.ticket_types.map((type) => (
            <li key={type.id}>
              <TicketTypeLine type={type} currency={currency} />
            </li>
          ))}
        </ul>
        <a className="button button--primary" href={href}>
          {t('EVENT_SEE_SHOW')}
        </a>
      </div>
    </article>
  );
}
