import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

const HIDE_CONTROLS_MS = 3_000;

/** Where a focused control belongs to the controls (the top bar, the control bar and its menus). */
const CONTROLS = '.player__top, .player__controls';

/**
 * The controls' visibility: `poke` shows them and hides them again after a while (the island keeps
 * them while paused, busy or failed); `hide` hides them at once (a tap while playing). Keyboard
 * focus in a control (WCAG 2.4.11, focus not obscured) shows them and keeps them shown while it
 * stays there: a control reached by Tab is never faded out under the viewer's eyes. A control
 * focused by a click (not `:focus-visible`) lets them fade as usual.
 */
export function useControlsVisibility(root: RefObject<HTMLElement | null>): { controls: boolean; poke: () => void; hide: () => void } {
  const [controls, setControls] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef(false);
  const poke = useCallback(() => {
    setControls(true);
    clearTimeout(timer.current);
    if (!held.current) timer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
  }, []);
  const hide = useCallback(() => {
    if (!held.current) setControls(false);
  }, []);
  useEffect(() => {
    const el = root.current;
    if (!el) return () => clearTimeout(timer.current);
    const inControls = (target: EventTarget | null) => target instanceof Element && target.closest(CONTROLS) !== null;
    const onFocusIn = (event: FocusEvent) => {
      held.current = inControls(event.target) && (event.target as Element).matches(':focus-visible');
      if (held.current) poke();
    };
    // Focus moving on to another control is taken by its focusin.
    const onFocusOut = (event: FocusEvent) => {
      if (!held.current || inControls(event.relatedTarget)) return;
      held.current = false;
      poke();
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      clearTimeout(timer.current);
    };
  }, [root, poke]);
  return { controls, poke, hide };
}
