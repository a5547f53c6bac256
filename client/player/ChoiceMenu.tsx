import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';

export type MenuItem = { key: string; label: string; checked: boolean; select: () => void };

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
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitemradio"
          aria-checked={item.checked}
          className="player__menu-item"
          tabIndex={-1}
          onClick={() => {
            item.select();
            onClose(true);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
