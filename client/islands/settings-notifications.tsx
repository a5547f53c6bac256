import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { saveJson, SettingsSwitch } from '../components/SettingsSwitch';
import { disablePush, enablePush, type PushOutcome } from '../push/subscribe';
import { showToast, TOAST_MS } from '../toast';

type Props = {
  /** The user's notification_active. */
  active: boolean;
};

/**
 * Notifications switch of the account page (PUT /auth/notificationActive). Without JavaScript the
 * switch is the submit button of a form the edge handles. Once live, a click saves at once and also
 * turns web push on or off for this browser: turning on asks the notification permission inside
 * that click and subscribes (client/push/subscribe.ts); a refused permission gets a toast saying
 * how to allow it. Turning off unsubscribes this browser (deliveries also stop for every device,
 * since they skip users with notification_active off).
 */
export default function SettingsNotifications({ active }: Props) {
  const { t, lang } = useI18n();

  async function save(next: boolean): Promise<boolean> {
    // Started before any await, so the permission prompt belongs to the click.
    const push: Promise<PushOutcome | undefined> = next ? enablePush(lang) : disablePush().then(() => undefined);
    const saved = await saveJson(t, '/auth/notificationActive', 'PUT', { isActive: next });
    const outcome = await push;
    if (!saved && outcome === 'subscribed') await disablePush();
    if (saved && outcome === 'denied') showToast(t('PUSH_PERMISSION_DENIED'), 'info', TOAST_MS.error);
    if (saved && outcome === 'failed') showToast(t('PUSH_FAILED'), 'danger', TOAST_MS.request);
    return saved;
  }

  return (
    <SettingsSwitch
      checked={active}
      action="/profile#notifications"
      intent="notifications"
      name="active"
      label={t('RECEIVE_NOTIFICATIONS')}
      describedBy="notifications-text"
      save={save}
    />
  );
}

export const SettingsNotificationsIsland = defineIsland('settings-notifications', SettingsNotifications);
