import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons';

/** `group`: a heading drawn before the first item of its group, and the start of the item's name. */
export type MenuItem = { key: string; label: string; checked: boolean; select: () => void; group?: string };

/**
 * A control's pop-up list of choices (quality, subtitles, audio): role="menu" with
 * menuitemradio entries, arrows move, Escape closes and gives focus back to its button.
 */
export function ChoiceMenu({ id, label, items, onClose }: { id: string; label: string; items: MenuItem[]; onClose: (refocus: boolean) => void }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? list.current?.querySelector<HTMLElement>('[role="menuitemradio"]');
    el?.focus();
  }, []);
  function onKeyDown(event: ReactKeyboardEvent) {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') return onClose(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
  return (
    <div className="player__menu" role="menu" id={id} aria-label={label} ref={list} onKeyDown={onKeyDown}>
      <p className="player__menu-title" aria-hidden="true">
        {label}
      </p>
      {items.map((item, i) => [
        item.group && item.group !== items[i - 1]?.group ? (
          <p key={`${item.key}-group`} className="player__menu-group" aria-hidden="true">
            {item.group}
          </p>
        ) : null,
        <button
          key={item.key}
          type="button"
          role="menuitemradio"
          aria-checked={item.checked}
          aria-label={item.group ? `${item.group}: ${item.label}` : undefined}
          className="player__menu-item"
          tabIndex={-1}
          onClick={() => {
            item.select();
            onClose(true);
          }}
        >
          {item.label}
        </button>,
      ])}
    </div>
  );
}

type MenuButtonProps = {
  id: string;
  label: string;
  icon: ReactNode;
  /** A short text on the button (the quality in use). */
  badge?: string;
  /** Highlighted (subtitles on). */
  on?: boolean;
  open: boolean;
  onToggle: () => void;
  onClose: (refocus: boolean) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
  items: MenuItem[];
};

/** A control bar button that opens its ChoiceMenu above it (quality, subtitles, audio). */
export function MenuButton({ id, label, icon, badge, on = false, open, onToggle, onClose, buttonRef, items }: MenuButtonProps) {
  return (
    <div className="player__menu-anchor">
      <button
        type="button"
        className={`player__button${on ? ' player__button--on' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        ref={buttonRef}
        onClick={onToggle}
      >
        <Icon>{icon}</Icon>
        {badge && <span className="player__badge">{badge}</span>}
      </button>
      {open && <ChoiceMenu id={id} label={label} onClose={onClose} items={items} />}
    </div>
  );
}
