import { useI18n } from '../i18n';

/** `headingKey`: the heading's translation key, when it is not the status code; `back`: a page of this site to go back to (a form to send again). */
export type ErrorView = { status: number; messageKey: string; action: 'home' | 'login'; headingKey?: string; back?: string };

/**
 * Spec §8 Error page by status: 404 → PAGE_DOES_NOT_EXIST (the 404 page); 403 with USER_SUSPENDED →
 * ACCOUNT_SUSPENDED and a login button; 403 CONTENT_NOT_AVAILABLE (a title above the profile's age
 * limit, spec §5) → 'content not available'; other 403 → ERROR_OCCURRED; 429 → TOO_MANY_REQUESTS;
 * anything else is shown as 500 with 'Oops! ' and ERROR_OCCURRED.
 */
export function errorView(status: number, body = ''): ErrorView & { status: 403 | 404 | 429 | 500 } {
  if (status === 404) return { status: 404, messageKey: 'PAGE_DOES_NOT_EXIST', action: 'home' };
  if (status === 403 && body.includes('USER_SUSPENDED')) return { status: 403, messageKey: 'ACCOUNT_SUSPENDED', action: 'login' };
  if (status === 403 && body.includes('CONTENT_NOT_AVAILABLE')) {
    return { status: 403, headingKey: 'CONTENT_NOT_AVAILABLE', messageKey: 'CONTENT_NOT_AVAILABLE_TEXT', action: 'home' };
  }
  if (status === 403) return { status: 403, messageKey: 'ERROR_OCCURRED', action: 'home' };
  if (status === 429) return { status: 429, messageKey: 'TOO_MANY_REQUESTS', action: 'home' };
  return { status: 500, messageKey: 'OOPS_ERROR_OCCURRED', action: 'home' };
}

/** The 404 page ('Erreur 404'), 500 page ('Erreur 500') and the generic error page, each with a way back. */
export function ErrorPage({ view, notFound = false }: { view: ErrorView; notFound?: boolean }) {
  const { t } = useI18n();
  const heading = view.headingKey ? t(view.headingKey) : view.status === 404 || view.status === 500 ? t(`ERROR_${view.status}`) : String(view.status);
  return (
    <div className="error-page">
      <p className="error-page__code" aria-hidden="true">
        {view.status}
      </p>
      <h1>{heading}</h1>
      <p>{notFound ? t('PAGE_NOT_FOUND') : t(view.messageKey)}</p>
      {view.back ? (
        <a className="button button--primary button--large" href={view.back}>
          {t('BACK')}
        </a>
      ) : view.action === 'login' ? (
        <a className="button button--primary button--large" href="/login">
          {t('LOGIN')}
        </a>
      ) : (
        <a className="button button--primary button--large" href="/">
          {t('GO_HOME')}
        </a>
      )}
    </div>
  );
}
