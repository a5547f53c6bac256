import { useRef, type MouseEvent } from 'react';
import { Field } from '../components/Form';
import { defineIsland } from '../island';
import AccountForm from './account-form';
import { useI18n } from '../i18n';

/**
 * The account deletion step of the account page. Without JavaScript the button is a link to the
 * confirmation page (/profile/delete); once live it opens the same confirmation in a native modal
 * <dialog>. Either way the password form posts to /profile/delete (DELETE /auth/user at the edge).
 */
export default function SettingsDeleteAccount() {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    const el = dialog.current;
    if (!el || typeof el.showModal !== 'function') return;
    event.preventDefault();
    el.showModal();
  }

  return (
    <>
      <a className="button button--danger" href="/profile/delete" onClick={open}>
        {t('DELETE_MY_ACCOUNT')}
      </a>
      <dialog ref={dialog} className="dialog" aria-labelledby="delete-dialog-title" aria-describedby="delete-dialog-text">
        <form className="dialog__body" method="post" action="/profile/delete">
          <h2 className="dialog__title" id="delete-dialog-title">
            {t('DELETE_ACCOUNT_CONFIRM_TITLE')}
          </h2>
          <p className="settings__text" id="delete-dialog-text">
            {t('DELETE_ACCOUNT_CONFIRM_TEXT')}
          </p>
          <input type="hidden" name="confirmed" value="1" />
          {/* The validation of the account-form island, as a plain component: islands do not nest. */}
          <AccountForm rules={{ password: 'required' }} />
          <Field id="delete-dialog-password" name="password" type="password" label={t('PASSWORD')} autoComplete="current-password" required />
          <div className="dialog__actions">
            <button className="button button--ghost" type="button" onClick={() => dialog.current?.close()}>
              {t('CANCEL')}
            </button>
            <button className="button button--danger" type="submit">
              {t('DELETE_PERMANENTLY')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

export const SettingsDeleteAccountIsland = defineIsland('settings-delete-account', SettingsDeleteAccount);
