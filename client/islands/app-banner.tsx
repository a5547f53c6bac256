import { useState } from 'react';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { ButtonIcon } from '../components/ButtonIcon';

/** Locally remembered closed state (spec §2), mirrored in a cookie so the server stops rendering it. */
export const APP_BANNER_CLOSED_KEY = 'appBannerClosed';
const YEAR = 365 * 24 * 3600;

/** The store link for a phone or tablet user agent, null for other devices. */
export function storeFor(userAgent: string, apps: { ios?: string; android?: string }): string | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return apps.ios ?? null;
  if (/Android/i.test(userAgent)) return apps.android ?? null;
  return null;
}

/** Mobile app banner (spec §2): on phones and tablets, a link to the platform's store; closing is remembered. */
export default function AppBanner({ store }: { store: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="app-banner" aria-label={t('APP_BANNER_TITLE')}>
      <img src="/icons/icon-96.png" alt="" width="40" height="40" />
      <p>
        <strong>{t('APP_BANNER_TITLE')}</strong>
        <span>{t('APP_BANNER_TEXT')}</span>
      </p>
      <a className="button button--primary" href={store} rel="noopener">
        {t('OPEN_APP')}
      </a>
      <button
        type="button"
        className="icon-button"
        aria-label={t('CLOSE')}
        onClick={() => {
          localStorage.setItem(APP_BANNER_CLOSED_KEY, '1');
          document.cookie = `${APP_BANNER_CLOSED_KEY}=1; path=/; max-age=${YEAR}; SameSite=Lax`;
          setOpen(false);
        }}
      >
        <ButtonIcon name="close" />
      </button>
    </aside>
  );
}

export const AppBannerIsland = defineIsland('app-banner', AppBanner);
