import { useEffect, useRef } from 'react';
import { shortcutFor, type PlayerAction } from './shortcuts';

/**
 * The keyboard shortcuts anywhere on the page (the player is the page), except where a control
 * needs the key: menus, dialogs (the shortcuts panel), the volume slider's arrows, Space on a
 * button or link. `enabled` false (the viewer turned them off): Escape only.
 */
export function useShortcuts(run: (action: PlayerAction) => void, poke: () => void, enabled = true): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event, enabled);
      if (!action) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="menu"], [role="dialog"]')) return;
      if (target?.closest('.player__volume-range') && /^Arrow/.test(event.key)) return;
      if (event.key === ' ' && target?.closest('button, a')) return;
      event.preventDefault();
      poke();
      runRef.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [poke, enabled]);
}
