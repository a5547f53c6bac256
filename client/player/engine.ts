/**
 * The player's media engine, without React: attaches an HLS stream to the <video> with hls.js
 * (its own chunk, loaded only where Media Source Extensions exist) or the browser's native HLS
 * (Safari on iPhone; Chromium desktop also answers "maybe" to canPlayType, so hls.js comes first),
 * starts at a position and tries to play.
 *
 * The server's page starts it at once with a tiny inline module (`bootPlayer`), so the playlists
 * and first segments load while React and the island are still downloading; the island then
 * adopts the running engine (`adoptEngine`) and starts new ones itself after a re-fetch.
 */
import type Hls from 'hls.js';
import { dataUsageOf, type DataUsage } from '../../worker/rules/data-usage';
import { capLevels } from './data-cap';

/*
 * Self-contained on purpose: anything imported here would be bundled with the island (its only
 * importer), and the boot script would wait for React. So the few constants it shares with
 * client/player/attributes.ts and time.ts are copies, checked equal by engine.test.ts. The data
 * usage cap (./data-cap.ts, with its rule) is the one import: small and free of React.
 */
export const ENGINE_BOOT_ATTRIBUTES = { src: 'data-player-src', start: 'data-player-start', local: 'data-player-local', duration: 'data-player-duration', play: 'data-player-play', dataUsage: 'data-player-data-usage' } as const;
/** localStorage `watched` ({ "<profileId>": [{ id, time }] }) and the guest's profile id there (client/player/watched.ts). */
export const ENGINE_WATCHED_KEY = 'watched';
export const ENGINE_GUEST_PROFILE = '0';
/** The finished mark (worker/rules/watched.ts FINISHED_SHARE), a copy: importing the rule would tie this chunk to the island's. */
export const ENGINE_FINISHED_SHARE = 0.95;
/** A guest's saved position, unless the title is finished (then from the start). */
export const engineStart = (saved: number, duration: number): number => (saved > 0 && (duration <= 0 || saved < duration * ENGINE_FINISHED_SHARE) ? saved : 0);

export type EngineFailure = 'network' | 'media' | 'unsupported' | 'forbidden';

export type Engine = {
  url: string;
  /** Where playback started (seconds). */
  start: number;
  video: HTMLVideoElement;
  /** The hls.js instance (null with native HLS). */
  hls: Hls | null;
  /** The browser refused to start with sound without a gesture: the island shows its Play button. */
  blocked: boolean;
  /** When autoplay started playback (performance.now()), null if it did not (refused, or a press did). */
  autoStartedAt: number | null;
  /** The last unrecovered failure; 'forbidden' is a 403 on media (expired or revoked signature). */
  failure: EngineFailure | null;
  /** Called on each failure (set by the island; failures before it are kept in `failure`). */
  onFailure: ((failure: EngineFailure) => void) | null;
  /** Called when `blocked` changes. */
  onBlocked: ((blocked: boolean) => void) | null;
  /** The profile's data usage: caps the renditions hls.js may choose (worker/rules/data-usage.ts). */
  setDataUsage(usage: DataUsage): void;
  destroy(): void;
};

declare global {
  interface Window {
    /** The engine the boot script started, for the island to adopt. */
    __playerEngine?: Promise<Engine>;
    /** A Play control was pressed before the boot script ran (client/pages/Player.tsx). */
    __playerPressed?: boolean;
  }
}

const HLS_CONFIG = {
  // Subtitles are <track> elements (the same WebVTT files on every browser).
  enableWebVTT: false,
  enableIMSC1: false,
  enableCEA708Captions: false,
  // The fMP4 segments need no transmuxing worker (and the CSP allows no blob: workers).
  enableWorker: false,
  capLevelToPlayerSize: true,
  backBufferLength: 60,
  // A fast first frame: start on the lightest rendition (ABR climbs at once) and fetch the first
  // fragment while the playlists are still being parsed.
  startLevel: 0,
  startFragPrefetch: true,
};

/** Starts playback: `automatic` when the engine starts it by itself (autoplay), not for a press. */
function tryPlay(engine: Engine, automatic = true): void {
  // When autoplay began is the moment it was asked for: the promise settles only once frames flow,
  // or never (a pause while it buffers rejects it), and the button shows Pause from the `play` event.
  if (automatic && engine.autoStartedAt === null) engine.autoStartedAt = performance.now();
  engine.video.play().then(
    () => {
      if (engine.blocked) {
        engine.blocked = false;
        engine.onBlocked?.(false);
      }
    },
    (error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        engine.blocked = true;
        engine.onBlocked?.(true);
      }
    },
  );
}

function fail(engine: Engine, failure: EngineFailure): void {
  engine.failure = failure;
  engine.onFailure?.(failure);
}

