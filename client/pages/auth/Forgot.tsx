import { CodeField, EmailField, NewPasswordFields, PhoneField } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { AuthCard, firstInvalid, MethodSwitch, Notice, SubmitButton, type FormState } from './AuthLayout';

export type ForgotProps = {
  /** Which way is shown first: the emailed link or the SMS code. */
  by: 'email' | 'phone';
  /** The reset link was just sent (after the redirect): the success message stays on the page. */
  sent: boolean;
  email?: FormState;
  phone?: FormState;
  /** 'code': a code was sent to `phone.values` (E.164 in `phone`); the form asks for it and the new password. */
  phoneStep: 'number' | 'code';
  strong: boolean;
};

/**
 * /forgot and /password/forgot (spec §2, §5 "Forgot password needs an email", §8 Forgot password):
 * a reset link by email, or, for Moroccan numbers, a code by SMS then the new password here.
 * Two plain forms behind an email/phone switch; each posts an `intent`.
 */
export function ForgotPage({ by, sent, email = {}, phone = {}, phoneStep, strong }: ForgotProps) {
  const { t } = useI18n();
  const phoneValues = phone.values ?? {};
  const phoneErrors = phone.errors ?? {};
  const phoneFocus = firstInvalid(phone, phoneStep === 'number' ? ['phone_national'] : ['code', 'password', 'password_confirmation']);
  const hint = strong ? 'PASSWORD_HINT_STRONG' : 'PASSWORD_HINT';
  return (
    <AuthCard
      title={t('TITLE_FORGOT')}
      after={
        <p>
          <a href="/login">{t('BACK_TO_LOGIN')}</a>
        </p>
      }
    >
      <MethodSwitch name="reset_by" legend={t('RESET_WITH')} value={by} idPrefix="reset-by" />

      <div data-panel="email">
        {sent && <Notice notice={{ kind: 'success', key: 'RESET_LINK_SENT' }} />}
        <Notice notice={email.notice} />
        <form className="auth__form" method="post">
          <p className="auth__help">{t('FORGOT_EMAIL_HELP')}</p>
          <EmailField
            label={t('EMAIL')}
            required
            defaultValue={email.values?.email ?? ''}
            error={email.errors?.email}
            autoFocus={firstInvalid(email, ['email']) === 'email'}
          />
          <AccountFormIsland rules={{ email: 'email' }} />
          <SubmitButton name="intent" value="email">
            {t('SEND_RESET_LINK')}
          </SubmitButton>
        </form>
      </div>

      <div data-panel="phone">
        <Notice notice={phone.notice} />
        {phoneStep === 'number' ? (
          <form className="auth__form" method="post">
            <p className="auth__help">{t('FORGOT_SMS_HELP')}</p>
            <PhoneField
              label={t('PHONE')}
              countryCode={phoneValues.country_code}
              national={phoneValues.phone_national}
              error={phoneErrors.phone_national}
              autoFocus={phoneFocus === 'phone_national'}
            />
            <AccountFormIsland rules={{ phone_national: 'national' }} hints={{ phone_national: 'PHONE_HINT' }} />
            <SubmitButton name="intent" value="send_code">
              {t('SEND_CODE')}
            </SubmitButton>
          </form>
        ) : (
          <form className="auth__form" method="post">
            <p className="auth__help">
              {t('CODE_SENT_TO')} <bdi dir="ltr">{phoneValues.phone}</bdi>
            </p>
            <input type="hidden" name="country_code" value={phoneValues.country_code ?? ''} />
            <input type="hidden" name="phone_national" value={phoneValues.phone_national ?? ''} />
            <CodeField
              name="code"
              label={t('VERIFICATION_CODE')}
              hint={t('CODE_HINT')}
              required
              error={phoneErrors.code}
              autoFocus={phoneFocus === 'code'}
            />
            <NewPasswordFields hint={hint} errors={phoneErrors} focus={phoneFocus} />
            <AccountFormIsland
              rules={{ code: 'code', password: 'password', password_confirmation: 'confirmation' }}
              strong={strong}
              hints={{ code: 'CODE_HINT', password: hint }}
            />
            <SubmitButton name="intent" value="reset_phone">
              {t('CHANGE_PASSWORD')}
            </SubmitButton>
            <div className="auth__row">
              <button className="button button--ghost" type="submit" name="intent" value="send_code" formNoValidate data-validate="">
                {t('SEND_NEW_CODE')}
              </button>
              <a href="/forgot?by=phone">{t('USE_ANOTHER_NUMBER')}</a>
            </div>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
