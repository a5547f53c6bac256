import { CAPTION_BACKGROUND_LABELS, CAPTION_BACKGROUNDS, CAPTION_SIZE_LABELS, CAPTION_SIZES, type CaptionStyle } from '../../worker/rules/captions';
import type { MenuItem } from './ChoiceMenu';

/** The subtitles menu's caption style choices: a size group and a background group. */
export function captionStyleItems(style: CaptionStyle, choose: (change: Partial<CaptionStyle>) => void, t: (key: string) => string): MenuItem[] {
  return [
    ...CAPTION_SIZES.map((size) => ({ key: `size-${size}`, group: t('CAPTION_SIZE'), label: t(CAPTION_SIZE_LABELS[size]), checked: style.size === size, select: () => choose({ size }) })),
    ...CAPTION_BACKGROUNDS.map((background) => ({
      key: `background-${background}`,
      group: t('CAPTION_BACKGROUND'),
      label: t(CAPTION_BACKGROUND_LABELS[background]),
      checked: style.background === background,
      select: () => choose({ background }),
    })),
  ];
}
