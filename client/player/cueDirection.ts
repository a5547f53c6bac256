/**
 * The writing direction of a subtitle cue (issue 34). Browsers lay native cues out left-to-right,
 * so an Arabic line's final "!" or "؟", its leading dash and numbers next to punctuation land at the
 * wrong end. Each cue is drawn with its own `dir`: right-to-left when the track's language is
 * written right-to-left or when the text's first strong character is (a cue in Arabic on a track
 * labelled otherwise), else `auto` (the browser's first-strong rule).
 */
export type CueDirection = 'rtl' | 'auto';

/** Languages written right to left (primary subtag). */
const RTL_LANGS = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/**
 * Strong right-to-left characters (bidi classes R and AL): Hebrew, Arabic (not its digits 0660–0669
 * and 06F0–06F9 nor the Arabic comma, which are weak), Syriac, Thaana, N'Ko and the presentation
 * forms; plus the marks RLM (U+200F) and ALM (U+061C) a file may put first to set the direction.
 */
const STRONG_RTL = /[\u0590-\u05FF\u061B-\u065F\u066A-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u200F\u061C]/u;
/** Strong left-to-right: any other letter, and LRM (U+200E). */
const STRONG_LTR = /[\p{L}\u200E]/u;
/** WebVTT tags (<i>, <v Name>, <c.class>, timestamps) are not text. */
const TAGS = /<[^>]*>/g;

export const isRtlLanguage = (lang: string): boolean => RTL_LANGS.has(lang.toLowerCase().split(/[-_]/)[0] ?? '');

/** The direction of the first strong character of `text` (its tags left out), null when it has none. */
export function firstStrong(text: string): 'rtl' | 'ltr' | null {
  for (const char of text.replace(TAGS, '')) {
    if (STRONG_RTL.test(char)) return 'rtl';
    if (STRONG_LTR.test(char)) return 'ltr';
  }
  return null;
}

export function cueDirection(trackLang: string, text: string): CueDirection {
  if (isRtlLanguage(trackLang)) return 'rtl';
  return firstStrong(text) === 'rtl' ? 'rtl' : 'auto';
}
