import type { Config } from '../../worker/api/configs/schemas';
import type { MenuItem } from '../../worker/api/pages/schemas';
import { useI18n } from '../i18n';
import { Logo } from './TopBar';
import { FOOTER_CATEGORIES, menuHref } from './links';

/** Spec §2: footer menu columns 4, social columns 3. */
const MENU_COLUMNS = 4;
const SOCIAL_COLUMNS = 3;

const chunk = <T,>(items: T[], columns: number): T[][] => {
  const size = Math.ceil(items.length / columns) || 1;
  return Array.from({ length: columns }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((c) => c.length > 0);
};

/**
 * Footer of spec §2: contact, terms, privacy, help centre, the fixed categories, My List (non-guests
 * only: the visitor is a guest until accounts land), the dynamic menu, socials and app store links.
 */
export function Footer({ config, menu, isGuest = true }: { config: Config; menu: MenuItem[]; isGuest?: boolean }) {
  const { t } = useI18n();
  const links = [
    ...FOOTER_CATEGORIES.map((slug) => ({ href: `/category/${slug}`, label: t(`CATEGORY_${slug.toUpperCase()}`) })),
    ...menu.filter((m) => !FOOTER_CATEGORIES.includes(m.slug as (typeof FOOTER_CATEGORIES)[number])).map((m) => ({ href: menuHref(m), label: m.name })),
    ...(isGuest ? [] : [{ href: '/favs', label: t('MY_LIST') }]),
    { href: '/partners', label: t('PARTNERS') },
    // Live events (issue 17) and the public libraries, whether the menu has them or not.
    { href: '/events', label: t('EVENTS_TITLE') },
    { href: '/libraries', label: t('LIBRARIES_TITLE') },
    { href: '/ads', label: t('ADS_TITLE') },
    { href: '/page/help-center', label: t('HELP_CENTER') },
    { href: '/contact', label: t('CONTACT') },
    { href: '/page/terms-of-use', label: t('TERMS_OF_USE') },
    { href: '/page/privacy', label: t('PRIVACY_POLICY') },
  ].filter((l, i, all) => all.findIndex((m) => m.href === l.href) === i); // a menu entry to /events or /libraries once
  const socials = Object.entries(config.socials).flatMap(([network, urls]) => urls.map((url) => ({ network, url })));
  return (
    <footer className="footer">
      <div className="footer__brand">
        <Logo />
        <p>{t('FOOTER_TAGLINE')}</p>
      </div>
      <nav className="footer__menu" aria-label={t('FOOTER_MENU')}>
        {chunk(links, MENU_COLUMNS).map((column, i) => (
          <ul key={i}>
            {column.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        ))}
      </nav>
      {socials.length > 0 && (
        <div className="footer__socials">
          <h2>{t('FOLLOW_US')}</h2>
          <div className="footer__social-columns">
            {chunk(socials, SOCIAL_COLUMNS).map((column, i) => (
              <ul key={i}>
                {column.map((s) => (
                  <li key={s.url}>
                    <a href={s.url} rel="noopener" target="_blank">
                      {t(`SOCIAL_${s.network.toUpperCase()}`)}
                    </a>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
      )}
      {(config.apps.ios || config.apps.android) && (
        <div className="footer__apps">
          <h2>{t('GET_THE_APP')}</h2>
          {config.apps.ios && (
            <a className="store-badge" href={config.apps.ios} rel="noopener">
              {t('APP_STORE')}
            </a>
          )}
          {config.apps.android && (
            <a className="store-badge" href={config.apps.android} rel="noopener">
              {t('GOOGLE_PLAY')}
            </a>
          )}
        </div>
      )}
      <p className="footer__legal">© 2026 Tafrij</p>
    </footer>
  );
}
