import type { Config } from '../../worker/api/configs/schemas';
import type { MenuItem } from '../../worker/api/pages/schemas';
import { useI18n } from '../i18n';
import { LangMenuIsland } from '../islands/lang-menu';
import { MobileMenuIsland } from '../islands/mobile-menu';
import { menuHref } from './links';

export function Logo() {
  return (
    <a className="logo" href="/" aria-label="Tafrij">
      <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
        <rect width="32" height="32" rx="7" fill="#ff0031" />
        <path d="M12 9.5v13l10.5-6.5L12 9.5Z" fill="#fff" />
      </svg>
      <span className="logo__word">Tafrij</span>
    </a>
  );
}

/** The path and query of the page without `lang`, where a language change reloads. */
const pathWithoutLang = (path: string, search = ''): string => {
  const params = new URLSearchParams(search);
  params.delete('lang');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

function LoginButton({ path }: { path: string }) {
  const { t } = useI18n();
  return (
    <a className="button button--ghost" href={`/login?redirect=${encodeURIComponent(path)}`}>
      {t('LOGIN')}
    </a>
  );
}

/**
 * Top bar of spec §2: logo, Home, dynamic menu, My List, login, Subscribe, search (option SEARCH),
 * language dropdown; slots for the notification bell and profile dropdown (accounts issues).
 * Below 1024px the same links move into the mobile menu island.
 */
export function TopBar({ config, menu, path }: { config: Config; menu: MenuItem[]; path: string }) {
  const { t } = useI18n();
  const links = [
    { href: '/', label: t('HOME') },
    ...menu.map((item) => ({ href: menuHref(item), label: item.name })),
    { href: '/favs', label: t('MY_LIST') },
  ].map((l) => ({ ...l, current: l.href === path }));
  return (
    <header className="top-bar" data-top-bar="">
      <div className="top-bar__start">
        <MobileMenuIsland links={links} />
        <Logo />
        <nav className="top-bar__nav" aria-label={t('MAIN_MENU')}>
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="top-bar__end">
        {config.options['SEARCH'] && (
          <a className="icon-button" href="/search" aria-label={t('SEARCH')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
            </svg>
          </a>
        )}
        {!config.free_platform && (
          <a className="button button--primary top-bar__subscribe" href="/subscription">
            {t('SUBSCRIBE')}
          </a>
        )}
        <LangMenuIsland langs={config.available_langs} path={pathWithoutLang(path)} />
        <span className="top-bar__slot" data-slot="notifications" />
        <span className="top-bar__slot" data-slot="profile" />
        <LoginButton path={path} />
      </div>
    </header>
  );
}

/** Simplified bar (spec §2): logo, login button and language, on landing, register and login routes. */
export function SimpleBar({ config, path }: { config: Config; path: string }) {
  return (
    <header className="top-bar top-bar--simple" data-top-bar="">
      <div className="top-bar__start">
        <Logo />
      </div>
      <div className="top-bar__end">
        <LangMenuIsland langs={config.available_langs} path={pathWithoutLang(path)} />
        {path !== '/login' && <LoginButton path="/" />}
      </div>
    </header>
  );
}
