import type { FieldErrors } from './Form';
import { useI18n } from '../i18n';

/**
 * The state of a plain HTML form after it was posted, shared by every page with a form: the server
 * (worker/pages/kit) fills it from its checks and the API's failures, the page shows it: the values
 * typed (never passwords), errors by field, a message for the whole form.
 */
export type FormState = {
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** A message for the whole form: a translation key and its parameters. */
  message?: { kind: 'danger' | 'success' | 'info'; key: string; params?: Record<string, string | number> };
};

/**
 * The form-level message, announced when it appears (alert for errors, status otherwise). An error
 * takes the focus, so the page opens on it after the post (the forms' actions carry no #fragment:
 * Chrome ignores autofocus on a URL with one).
 */
export function FormNote({ message }: { message: FormState['message'] }) {
  const { t } = useI18n();
  if (!message) return null;
  const danger = message.kind === 'danger';
  return (
    <p className={`toast toast--${message.kind} settings__note`} role={danger ? 'alert' : 'status'} tabIndex={danger ? -1 : undefined} autoFocus={danger}>
      {t(message.key, message.params)}
    </p>
  );
}

/** The first field in error takes the focus, so a screen reader reads its label and message first. */
export const firstError = (state: FormState | undefined, names: string[]): string | undefined =>
  names.find((name) => state?.errors?.[name]);
