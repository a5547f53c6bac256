import { useEffect, useState } from 'react';
import { captionStyleOf, type CaptionStyle } from '../../worker/rules/captions';
import type { Translate } from '../i18n';
import { CAPTION_STYLE_KEY, readLocal, writeLocal } from './preferences';
import { saveToProfile } from './saveToProfile';

/**
 * The caption style in use: the watching profile's (saved to the account with PUT
 * auth/profiles/{id}; a failed save puts the previous style back); a guest's stays in this browser.
 */
export function useCaptionStyle(initial: CaptionStyle, profileId: number | null, t: Translate) {
  const [style, setStyle] = useState<CaptionStyle>(initial);
  useEffect(() => {
    if (profileId !== null) return;
    const saved = readLocal<Partial<CaptionStyle> | null>(CAPTION_STYLE_KEY, null);
    if (saved) setStyle(captionStyleOf(saved.size, saved.background));
    // Once, after hydration: the server cannot know this browser's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const choose = (change: Partial<CaptionStyle>) => {
    const before = style;
    const next = { ...style, ...change };
    setStyle(next);
    if (profileId === null) return writeLocal(CAPTION_STYLE_KEY, next);
    saveToProfile(profileId, { caption_size: next.size, caption_background: next.background }, () => setStyle(before), t);
  };
  return { style, choose };
}
