import { useI18n } from '../i18n';
import { NotificationCard } from './Card';
import type { NotificationsView } from '../../worker/rules/notifications';

/**
 * /notifications (spec §2 notification list): the latest titles announced to the visitor, newest
 * first, unread ones marked; each card opens the title and marks it read. No JavaScript needed.
 * `view` is null when the member turned notifications off (account page): the page says so.
 */
export function NotificationsPage({ view }: { view: NotificationsView | null }) {
  const { t } = useI18n();
  return (
    <div className="page notifications-page">
      <header className="page__header">
        <h1>{t('NOTIFICATIONS')}</h1>
        {view && view.items.length > 0 && (
          <p className="page__count">{view.guest ? t('NOTIFICATIONS_COUNT', { count: view.items.length }) : t('NOTIFICATIONS_UNREAD', { count: view.unread })}</p>
        )}
      </header>
      {!view && (
        <p className="notifications-page__note">
          {t('NOTIFICATIONS_OFF')} <a href="/profile#notifications">{t('NOTIFICATIONS_TURN_ON')}</a>
        </p>
      )}
      {view && view.items.length === 0 && (
        <p className="notifications-page__note">
          {t('NOTIFICATIONS_EMPTY')} <a href="/">{t('GO_HOME')}</a>
        </p>
      )}
      {view && view.items.length > 0 && (
        <ul className="notifications-page__list">
          {view.items.map((card) => (
            <li key={card.id}>
              <NotificationCard card={card} heading />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
