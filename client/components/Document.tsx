import { Provider as StoreProvider } from 'jotai';
import type { ReactNode } from 'react';
import type { Config } from '../../worker/api/configs/schemas';
import type { MenuItem } from '../../worker/api/pages/schemas';
import type { User } from '../../worker/api/auth/schemas';
import type { Flash } from '../../worker/rules/flash';
import { langHref } from '../../worker/rules/lang';
import { dirOf, I18nProvider, LANGS, type Dict, type Lang } from '../i18n';
import { ClientAssetsContext, type ClientAssets } from '../island';
import type { NotificationsView } from '../../worker/rules/notifications';
import type { ZoneTable } from '../../worker/rules/zones';
import { ViewerListsContext } from '../favs/context';
import { viewerLists } from '../../worker/rules/favs';
import { AppBannerIsland as AppBanner } from '../islands/app-banner';
import { CookieConsentIsland as CookieConsent } from '../islands/cookie-consent';
import { Footer } from './Footer';
import { Toasts } from './Toasts';
import { SimpleBar, TopBar } from './TopBar';

/** What a page tells the document about itself (spec §2 page titles and descriptions). */
export type PageMeta = {
  title: string;
  description?: string;
  /** 'full' top bar, 'simple' (logo, login, language: landing, register, login) or none. */
  bar?: 'full' | 'simple' | 'none';
  footer?: boolean;
  /** Open Graph / Twitter card, canonical and hreflang: catalogue pages. */
  share?: { image?: string | null; type?: 'website' | 'video.movie' | 'video.tv_show' };
};

/** Request-level facts the document needs, resolved by the worker before rendering. */
export type DocumentContext = {
  lang: Lang;
  dict: Dict;
  url: string;
  nonce: string;
  stylesheet: string;
  assets: ClientAssets;
  config: Config;
  menu: MenuItem[];
  /** No consent stored (cookie mirror) and the referrer is not whitelisted. */
  showConsent: boolean;
  /** The visitor: the logged-in user or the anonymous guest (`user.isAnonymous`). */
  user: User;
  /** Toasts carried over a redirect (worker/session/cookies.ts), shown once. */
  flash: Flash[];
  /** Store link of the visitor's phone platform, unless the banner was closed. */
  appStore: string | null;
  /** The browser's device id (the `deviceId` cookie), mirrored into localStorage by client/entry.ts. */
  deviceId: string;
  /** The notification bell (worker/pages/notifications/data.ts): null when it is not shown (spec §6) or on bars without it. */
  notifications: NotificationsView | null;
  /** The server's offsets of the zones the page writes times in, adopted by the browser (worker/rules/zones.ts). */
  zones: ZoneTable;
};

const SITE_NAME = 'Tafrij';

function ShareTags({ meta, doc }: { meta: PageMeta; doc: DocumentContext }) {
  const url = new URL(langHref(doc.url, null));
  const withLang = (lang: Lang) => langHref(url, lang);
  const image = meta.share?.image ? new URL(meta.share.image, url).toString() : new URL('/icons/icon-512.png', url).toString();
  return (
    <>
      <link rel="canonical" href={withLang(doc.lang)} />
      {LANGS.map((lang) => (
        <link key={lang} rel="alternate" hrefLang={lang} href={withLang(lang)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url.toString()} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={meta.share?.type ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      {meta.description && <meta property="og:description" content={meta.description} />}
      <meta property="og:url" content={withLang(doc.lang)} />
      <meta property="og:image" content={image} />
      <meta property="og:locale" content={{ en: 'en_US', fr: 'fr_FR', ar: 'ar_MA', es: 'es_ES' }[doc.lang]} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      {meta.description && <meta name="twitter:description" content={meta.description} />}
      <meta name="twitter:image" content={image} />
    </>
  );
}

/**
 * The HTML document around every page: <html lang dir>, head tags, top bar, footer and the
 * site-wide islands (cookie consent, mobile app banner). Streams as one React tree.
 */
export function Document({ meta, doc, children }: { meta: PageMeta; doc: DocumentContext; children: ReactNode }) {
  const bar = meta.bar ?? 'full';
  const path = new URL(doc.url).pathname;
  const entryInHead = bar !== 'none';
  return (
    <html
      lang={doc.lang}
      dir={dirOf(doc.lang)}
      data-device={doc.deviceId}
      data-visitor={doc.user.isAnonymous ? 'guest' : 'member'}
      data-profile={doc.user.isAnonymous ? undefined : doc.user.profile.id}
      data-zones={JSON.stringify(doc.zones)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{meta.title === SITE_NAME ? meta.title : `${meta.title} | ${SITE_NAME}`}</title>
        {meta.description && <meta name="description" content={meta.description} />}
        <meta name="theme-color" content="#ff0031" />
        <link rel="manifest" href={`/manifest.webmanifest?lang=${doc.lang}`} />
        {/*
          The tab's icon as PNG, not SVG: the browser builds a whole SVG document on the page's main
          thread to draw an SVG icon, during the load; a PNG is only decoded.
        */}
        <link rel="icon" href="/icons/icon-48.png" sizes="48x48" type="image/png" />
        <link rel="icon" href="/icons/icon-96.png" sizes="96x96" type="image/png" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <link rel="stylesheet" href={doc.stylesheet} />
        {/*
          Pages with a top bar have islands (its menus): the entry is a deferred module, so the
          document's DOMContentLoaded (when the browser's form autofill lays the page out) waits
          for the stylesheet, and the page is laid out once, styled, not first without its styles.
        */}
        {entryInHead && <script type="module" src={doc.assets.entry} nonce={doc.assets.nonce} />}
        {meta.share && <ShareTags meta={meta} doc={doc} />}
      </head>
      <body>
        <StoreProvider>
          <I18nProvider lang={doc.lang} dict={doc.dict}>
            <ClientAssetsContext.Provider value={{ ...doc.assets, entryInHead }}>
              <a className="skip-link" href="#main">
                {doc.dict['SKIP_TO_CONTENT'] ?? 'Skip to content'}
              </a>
              {bar !== 'none' && doc.appStore && <AppBanner store={doc.appStore} />}
              {bar === 'full' && <TopBar config={doc.config} menu={doc.menu} path={path} user={doc.user} notifications={doc.notifications} />}
              {bar === 'simple' && <SimpleBar config={doc.config} path={path} user={doc.user} />}
              <main id="main" className={bar === 'none' ? 'main main--bare' : 'main'}>
                <ViewerListsContext.Provider value={viewerLists(doc.user)}>{children}</ViewerListsContext.Provider>
              </main>
              {meta.footer !== false && bar !== 'none' && <Footer config={doc.config} menu={doc.menu} isGuest={doc.user.isAnonymous} />}
              {bar !== 'none' && doc.showConsent && <CookieConsent />}
              <Toasts flash={doc.flash} />
            </ClientAssetsContext.Provider>
          </I18nProvider>
        </StoreProvider>
      </body>
    </html>
  );
}
