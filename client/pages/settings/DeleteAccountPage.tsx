import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { FormNote, type FormState } from '../../components/FormState';

/**
 * The confirmation step of account deletion without JavaScript (GET /profile/delete), also shown
 * again when the password was wrong. Posts the password to /profile/delete.
 */
export function DeleteAccountPage({ state }: { state?: FormState }) {
  const { t } = useI18n();
  const error = state?.errors?.password;
  return (
    <div className="page settings">
      <section className="settings__section settings__section--danger" aria-labelledby="delete-title">
        <h1 className="settings__title" id="delete-title">
          {t('DELETE_ACCOUNT_CONFIRM_TITLE')}
        </h1>
        <p className="settings__text">{t('DELETE_ACCOUNT_CONFIRM_TEXT')}</p>
        <form className="settings__form" method="post" action="/profile/delete">
          <FormNote message={state?.message} />
          <input type="hidden" name="confirmed" value="1" />
          <AccountFormIsland rules={{ password: 'required' }} />
          <Field
            id="delete-password"
            name="password"
            type="password"
            label={t('PASSWORD')}
            autoComplete="current-password"
            required
            autoFocus
            error={error}
          />
          <div className="settings__actions">
            <a className="button button--ghost" href="/profile">
              {t('CANCEL')}
            </a>
            <button className="button button--danger" type="submit">
              {t('DELETE_PERMANENTLY')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
