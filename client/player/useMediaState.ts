import { useEffect, useState, type RefObject } from 'react';
import { readLocal, VOLUME_KEY, writeLocal } from './preferences';
import { bufferedEnd } from './time';

const SEEK_SAVE_DELAY_MS = 1_000;

type Options = {
  video: RefObject<HTMLVideoElement | null>;
  /** The title's duration from the API, until the media tells its own. */
  streamDuration: number;
  save: (how: 'fetch' | 'beacon', at?: number) => void;
  /** Shows the controls (playback started). */
  poke: () => void;
};

/**
 * What the <video> is doing, as React state, from its events: playing, waiting, time, duration,
 * buffer, volume (restored from this browser's preference), end and picture-in-picture. A pause, a
 * settled seek and the end save the position. The engine sets `playing`, `waiting`, `blocked` and
 * `duration` too, for what happened before the island was live.
 */
export function useMediaState({ video, streamDuration, save, poke }: Options) {
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const [blocked, setBlocked] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(streamDuration);
  const [buffered, setBuffered] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [ended, setEnded] = useState(false);
  const [pip, setPip] = useState(false);

  // The viewer's volume in this browser (after hydration: the server cannot know it).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const stored = readLocal<{ volume?: number; muted?: boolean }>(VOLUME_KEY, {});
    if (typeof stored.volume === 'number') el.volume = Math.min(1, Math.max(0, stored.volume));
    if (typeof stored.muted === 'boolean') el.muted = stored.muted;
  }, [video]);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let seekSave: ReturnType<typeof setTimeout> | undefined;
    const readBuffered = () => {
      const ranges: { start: number; end: number }[] = [];
      for (let i = 0; i < el.buffered.length; i++) ranges.push({ start: el.buffered.start(i), end: el.buffered.end(i) });
      setBuffered(bufferedEnd(ranges, el.currentTime));
    };
    const handlers: Record<string, () => void> = {
      play: () => {
        setPlaying(true);
        setEnded(false);
      },
      pause: () => {
        setPlaying(false);
        if (!el.ended) save('fetch');
      },
      playing: () => {
        setWaiting(false);
        setBlocked(false);
        poke();
      },
      waiting: () => setWaiting(true),
      seeking: () => {
        setWaiting(true);
        setEnded(false);
      },
      seeked: () => {
        setWaiting(el.readyState < 3);
        // A jump is worth keeping at once (a reload right after it must resume there), once it settles.
        clearTimeout(seekSave);
        seekSave = setTimeout(() => save('fetch'), SEEK_SAVE_DELAY_MS);
      },
      canplay: () => setWaiting(false),
      timeupdate: () => {
        setTime(el.currentTime);
        readBuffered();
      },
      progress: readBuffered,
      durationchange: () => {
        if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
      },
      volumechange: () => {
        setVolume(el.volume);
        setMuted(el.muted);
        writeLocal(VOLUME_KEY, { volume: el.volume, muted: el.muted });
      },
      ended: () => {
        setEnded(true);
        setPlaying(false);
        // The whole title: the API marks it watched (≥ 95 %).
        save('fetch', Math.max(el.duration || 0, streamDuration));
      },
      enterpictureinpicture: () => setPip(true),
      leavepictureinpicture: () => setPip(false),
    };
    for (const [type, handler] of Object.entries(handlers)) el.addEventListener(type, handler);
    return () => {
      clearTimeout(seekSave);
      for (const [type, handler] of Object.entries(handlers)) el.removeEventListener(type, handler);
    };
  }, [video, save, poke, streamDuration]);

  return { playing, setPlaying, waiting, setWaiting, blocked, setBlocked, time, setTime, duration, setDuration, buffered, volume, muted, ended, pip };
}
