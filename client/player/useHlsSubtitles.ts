import { useEffect, type RefObject } from 'react';
import type { Engine } from './engine';

/**
 * A live stream's subtitle renditions as text tracks of the <video> (WCAG 1.2.4), when hls.js plays
 * it: hls.js reads the renditions and parses their WebVTT segments (`enableWebVTT`, not drawing
 * them: `renderTextTracksNatively` off, client/player/engine.ts), and this hook gives each
 * rendition a track made with `addTextTrack` — never a <track> element in the server-rendered
 * <video>, nor a `data:` source the page's CSP refuses — fills it with the parsed cues, and has
 * hls.js load the one the viewer turns on (useSubtitles sets its mode; CaptionOverlay draws it).
 * Safari's own HLS makes such tracks by itself. `ready` changes when a new engine has read its
 * playlist (its renditions).
 */
export function useHlsSubtitles(video: RefObject<HTMLVideoElement | null>, engine: RefObject<Engine | null>, active: boolean, ready: unknown): void {
  useEffect(() => {
    const el = video.current;
    const hls = engine.current?.hls;
    if (!active || !el || !hls) return;
    let cancelled = false;
    let detach = () => undefined as void;
    void import('hls.js').then(({ default: HlsClass }) => {
      if (cancelled) return;
      const { Events } = HlsClass;
      const tracks: TextTrack[] = [];
      const existing = () => [...el.textTracks];
      const makeTracks = () => {
        hls.subtitleTracks.forEach((rendition, i) => {
          if (tracks[i]) return;
          const lang = rendition.lang ?? '';
          // One track per rendition for the page's life (addTextTrack's tracks cannot be removed): a new engine reuses it.
          const track = existing().find((t) => t.label === rendition.name && t.language === lang) ?? el.addTextTrack('subtitles', rendition.name, lang);
          if (track.mode !== 'hidden') track.mode = 'disabled';
          tracks[i] = track;
        });
        choose();
      };
      const choose = () => {
        const on = tracks.findIndex((t) => t.mode !== 'disabled');
        if (hls.subtitleTrack !== on) hls.subtitleTrack = on;
      };
      const addCues = (_event: unknown, data: { type: string; cues: VTTCue[] }) => {
        const track = tracks[hls.subtitleTrack];
        if (!track || data.type !== 'subtitles') return;
        for (const cue of data.cues) if (!track.cues?.getCueById(cue.id)) track.addCue(cue);
      };
      hls.on(Events.SUBTITLE_TRACKS_UPDATED, makeTracks);
      hls.on(Events.CUES_PARSED, addCues);
      el.textTracks.addEventListener('change', choose);
      makeTracks();
      detach = () => {
        hls.off(Events.SUBTITLE_TRACKS_UPDATED, makeTracks);
        hls.off(Events.CUES_PARSED, addCues);
        el.textTracks.removeEventListener('change', choose);
      };
    });
    return () => {
      cancelled = true;
      detach();
    };
  }, [video, engine, active, ready]);
}
