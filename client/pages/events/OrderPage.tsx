import type { Order } from '../../../worker/api/events/schemas';
import { useI18n } from '../../i18n';
import { Money } from '../subscription/parts';
import { kindBesideName, ShowWhen } from './parts';

const TONE: Record<Order['state'], 'success' | 'info' | 'danger'> = { held: 'info', paid: 'info', fulfilled: 'success', expired: 'danger', failed: 'danger', refund_due: 'danger', refunded: 'info' };

/** `/events/orders/{id}`: where the payment brings the buyer back — what became of the order and its tickets. */
export function OrderPage({ order }: { order: Order }) {
  const { t } = useI18n();
  const showHref = `/events/${order.show.festival_slug}/${order.show.slug}`;
  return (
    <div className="page events order-page">
      <h1>{t('ORDER_TITLE')}</h1>
      <p className={`toast toast--${TONE[order.state]}`} role="status">
        {t(`ORDER_STATE_${order.state.toUpperCase()}`)}
      </p>
      <h2 className="order-page__show">
        <a href={showHref}>{order.show.title}</a>
      </h2>
      <ShowWhen show={order.show} />
      <p>{order.show.venue}</p>
      <ul className="order-page__tickets">
        {order.tickets.map((k) => (
          <li key={k.id}>
            {k.type_name}
            {kindBesideName(t, k.type_name, k.kind) && ` (${kindBesideName(t, k.type_name, k.kind)})`} · {k.holder}
          </li>
        ))}
      </ul>
      <p>
        {t('ORDER_TOTAL')}: <Money minor={order.amount} currency={order.currency} />
      </p>
      <p className="order-page__actions">
        {order.state === 'fulfilled' && (
          <a className="button button--primary" href="/my-tickets">
            {t('MY_TICKETS')}
          </a>
        )}
        {(order.state === 'held' || order.state === 'paid') && (
          <a className="button button--primary" href={`/events/orders/${order.id}`}>
            {t('ORDER_REFRESH')}
          </a>
        )}
        {(order.state === 'failed' || order.state === 'expired') && (
          <a className="button button--primary" href={showHref}>
            {t('ORDER_TRY_AGAIN')}
          </a>
        )}
      </p>
    </div>
  );
}
