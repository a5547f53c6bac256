import { useEffect, useState } from 'react';
import { readLocal, SHORTCUTS_KEY, writeLocal } from './preferences';

/**
 * Whether the single-key shortcuts are on (WCAG 2.1.4): on unless the viewer turned them off in
 * the shortcuts panel; kept in this browser (client/player/preferences.ts).
 */
export function useShortcutsSetting(): { enabled: boolean; setEnabled: (on: boolean) => void } {
  const [enabled, setState] = useState(true);
  useEffect(() => {
    setState(readLocal<unknown>(SHORTCUTS_KEY, true) !== false);
    // Once, after hydration: the server cannot know this browser's choice.
  }, []);
  const setEnabled = (on: boolean) => {
    setState(on);
    writeLocal(SHORTCUTS_KEY, on);
  };
  return { enabled, setEnabled };
}
