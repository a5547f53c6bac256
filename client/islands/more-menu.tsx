import { useRef, useState, type KeyboardEvent } from 'react';
import { navTimeline } from '../components/links';
import { useDismiss } from '../components/useDismiss';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import GuestListLink from './guest-list-link';

type Props = {
  /** The bar's entries, in the bar's order: the stylesheet shows here those the bar has no room for. */
  links: { href: string; label: string; current: boolean; guestPrompt?: boolean }[];
};

/** The entries the stylesheet shows (the others are the ones the bar itself shows). */
const shown = (list: HTMLElement | null): HTMLElement[] =>
  list ? [...list.querySelectorAll<HTMLElement>('a[href]')].filter((a) => a.checkVisibility({ visibilityProperty: true })) : [];

/**
 * "More" at the end of the desktop bar's menu: the entries the bar's width does not hold. Which
 * ones is decided by the stylesheet alone, before any script runs (client/styles.css, "More"): each
 * entry of the bar is hidden once it does not fit whole, and its copy here shown. Without
 * JavaScript it is a plain <details>; live, ArrowDown opens it on the first entry, arrows, Home
 * and End move between entries, Escape closes it with the focus back on the button, and a click
 * outside or the focus leaving closes it.
 */
export default function MoreMenu({ links }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }
  const dismiss = useDismiss(root, open, close);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    dismiss.onKeyDown(event);
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    if (!open && event.target !== button.current) return;
    event.preventDefault();
    if (!open) setOpen(true);
    // The list is laid out once open: move the focus in the next frame.
    requestAnimationFrame(() => {
      const items = shown(list.current);
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const last = items.length - 1;
      const next =
        event.key === 'Home' || (at < 0 && event.key === 'ArrowDown')
          ? 0
          : event.key === 'End' || (at < 0 && event.key === 'ArrowUp')
            ? last
            : event.key === 'ArrowDown'
              ? (at + 1) % items.length
              : (at - 1 + items.length) % items.length;
      items[next]?.focus();
    });
  }

  return (
    <details
      ref={root}
      className="more-menu"
      style={navTimeline(links.length - 1)}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
      onBlur={dismiss.onBlur}
    >
      <summary ref={button} className="more-menu__button" aria-expanded={open}>
        {t('MORE_MENU')}
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path fill="currentColor" d="m7 10 5 5 5-5H7Z" />
        </svg>
      </summary>
      <ul className="more-menu__list" ref={list}>
        {links.map((l, i) => (
          <li key={l.href} style={navTimeline(i)}>
            {l.guestPrompt ? (
              <GuestListLink label={l.label} current={l.current} />
            ) : (
              <a href={l.href} aria-current={l.current ? 'page' : undefined}>
                {l.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

export const MoreMenuIsland = defineIsland('more-menu', MoreMenu);
