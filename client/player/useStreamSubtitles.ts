import { useEffect, useState, type RefObject } from 'react';
import { languageLabels, type Lang } from '../../worker/rules/lang';

export type StreamSubtitle = { lang: string; label: string };

/**
 * The subtitle languages a live stream's playlist carries (WCAG 1.2.4): the text tracks hls.js (or
 * Safari's own HLS) makes from its subtitle renditions, named in the page language. Empty when
 * `active` is false (a title's subtitles are its <track> files) and until the playlist is read.
 */
export function useStreamSubtitles(video: RefObject<HTMLVideoElement | null>, active: boolean, lang: Lang): StreamSubtitle[] {
  const [list, setList] = useState<StreamSubtitle[]>([]);
  useEffect(() => {
    const el = video.current;
    if (!active || !el) return;
    const read = () => {
      const codes = [
        ...new Set(
          [...el.textTracks].filter((t) => (t.kind === 'subtitles' || t.kind === 'captions') && t.label !== '' && t.language !== '').map((t) => t.language),
        ),
      ];
      const labels = languageLabels(lang, codes);
      setList((now) => (now.map((s) => s.lang).join() === codes.join() ? now : codes.map((code) => ({ lang: code, label: labels[code] ?? code }))));
    };
    read();
    el.textTracks.addEventListener('addtrack', read);
    el.textTracks.addEventListener('removetrack', read);
    return () => {
      el.textTracks.removeEventListener('addtrack', read);
      el.textTracks.removeEventListener('removetrack', read);
    };
  }, [video, active, lang]);
  return active ? list : [];
}
