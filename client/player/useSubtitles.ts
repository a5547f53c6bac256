import { useEffect, useRef, useState, type RefObject } from 'react';
import { readLocal, SUBTITLES_KEY, writeLocal } from './preferences';

/**
 * The subtitles shown: the viewer's last choice in this browser when the title has it; the chosen
 * <track> is 'hidden' (loaded and timed, drawn by CaptionOverlay with each cue's direction), the
 * others (and any the browser made from the playlist) stay off. `toggle` (the
 * `c` key) brings back the last language, else the page's, else the first.
 */
export function useSubtitles(video: RefObject<HTMLVideoElement | null>, subtitles: { lang: string }[], streamUrl: string) {
  const [subtitle, setSubtitle] = useState<string | null>(null);
  const last = useRef<string | null>(null);

  useEffect(() => {
    const wanted = readLocal<string | null>(SUBTITLES_KEY, null);
    if (wanted && subtitles.some((s) => s.lang === wanted)) setSubtitle(wanted);
    // Once, after hydration: the server cannot know this browser's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const apply = () => {
      for (const track of el.textTracks) {
        if (track.kind !== 'subtitles' && track.kind !== 'captions') continue;
        track.mode = subtitle && track.language === subtitle && track.label !== '' ? 'hidden' : 'disabled';
      }
    };
    apply();
    el.textTracks.addEventListener('addtrack', apply);
    return () => el.textTracks.removeEventListener('addtrack', apply);
  }, [video, subtitle, streamUrl]);

  const choose = (lang: string | null) => {
    setSubtitle(lang);
    writeLocal(SUBTITLES_KEY, lang);
  };
  const toggle = () => {
    if (subtitle) {
      last.current = subtitle;
      return choose(null);
    }
    const lang = last.current ?? document.documentElement.lang;
    const pick = subtitles.find((s) => s.lang === lang) ?? subtitles[0];
    if (pick) choose(pick.lang);
  };
  return { subtitle, choose, toggle };
}
