import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { onNow, startOverOpen } from '../../worker/rules/live-tv';
import type { Engine } from './engine';

/** A programme of the channel, as the live player needs it (times: unix seconds). */
export type LiveProgramme = { title: string; starts_at: number; ends_at: number };

/** What the live player page gives the island: the channel's programmes around now, and "start over" asked. */
export type LiveProps = { programmes: LiveProgramme[]; startOver: boolean };

/** Within this many seconds of the live position, the viewer is "at live" (no "behind live" time, no Jump to live). */
const AT_LIVE_SECONDS = 10;
/** hls.js keeps this many target durations behind the newest segment (its liveSyncDurationCount). */
const LIVE_SYNC_SEGMENTS = 3;

type Window = { start: number; end: number; live: number; time: number };

/** The seekable window, the live position and the playhead (media seconds). */
function windowOf(video: HTMLVideoElement, engine: Engine | null): Window | null {
  if (video.seekable.length === 0) return null;
  const start = video.seekable.start(0);
  const end = video.seekable.end(video.seekable.length - 1);
  const target = engine?.hls?.levels[engine.hls.currentLevel]?.details?.targetduration ?? 6;
  const live = engine?.hls?.liveSyncPosition ?? Math.max(start, end - LIVE_SYNC_SEGMENTS * target);
  return { start, end, live, time: video.currentTime };
}

/** The wall clock (unix seconds) of the playhead: the stream's programme date time, else now minus how far behind live. */
function playheadClock(video: HTMLVideoElement, engine: Engine | null, w: Window): number {
  const date = engine?.hls?.playingDate;
  if (date) return date.getTime() / 1000;
  const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
  if (start && Number.isFinite(start.getTime())) return start.getTime() / 1000 + video.currentTime;
  return Date.now() / 1000 - Math.max(0, w.end - w.time);
}

/**
 * The live mode of the player (issue 16): the DVR window (the seek bar), how far behind live the
 * viewer is, the programme at the playhead (which changes as programmes do, without a reload), and
 * the two moves — back to live, and start over (the programme's start, when still in the window).
 * `startOver` on arrival (/tv/{slug}?start=over) seeks there once the window is known.
 */
export function useLive(video: RefObject<HTMLVideoElement | null>, engine: RefObject<Engine | null>, live: LiveProps | null, seekTo: (to: number) => void) {
  const [win, setWin] = useState<Window | null>(null);
  const [clock, setClock] = useState<number | null>(null);
  const startedOver = useRef(!live?.startOver);

  useEffect(() => {
    const el = video.current;
    if (!live || !el) return;
    const update = () => {
      const w = windowOf(el, engine.current);
      setWin(w);
      if (w) setClock(playheadClock(el, engine.current, w));
    };
    const events = ['timeupdate', 'progress', 'durationchange', 'seeked', 'loadedmetadata'] as const;
    for (const type of events) el.addEventListener(type, update);
    // Programmes change while paused too: the clock moves on.
    const timer = setInterval(update, 15_000);
    update();
    return () => {
      for (const type of events) el.removeEventListener(type, update);
      clearInterval(timer);
    };
  }, [live, video, engine]);

  const programme = live && clock !== null ? onNow(live.programmes, clock).now : null;

  const goLive = useCallback(() => {
    const el = video.current;
    const w = el ? windowOf(el, engine.current) : null;
    if (w) seekTo(w.live);
    if (el?.paused) void el.play().catch(() => undefined);
  }, [video, engine, seekTo]);

  const startOver = useCallback(() => {
    const el = video.current;
    const w = el ? windowOf(el, engine.current) : null;
    if (!el || !w || !live) return;
    const at = playheadClock(el, engine.current, w);
    const current = onNow(live.programmes, at).now;
    if (!current) return;
    seekTo(Math.max(w.start, w.time - (at - current.starts_at)));
  }, [video, engine, live, seekTo]);

  // Start over asked on arrival: once the window and the playhead's date are known.
  useEffect(() => {
    if (startedOver.current || !win || clock === null || win.end - win.start < 1) return;
    startedOver.current = true;
    startOver();
  }, [win, clock, startOver]);

  const behind = win ? Math.max(0, win.live - win.time) : 0;
  return {
    window: win,
    atLive: behind < AT_LIVE_SECONDS,
    behind,
    programme,
    canStartOver: programme !== null && clock !== null && startOverOpen(programme, Date.now() / 1000) && win !== null && clock - programme.starts_at > AT_LIVE_SECONDS,
    goLive,
    startOver,
  };
}
