import { useEffect, useState } from 'react';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

/** Locally persisted key of spec §3 Client state. */
export const COOKIE_PERMISSIONS_KEY = 'cookiePermissions';
/** Mirror of the choice in a cookie, so the server stops rendering the banner. */
export const CONSENT_COOKIE = 'cookieConsent';
const YEAR = 365 * 24 * 3600;

/** True when the visitor came from a whitelisted host (partners linking to us): no banner then. */
export function referrerWhitelisted(referrer: string | undefined, whitelist: string[]): boolean {
  if (!referrer) return false;
  try {
    const host = new URL(referrer).hostname;
    return whitelist.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
}

/**
 * Cookie consent banner (spec §4): the server renders it when no choice is stored (cookie mirror)
 * and the referrer host is not whitelisted; accepting stores analytics, marketing and functional
 * all true in localStorage `cookiePermissions` and hides it.
 */
export default function CookieConsent() {
  const { t } = useI18n();
  const [show, setShow] = useState(true);
  useEffect(() => {
    if (localStorage.getItem(COOKIE_PERMISSIONS_KEY)) setShow(false);
  }, []);
  if (!show) return null;
  return (
    <section className="cookie-consent" role="dialog" aria-live="polite" aria-label={t('COOKIE_TITLE')}>
      <p>
        <strong>{t('COOKIE_TITLE')}</strong> {t('COOKIE_TEXT')} <a href="/page/privacy">{t('PRIVACY_POLICY')}</a>
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          localStorage.setItem(COOKIE_PERMISSIONS_KEY, JSON.stringify({ analytics: true, marketing: true, functional: true }));
          document.cookie = `${CONSENT_COOKIE}=1; path=/; max-age=${YEAR}; SameSite=Lax`;
          setShow(false);
        }}
      >
        {t('ACCEPT')}
      </button>
    </section>
  );
}

export const CookieConsentIsland = defineIsland('cookie-consent', CookieConsent);
