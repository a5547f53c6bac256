import { useEffect, useState } from 'react';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

type Props = { links: { href: string; label: string; current: boolean }[] };

/**
 * The responsive bar's menu (spec §2): a drawer with the same links as the desktop bar. A plain
 * <details> without JavaScript; once hydrated, Escape and the backdrop close it and the page stops scrolling.
 */
export default function MobileMenu({ links }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.body.classList.toggle('no-scroll', open);
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open]);
  return (
    <details className="mobile-menu" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="icon-button" aria-label={t('MENU')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
        </svg>
      </summary>
      <div className="mobile-menu__backdrop" onClick={() => setOpen(false)} />
      <nav className="mobile-menu__drawer" aria-label={t('MENU')}>
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
    </details>
  );
}

export const MobileMenuIsland = defineIsland('mobile-menu', MobileMenu);
