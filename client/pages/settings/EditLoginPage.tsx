import type { User } from '../../../worker/api/auth/schemas';
import { CodeField, EmailField, Field, NewPasswordFields, PhoneField } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { SettingsPageFrame, SettingsSection, VerifiedValue } from './forms';
import { FormNote, firstError, type FormState } from '../../components/FormState';

/**
 * The phone forms: `send` is the answer of "Send code"; `verify` is present once a code was sent
 * (the code form shows), with where it went and, by SMS, how many are left today.
 */
export type PhoneState = {
  values?: Record<string, string>;
  send?: FormState;
  verify?: FormState & { notice?: FormState['message'] };
};

export type EditLoginPageProps = {
  user: User;
  /** Config option STRONG_PASSWORD. */
  strong: boolean;
  email?: FormState;
  phone?: PhoneState;
  password?: FormState;
};

function Current({ label, value, verified }: { label: string; value: string | null; verified: boolean }) {
  return (
    <p className="settings__current">
      <span className="settings__muted">{label}</span> <VerifiedValue value={value} verified={verified} />
    </p>
  );
}

/** The account's password, asked before changing the email or the password. */
function CurrentPasswordField({ id, error, autoFocus }: { id: string; error?: string; autoFocus: boolean }) {
  const { t } = useI18n();
  return (
    <Field id={id} name="current_password" type="password" label={t('CURRENT_PASSWORD')} autoComplete="current-password" required error={error} autoFocus={autoFocus} />
  );
}

function EmailForm({ user, state }: { user: User; state?: FormState }) {
  const { t } = useI18n();
  const focus = firstError(state, ['email', 'current_password']);
  return (
    <SettingsSection id="email" title={t('EMAIL')}>
      <Current label={t('CURRENT_EMAIL')} value={user.email} verified={user.isEmailVerified} />
      <form className="settings__form" method="post" action="/settings/editLogin">
        <FormNote message={state?.message} />
        <input type="hidden" name="intent" value="email" />
        <AccountFormIsland rules={{ email: 'email', current_password: 'required' }} />
        <EmailField
          id="email-new"
          label={t('NEW_EMAIL')}
          required
          defaultValue={state?.values?.email ?? ''}
          error={state?.errors?.email}
          autoFocus={focus === 'email'}
        />
        <CurrentPasswordField id="email-current-password" error={state?.errors?.current_password} autoFocus={focus === 'current_password'} />
        <button className="button button--primary" type="submit">
          {t(user.email ? 'CHANGE_EMAIL' : 'ADD_EMAIL')}
        </button>
      </form>
    </SettingsSection>
  );
}

function PhoneForms({ user, state }: { user: User; state?: PhoneState }) {
  const { t } = useI18n();
  const values = state?.values ?? {};
  const verify = state?.verify;
  const numberError = state?.send?.errors?.phone_national;
  return (
    <SettingsSection id="phone" title={t('PHONE')}>
      <Current label={t('CURRENT_PHONE')} value={user.phone} verified={user.isPhoneVerified} />
      <p className="settings__text">{t('PHONE_CHANGE_TEXT')}</p>
      <form className="settings__form" method="post" action="/settings/editLogin">
        <FormNote message={state?.send?.message} />
        <input type="hidden" name="intent" value="phone-send" />
        {verify && <input type="hidden" name="resend" value="1" />}
        <AccountFormIsland rules={{ phone_national: 'national' }} hints={{ phone_national: 'PHONE_HINT' }} />
        <PhoneField
          label={t('NEW_PHONE')}
          countryCode={values.country_code}
          national={values.phone_national}
          error={numberError}
          required
          autoFocus={Boolean(numberError)}
        />
        <button className={verify ? 'button button--ghost' : 'button button--primary'} type="submit">
          {t(verify ? 'SEND_NEW_CODE' : 'SEND_CODE')}
        </button>
      </form>
      {verify && (
        <form className="settings__form settings__form--step" method="post" action="/settings/editLogin">
          <FormNote message={verify.message} />
          <FormNote message={verify.notice} />
          <input type="hidden" name="intent" value="phone-verify" />
          <AccountFormIsland rules={{ code: 'code' }} hints={{ code: 'VERIFICATION_CODE_HINT' }} />
          <input type="hidden" name="country_code" value={values.country_code ?? ''} />
          <input type="hidden" name="phone_national" value={values.phone_national ?? ''} />
          <CodeField
            id="phone-code"
            name="code"
            label={t('VERIFICATION_CODE')}
            pattern="[0-9]{6}"
            required
            hint={t('VERIFICATION_CODE_HINT')}
            error={verify.errors?.code}
            autoFocus={!state?.send?.message && !numberError}
          />
          <button className="button button--primary" type="submit">
            {t('CONFIRM_PHONE')}
          </button>
        </form>
      )}
    </SettingsSection>
  );
}

function PasswordForm({ user, strong, state }: { user: User; strong: boolean; state?: FormState }) {
  const { t } = useI18n();
  const focus = firstError(state, ['current_password', 'password', 'password_confirmation']);
  const hint = strong ? 'PASSWORD_CONDITION_STRONG' : 'PASSWORD_CONDITION';
  return (
    <SettingsSection id="password" title={t('PASSWORD')}>
      <form className="settings__form" method="post" action="/settings/editLogin">
        <FormNote message={state?.message} />
        <input type="hidden" name="intent" value="password" />
        <AccountFormIsland
          rules={{ current_password: 'required', password: 'password', password_confirmation: 'confirmation' }}
          strong={strong}
          hints={{ password: hint }}
        />
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" defaultValue={user.email ?? user.phone ?? ''} hidden readOnly />
        <CurrentPasswordField id="password-current" error={state?.errors?.current_password} autoFocus={focus === 'current_password'} />
        <NewPasswordFields
          hint={hint}
          errors={state?.errors}
          focus={focus}
          confirmationLabel="CONFIRM_NEW_PASSWORD"
          ids={{ password: 'password-new', confirmation: 'password-confirmation' }}
        />
        <button className="button button--primary" type="submit">
          {t('CHANGE_PASSWORD')}
        </button>
      </form>
    </SettingsSection>
  );
}

/** /settings/editLogin: change the email, the phone (with a verification code) and the password. */
export function EditLoginPage({ user, strong, email, phone, password }: EditLoginPageProps) {
  const { t } = useI18n();
  return (
    <SettingsPageFrame back={{ href: '/profile', label: t('BACK_TO_ACCOUNT') }} title={t('TITLE_EDIT_LOGIN')} lead={t('EDIT_LOGIN_TEXT')}>
      <EmailForm user={user} state={email} />
      <PhoneForms user={user} state={phone} />
      <PasswordForm user={user} strong={strong} state={password} />
    </SettingsPageFrame>
  );
}
