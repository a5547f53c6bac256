import type { LibrarySummary } from '../../../worker/api/libraries/schemas';
import { EmailField, Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { TermsField } from '../auth/AuthLayout';
import { FormNote, type FormState } from '../../components/FormState';

/**
 * /libraries/{slug}/card (spec §2 library card entry): the card number and its PIN. A logged-in user
 * adds it; a guest either logs in first (and comes back here) or creates an account in the same
 * form (email, password and the terms, as registration asks), which adds the card and logs them in.
 * When the card is then refused (a wrong PIN), the form comes back for the account just made, which
 * it names (`values.email`). Plain form: no JavaScript needed.
 */
export function CardPage({ library, loggedIn, state }: { library: LibrarySummary; loggedIn: boolean; state?: FormState | undefined }) {
  const { t } = useI18n();
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  const back = `/libraries/${library.slug}/card`;
  return (
    <div className="page library-card-page">
      <header className="page__header">
        <p className="settings__back">
          <a href={`/libraries/${library.slug}`}>{library.name}</a>
        </p>
        <h1>{t('LIBRARY_CARD_TITLE')}</h1>
        <p className="page__lead">
          {library.name} · {library.city}
        </p>
      </header>
      <form className="library-card-form" method="post" action={back} noValidate>
        <FormNote message={state?.message} />
        {loggedIn && values.email && <p className="settings__text">{t('LIBRARY_CARD_ACCOUNT_READY', { email: values.email })}</p>}
        <Field name="cardNumber" label={t('LIBRARY_CARD_NUMBER')} inputMode="numeric" autoComplete="off" dir="ltr" required maxLength={40} defaultValue={values.cardNumber ?? ''} error={errors.cardNumber} autoFocus={!state || Boolean(errors.cardNumber)} />
        <Field name="pin" type="password" label={t('LIBRARY_CARD_PIN')} autoComplete="off" dir="ltr" required maxLength={64} error={errors.pin} />
        {!loggedIn && (
          <fieldset className="library-card-form__account">
            <legend>{t('LIBRARY_CARD_NEW_ACCOUNT')}</legend>
            <p className="settings__text">
              {t('LIBRARY_CARD_HAVE_ACCOUNT')}{' '}
              <a href={`/login?redirect=${encodeURIComponent(back).replace(/%2F/g, '/')}`}>{t('LOGIN')}</a>
            </p>
            <EmailField label={t('EMAIL')} defaultValue={values.email ?? ''} error={errors.email} required />
            <Field name="password" type="password" label={t('PASSWORD')} autoComplete="new-password" required error={errors.password} hint={t('PASSWORD_CONDITION')} />
            <TermsField error={errors.terms} checked={values.terms === '1'} />
          </fieldset>
        )}
        <button className="button button--primary button--large" type="submit">
          {t(loggedIn ? 'LIBRARY_CARD_SUBMIT' : 'LIBRARY_CARD_CREATE_ACCOUNT')}
        </button>
      </form>
    </div>
  );
}
