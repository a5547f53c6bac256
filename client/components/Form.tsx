import type { InputHTMLAttributes, ReactNode } from 'react';
import { COUNTRY_CODES, MOROCCO_CODE } from '../../worker/rules/account';
import { useI18n } from '../i18n';

/**
 * Form building blocks of the account pages. Plain HTML forms that post to the edge (they work
 * without JavaScript); the form island (client/islands/account-form.tsx) adds instant validation.
 * Errors are translation keys; each field's message is tied to its input by aria-describedby.
 */
export type FieldErrors = Partial<Record<string, string>>;

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

export function Field({ name, label, error, hint, id = `field-${name}`, ...input }: FieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className="field" data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="field__input"
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      <FieldMessage id={messageId} name={name} error={error} hint={hint} />
    </div>
  );
}

/** The line under a field: its error (a translation key) or else its hint; `id` is the input's aria-describedby. */
export function FieldMessage({ id, name, error, hint }: { id: string; name: string; error?: string; hint?: ReactNode }) {
  const { t } = useI18n();
  return (
    <p id={id} className={error ? 'field__error' : 'field__hint'} data-message-for={name} aria-live="polite">
      {error ? t(error) : hint}
    </p>
  );
}

/** An email input: no automatic capitals or spell check, left to right on Arabic pages too. */
export function EmailField(props: Omit<FieldProps, 'name' | 'type'>) {
  return <Field name="email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} dir="ltr" {...props} />;
}

/** A 6-digit verification code (spec §9); phones offer it from the SMS. */
export function CodeField(props: FieldProps) {
  return <Field inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" {...props} />;
}

/**
 * A new password and its confirmation (spec §5), as registration, password resets and the
 * settings ask for them. Labels and hint are translation keys; `focus` names the field that takes
 * the focus (the first one in error); `ids` where the page has other password fields.
 */
export function NewPasswordFields({
  hint,
  errors = {},
  focus,
  label = 'NEW_PASSWORD',
  confirmationLabel = 'PASSWORD_CONFIRMATION',
  ids = {},
}: {
  hint: string;
  errors?: FieldErrors;
  focus?: string;
  label?: string;
  confirmationLabel?: string;
  ids?: { password?: string; confirmation?: string };
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        id={ids.password}
        name="password"
        type="password"
        label={t(label)}
        hint={t(hint)}
        autoComplete="new-password"
        required
        error={errors.password}
        autoFocus={focus === 'password'}
      />
      <Field
        id={ids.confirmation}
        name="password_confirmation"
        type="password"
        label={t(confirmationLabel)}
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        autoFocus={focus === 'password_confirmation'}
      />
    </>
  );
}

/**
 * Phone input of spec §5: a country-code picker (default +212) and the national number typed
 * without the leading zero. Posts `country_code` and `phone_national`. `autoFocus` after a failed
 * post whose error is on the number.
 */
export function PhoneField({ label, error, countryCode = MOROCCO_CODE, national = '', required = false, autoFocus = false, codes = COUNTRY_CODES, hint = 'PHONE_HINT' }: {
  label: string;
  error?: string;
  countryCode?: string;
  national?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** The country codes offered (one: shown, not chosen; mobile payment takes Moroccan numbers only). */
  codes?: readonly string[];
  /** The hint's translation key, shown while there is no error. */
  hint?: string;
}) {
  const { t } = useI18n();
  return (
    <div className="field" data-field="phone_national">
      <label className="field__label" htmlFor="field-phone_national">
        {label}
      </label>
      <div className="field__phone" dir="ltr">
        {codes.length === 1 ? (
          <>
            <span className="field__input field__code field__code--fixed">
              {codes[0]}
            </span>
            <input type="hidden" name="country_code" value={codes[0]} />
          </>
        ) : (
          <select className="field__input field__code" name="country_code" defaultValue={countryCode} aria-label={t('COUNTRY_CODE')}>
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
        <input
          className="field__input"
          id="field-phone_national"
          name="phone_national"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          defaultValue={national}
          required={required}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby="field-phone_national-message"
        />
      </div>
      <p id="field-phone_national-message" className={error ? 'field__error' : 'field__hint'} data-message-for="phone_national" aria-live="polite">
        {error ? t(error) : t(hint)}
      </p>
    </div>
  );
}

/** A form-level message (the answer of the last submission), announced to screen readers. */
export function FormMessage({ kind, children }: { kind: 'danger' | 'success'; children: ReactNode }) {
  return (
    <div className={`toast toast--${kind}`} role={kind === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
