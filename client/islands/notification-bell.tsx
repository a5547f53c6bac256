import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useDismiss } from '../components/useDismiss';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { NotificationCard } from '../notifications/Card';
import { badgeText, type NotificationCard as Card } from '../../worker/rules/notifications';
import { enablePush, pushEnabled, type PushOutcome } from '../push/subscribe';
import { showToast, TOAST_MS, type ToastKind } from '../toast';

type Props = {
  /** The newest unread notifications, a guest's newest announcements (at most PANEL_LIMIT, worker/rules/notifications.ts bellItems), computed on the server. */
  items: Card[];
  /** How many notifications the visitor has in all (the /notifications page lists them). */
  total: number;
  /** Unread among them (spec §4); none for guests (no read state kept). */
  unread: number;
  /** The anonymous guest: no push registration (spec §6). */
  guest: boolean;
};

/** Phones get a bottom sheet instead of the dropdown (client/styles/notifications.css). */
const SHEET_MEDIA = '(max-width: 599px)';

const PUSH_TOASTS: Record<Exclude<PushOutcome, 'subscribed'>, [string, ToastKind, number]> = {
  denied: ['NOTIFICATIONS_PUSH_DENIED', 'danger', TOAST_MS.error],
  unsupported: ['NOTIFICATIONS_PUSH_UNSUPPORTED', 'info', TOAST_MS.request],
  failed: ['ERROR_OCCURRED', 'danger', TOAST_MS.request],
};

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
      <path fill="currentColor" d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6v-5c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1l-2-2Z" />
    </svg>
  );
}

/**
 * The notification bell of the top bar (spec §2, §4, §6). Its count and cards come with the page,
 * so nothing is fetched at load. Without JavaScript (or before it hydrates on the first
 * interaction) it is a link to /notifications; live, it opens a panel — a dropdown, a bottom sheet
 * on phones — listing the cards. Opening a card goes through /notifications/{id}/open, which marks
 * it read and leads to the title; the card leaves the list and the count falls at once (spec §7). Escape, the close button, a click
 * outside or tabbing away close the panel; focus goes back to the bell. Members can also turn on
 * web push for this device from the panel (client/push/subscribe.ts).
 */
export default function NotificationBell({ items, total, unread, guest }: Props) {
  const { t, lang } = useI18n();
  const id = useId();
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  /** Cards opened on this page: gone from the list now, before the next page load says so. */
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [push, setPush] = useState<'off' | 'busy' | 'on'>('off');
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => setLive(true), []);

  const cards = items.filter((card) => !opened.has(card.id));
  const count = Math.max(0, unread - items.filter((card) => card.unread && opened.has(card.id)).length);
  const label = count > 0 ? `${t('NOTIFICATIONS')}: ${t('NOTIFICATIONS_UNREAD', { count })}` : t('NOTIFICATIONS');

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    const sheet = window.matchMedia(SHEET_MEDIA).matches;
    if (sheet) document.body.classList.add('no-scroll');
    if (!guest) void pushEnabled().then((on) => on && setPush('on'));
    return () => {
      if (sheet) document.body.classList.remove('no-scroll');
    };
  }, [open, guest]);

  /** Escape, a click outside or tabbing away close the panel. */
  const dismiss = useDismiss(root, open, close);

  function toggle(event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (open) close();
    else setOpen(true);
  }

  const markOpened = (cardId: number) => setOpened((before) => new Set(before).add(cardId));

  async function turnOnPush() {
    if (push !== 'off') return;
    setPush('busy');
    const outcome = await enablePush(lang).catch((): PushOutcome => 'failed');
    setPush(outcome === 'subscribed' ? 'on' : 'off');
    if (outcome === 'subscribed') return showToast(t('NOTIFICATIONS_PUSH_DONE'), 'success', TOAST_MS.request);
    const [key, kind, ms] = PUSH_TOASTS[outcome];
    showToast(t(key), kind, ms);
  }

  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;
  return (
    <div className="bell" ref={root} {...dismiss}>
      <a
        ref={trigger}
        className="icon-button bell__trigger"
        href="/notifications"
        aria-label={label}
        role={live ? 'button' : undefined}
        aria-haspopup={live ? 'dialog' : undefined}
        aria-expanded={live ? open : undefined}
        aria-controls={live && open ? panelId : undefined}
        onClick={toggle}
        onKeyDown={(e) => e.key === ' ' && toggle(e)}
      >
        <BellIcon />
        {count > 0 && (
          <span className="bell__badge" aria-hidden="true" data-count={count}>
            {badgeText(count)}
          </span>
        )}
      </a>
      {open && (
        <>
          <div className="bell__backdrop" aria-hidden="true" onClick={() => close()} />
          <div className="bell__panel" id={panelId} ref={panel} role="dialog" aria-labelledby={titleId}>
            <div className="bell__head">
              <h2 className="bell__title" id={titleId}>
                {t('NOTIFICATIONS')}
              </h2>
              <button className="icon-button bell__close" type="button" aria-label={t('CLOSE')} onClick={() => close()}>
                <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                  <path fill="currentColor" d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7l4.9 4.9-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9 4.9-4.9Z" />
                </svg>
              </button>
            </div>
            {cards.length > 0 ? (
              <ul className="bell__list">
                {cards.map((card) => (
                  <li key={card.id}>
                    <NotificationCard card={card} onOpen={markOpened} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="bell__empty">{t('NOTIFICATIONS_EMPTY')}</p>
            )}
            <div className="bell__foot">
              {total > 0 && (
                <a className="bell__all" href="/notifications">
                  {t('NOTIFICATIONS_SEE_ALL')}
                </a>
              )}
              {!guest &&
                (push === 'on' ? (
                  <p className="bell__push-on" role="status">
                    {t('NOTIFICATIONS_PUSH_ON')}
                  </p>
                ) : (
                  <button className="button button--secondary bell__push" type="button" aria-busy={push === 'busy' || undefined} disabled={push === 'busy'} onClick={() => void turnOnPush()}>
                    {t('NOTIFICATIONS_PUSH_ENABLE')}
                  </button>
                ))}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

export const NotificationBellIsland = defineIsland('notification-bell', NotificationBell);
