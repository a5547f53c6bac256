import { createElement, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { cueDirection, type CueDirection } from './cueDirection';

/** A cue as the overlay draws it. */
export type ShownCue = { key: string; dir: CueDirection; lang: string; content: ReactNode };

/** Elements of a cue's WebVTT DOM (getCueAsHTML) kept as such: italics, bold, underline, voice/class spans, ruby. */
const KEPT = new Set(['i', 'b', 'u', 'span', 'ruby', 'rt']);

/**
 * A cue's DOM fragment as React nodes: text as text (direction marks included), the kept elements
 * with only their voice (`title`) and `lang`; anything else gives its children. Never HTML from the
 * file's raw text.
 */
export function cueNodes(node: Node, key = '0'): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const children = [...node.childNodes].map((child, i) => cueNodes(child, `${key}.${i}`));
  if (node.nodeType !== Node.ELEMENT_NODE) return children;
  const el = node as Element;
  const tag = el.localName;
  if (!KEPT.has(tag)) return children;
  const title = el.getAttribute('title');
  const lang = el.getAttribute('lang');
  return createElement(tag, { key, className: tag === 'span' && title ? 'captions__voice' : undefined, title: title ?? undefined, lang: lang ?? undefined }, ...children);
}

const contentOf = (cue: TextTrackCue): ReactNode => {
  if (typeof VTTCue !== 'undefined' && cue instanceof VTTCue) {
    try {
      return cueNodes(cue.getCueAsHTML());
    } catch {
      return cue.text;
    }
  }
  return 'text' in cue && typeof cue.text === 'string' ? cue.text : '';
};

const textOf = (cue: TextTrackCue): string => ('text' in cue && typeof cue.text === 'string' ? cue.text : '');

/**
 * The active cues of the chosen subtitle track, for the overlay (client/player/CaptionOverlay.tsx):
 * the track stays in mode 'hidden' (useSubtitles) so the browser loads and times its cues without
 * drawing them, and each `cuechange` gives the cues to draw, each with its direction.
 */
export function useCaptionCues(video: RefObject<HTMLVideoElement | null>, subtitle: string | null, streamUrl: string): ShownCue[] {
  const [cues, setCues] = useState<ShownCue[]>([]);
  useEffect(() => {
    const el = video.current;
    setCues([]);
    if (!el || !subtitle) return;
    let track: TextTrack | null = null;
    const update = () => {
      const active = track?.activeCues ? [...track.activeCues] : [];
      setCues(
        active.map((cue, i) => ({
          key: `${cue.id || i}-${cue.startTime}`,
          dir: cueDirection(track?.language ?? subtitle, textOf(cue)),
          lang: track?.language ?? subtitle,
          content: contentOf(cue),
        })),
      );
    };
    const attach = () => {
      const found = [...el.textTracks].find((t) => (t.kind === 'subtitles' || t.kind === 'captions') && t.language === subtitle && t.label !== '') ?? null;
      if (found === track) return;
      track?.removeEventListener('cuechange', update);
      track = found;
      track?.addEventListener('cuechange', update);
      update();
    };
    attach();
    el.textTracks.addEventListener('addtrack', attach);
    return () => {
      el.textTracks.removeEventListener('addtrack', attach);
      track?.removeEventListener('cuechange', update);
    };
  }, [video, subtitle, streamUrl]);
  return cues;
}
