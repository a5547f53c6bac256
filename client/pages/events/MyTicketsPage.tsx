import type { MyTickets } from '../../../worker/api/events/schemas';
import { showDateTime } from '../../../worker/rules/events';
import { useI18n } from '../../i18n';
import { QrCode } from '../../components/QrCode';
import { formatMoney } from '../subscription/parts';
import { kindBesideName, ShowWhen } from './parts';

type Ticket = MyTickets['tickets'][number];

/**
 * `/my-tickets` (issue 17 "shown in the account"): each valid ticket with its show, date, venue,
 * type and holder, the QR code (SVG drawn on the server) of its signed token and its short code;
 * a used ticket says when; a stream pass links to the show's watch page. Orders paid after their
 * seats were gone say a refund is due.
 */
export function MyTicketsPage({ data }: { data: MyTickets }) {
  const { t, lang } = useI18n();
  return (
    <div className="page events my-tickets">
      <header className="page__header">
        <h1>{t('MY_TICKETS')}</h1>
        <p className="page__lead">{t('MY_TICKETS_INTRO')}</p>
      </header>
      {data.orders.map((o) => (
        <p key={o.id} className={`toast toast--${o.state === 'refund_due' ? 'danger' : 'info'}`} role="status">
          {t(o.state === 'refund_due' ? 'MY_TICKETS_REFUND_DUE' : 'MY_TICKETS_PAID_WAITING', { show: o.show.title, amount: formatMoney(lang, o.amount, o.currency) })}
        </p>
      ))}
      {data.tickets.length === 0 ? (
        <p className="notice">
          {t('MY_TICKETS_NONE')} <a href="/events">{t('MY_TICKETS_FIND')}</a>
        </p>
      ) : (
        <ul className="my-tickets__list">
          {data.tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t, lang } = useI18n();
  const show = ticket.show;
  return (
    <article className={ticket.used_at ? 'eticket eticket--used' : 'eticket'} data-ticket={ticket.code}>
      <div className="eticket__qr">
        <QrCode text={ticket.token} label={t('TICKET_QR_LABEL', { code: ticket.code })} />
      </div>
      <div className="eticket__body">
        <p className="eticket__festival">{show.festival_name}</p>
        <h2 className="eticket__show">
          <a href={`/events/${show.festival_slug}/${show.slug}`}>{show.title}</a>
        </h2>
        <ShowWhen show={show} />
        <p>
          {t('EVENT_VENUE')}: {show.venue}
        </p>
        <p>
          {ticket.type_name} {kindBesideName(t, ticket.type_name, ticket.kind) && <span className="badge">{kindBesideName(t, ticket.type_name, ticket.kind)}</span>}
        </p>
        <p>
          {t('TICKET_HOLDER')}: {ticket.holder}
        </p>
        <p className="eticket__code">
          {t('TICKET_CODE')}: <bdi dir="ltr">{ticket.code}</bdi>
        </p>
        {ticket.used_at && <p className="badge badge--warn">{t('TICKET_USED_AT', { date: showDateTime(ticket.used_at, lang) })}</p>}
        {ticket.kind !== 'venue' && (
          <a className="button button--secondary" href={`/events/${show.festival_slug}/${show.slug}/watch`}>
            {t('TICKET_WATCH')}
          </a>
        )}
      </div>
    </article>
  );
}
