import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { AuthCard, firstInvalid, Notice, SubmitButton, type FormState } from './AuthLayout';

/**
 * /login (spec §2, §5, §8 Login): email or phone and password, posted to the same URL (which keeps
 * `?redirect=`). Both are required, otherwise nothing is sent to the API.
 */
export function LoginPage({ state = {} }: { state?: FormState }) {
  const { t } = useI18n();
  const { values = {}, errors = {} } = state;
  const focus = firstInvalid(state, ['login', 'password']);
  return (
    <AuthCard
      title={t('TITLE_LOGIN')}
      intro={t('LOGIN_INTRO')}
      after={
        <p>
          {t('NO_ACCOUNT')} <a href="/register">{t('CREATE_ACCOUNT')}</a>
        </p>
      }
    >
      <Notice notice={state.notice} />
      <form className="auth__form" method="post">
        <Field
          name="login"
          label={t('EMAIL_OR_PHONE')}
          hint={
            <>
              {t('LOGIN_HINT')} <bdi dir="ltr" className="auth__nowrap">
                +212 6 12 34 56 78
              </bdi>
            </>
          }
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          required
          defaultValue={values.login ?? ''}
          error={errors.login}
          autoFocus={focus === 'login'}
        />
        <Field
          name="password"
          type="password"
          label={t('PASSWORD')}
          autoComplete="current-password"
          required
          error={errors.password}
          autoFocus={focus === 'password'}
        />
        <p className="auth__aside">
          <a href="/forgot">{t('FORGOT_PASSWORD')}</a>
        </p>
        <AccountFormIsland rules={{ login: 'required', password: 'required' }} />
        <SubmitButton>{t('LOGIN')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
