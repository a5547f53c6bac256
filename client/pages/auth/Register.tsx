import { CodeField, EmailField, NewPasswordFields, PhoneField } from '../../components/Form';
import { SubscribeSteps, type SubscribeStep } from '../../components/SubscribeSteps';
import { useI18n } from '../../i18n';
import { AccountFormIsland, type AccountRule } from '../../islands/account-form';
import { AuthCard, DefaultSubmit, firstInvalid, MethodSwitch, Notice, SubmitButton, TermsField, type FormState } from './AuthLayout';

export type RegisterProps = {
  state?: FormState;
  /** Option STRONG_PASSWORD: a special character is also required. */
  strong: boolean;
  /** Option TOKENIZED_REGISTER: a 6-digit code sent to the email is needed (email sign-up only). */
  tokenized: boolean;
  /** The `?code` query parameter, posted along (spec §2: the register page accepts a code). */
  code: string;
  /** On the way to a plan (?redirect=/subscription…): the step of the subscribe flow this page is. */
  step: SubscribeStep | null;
  /** The login link, keeping where the visitor was going (?redirect=). */
  loginHref: string;
};

const ORDER = ['email', 'phone_national', 'validation_token', 'password', 'password_confirmation', 'terms'];

/**
 * /register (spec §2, §4 Registration, §5): email or phone (switch), password and confirmation,
 * terms. With TOKENIZED_REGISTER a "send me a code" button posts the email first (intent
 * send_code) and the code field is required.
 */
export function RegisterPage({ state = {}, strong, tokenized, code, step, loginHref }: RegisterProps) {
  const { t } = useI18n();
  const { values = {}, errors = {} } = state;
  const method = values.method === 'phone' && !tokenized ? 'phone' : 'email';
  const focus = firstInvalid(state, ORDER);
  const hint = strong ? 'PASSWORD_HINT_STRONG' : 'PASSWORD_HINT';
  const rules: Record<string, AccountRule> = {
    email: 'email',
    phone_national: 'national',
    password: 'password',
    password_confirmation: 'confirmation',
    terms: 'terms',
  };
  if (tokenized) rules.validation_token = 'code';
  return (
    <AuthCard
      title={t('TITLE_REGISTER')}
      intro={t('REGISTER_INTRO')}
      after={
        <p>
          {t('HAVE_ACCOUNT')} <a href={loginHref}>{t('LOGIN')}</a>
        </p>
      }
    >
      {step && <SubscribeSteps current={step} withCode={tokenized} />}
      <Notice notice={state.notice} />
      <form className="auth__form" method="post" noValidate>
        {/* noValidate: the server and the island give the page-language messages, never the browser's own bubble. */}
        {tokenized && <DefaultSubmit name="intent" value="register" />}
        {tokenized ? (
          <input type="hidden" name="method" value="email" />
        ) : (
          <MethodSwitch name="method" legend={t('REGISTER_WITH')} value={method} idPrefix="method" />
        )}
        <div data-panel="email">
          <EmailField
            label={t('EMAIL')}
            defaultValue={values.email ?? ''}
            error={errors.email}
            autoFocus={focus === 'email'}
          />
        </div>
        {!tokenized && (
          <div data-panel="phone">
            <PhoneField
              label={t('PHONE')}
              countryCode={values.country_code}
              national={values.phone_national}
              error={errors.phone_national}
              autoFocus={focus === 'phone_national'}
            />
          </div>
        )}
        {tokenized && (
          <div className="auth__code">
            <SubmitButton name="intent" value="send_code" data-validate="email" formNoValidate variant="ghost">
              {t('SEND_CODE')}
            </SubmitButton>
            <CodeField
              name="validation_token"
              label={t('VERIFICATION_CODE')}
              hint={t('CODE_HINT')}
              defaultValue={values.validation_token ?? ''}
              error={errors.validation_token}
              autoFocus={focus === 'validation_token'}
            />
          </div>
        )}
        <NewPasswordFields label="PASSWORD" hint={hint} errors={errors} focus={focus} />
        <TermsField error={errors.terms} checked={values.terms === '1'} autoFocus={focus === 'terms'} />
        {code && <input type="hidden" name="code" value={code} />}
        <AccountFormIsland
          rules={rules}
          strong={strong}
          hints={{ password: hint, phone_national: 'PHONE_HINT', validation_token: 'CODE_HINT' }}
        />
        <SubmitButton name="intent" value="register">
          {t('CREATE_ACCOUNT')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
