import type { WebviewTarget } from '../../../worker/rules/partners';
import { useI18n } from '../../i18n';

/**
 * A menu item of type webview (spec §2: /page/{slug}): the partner page embedded in a sandboxed
 * iframe (worker/rules/partners.ts: never allow-top-navigation; a page of this site gets no scripts),
 * or, when its origin is not listed in WEBVIEW_ORIGINS, a message saying it cannot be shown, not an iframe.
 */
export function WebviewPage({ name, target }: { name: string; target: WebviewTarget }) {
  const { t } = useI18n();
  return (
    <div className="page webview">
      <h1 className="webview__title">{name}</h1>
      {target.embed ? (
        <iframe
          className="webview__frame"
          src={target.url}
          title={name}
          sandbox={target.sandbox}
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <div className="notice webview__refused" role="alert">
          <p>
            <strong>{t('WEBVIEW_REFUSED')}</strong>
          </p>
          <p>{t('WEBVIEW_REFUSED_TEXT', { origin: target.origin })}</p>
          <p>
            <a className="button button--secondary" href="/">
              {t('GO_HOME')}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
