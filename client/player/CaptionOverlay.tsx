import type { CaptionStyle } from '../../worker/rules/captions';
import type { ShownCue } from './useCaptionCues';

/**
 * The subtitles (issue 34): inside the player's root, so they are there in fullscreen too. In the
 * black band under the picture when it holds them (a portrait phone: `inBand`, placed by
 * player.css from the measured band), else bottom centre over the picture, raised above the seek
 * bar and control bar by their measured height while they show. Each cue keeps its lines and its
 * own direction; size and background follow the profile's caption style.
 */
export function CaptionOverlay({ cues, style, inBand = false }: { cues: ShownCue[]; style: CaptionStyle; inBand?: boolean }) {
  return (
    <div className={`captions captions--${style.size} captions--bg-${style.background}${inBand ? ' captions--band' : ''}`} aria-hidden={cues.length === 0 ? true : undefined}>
      {cues.map((cue) => (
        <div key={cue.key} className="captions__cue" dir={cue.dir} lang={cue.lang}>
          <span className="captions__text">{cue.content}</span>
        </div>
      ))}
    </div>
  );
}
