import type { ReactNode } from 'react';
import type { FieldErrors } from '../../components/Form';
import { useI18n } from '../../i18n';

/**
 * Shared pieces of the authentication pages (login, register, forgot, change password, callback):
 * one centred card, the form-level message, the email/phone switch and the terms checkbox.
 * All server-rendered HTML; the account-form island only adds instant validation.
 */

/** A message about the whole form (the last submission's answer): translation key and params. */
export type FormNotice = {
  kind: 'danger' | 'success';
  key: string;
  /** A second sentence (e.g. SMS_REMAINING after CODE_SENT_SMS), with the same params. */
  also?: string;
  params?: Record<string, string | number>;
};

/** What a form page re-renders after a POST: typed values (never passwords), field errors, a notice. */
export type FormState = {
  values?: Record<string, string>;
  errors?: FieldErrors;
  notice?: FormNotice;
};

export const hasErrors = (state: FormState): boolean =>
  Object.values(state.errors ?? {}).some(Boolean) || state.notice?.kind === 'danger';

/** The field that gets focus after a failed POST: the first one with an error, in `order`. */
export const firstInvalid = (state: FormState, order: string[]): string | undefined =>
  state.notice?.kind === 'danger' ? undefined : order.find((name) => state.errors?.[name]);

export function AuthCard({ title, intro, children, after }: { title: string; intro?: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <section className="auth auth-switchable" aria-labelledby="auth-title">
      <div className="auth__card">
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {intro && <p className="auth__intro">{intro}</p>}
        {children}
      </div>
      {after && <div className="auth__after">{after}</div>}
    </section>
  );
}

/**
 * The form-level message. A failure is focused on arrival (tabIndex -1 + autofocus), so a screen
 * reader reads it first and the next Tab goes into the form.
 */
export function Notice({ notice }: { notice?: FormNotice }) {
  const { t } = useI18n();
  if (!notice) return null;
  const danger = notice.kind === 'danger';
  return (
    <div
      className={`toast toast--${notice.kind} auth__notice`}
      role={danger ? 'alert' : 'status'}
      tabIndex={danger ? -1 : undefined}
      autoFocus={danger}
      data-testid="form-notice"
    >
      {t(notice.key, notice.params)}
      {notice.also && ` ${t(notice.also, notice.params)}`}
    </div>
  );
}

/**
 * Email / phone switch: two radios styled as tabs. CSS (`:has`) shows the matching
 * `[data-panel=email|phone]` inside the closest `.auth-switchable`, without JavaScript.
 * With `name`, the choice is posted with the form.
 */
export function MethodSwitch({ name, legend, value, idPrefix }: { name: string; legend: string; value: 'email' | 'phone'; idPrefix: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="auth-switch">
      <legend className="visually-hidden">{legend}</legend>
      {(['email', 'phone'] as const).map((method) => (
        <span key={method} className="auth-switch__option">
          <input type="radio" id={`${idPrefix}-${method}`} name={name} value={method} defaultChecked={value === method} />
          <label htmlFor={`${idPrefix}-${method}`}>{t(method === 'email' ? 'EMAIL' : 'PHONE')}</label>
        </span>
      ))}
    </fieldset>
  );
}

/** The terms checkbox of registration (spec §5: terms must be accepted), linking /page/terms-of-use. */
export function TermsField({ error, checked, autoFocus }: { error?: string; checked: boolean; autoFocus?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="field field--check" data-field="terms">
      <input
        type="checkbox"
        id="field-terms"
        name="terms"
        value="1"
        defaultChecked={checked}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby="field-terms-message"
        autoFocus={autoFocus}
      />
      <label htmlFor="field-terms">
        {t('TERMS_ACCEPT')}{' '}
        <a href="/page/terms-of-use" target="_blank" rel="noopener">
          {t('TERMS_OF_USE')}
          <span className="visually-hidden"> ({t('OPENS_IN_NEW_TAB')})</span>
        </a>
      </label>
      <p id="field-terms-message" className={error ? 'field__error' : 'field__hint'} data-message-for="terms" aria-live="polite">
        {error ? t(error) : ''}
      </p>
    </div>
  );
}

export function SubmitButton({
  children,
  ...rest
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  'data-validate'?: string;
  formNoValidate?: boolean;
  variant?: 'primary' | 'ghost';
}) {
  const { variant = 'primary', ...attrs } = rest;
  return (
    <button className={`button button--${variant} button--block button--large`} type="submit" {...attrs}>
      {children}
    </button>
  );
}

/**
 * A form whose first visible submit button is a secondary one (e.g. "send me a code") starts with
 * this invisible copy of its main button, so Enter in any field (implicit submission) does the main action.
 */
export function DefaultSubmit({ name, value }: { name: string; value: string }) {
  return <button type="submit" name={name} value={value} className="visually-hidden" tabIndex={-1} aria-hidden="true" />;
}
