import { useState } from 'react';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

type Props = {
  /** Languages from config available_langs: id and native name. */
  langs: { id: string; name: string }[];
  /** Current path and query, without lang: the page reloads there with ?lang=. */
  path: string;
};

export const hrefWithLang = (path: string, lang: string): string => {
  const url = new URL(path, 'http://x');
  url.searchParams.set('lang', lang);
  return url.pathname + url.search;
};

/**
 * Language dropdown (spec §2 top bar, §4 Language change): a guest choice is remembered
 * (localStorage `lang`, and the `lang` cookie set by the server) and the page reloads with ?lang=,
 * behind a page-level loading overlay. Escape closes it with the focus back on its button. Without
 * JavaScript the <details> dropdown and its links work as they are.
 */
export default function LangMenu({ langs, path }: Props) {
  const { lang, t } = useI18n();
  const [changing, setChanging] = useState(false);
  const name = langs.find((l) => l.id === lang)?.name ?? lang;
  return (
    <details
      className="lang-menu"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !e.currentTarget.open) return;
        // Closed, the list's links are gone: the focus goes back to the button, not to the page.
        e.currentTarget.removeAttribute('open');
        e.currentTarget.querySelector('summary')?.focus();
      }}
    >
      {/* WCAG 2.5.3 label in name: the accessible name begins with the visible language name. */}
      <summary className="lang-menu__button" aria-label={t('LANGUAGE_MENU', { name })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.8 13.8 0 0 1 1.9 4h-3.8A13.8 13.8 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2H8a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.8 13.8 0 0 1-1.9-4h3.8A13.8 13.8 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6A15.7 15.7 0 0 0 16 16h2.9a8 8 0 0 1-4.3 3.6ZM16.3 14a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
        </svg>
        <span>{name}</span>
      </summary>
      <ul className="lang-menu__list">
        {langs.map((l) => (
          <li key={l.id}>
            <a
              href={hrefWithLang(path, l.id)}
              hrefLang={l.id}
              lang={l.id}
              aria-current={l.id === lang ? 'true' : undefined}
              onClick={() => {
                localStorage.setItem('lang', l.id);
                setChanging(true);
              }}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
      {changing && (
        <div className="page-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('LOADING')}</span>
        </div>
      )}
    </details>
  );
}

export const LangMenuIsland = defineIsland('lang-menu', LangMenu);
