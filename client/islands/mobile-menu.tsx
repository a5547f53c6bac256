import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { GuestPrompt } from '../favs/GuestPrompt';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

type Props = {
  /** `guestPrompt`: My List for a guest, which opens the register-or-login modal once live (spec §6). */
  links: { href: string; label: string; current: boolean; guestPrompt?: boolean }[];
};

/**
 * The responsive bar's menu (spec §2): a drawer with the same links as the desktop bar (Subscribe
 * stays in the bar itself, compact on phones). A plain
 * <details> without JavaScript; once hydrated, Escape and the backdrop close it and the page stops scrolling.
 * A guest's My List closes the drawer and opens the register-or-login modal (without JavaScript,
 * /favs shows the same prompt as a page); closing the modal brings focus back to the menu button.
 */
export default function MobileMenu({ links }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    document.body.classList.toggle('no-scroll', open);
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    addEventListener('keydown', close);
    return () => removeEventListener('keydown', close);
  }, [open]);
  return (
    <>
      <details className="mobile-menu" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary ref={summary} className="icon-button" aria-label={t('MENU')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
          </svg>
        </summary>
        <div className="mobile-menu__backdrop" onClick={() => setOpen(false)} />
        <nav className="mobile-menu__drawer" aria-label={t('MENU')}>
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  aria-current={l.current ? 'page' : undefined}
                  onClick={
                    l.guestPrompt
                      ? (event) => {
                          if (event.ctrlKey || event.metaKey || event.shiftKey) return;
                          event.preventDefault();
                          setOpen(false);
                          setPrompt(true);
                        }
                      : undefined
                  }
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </details>
      {prompt &&
        createPortal(
          <GuestPrompt
            reason="list"
            onClose={() => {
              setPrompt(false);
              summary.current?.focus();
            }}
          />,
          document.body,
        )}
    </>
  );
}

export const MobileMenuIsland = defineIsland('mobile-menu', MobileMenu);
