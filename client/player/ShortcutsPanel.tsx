import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useI18n } from '../i18n';
import { Icon, icons } from './icons';
import { SHORTCUT_LIST } from './shortcuts';

type Props = {
  /** Whether the single-key shortcuts are on, and the switch that turns them off or on. */
  enabled: boolean;
  onEnabled: (on: boolean) => void;
  /** Closes the panel; the island gives focus back to where it was. */
  onClose: () => void;
};

/**
 * The `?` panel (WCAG 2.1.4): the player's keyboard shortcuts in the page language, and the switch
 * that turns the single-key ones off. A modal dialog: focus starts on the switch, Tab stays inside,
 * Escape (or Close) closes it.
 */
export function ShortcutsPanel({ enabled, onEnabled, onClose }: Props) {
  const { t } = useI18n();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => toggle.current?.focus(), []);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      return onClose();
    }
    if (event.key !== 'Tab') return;
    const stops = [...(panel.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="pkeys" onKeyDown={onKeyDown} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div className="pkeys__panel" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} ref={panel}>
        <div className="pkeys__head">
          <h2 className="pkeys__title" id={`${id}-title`}>
            {t('PLAYER_SHORTCUTS')}
          </h2>
          <button type="button" className="player__button pkeys__close" aria-label={t('CLOSE')} title={t('CLOSE')} onClick={onClose}>
            <Icon>{icons.close}</Icon>
          </button>
        </div>
        <div className="pkeys__switch-row">
          <span className="pkeys__switch-label" id={`${id}-switch`}>
            {t('PLAYER_SHORTCUTS_SWITCH')}
          </span>
          <span className="pkeys__switch-state" aria-hidden="true">
            {enabled ? t('ON') : t('OFF')}
          </span>
          <button
            type="button"
            role="switch"
            className="pkeys__switch"
            aria-checked={enabled}
            aria-labelledby={`${id}-switch`}
            aria-describedby={`${id}-hint`}
            ref={toggle}
            onClick={() => onEnabled(!enabled)}
          />
        </div>
        <p className="pkeys__hint" id={`${id}-hint`}>
          {t('PLAYER_SHORTCUTS_HINT')}
        </p>
        <dl className={`pkeys__list${enabled ? '' : ' pkeys__list--off'}`}>
          {SHORTCUT_LIST.map((entry) => (
            <div className="pkeys__entry" key={entry.does}>
              <dt className="pkeys__keys" dir="ltr">
                {entry.keys.map((key) => (
                  <kbd key={key} className="pkeys__key">
                    {key.startsWith('KEY_') ? t(key) : key}
                  </kbd>
                ))}
              </dt>
              <dd className="pkeys__does">{t(entry.does)}</dd>
            </div>
          ))}
        </dl>
        {!enabled && <p className="pkeys__note">{t('PLAYER_SHORTCUTS_OFF_NOTE')}</p>}
      </div>
    </div>
  );
}

/** The control bar's button that opens the panel (a keyboard's outline). */
export function ShortcutsButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="player__button pkeys-button" aria-label={t('PLAYER_SHORTCUTS')} title={t('PLAYER_SHORTCUTS')} aria-haspopup="dialog" aria-expanded={open} onClick={onOpen}>
      <Icon>
        <path d="M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm1 2v8h16V8H4zm1 1h2v2H5V9zm3 0h2v2H8V9zm3 0h2v2h-2V9zm3 0h2v2h-2V9zm3 0h2v2h-2V9zM7 13h10v2H7v-2z" fill="currentColor" />
      </Icon>
    </button>
  );
}

/**
 * The panel's open state: `show` remembers where focus was (the button, or the control the `?`
 * key was pressed on), `close` puts it back there.
 */
export function useShortcutsPanel(): { open: boolean; show: () => void; close: () => void } {
  const [open, setOpen] = useState(false);
  const back = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    back.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    const to = back.current;
    back.current = null;
    // After the panel is gone, so focus does not land in it again.
    requestAnimationFrame(() => {
      if (to?.isConnected) to.focus();
    });
  }, []);
  return { open, show, close };
}
