import { useState, type MouseEvent } from 'react';
import { requestWithToast } from '../api';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { showToast, TOAST_MS } from '../toast';

type Props = {
  /** The user's notification_active. */
  active: boolean;
};

/**
 * Notifications switch of the account page (PUT /auth/notificationActive). Without JavaScript the
 * switch is the submit button of a form the edge handles; once live, a click saves at once, shows
 * PROFILE_UPDATED, and on failure puts the switch back with the request's error toast.
 */
export default function SettingsNotifications({ active: initial }: Props) {
  const { t } = useI18n();
  const [active, setActive] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (busy) return;
    const next = !active;
    setActive(next);
    setBusy(true);
    const saved = await requestWithToast(
      '/auth/notificationActive',
      () => true,
      { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ isActive: next }) },
      { t },
    );
    // The request helper has shown the failure's toast: put the switch back.
    if (saved) showToast(t('PROFILE_UPDATED'), 'success', TOAST_MS.profile);
    else setActive(!next);
    setBusy(false);
  }

  return (
    <form className="settings__switch-form" method="post" action="/profile#notifications">
      <input type="hidden" name="intent" value="notifications" />
      <button
        className="switch"
        type="submit"
        name="active"
        value={String(!active)}
        role="switch"
        aria-checked={active}
        aria-describedby="notifications-text"
        aria-busy={busy || undefined}
        onClick={toggle}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__label">{t('RECEIVE_NOTIFICATIONS')}</span>
        <span className="switch__state" aria-hidden="true">
          {t(active ? 'ON' : 'OFF')}
        </span>
      </button>
    </form>
  );
}

export const SettingsNotificationsIsland = defineIsland('settings-notifications', SettingsNotifications);
