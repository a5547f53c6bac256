import { z } from 'zod';

/**
 * Caption style of a profile (issue 34): the size of the subtitle text and what sits behind it so
 * it reads over any picture. Saved on the profile (columns caption_size, caption_background),
 * chosen in the player's subtitles menu and on the profile's form.
 */
export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export const CAPTION_BACKGROUNDS = ['none', 'shadow', 'box'] as const;

export const CaptionSize = z.enum(CAPTION_SIZES, 'INVALID_CAPTION_SIZE');
export const CaptionBackground = z.enum(CAPTION_BACKGROUNDS, 'INVALID_CAPTION_BACKGROUND');
export type CaptionSize = z.infer<typeof CaptionSize>;
export type CaptionBackground = z.infer<typeof CaptionBackground>;

export type CaptionStyle = { size: CaptionSize; background: CaptionBackground };
export const DEFAULT_CAPTION_STYLE: CaptionStyle = { size: 'medium', background: 'shadow' };

/** Translation keys of each choice (player menu and profile form). */
export const CAPTION_SIZE_LABELS: Record<CaptionSize, string> = { small: 'CAPTION_SIZE_SMALL', medium: 'CAPTION_SIZE_MEDIUM', large: 'CAPTION_SIZE_LARGE' };
export const CAPTION_BACKGROUND_LABELS: Record<CaptionBackground, string> = { none: 'CAPTION_BACKGROUND_NONE', shadow: 'CAPTION_BACKGROUND_SHADOW', box: 'CAPTION_BACKGROUND_BOX' };

/** A stored value read back: anything unknown (an older row, a hand edit) is the default. */
export const captionStyleOf = (size: unknown, background: unknown): CaptionStyle => ({
  size: CaptionSize.safeParse(size).data ?? DEFAULT_CAPTION_STYLE.size,
  background: CaptionBackground.safeParse(background).data ?? DEFAULT_CAPTION_STYLE.background,
});
