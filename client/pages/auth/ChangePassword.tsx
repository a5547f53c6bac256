import { NewPasswordFields } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { AuthCard, firstInvalid, Notice, SubmitButton, type FormState } from './AuthLayout';

export type ChangePasswordProps = {
  /** From the reset link's query (spec §2); posted back as a hidden field. */
  email: string;
  /**
   * Whether the browser holds the link's reset token (the HttpOnly resetToken cookie the link's
   * first GET set). The token itself never reaches the page.
   */
  hasToken: boolean;
  state?: FormState;
  strong: boolean;
};

/**
 * /changePassword and /password/change (spec §2, §8 Reset): the page the emailed reset link opens.
 * A link without its email or token cannot work: the page says so and offers a new one.
 */
export function ChangePasswordPage({ email, hasToken, state = {}, strong }: ChangePasswordProps) {
  const { t } = useI18n();
  const hint = strong ? 'PASSWORD_HINT_STRONG' : 'PASSWORD_HINT';
  const newLink = (
    <p>
      <a href="/forgot">{t('REQUEST_NEW_LINK')}</a>
    </p>
  );
  if (!email || !hasToken) {
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
        <NewPasswordFields hint={hint} errors={state.errors} focus={firstInvalid(state, ['password', 'password_confirmation'])} />
        <AccountFormIsland rules={{ password: 'password', password_confirmation: 'confirmation' }} strong={strong} hints={{ password: hint }} />
        <SubmitButton>{t('CHANGE_PASSWORD')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
