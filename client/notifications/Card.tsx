import type { MouseEvent } from 'react';
import { useI18n } from '../i18n';
import { openHref, type NotificationCard as Card } from '../../worker/rules/notifications';

/**
 * A notification card (spec §9): image, title, the first 2 genres, the date as DD/MM/YYYY and an
 * unread marker. It links to the open route, which marks it read and goes to the title, so it
 * works without JavaScript; `onOpen` lets the bell lower its count at once.
 */
export function NotificationCard({ card, onOpen, heading = false }: { card: Card; onOpen?: (id: number) => void; heading?: boolean }) {
  const { t } = useI18n();
  // The /notifications page titles each card (h2); in the bell's panel the title is plain text.
  const Title = heading ? 'h2' : 'span';
  return (
    <a
      className={`notification-card${card.unread ? ' notification-card--unread' : ''}`}
      href={card.href ?? openHref(card.id)}
      data-notification={card.id}
      onClick={onOpen ? (event: MouseEvent) => !event.defaultPrevented && onOpen(card.id) : undefined}
    >
      <span className="notification-card__image">{card.image && <img src={card.image} alt="" width="128" height="72" loading="lazy" decoding="async" />}</span>
      <span className="notification-card__text">
        <Title className="notification-card__title">{card.title}</Title>
        {card.genres.length > 0 && <span className="notification-card__genres">{card.genres.join(' · ')}</span>}
        <span className="notification-card__date">
          <span className="visually-hidden">{t('NOTIFICATION_DATE')} </span>
          {card.date}
        </span>
      </span>
      {card.unread && (
        <span className="notification-card__dot">
          <span className="visually-hidden">{t('NOTIFICATION_UNREAD')}</span>
        </span>
      )}
    </a>
  );
}
