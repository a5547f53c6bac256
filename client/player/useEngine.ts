import { useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import type { Engine, EngineFailure } from './engine';
import type { DataUsage } from '../../worker/rules/data-usage';

/** At most one automatic stream_url re-fetch after a media 403 in this time. */
const AUTO_REFRESH_GAP_MS = 30_000;

export type Level = { index: number; height: number; bitrate: number };
export type AudioTrack = { id: number; name: string; lang: string };

type Options = {
  video: RefObject<HTMLVideoElement | null>;
  /** The signed master playlist; a new URL (or attempt) gets a new engine. */
  url: string;
  attempt: number;
  /** Where this attachment starts: the booted engine's position, or the position before a re-fetch. */
  start: () => number;
  /** Set by the first engine: where it started (the position already saved). */
  onStarted: (start: number, adopted: boolean) => void;
  /** A fresh stream_url (an expired signed URL). */
  refresh: RefObject<() => Promise<void>>;
  onFailure: (kind: 'network' | 'media' | 'unsupported') => void;
  /** The browser refused to start with sound: the big Play button takes over. */
  onBlocked: (blocked: boolean) => void;
  /** What the element was doing when the island adopted the engine. */
  onAdopted: (el: HTMLVideoElement) => void;
  /** The profile's data usage (Data saver caps the renditions); a change applies to the running engine. */
  dataUsage: DataUsage;
};

/**
 * The media engine (client/player/engine.ts) for the island: adopts the one the page booted (or
 * starts one after a re-fetch), follows its failures (an expired URL re-fetches once), and exposes
 * hls.js's renditions and audio tracks with their choices. Free of anything VOD-only: a live
 * stream is one more URL.
 */
export function useEngine({ video, url, attempt, start, onStarted, refresh, onFailure, onBlocked, onAdopted, dataUsage }: Options) {
  const hls = useRef<Hls | null>(null);
  const engineRef = useRef<Engine | null>(null);
  const lastAutoRefresh = useRef(0);
  const booted = useRef(false);
  const usage = useRef(dataUsage);
  usage.current = dataUsage;
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | null>(null);
  const [audioTracks, setAudioTracks] = useState<AudioTrack[]>([]);
  const [audioTrack, setAudioTrack] = useState(0);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let cancelled = false;
    let engine: Engine | null = null;
    const failed = (kind: EngineFailure) => {
      // A signed URL that expired: a fresh stream_url, same position — once; refused again so soon,
      // it is not an expiry (revoked, or the network): the error and its Retry.
      if (kind === 'forbidden' && Date.now() - lastAutoRefresh.current > AUTO_REFRESH_GAP_MS) {
        lastAutoRefresh.current = Date.now();
        return void refresh.current();
      }
      onFailure(kind === 'forbidden' ? 'network' : kind);
    };
    const run = async () => {
      const { adoptEngine, bootPlayer, startEngine } = await import('./engine');
      const adopting = !booted.current;
      // Normally the page's inline module booted it already; else (it failed to load) now.
      if (adopting) bootPlayer();
      engine = adopting ? await adoptEngine(el, url, start(), usage.current) : await startEngine(el, url, start(), usage.current);
      if (cancelled) return engine.destroy();
      booted.current = true;
      onStarted(engine.start, adopting);
      hls.current = engine.hls;
      engineRef.current = engine;
      engine.onFailure = failed;
      engine.onBlocked = onBlocked;
      // What happened before this island was live.
      if (engine.failure) failed(engine.failure);
      onBlocked(engine.blocked);
      onAdopted(el);
      const instance = engine.hls;
      if (!instance) return;
      const { default: HlsClass } = await import('hls.js');
      const { Events } = HlsClass;
      const readLevels = () =>
        setLevels(instance.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })).sort((a, b) => b.height - a.height || b.bitrate - a.bitrate));
      const readLevel = () => setAutoHeight(instance.levels[instance.currentLevel]?.height ?? null);
      const readAudio = () => {
        setAudioTracks(instance.audioTracks.map((a) => ({ id: a.id, name: a.name, lang: a.lang ?? '' })));
        setAudioTrack(instance.audioTrack);
      };
      instance.on(Events.MANIFEST_PARSED, readLevels);
      instance.on(Events.LEVEL_SWITCHED, readLevel);
      instance.on(Events.AUDIO_TRACKS_UPDATED, readAudio);
      instance.on(Events.AUDIO_TRACK_SWITCHED, readAudio);
      readLevels();
      readLevel();
      readAudio();
    };
    run().catch(() => onFailure('network'));
    return () => {
      cancelled = true;
      if (engine) {
        engine.onFailure = null;
        engine.onBlocked = null;
        engine.destroy();
      }
      hls.current = null;
    };
    // A re-fetched stream (new URL or attempt) gets a new engine; nothing else should.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, attempt]);

  useEffect(() => engineRef.current?.setDataUsage(dataUsage), [dataUsage]);

  const chooseLevel = (index: number) => {
    if (!hls.current) return;
    hls.current.currentLevel = index;
    setLevel(index);
  };
  const chooseAudio = (id: number) => {
    if (!hls.current) return;
    hls.current.audioTrack = id;
    setAudioTrack(id);
  };
  /** Stops loading (playback must stop: the slot was lost). */
  const stopLoad = () => hls.current?.stopLoad();
  return { engine: engineRef, levels, level, chooseLevel, autoHeight, audioTracks, audioTrack, chooseAudio, stopLoad };
}
