import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { ConfirmDialog, useConfirmDialog } from '../components/ConfirmDialog';
import { forgetWatched } from '../player/watched';

/**
 * "Erase history" of the account page (spec §7 DELETE /actions/watched, §8 HISTORY_ERASED).
 * Without JavaScript the button posts the form (the edge erases and answers with the toast); once
 * live it asks first in a native modal <dialog>, whose form posts the same, after forgetting the
 * profile's locally kept `watched` list (spec §3 client state).
 */
export default function SettingsEraseHistory({ profileId }: { profileId: number }) {
  const { t } = useI18n();
  const dialog = useConfirmDialog();
  const forget = () => forgetWatched(profileId);
  const intent = <input type="hidden" name="intent" value="erase-history" />;
  return (
    <>
      <form method="post" action="/profile#history" onSubmit={forget}>
        {intent}
        <button className="button button--ghost" type="submit" onClick={dialog.open}>
          {t('ERASE_HISTORY')}
        </button>
      </form>
      <ConfirmDialog
        dialog={dialog}
        id="erase-history"
        title={t('ERASE_HISTORY_CONFIRM_TITLE')}
        text={t('ERASE_HISTORY_CONFIRM_TEXT')}
        action="/profile#history"
        confirm={t('ERASE_HISTORY')}
        onSubmit={forget}
      >
        {intent}
      </ConfirmDialog>
    </>
  );
}

export const SettingsEraseHistoryIsland = defineIsland('settings-erase-history', SettingsEraseHistory);
