import type { Config } from '../../worker/api/configs/schemas';
import { showsSubscribe } from '../../worker/rules/subscription';
import type { MenuItem } from '../../worker/api/pages/schemas';
import type { User } from '../../worker/api/auth/schemas';
import { useI18n } from '../i18n';
import { LangMenuIsland } from '../islands/lang-menu';
import { MobileMenuIsland } from '../islands/mobile-menu';
import { GuestListLinkIsland } from '../islands/guest-list-link';
import { MoreMenuIsland } from '../islands/more-menu';
import { profileCard } from '../../worker/rules/profiles';
import { ProfileMenuIsland } from '../islands/profile-menu';
import { NotificationBellIsland } from '../islands/notification-bell';
import { bellItems, type NotificationsView } from '../../worker/rules/notifications';
import { KIDS_CATEGORY, menuHref, navTimeline, navTimelineScope, WHOS_WATCHING_PATH } from './links';

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

/** The login button; on phones an icon (its name, the same words, stays for assistive technology), so Subscribe fits beside it. */
function LoginButton({ path }: { path: string }) {
  const { t } = useI18n();
  return (
    <a className="button button--ghost top-bar__login" href={`/login?redirect=${encodeURIComponent(path)}`}>
      <svg className="top-bar__login-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
      </svg>
      <span className="top-bar__login-text">{t('LOGIN')}</span>
    </a>
  );
}

/** The logout form (POST /logout, no JavaScript): an icon button. */
function LogoutForm() {
  const { t } = useI18n();
  return (
    <form className="logout-form" method="post" action="/logout">
      <button className="icon-button logout-form__button" type="submit" title={t('LOGOUT')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path fill="currentColor" d="M14 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h9v-2H5V5h9V3Zm2.6 4.4-1.4 1.4 2.2 2.2H9v2h8.4l-2.2 2.2 1.4 1.4L21 12l-4.4-4.6Z" />
        </svg>
        <span className="visually-hidden">{t('LOGOUT')}</span>
      </button>
    </form>
  );
}

const isKid = (user?: User): boolean => !!user && !user.isAnonymous && user.profile.is_kid;

/**
 * Spec §2 Menus, §6: guests see the login button; a logged-in user the profile dropdown (its
 * trigger links to /whoswatching until the island is live, so it works without JavaScript).
 */
function Account({ user, path }: { user?: User; path: string }) {
  if (!user || user.isAnonymous) return <LoginButton path={path} />;
  return (
    <ProfileMenuIsland
      profiles={user.profiles.map((p) => profileCard(p, user))}
      current={profileCard(user.profile, user)}
      kid={user.profile.is_kid}
      path={path}
    />
  );
}

/**
 * Top bar of spec §2: logo, Home, dynamic menu, My List, login, Subscribe, search (option SEARCH),
 * language dropdown, the notification bell (when shown: spec §6) and the profile dropdown.
 * Below 1024px the same links move into the mobile menu island; from 1024px on, the entries the
 * bar's width does not hold move into its "More" menu (client/islands/more-menu.tsx).
 */
export function TopBar({
  config,
  menu,
  path,
  user,
  notifications = null,
}: {
  config: Config;
  menu: MenuItem[];
  path: string;
  user?: User;
  /** The bell's data, computed on the server; null: no bell (spec §6). */
  notifications?: NotificationsView | null;
}) {
  const { t } = useI18n();
  // Spec §6: a kids profile gets a simplified bar: Home, the kids category, My List; no Subscribe.
  const kid = isKid(user);
  const middle = kid ? [{ href: `/category/${KIDS_CATEGORY}`, label: t('CATEGORY_KIDS') }] : menu.map((item) => ({ href: menuHref(item), label: item.name }));
  // Spec §6: guests cannot open My List; for them the link opens the register-or-login modal once live.
  const guest = !user || user.isAnonymous;
  const links: { href: string; label: string; current: boolean; guestPrompt?: boolean }[] = [
    { href: '/', label: t('HOME') },
    ...middle,
    { href: '/favs', label: t('MY_LIST'), ...(guest && { guestPrompt: true }) },
  ].map((l) => ({ ...l, current: l.href === path }));
  // Spec §4: Subscribe shows until the user is premium, and again once they cancelled.
  const subscribe = showsSubscribe(config, user ?? { isAnonymous: true, subscription_id: null, subscription_end: null }, { kid });
  return (
    <header className="top-bar" data-top-bar="">
      <div className="top-bar__start">
        <MobileMenuIsland links={links} />
        <Logo />
        <nav className="top-bar__nav" aria-label={t('MAIN_MENU')} style={navTimelineScope(links.length)}>
          <ul className="top-bar__links">
            {links.map((l, i) => (
              <li key={l.href} style={navTimeline(i)}>
                {l.guestPrompt ? (
                  <GuestListLinkIsland label={l.label} current={l.current} />
                ) : (
                  <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                    {l.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <MoreMenuIsland links={links} />
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
        {subscribe && (
          <a className="button button--primary top-bar__subscribe" href="/subscription">
            {t('SUBSCRIBE')}
          </a>
        )}
        <LangMenuIsland langs={config.available_langs} path={pathWithoutLang(path)} />
        <div className="top-bar__slot" data-slot="notifications">
          {notifications && (
            <NotificationBellIsland items={bellItems(notifications)} total={notifications.items.length} unread={notifications.unread} guest={notifications.guest} />
          )}
        </div>
        <Account user={user} path={path} />
      </div>
    </header>
  );
}

/** Simplified bar (spec §2): logo, login button and language, on landing, register and login routes. */
export function SimpleBar({ config, path, user }: { config: Config; path: string; user?: User }) {
  return (
    <header className="top-bar top-bar--simple" data-top-bar="">
      <div className="top-bar__start">
        <Logo />
      </div>
      <div className="top-bar__end">
        <LangMenuIsland langs={config.available_langs} path={pathWithoutLang(path)} />
        {/* The profile chooser offers its own way out: logout, no profile menu. */}
        {path === WHOS_WATCHING_PATH && user && !user.isAnonymous ? <LogoutForm /> : <Account user={user} path="/" />}
      </div>
    </header>
  );
}
