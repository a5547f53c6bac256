import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { AuthCard, firstInvalid, Notice, SubmitButton, type FormState } from './AuthLayout';

export type ChangePasswordProps = {
  /** From the reset link's query (spec §2: email and reset_token); posted back as hidden fields. */
  email: string;
  resetToken: string;
  state?: FormState;
  strong: boolean;
};

/**
 * /changePassword and /password/change (spec §2, §8 Reset): the page the emailed reset link opens.
 * A link without its email or token cannot work: the page says so and offers a new one.
 */
export function ChangePasswordPage({ email, resetToken, state = {}, strong }: ChangePasswordProps) {
  const { t } = useI18n();
  const errors = state.errors ?? {};
  const focus = firstInvalid(state, ['password', 'password_confirmation']);
  const hint = t(strong ? 'PASSWORD_HINT_STRONG' : 'PASSWORD_HINT');
  const newLink = (
    <p>
      <a href="/forgot">{t('REQUEST_NEW_LINK')}</a>
    </p>
  );
  if (!email || !resetToken) {
    return (
      <AuthCard title={t('TITLE_CHANGE_PASSWORD')} after={newLink}>
        <Notice notice={{ kind: 'danger', key: 'RESET_LINK_INVALID' }} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('TITLE_CHANGE_PASSWORD')}
      intro={
        <>
          {t('CHANGE_PASSWORD_FOR')} <bdi dir="ltr">{email}</bdi>
        </>
      }
      after={newLink}
    >
      <Notice notice={state.notice} />
      <form className="auth__form" method="post">
        <input type="hidden" name="email" value={email} autoComplete="username" />
        <input type="hidden" name="reset_token" value={resetToken} />
        <Field
          name="password"
          type="password"
          label={t('NEW_PASSWORD')}
          hint={hint}
          autoComplete="new-password"
          required
          error={errors.password}
          autoFocus={focus === 'password'}
        />
        <Field
          name="password_confirmation"
          type="password"
          label={t('PASSWORD_CONFIRMATION')}
          autoComplete="new-password"
          required
          error={errors.password_confirmation}
          autoFocus={focus === 'password_confirmation'}
        />
        <AccountFormIsland
          rules={{ password: 'password', password_confirmation: 'confirmation' }}
          strong={strong}
          hints={{ password: strong ? 'PASSWORD_HINT_STRONG' : 'PASSWORD_HINT' }}
        />
        <SubmitButton>{t('CHANGE_PASSWORD')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
