import type { Show, TicketType } from '../../../worker/api/events/schemas';
import { festivalDay, showDate, showTime } from '../../../worker/rules/events';
import type { Currency } from '../../../worker/rules/subscription';
import { useI18n, type Translate } from '../../i18n';
import { Money } from '../subscription/parts';

/**
 * Parts of the events pages (issue 17): dates in the festival's local time (Africa/Casablanca, an
 * explicit locale and Latin digits, worker/rules/events.ts), prices in MAD and the visitor's currency.
 */

/** "Saturday 28 November · 20:30" in Marrakech time. */
export function ShowWhen({ show }: { show: Pick<Show, 'starts_at' | 'ends_at'> }) {
  const { lang } = useI18n();
  return (
    <time className="event-when" dateTime={show.starts_at}>
      <span className="event-when__day">{showDate(show.starts_at, lang)}</span>
      <span className="event-when__time">
        <bdi>
          {showTime(show.starts_at, lang)}–{showTime(show.ends_at, lang)}
        </bdi>
      </span>
    </time>
  );
}

export function FestivalDates({ from, to }: { from: string; to: string }) {
  const { lang, t } = useI18n();
  return <span className="event-dates">{t('EVENT_DATES', { from: festivalDay(from, lang), to: festivalDay(to, lang) })}</span>;
}

/** A price in MAD, and in the visitor's currency when it is another. */
export function Prices({ prices, currency }: { prices: Record<Currency, number>; currency: Currency }) {
  return (
    <span className="event-price">
      <Money minor={prices.MAD} currency="MAD" />
      {currency !== 'MAD' && (
        <span className="event-price__other">
          {' · '}
          <Money minor={prices[currency]} currency={currency} />
        </span>
      )}
    </span>
  );
}

/** Live now, sold out, or the seats left. */
export function ShowStatus({ show }: { show: Show }) {
  const { t } = useI18n();
  return (
    <span className="event-status">
      {show.phase === 'live' && <span className="badge badge--live">{t('EVENT_LIVE_NOW')}</span>}
      {show.phase === 'replay' && <span className="badge">{t('EVENT_REPLAY')}</span>}
      {show.phase === 'upcoming' &&
        (show.seats_left === 0 ? <span className="badge badge--warn">{t('EVENT_SOLD_OUT')}</span> : <span className="event-status__seats">{t('EVENT_SEATS_LEFT', { n: show.seats_left })}</span>)}
    </span>
  );
}

export const kindKey = (kind: TicketType['kind']): string => `TICKET_KIND_${kind.toUpperCase()}`;

/** The kind of a ticket type beside its name, unless the name already says it ("Seat in the venue" needs no "In the venue"). */
export function kindBesideName(t: Translate, name: string, kind: TicketType['kind']): string | null {
  const label = t(kindKey(kind));
  return name.toLocaleLowerCase().includes(label.toLocaleLowerCase()) ? null : label;
}

/** A ticket type's kind, name and prices (the festival page's list; the show page adds quantities). */
export function TicketTypeLine({ type, currency }: { type: TicketType; currency: Currency }) {
  const { t } = useI18n();
  const kind = kindBesideName(t, type.name, type.kind);
  return (
    <span className="ticket-type">
      <span className="ticket-type__name">
        {type.name} {kind && <span className="ticket-type__kind">({kind})</span>}
      </span>
      {type.on_sale ? <Prices prices={type.prices} currency={currency} /> : <span className="ticket-type__off">{t('TICKET_NOT_ON_SALE')}</span>}
    </span>
  );
}
