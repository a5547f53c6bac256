import type { ReactNode } from 'react';
import type { Me } from '../../../worker/api/admin/schemas';
import { LANG_NAMES, LANGS } from '../../../worker/rules/lang';
import { useI18n } from '../../i18n';
import { sectionsFor } from './sections';

/**
 * The console's frame (issue 32): its name, the sections the staff member may open, the languages,
 * who is signed in and signing out. Server-rendered with no island: every console page works
 * without JavaScript.
 */
export function ConsoleLayout({ me, path, children }: { me: Me | null; path: string; children: ReactNode }) {
  const { t, lang } = useI18n();
  const sections = me ? sectionsFor(me.permissions) : [];
  return (
    <div className="console">
      <header className="console__bar">
        <a className="console__brand" href="/admin">
          {t('ADMIN_CONSOLE')}
        </a>
        {me && (
          <nav className="console__nav" aria-label={t('ADMIN_SECTIONS')}>
            <ul>
              {sections.map((s) => {
                const current = s.path === '/admin' ? path === '/admin' : path.startsWith(s.path);
                return (
                  <li key={s.path}>
                    <a href={s.path} aria-current={current ? 'page' : undefined}>
                      {t(s.label)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <nav className="console__langs" aria-label={t('ADMIN_LANGUAGE')}>
          <ul>
            {LANGS.map((l) => (
              <li key={l}>
                <a href={`${path}?lang=${l}`} lang={l} hrefLang={l} aria-current={l === lang ? 'true' : undefined}>
                  {LANG_NAMES[l]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {me && (
          <form className="console__who" method="post" action="/admin/logout">
            <span dir="ltr">{me.email}</span>
            <button type="submit" className="button button--ghost">
              {t('ADMIN_SIGN_OUT')}
            </button>
          </form>
        )}
      </header>
      <div className="console__body">{children}</div>
    </div>
  );
}
