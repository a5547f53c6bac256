import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { saveJson, SettingsSwitch } from '../components/SettingsSwitch';

/**
 * The account page's "Hide viewing history on the home page" switch (spec §3 User.hide_watched,
 * PUT auth/profile { hide_watched }); without JavaScript a form the edge handles.
 */
export default function SettingsHideWatched({ hidden }: { hidden: boolean }) {
  const { t } = useI18n();
  return (
    <SettingsSwitch
      checked={hidden}
      action="/profile#history"
      intent="hide-watched"
      name="hidden"
      label={t('HIDE_WATCHED')}
      describedBy="history-text"
      save={(next) => saveJson(t, '/auth/profile', 'PUT', { hide_watched: next })}
    />
  );
}

export const SettingsHideWatchedIsland = defineIsland('settings-hide-watched', SettingsHideWatched);
