import { CodeField, Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { QrCode } from '../../components/QrCode';
import { useI18n } from '../../i18n';

/**
 * Signing in to the console (issue 32): the password, then a code of the authenticator app (or a
 * recovery code). The first time, the second step shows the secret to add to the app, as a code to
 * scan and as text to type.
 */
export type LoginStep = { step: 'password' } | { step: 'code'; challenge: string; enrol: { secret: string; uri: string } | null };

export function LoginPage({ back, shown, form }: { back: string; shown: LoginStep; form?: FormState }) {
  const { t } = useI18n();
  return (
    <section className="console__signin" aria-labelledby="signin-title">
      <h1 id="signin-title">{t('ADMIN_SIGN_IN')}</h1>
      <FormNote message={form?.message} />
      {shown.step === 'password' ? (
        <form method="post" action={`/admin/login?back=${encodeURIComponent(back)}`} className="console__form">
          <input type="hidden" name="step" value="password" />
          <Field name="login" label={t('ADMIN_LOGIN')} type="text" autoComplete="username" dir="ltr" required defaultValue={form?.values?.login} autoFocus={!form?.message} />
          <Field name="password" label={t('PASSWORD')} type="password" autoComplete="current-password" required />
          <button className="button button--primary" type="submit">
            {t('ADMIN_CONTINUE')}
          </button>
        </form>
      ) : (
        <form method="post" action={`/admin/login?back=${encodeURIComponent(back)}`} className="console__form">
          <input type="hidden" name="step" value="code" />
          <input type="hidden" name="challenge" value={shown.challenge} />
          {shown.enrol && (
            <div className="console__enrol">
              <p>{t('ADMIN_ENROL_INTRO')}</p>
              <QrCode text={shown.enrol.uri} label={t('ADMIN_ENROL_QR')} />
              <p>
                {t('ADMIN_ENROL_KEY')} <code dir="ltr">{shown.enrol.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </p>
            </div>
          )}
          <CodeField name="code" label={t('ADMIN_CODE')} hint={t('ADMIN_CODE_HINT')} autoFocus={!form?.message} />
          {!shown.enrol && (
            <details className="console__recovery">
              <summary>{t('ADMIN_USE_RECOVERY')}</summary>
              <Field name="recovery_code" label={t('ADMIN_RECOVERY_CODE')} type="text" autoComplete="off" dir="ltr" />
            </details>
          )}
          <button className="button button--primary" type="submit">
            {t('ADMIN_SIGN_IN')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The recovery codes, shown once when the second factor was set up. */
export function RecoveryCodesPage({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useI18n();
  return (
    <section className="console__signin" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('ADMIN_RECOVERY_TITLE')}</h1>
      <p>{t('ADMIN_RECOVERY_INTRO')}</p>
      <ol className="console__codes" dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <a className="button button--primary" href={next}>
        {t('ADMIN_RECOVERY_DONE')}
      </a>
    </section>
  );
}
