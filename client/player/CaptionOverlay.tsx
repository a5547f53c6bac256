import type { CaptionStyle } from '../../worker/rules/captions';
import type { ShownCue } from './useCaptionCues';

/**
 * The subtitles over the picture (issue 34): bottom centre, raised above the control bar while it
 * shows; inside the player's root, so it is there in fullscreen too. Each cue keeps its lines and
 * its own direction; size and background follow the profile's caption style.
 */
export function CaptionOverlay({ cues, style }: { cues: ShownCue[]; style: CaptionStyle }) {
  return (
    <div className={`captions captions--${style.size} captions--bg-${style.background}`} aria-hidden={cues.length === 0 ? true : undefined}>
      {cues.map((cue) => (
        <div key={cue.key} className="captions__cue" dir={cue.dir} lang={cue.lang}>
          <span className="captions__text">{cue.content}</span>
        </div>
      ))}
    </div>
  );
}
