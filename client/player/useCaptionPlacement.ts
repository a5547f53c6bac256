import { useEffect, useState, type RefObject } from 'react';
import { bandBelowPicture, inBand } from './captionPlacement';

export type CaptionPlacement = { band: number; inBand: boolean };

/**
 * Measures, as the player's size and the video's change, the black band under the picture and how
 * high the seek bar and control bar reach from the bottom (their measured height, without the
 * gradient's padding above them). Both are set as CSS variables on the player's root
 * (`--pcap-band`, `--pcap-lift`, used by player.css: the subtitles' place, the next-episode card's);
 * returns the band and whether the subtitles go in it.
 */
export function useCaptionPlacement(root: RefObject<HTMLElement | null>, video: RefObject<HTMLVideoElement | null>): CaptionPlacement {
  const [placement, setPlacement] = useState<CaptionPlacement>({ band: 0, inBand: false });
  useEffect(() => {
    const box = root.current;
    const el = video.current;
    const controls = box?.querySelector<HTMLElement>('.player__controls');
    if (!box || !el || !controls || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const padding = Number.parseFloat(getComputedStyle(controls).paddingBlockStart) || 0;
      const lift = Math.max(0, Math.round(controls.getBoundingClientRect().height - padding));
      const band = Math.floor(bandBelowPicture(el.clientWidth, el.clientHeight, el.videoWidth, el.videoHeight));
      box.style.setProperty('--pcap-lift', `${lift}px`);
      box.style.setProperty('--pcap-band', `${band}px`);
      const next = { band, inBand: inBand(band, lift) };
      setPlacement((now) => (now.band === next.band && now.inBand === next.inBand ? now : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(controls);
    // The video's own size is known from its metadata, and may change with the rendition.
    el.addEventListener('loadedmetadata', measure);
    el.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      el.removeEventListener('loadedmetadata', measure);
      el.removeEventListener('resize', measure);
    };
  }, [root, video]);
  return placement;
}
