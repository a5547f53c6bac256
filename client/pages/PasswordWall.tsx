import { useI18n } from '../i18n';

export type PasswordWallProps = {
  /** Where the form posts the password (the wall's fixed path, e.g. `/__door?lang=fr`). */
  action: string;
  /** Same-site path the visitor asked for; the server redirects there once the key is right. */
  returnTo: string;
  /** Shows WRONG_PASSWORD as a danger toast after a failed attempt. */
  error?: boolean;
  /** Too many wrong keys from this address: seconds to wait. */
  waitSeconds?: number;
};

/**
 * The password wall (spec §5): a non-cancellable card with a password field, shown instead of
 * the site. A plain HTML form, so it works without JavaScript.
 */
export function PasswordWall({ action, returnTo, error = false, waitSeconds }: PasswordWallProps) {
  const { t } = useI18n();
  return (
    <section className="wall" aria-labelledby="wall-title">
      <form className="wall__card" method="post" action={action}>
        <img className="wall__logo" src="/icons/icon-144.png" alt="Tafrij" width={64} height={64} />
        <h1 id="wall-title" className="wall__title">
          {t('WEBSITE_PASSWORD_PROTECTED')}
        </h1>
        <p className="wall__text">{t('WEBSITE_PASSWORD_PROTECTED_TEXT')}</p>
        {error && (
          <div role="alert" className="toast toast--danger">
            {waitSeconds ? t('DOOR_TOO_MANY', { delay: waitSeconds }) : t('WRONG_PASSWORD')}
          </div>
        )}
        <input type="hidden" name="returnTo" defaultValue={returnTo} />
        <label className="field">
          <span className="field__label">{t('PASSWORD')}</span>
          <input
            className="field__input"
            type="password"
            name="password"
            required
            autoFocus
            autoComplete="current-password"
            aria-invalid={error || undefined}
          />
        </label>
        <button className="button button--primary button--block" type="submit">
          {t('ENTER')}
        </button>
      </form>
    </section>
  );
}
