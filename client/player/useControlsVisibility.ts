import { useCallback, useEffect, useRef, useState } from 'react';

const HIDE_CONTROLS_MS = 3_000;

/**
 * The controls' visibility: `poke` shows them and hides them again after a while (the island keeps
 * them while paused, busy or failed); `hide` hides them at once (a tap while playing).
 */
export function useControlsVisibility(): { controls: boolean; poke: () => void; hide: () => void } {
  const [controls, setControls] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const poke = useCallback(() => {
    setControls(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
  }, []);
  const hide = useCallback(() => setControls(false), []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { controls, poke, hide };
}
