import { Field } from '../components/Form';
import { defineIsland } from '../island';
import { ConfirmDialog, useConfirmDialog } from '../components/ConfirmDialog';
import AccountForm from './account-form';
import { useI18n } from '../i18n';

/**
 * The account deletion step of the account page. Without JavaScript the button is a link to the
 * confirmation page (/profile/delete); once live it opens the same confirmation in a native modal
 * <dialog>. Either way the password form posts to /profile/delete (DELETE /auth/user at the edge).
 */
export default function SettingsDeleteAccount() {
  const { t } = useI18n();
  const dialog = useConfirmDialog();

  return (
    <>
      <a className="button button--danger" href="/profile/delete" onClick={dialog.open}>
        {t('DELETE_MY_ACCOUNT')}
      </a>
      <ConfirmDialog
        dialog={dialog}
        id="delete-dialog"
        title={t('DELETE_ACCOUNT_CONFIRM_TITLE')}
        text={t('DELETE_ACCOUNT_CONFIRM_TEXT')}
        action="/profile/delete"
        confirm={t('DELETE_PERMANENTLY')}
      >
        <input type="hidden" name="confirmed" value="1" />
        {/* The validation of the account-form island, as a plain component: islands do not nest. */}
        <AccountForm rules={{ password: 'required' }} />
        <Field id="delete-dialog-password" name="password" type="password" label={t('PASSWORD')} autoComplete="current-password" required />
      </ConfirmDialog>
    </>
  );
}

export const SettingsDeleteAccountIsland = defineIsland('settings-delete-account', SettingsDeleteAccount);