/** Attaches `url` to `video`, starting at `start` seconds, and tries to play. */
export async function startEngine(video: HTMLVideoElement, url: string, start: number, dataUsage: DataUsage = 'auto'): Promise<Engine> {
  let destroyed = false;
  let usage = dataUsage;
  const engine: Engine = {
    url,
    start,
    video,
    hls: null,
    blocked: false,
    autoStartedAt: null,
    failure: null,
    onFailure: null,
    onBlocked: null,
    setDataUsage(next) {
      usage = next;
      if (engine.hls) capLevels(engine.hls, usage);
    },
    destroy() {
      destroyed = true;
      if (engine.hls) engine.hls.destroy();
      else {
        video.removeAttribute('src');
        video.load();
      }
      engine.hls = null;
    },
  };
  if ('MediaSource' in window || 'ManagedMediaSource' in window) {
    const { default: HlsClass } = await import('hls.js');
    if (destroyed) return engine;
    if (HlsClass.isSupported()) {
      const hls = new HlsClass({ ...HLS_CONFIG, startPosition: start });
      engine.hls = hls;
      let recovered = false;
      const { Events, ErrorTypes } = HlsClass;
      hls.on(Events.MANIFEST_PARSED, () => {
        capLevels(hls, usage);
        tryPlay(engine);
      });
      hls.on(Events.ERROR, (_event, data) => {
        if (data.response?.code === 403) return fail(engine, 'forbidden');
        if (!data.fatal) return;
        if (data.type === ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          hls.recoverMediaError();
          return;
        }
        fail(engine, data.type === ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      return engine;
    }
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (start > 0) video.currentTime = start;
        tryPlay(engine);
      },
      { once: true },
    );
    video.addEventListener('error', () => {
      const code = video.error?.code;
      // Native HLS hides HTTP statuses: a network failure may be an expired URL, so it counts as one.
      fail(engine, code === MediaError.MEDIA_ERR_NETWORK || code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED ? 'forbidden' : 'media');
    });
    video.src = url;
    return engine;
  }
  fail(engine, 'unsupported');
  return engine;
}

/**
 * Until the island is live, a press on a "play" control plays, here and now: the engine runs
 * already, so the first frame does not wait for React, and the press is not replayed later on top
 * of an autoplay that began in between (which would pause it). Never pauses: a viewer who sees
 * Play means play. Once the island is live (`data-live`), React handles every press.
 */
function playOnEarlyPress(video: HTMLVideoElement, booted: Promise<Engine>): void {
  const early = (event: Event): void => {
    const island = video.closest('[data-island]');
    if (!island || island.hasAttribute('data-live')) return document.removeEventListener('click', early, true);
    if (!(event.target instanceof Element) || !event.target.closest(`[${ENGINE_BOOT_ATTRIBUTES.play}]`) || !island.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    void booted.then((engine) => {
      if (engine.video.paused && !engine.failure) tryPlay(engine, false);
    });
  };
  document.addEventListener('click', early, true);
}

/**
 * Run by the page's inline module as soon as the HTML is parsed: starts the engine on the
 * server-rendered <video> (position from the server, or this browser's for guests), and makes the
 * Play controls work before the island is live.
 */
export function bootPlayer(): void {
  const attributes = ENGINE_BOOT_ATTRIBUTES;
  const video = document.querySelector<HTMLVideoElement>(`video[${attributes.src}]`);
  const url = video?.getAttribute(attributes.src);
  if (!video || !url || window.__playerEngine) return;
  const local = video.getAttribute(attributes.local);
  const start = local ? engineStart(readLocalResume(local), Number(video.getAttribute(attributes.duration)) || 0) : Number(video.getAttribute(attributes.start)) || 0;
  const booted = startEngine(video, url, start, dataUsageOf(video.getAttribute(attributes.dataUsage)));
  window.__playerEngine = booted;
  playOnEarlyPress(video, booted);
  if (window.__playerPressed) {
    window.__playerPressed = false;
    void booted.then((engine) => {
      if (engine.video.paused && !engine.failure) tryPlay(engine, false);
    });
  }
}

/** A guest's position saved in this browser: `watched["0"]`'s entry of the title (0 when none or unreadable). */
export function readLocalResume(contentId: number | string): number {
  try {
    const store = JSON.parse(localStorage.getItem(ENGINE_WATCHED_KEY) ?? '{}') as Record<string, { id?: unknown; time?: unknown }[] | undefined> | null;
    const list = store?.[ENGINE_GUEST_PROFILE];
    const entry = Array.isArray(list) ? list.find((e) => String(e?.id) === String(contentId)) : undefined;
    return Number(entry?.time) || 0;
  } catch {
    return 0;
  }
}

/** The booted engine when it plays `url` on `video`, else a new one. */
export function adoptEngine(video: HTMLVideoElement, url: string, start: number, dataUsage: DataUsage): Promise<Engine> {
  const booted = window.__playerEngine;
  window.__playerEngine = undefined;
  if (booted) {
    return booted.then((engine) => {
      if (engine.video === video && engine.url === url) {
        engine.setDataUsage(dataUsage);
        return engine;
      }
      engine.destroy();
      return startEngine(video, url, start, dataUsage);
    });
  }
  return startEngine(video, url, start, dataUsage);
}
