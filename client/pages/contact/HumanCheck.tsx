import { DUMMY_TOKEN, TURNSTILE_ACTION, TURNSTILE_FIELD, TURNSTILE_SCRIPT, type TurnstileMode } from '../../../worker/rules/turnstile';
import { FieldMessage } from '../../components/Form';
import { useI18n } from '../../i18n';

export type HumanCheckProps = {
  mode: TurnstileMode;
  /** TURNSTILE_SITE_KEY (live mode). */
  siteKey: string;
  /** The sandbox with Cloudflare's "always blocks" test site key: the stand-in lets nobody through. */
  blocked: boolean;
  /** The response's CSP nonce, for Turnstile's script. */
  nonce: string;
  error?: string;
};

const MESSAGE_ID = 'field-human-check-message';

/**
 * The contact form's human check (Cloudflare Turnstile, worker/rules/turnstile.ts). Live: Turnstile's
 * widget, which puts its token in the form's `cf-turnstile-response` field (its script needs
 * JavaScript: the CSP of /contact allows it). Sandbox (development, tests): a local stand-in, a
 * plain checkbox "I am human" that posts the test widget's dummy token as `cf-turnstile-response`,
 * so it works without JavaScript and never reaches challenges.cloudflare.com. Off: says so.
 */
export function HumanCheck({ mode, siteKey, blocked, nonce, error }: HumanCheckProps) {
  const { t, lang } = useI18n();
  if (mode === 'off') return <p className="toast toast--danger">{t('HUMAN_CHECK_UNAVAILABLE')}</p>;
  if (mode === 'live') {
    return (
      <div className="field human-check" data-field={TURNSTILE_FIELD}>
        <div className="cf-turnstile" data-sitekey={siteKey} data-action={TURNSTILE_ACTION} data-language={lang} data-theme="dark" data-size="flexible" />
        <script src={TURNSTILE_SCRIPT} async defer nonce={nonce} />
        <noscript>
          <p className="field__error">{t('HUMAN_CHECK_NEEDS_JS')}</p>
        </noscript>
        <FieldMessage id={MESSAGE_ID} name={TURNSTILE_FIELD} error={error} />
      </div>
    );
  }
  return (
    <div className="field human-check human-check--stand-in" data-field={TURNSTILE_FIELD} data-testid="human-check">
      <div className="human-check__box">
        <input
          type="checkbox"
          id="field-human-check"
          name={TURNSTILE_FIELD}
          value={DUMMY_TOKEN}
          disabled={blocked}
          aria-invalid={error ? true : undefined}
          aria-describedby={MESSAGE_ID}
        />
        <label htmlFor="field-human-check">{t('HUMAN_CHECK_I_AM_HUMAN')}</label>
        <span className="human-check__brand" aria-hidden="true">
          Turnstile
        </span>
      </div>
      <FieldMessage id={MESSAGE_ID} name={TURNSTILE_FIELD} error={error ?? (blocked ? 'HUMAN_CHECK_BLOCKED' : undefined)} hint={t('HUMAN_CHECK_TEST_WIDGET')} />
    </div>
  );
}
