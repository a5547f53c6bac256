import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type Hls from 'hls.js';
import type { StreamAnswer } from '../../worker/api/player/schemas';
import type { Engine, EngineFailure } from '../player/engine';
import { useI18n, type Translate } from '../i18n';
import { defineIsland } from '../island';
import { nextState } from '../player/next';
import { SEEK_STEP_SECONDS, shortcutFor, stepVolume, type PlayerAction } from '../player/shortcuts';
import { parseThumbnailsVtt, thumbnailAt, type Thumbnail } from '../player/thumbnails';
import { BOOT_ATTRIBUTES } from '../player/attributes';
import { bufferedEnd, clampTime, formatTime, startPosition } from '../player/time';
import { GUEST_PROFILE, rememberWatched, watchedTime } from '../player/watched';
import FavButton from './fav-button';

export type PlayerProps = {
  /** GET /pages/content/{slug}/stream_url, as the server got it. */
  stream: StreamAnswer;
  /** Subtitle languages named in the page language (computed on the server, so hydration agrees). */
  subtitleLabels: Record<string, string>;
  slug: string;
  trailer: boolean;
  /** The watching profile (sent with stream_url and watched calls), null for guests. */
  profileId: number | null;
  /** Logged in: the position is saved to the API; a guest keeps it in this browser. */
  loggedIn: boolean;
  /** The content page (the back button's way when there is no history). */
  backHref: string;
  /** `?lang=` of this page, kept when moving to the next episode. */
  langQuery: string;
  /** My List and Like for the title (a series for its episodes), as rendered; null for trailers. */
  lists: { id: number; title: string; fav: boolean; like: boolean; guest: boolean } | null;
};

type Failure = { kind: 'network' | 'media' | 'unsupported' } | { kind: 'devices'; limit: number | null };

type Menu = 'quality' | 'subtitles' | 'audio' | null;
type Level = { index: number; height: number; bitrate: number };
type AudioTrack = { id: number; name: string; lang: string };

const SAVE_EVERY_MS = 10_000;
const SEEK_SAVE_DELAY_MS = 1_000;
/** At most one automatic stream_url re-fetch after a media 403 in this time. */
const AUTO_REFRESH_GAP_MS = 30_000;
const HIDE_CONTROLS_MS = 3_000;
/**
 * A press on Play/Pause this soon after autoplay started is the Play the viewer meant as the page
 * was starting (the button still said Play when they decided), not a Pause.
 */
const AUTOPLAY_GRACE_MS = 1_000;
const VOLUME_KEY = 'playerVolume';
const SUBTITLES_KEY = 'playerSubtitles';

function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full: preferences are a nicety
  }
}

/** The island's own check of a re-fetched stream_url answer (zod stays on the server). */
function isStreamAnswer(value: unknown): value is StreamAnswer {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.url === 'string' && typeof v.duration === 'number' && typeof v.content === 'object' && v.content !== null && Array.isArray(v.subtitles);
}

/** `limit` of a 409 MAXIMUM_DEVICES_REACHED answer. */
const limitOf = (body: unknown): number | null =>
  body && typeof body === 'object' && 'limit' in body && typeof body.limit === 'number' ? body.limit : null;

const post = (path: string, body?: unknown) =>
  fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** sendBeacon (survives the page), JSON sent as text/plain (a CORS-safe type), else a keepalive fetch. */
function beacon(path: string, body?: unknown): void {
  const data = body === undefined ? undefined : new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(`/api${path}`, data)) return;
  void post(path, body).catch(() => undefined);
}

// ---------------------------------------------------------------- icons

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="player__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
const icons = {
  play: <path d="M8 5v14l11-7z" fill="currentColor" />,
  pause: <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" />,
  back10: (
    <>
      <path d="M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" fill="currentColor" />
      <text x="12" y="16.5" fontSize="7" textAnchor="middle" fill="currentColor">10</text>
    </>
  ),
  forward10: (
    <>
      <path d="M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z" fill="currentColor" />
      <text x="12" y="16.5" fontSize="7" textAnchor="middle" fill="currentColor">10</text>
    </>
  ),
  volume: <path d="M4 9v6h4l5 5V4L8 9H4zm12.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" fill="currentColor" />,
  muted: <path d="M4 9v6h4l5 5V4L8 9H4zm12.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z" fill="currentColor" />,
  subtitles: <path d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm2 8v2h5v-2H6zm7 0v2h5v-2h-5zm-7-3v2h8v-2H6zm10 0v2h2v-2h-2z" fill="currentColor" />,
  audio: <path d="M12 3a4 4 0 0 0-4 4v5a4 4 0 0 0 8 0V7a4 4 0 0 0-4-4zm-7 9h2a5 5 0 0 0 10 0h2a7 7 0 0 1-6 6.9V21h-2v-2.1A7 7 0 0 1 5 12z" fill="currentColor" />,
  quality: <path d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" fill="currentColor" />,
  pip: <path d="M3 5h18v14H3zm2 2v10h14V7zm7 5h6v4h-6z" fill="currentColor" />,
  fullscreen: <path d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z" fill="currentColor" />,
  exitFullscreen: <path d="M8 4h2v6H4V8h4zm6 0h2v4h4v2h-6zM4 14h6v6H8v-4H4zm10 0h6v2h-4v4h-2z" fill="currentColor" />,
  back: <path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" fill="currentColor" />,
  close: <path d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z" fill="currentColor" />,
  next: <path d="M6 5v14l9-7zm10 0h2v14h-2z" fill="currentColor" />,
};

// ---------------------------------------------------------------- menus

type MenuItem = { key: string; label: string; checked: boolean; select: () => void };

/**
 * A control's pop-up list of choices (quality, subtitles, audio): role="menu" with
 * menuitemradio entries, arrows move, Escape closes and gives focus back to its button.
 */
function ChoiceMenu({ id, label, items, onClose }: { id: string; label: string; items: MenuItem[]; onClose: (refocus: boolean) => void }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? list.current?.querySelector<HTMLElement>('[role="menuitemradio"]');
    el?.focus();
  }, []);
  function onKeyDown(event: ReactKeyboardEvent) {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') return onClose(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
  return (
    <div className="player__menu" role="menu" id={id} aria-label={label} ref={list} onKeyDown={onKeyDown}>
      <p className="player__menu-title" aria-hidden="true">
        {label}
      </p>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitemradio"
          aria-checked={item.checked}
          className="player__menu-item"
          tabIndex={-1}
          onClick={() => {
            item.select();
            onClose(true);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------- the player

/**
 * The HLS player of /player/{slug} (issue 5): hls.js (loaded on its own chunk) where Media Source
 * Extensions exist, else the browser's native HLS (Safari on iPhone). Resumes at the profile's
 * position and saves it every 10 s, on pause and when the page is hidden (sendBeacon); keeps its
 * stream slot alive with heartbeats and frees it on page hide; offers the next episode at the end
 * and starts it when the profile's autoplay is on.
 */
export default function Player({ stream: initial, subtitleLabels, slug, trailer, profileId, loggedIn, backHref, langQuery, lists }: PlayerProps) {
  const { t } = useI18n();
  const uid = useId();
  const [stream, setStream] = useState(initial);
  const { content, next } = stream;
  const root = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const engineRef = useRef<Engine | null>(null);
  /** Where the next source attachment starts (resume, or the position before a re-fetch). */
  const startAt = useRef<number | null>(null);
  const lastSaved = useRef(0);
  const refreshing = useRef(false);
  const lastAutoRefresh = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuButtons = useRef<Record<string, HTMLButtonElement | null>>({});

  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const [blocked, setBlocked] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(initial.duration);
  const [buffered, setBuffered] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [pipAvailable, setPipAvailable] = useState(false);
  const [pip, setPip] = useState(false);
  const [controls, setControls] = useState(true);
  const [menu, setMenu] = useState<Menu>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | null>(null);
  const [audioTracks, setAudioTracks] = useState<AudioTrack[]>([]);
  const [audioTrack, setAudioTrack] = useState(0);
  const [subtitle, setSubtitle] = useState<string | null>(null);
  const [thumbs, setThumbs] = useState<Thumbnail[]>([]);
  const [hover, setHover] = useState<{ fraction: number; time: number } | null>(null);
  const [ended, setEnded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  /** Bumped by every successful re-fetch: the source is attached again even if the URL is the same. */
  const [attempt, setAttempt] = useState(0);

  /** Shows the controls, and hides them again after a while (they stay while paused, see showControls). */
  const poke = useCallback(() => {
    setControls(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
  }, []);

  // ---- saving the position (spec: every 10 s, on pause, on page hide) ----
  const save = useCallback(
    (how: 'fetch' | 'beacon', at?: number) => {
      const el = video.current;
      // Nothing loaded (or an engine being replaced, which empties the element): nothing to save.
      if (!el || trailer || (at === undefined && el.readyState === HTMLMediaElement.HAVE_NOTHING)) return;
      const position = Math.floor(at ?? el.currentTime);
      if (!Number.isFinite(position) || Math.abs(position - lastSaved.current) < 1) return;
      lastSaved.current = position;
      // Spec §3 `watched` keyed by profile id, for every profile; the guest's ("0") is its only copy.
      if (!loggedIn) return rememberWatched(GUEST_PROFILE, content.id, position);
      if (profileId) rememberWatched(profileId, content.id, position);
      const body = profileId ? { time: position, profile: profileId } : { time: position };
      if (how === 'beacon') beacon(`/actions/watched/${content.id}`, body);
      else
        void fetch(`/api/actions/watched/${content.id}`, {
          method: 'PUT',
          credentials: 'same-origin',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).catch(() => undefined);
    },
    [content.id, loggedIn, profileId, trailer],
  );

  // ---- stream_url again: expired media URLs (403), a lost slot, Retry, a page back from the cache ----
  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    const el = video.current;
    try {
      if (stream.streamId) await post(`/streams/${stream.streamId}/stop`).catch(() => undefined);
      const query = new URLSearchParams();
      if (profileId) query.set('profileId', String(profileId));
      if (trailer) query.set('trailer', '1');
      const res = await fetch(`/api/pages/content/${encodeURIComponent(slug)}/stream_url?${query}`, { credentials: 'same-origin' });
      const body: unknown = await res.json().catch(() => null);
      if (res.status === 409) {
        hls.current?.stopLoad();
        el?.pause();
        setFailure({ kind: 'devices', limit: limitOf(body) });
        return;
      }
      if (!res.ok || !isStreamAnswer(body)) {
        setFailure({ kind: 'network' });
        return;
      }
      // Read now, not before the calls: the viewer may have sought meanwhile.
      startAt.current = el && el.currentTime > 0 ? el.currentTime : (startAt.current ?? 0);
      setFailure(null);
      setWaiting(true);
      setStream(body);
      setAttempt((n) => n + 1);
    } catch {
      setFailure({ kind: 'network' });
    } finally {
      refreshing.current = false;
    }
  }, [profileId, slug, stream.streamId, trailer]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // ---- the media engine: adopt the one the page booted, start a new one after a re-fetch ----
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let cancelled = false;
    let engine: Engine | null = null;
    const onFailure = (kind: EngineFailure) => {
      // A signed URL that expired: a fresh stream_url, same position — once; refused again so soon,
      // it is not an expiry (revoked, or the network): the error and its Retry.
      if (kind === 'forbidden' && Date.now() - lastAutoRefresh.current > AUTO_REFRESH_GAP_MS) {
        lastAutoRefresh.current = Date.now();
        return void refreshRef.current();
      }
      setWaiting(false);
      setFailure({ kind: kind === 'forbidden' ? 'network' : kind });
    };
    const onBlocked = (refused: boolean) => {
      // Browsers refuse sound without a gesture: the big Play button takes over.
      setBlocked(refused);
      if (refused) setWaiting(false);
    };
    const run = async () => {
      const { adoptEngine, bootPlayer, startEngine } = await import('../player/engine');
      const fresh = startAt.current !== null;
      // Normally the page's inline module booted it already; else (it failed to load) now.
      if (!fresh) bootPlayer();
      const start = startAt.current ?? startPosition(loggedIn || trailer ? stream.resumeAt : watchedTime(GUEST_PROFILE, stream.content.id), stream.duration);
      engine = fresh ? await startEngine(el, stream.url, start) : await adoptEngine(el, stream.url, start);
      if (cancelled) return engine.destroy();
      if (!fresh) lastSaved.current = Math.floor(engine.start);
      startAt.current = engine.start;
      hls.current = engine.hls;
      engineRef.current = engine;
      engine.onFailure = onFailure;
      engine.onBlocked = onBlocked;
      // What happened before this island was live.
      if (engine.failure) onFailure(engine.failure);
      onBlocked(engine.blocked);
      setPlaying(!el.paused);
      if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
      if (!el.paused && el.readyState >= 3) setWaiting(false);
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
    run().catch(() => {
      setWaiting(false);
      setFailure({ kind: 'network' });
    });
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
  }, [stream.url, attempt]);

  // ---- media element events ----
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
        save('fetch', Math.max(el.duration || 0, stream.duration));
      },
      enterpictureinpicture: () => setPip(true),
      leavepictureinpicture: () => setPip(false),
    };
    for (const [type, handler] of Object.entries(handlers)) el.addEventListener(type, handler);
    return () => {
      clearTimeout(seekSave);
      for (const [type, handler] of Object.entries(handlers)) el.removeEventListener(type, handler);
    };
  }, [save, poke, stream.duration]);

  // ---- preferences, capabilities, thumbnails (browser only, after hydration) ----
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const stored = readLocal<{ volume?: number; muted?: boolean }>(VOLUME_KEY, {});
    if (typeof stored.volume === 'number') el.volume = Math.min(1, Math.max(0, stored.volume));
    if (typeof stored.muted === 'boolean') el.muted = stored.muted;
    setPipAvailable('pictureInPictureEnabled' in document && document.pictureInPictureEnabled && !el.disablePictureInPicture);
    const wanted = readLocal<string | null>(SUBTITLES_KEY, null);
    if (wanted && stream.subtitles.some((s) => s.lang === wanted)) setSubtitle(wanted);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!stream.thumbnails) return setThumbs([]);
    const url = new URL(stream.thumbnails, location.href).toString();
    let cancelled = false;
    fetch(url, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => !cancelled && setThumbs(parseThumbnailsVtt(text, url)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [stream.thumbnails]);

  // Subtitles: the chosen <track> shows, the others (and any the browser made from the playlist) stay off.
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const apply = () => {
      for (const track of el.textTracks) {
        if (track.kind !== 'subtitles' && track.kind !== 'captions') continue;
        track.mode = subtitle && track.language === subtitle && track.label !== '' ? 'showing' : 'disabled';
      }
    };
    apply();
    el.textTracks.addEventListener('addtrack', apply);
    return () => el.textTracks.removeEventListener('addtrack', apply);
  }, [subtitle, stream.url]);

  // ---- saving every 10 s while playing, and when the page goes away ----
  useEffect(() => {
    const timer = setInterval(() => {
      if (video.current && !video.current.paused) save('fetch');
    }, SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [save]);

  // ---- stream slot: heartbeats, stop on page hide ----
  const heartbeat = useCallback(async () => {
    if (!stream.streamId) return;
    const res = await post(`/streams/${stream.streamId}/heartbeat`).catch(() => null);
    if (res?.status !== 409) return;
    // The slot was lost and the account's other devices now hold every slot: playback stops.
    const body: unknown = await res.json().catch(() => null);
    hls.current?.stopLoad();
    video.current?.pause();
    setFailure({ kind: 'devices', limit: limitOf(body) });
  }, [stream.streamId]);

  useEffect(() => {
    if (!stream.streamId) return;
    const timer = setInterval(() => void heartbeat(), Math.max(5, stream.heartbeatSeconds) * 1000);
    return () => clearInterval(timer);
  }, [heartbeat, stream.streamId, stream.heartbeatSeconds]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save('beacon');
      else void heartbeat();
    };
    const onPageHide = () => {
      save('beacon');
      if (stream.streamId) beacon(`/streams/${stream.streamId}/stop`);
    };
    // Back from the back/forward cache: the slot was freed on the way out.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refreshRef.current();
    };
    document.addEventListener('visibilitychange', onHidden);
    addEventListener('pagehide', onPageHide);
    addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      removeEventListener('pagehide', onPageHide);
      removeEventListener('pageshow', onPageShow);
    };
  }, [save, heartbeat, stream.streamId]);

  // ---- next episode ----
  const nextHref = next ? `/player/${encodeURIComponent(next.slug)}${langQuery}` : null;
  const upcoming = nextState({ hasNext: nextHref !== null && !trailer, autoplay: stream.autoplay, time, duration, ended, dismissed });
  useEffect(() => {
    if (upcoming.kind === 'start' && nextHref) location.assign(nextHref);
  }, [upcoming.kind, nextHref]);

  // ---- controls ----
  const busy = menu !== null || hover !== null;
  const showControls = controls || !playing || busy || failure !== null || blocked;
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  /**
   * Play or pause as the screen showed it when the viewer pressed (the `playing` state drawn on the
   * button), not as the element is now; and within AUTOPLAY_GRACE_MS of autoplay starting, a press
   * is the Play the viewer meant, never a Pause of what they were starting.
   */
  const togglePlay = useCallback(() => {
    const el = video.current;
    if (!el || failure) return;
    if (!playing || el.ended) return void el.play().catch(() => setBlocked(true));
    const autoStartedAt = engineRef.current?.autoStartedAt ?? null;
    if (autoStartedAt !== null && performance.now() - autoStartedAt < AUTOPLAY_GRACE_MS) return;
    el.pause();
  }, [failure, playing]);
  const seekTo = (to: number) => {
    const el = video.current;
    if (el) el.currentTime = clampTime(to, el.duration || duration);
  };
  const setVol = (value: number) => {
    const el = video.current;
    if (!el) return;
    el.volume = value;
    el.muted = value === 0;
  };
  const toggleMute = () => {
    const el = video.current;
    if (!el) return;
    el.muted = !el.muted;
    if (!el.muted && el.volume === 0) el.volume = 0.5;
  };
  const toggleFullscreen = () => {
    const el = video.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => undefined);
    if (root.current?.requestFullscreen) {
      root.current
        .requestFullscreen({ navigationUI: 'hide' })
        .then(() => (screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> }).lock?.('landscape'))
        .catch(() => undefined);
    } else el?.webkitEnterFullscreen?.();
  };
  const togglePip = () => {
    const el = video.current;
    if (!el) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void el.requestPictureInPicture().catch(() => undefined);
  };
  const chooseSubtitle = (lang: string | null) => {
    setSubtitle(lang);
    writeLocal(SUBTITLES_KEY, lang);
  };
  const lastSubtitle = useRef<string | null>(null);
  const toggleSubtitles = () => {
    if (subtitle) {
      lastSubtitle.current = subtitle;
      return chooseSubtitle(null);
    }
    const lang = lastSubtitle.current ?? document.documentElement.lang;
    const pick = stream.subtitles.find((s) => s.lang === lang) ?? stream.subtitles[0];
    if (pick) chooseSubtitle(pick.lang);
  };
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
  const closeMenu = (refocus: boolean) => {
    const open = menu;
    setMenu(null);
    if (refocus && open) menuButtons.current[open]?.focus();
  };
  const goBack = (event: { preventDefault: () => void }) => {
    const sameSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
    if (sameSite && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  };

  const run = (action: PlayerAction) => {
    const el = video.current;
    switch (action) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-back':
        return seekTo((el?.currentTime ?? 0) - SEEK_STEP_SECONDS);
      case 'seek-forward':
        return seekTo((el?.currentTime ?? 0) + SEEK_STEP_SECONDS);
      case 'volume-up':
        return setVol(stepVolume(el?.muted ? 0 : (el?.volume ?? 1), 1));
      case 'volume-down':
        return setVol(stepVolume(el?.volume ?? 1, -1));
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return toggleFullscreen();
      case 'toggle-subtitles':
        return toggleSubtitles();
      case 'escape':
        if (menu) return closeMenu(true);
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        return;
    }
  };
  const runRef = useRef(run);
  runRef.current = run;

  // Shortcuts anywhere on the page (the player is the page), except where a control needs the key.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="menu"]')) return;
      if (target?.closest('.player__volume-range') && /^Arrow/.test(event.key)) return;
      if (event.key === ' ' && target?.closest('button, a')) return;
      event.preventDefault();
      poke();
      runRef.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [poke]);

  // ---- seek bar hover: time and thumbnail ----
  const onSeekHover = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    setHover({ fraction, time: fraction * duration });
  };
  const thumb = hover ? thumbnailAt(thumbs, hover.time) : null;

  /** A click on the picture plays or pauses; a tap shows the controls, or hides them while playing. */
  const onSurfacePointerUp = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') togglePlay();
    else if (showControls && playing) setControls(false);
    else poke();
  };

  // ---- texts ----
  const episodeLine =
    content.season_number !== null && content.episode_number !== null ? t('EPISODE_SHORT', { season: content.season_number, episode: content.episode_number }) : null;
  const heading = trailer ? t('TRAILER_OF', { title: content.parent?.name_long ?? content.name_long }) : (content.parent?.name_long ?? content.name_long);
  const subheading = !trailer && content.parent ? [episodeLine, content.name_long].filter(Boolean).join(' · ') : null;
  const timeText = `${formatTime(time, duration)} / ${formatTime(duration)}`;
  const quality = levels.find((l) => l.index === level);
  const played = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;
  const bufferedPct = duration > 0 ? Math.min(100, (buffered / duration) * 100) : 0;
  const menuId = (name: string) => `${uid}-menu-${name}`;

  const menuButton = (name: Exclude<Menu, null>, label: string, icon: ReactNode, badge?: string) => (
    <div className="player__menu-anchor">
      <button
        type="button"
        className={`player__button${name === 'subtitles' && subtitle ? ' player__button--on' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={menu === name}
        aria-controls={menu === name ? menuId(name) : undefined}
        ref={(el) => {
          menuButtons.current[name] = el;
        }}
        onClick={() => setMenu(menu === name ? null : name)}
      >
        <Icon>{icon}</Icon>
        {badge && <span className="player__badge">{badge}</span>}
      </button>
      {menu === name && name === 'quality' && (
        <ChoiceMenu
          id={menuId(name)}
          label={label}
          onClose={closeMenu}
          items={[
            { key: 'auto', label: autoHeight && level === -1 ? t('PLAYER_AUTO_LEVEL', { quality: `${autoHeight}p` }) : t('PLAYER_AUTO'), checked: level === -1, select: () => chooseLevel(-1) },
            ...levels.map((l) => ({ key: String(l.index), label: `${l.height}p`, checked: level === l.index, select: () => chooseLevel(l.index) })),
          ]}
        />
      )}
      {menu === name && name === 'subtitles' && (
        <ChoiceMenu
          id={menuId(name)}
          label={label}
          onClose={closeMenu}
          items={[
            { key: 'off', label: t('OFF'), checked: subtitle === null, select: () => chooseSubtitle(null) },
            ...stream.subtitles.map((s) => ({ key: s.lang, label: subtitleLabels[s.lang] ?? s.lang, checked: subtitle === s.lang, select: () => chooseSubtitle(s.lang) })),
          ]}
        />
      )}
      {menu === name && name === 'audio' && (
        <ChoiceMenu
          id={menuId(name)}
          label={label}
          onClose={closeMenu}
          items={audioTracks.map((a) => ({ key: String(a.id), label: a.name || subtitleLabels[a.lang] || a.lang || String(a.id + 1), checked: audioTrack === a.id, select: () => chooseAudio(a.id) }))}
        />
      )}
    </div>
  );

  return (
    <div
      ref={root}
      className={`player${showControls ? '' : ' player--idle'}${fullscreen ? ' player--fullscreen' : ''}`}
      role="region"
      aria-label={t('PLAYER_LABEL')}
      onPointerMove={(e) => e.pointerType === 'mouse' && poke()}
      onFocusCapture={poke}
    >
      <video
        ref={video}
        className="player__video"
        poster={stream.poster ?? undefined}
        playsInline
        preload="auto"
        {...{
          [BOOT_ATTRIBUTES.src]: stream.url,
          [BOOT_ATTRIBUTES.start]: startPosition(stream.resumeAt, stream.duration),
          [BOOT_ATTRIBUTES.duration]: stream.duration,
          [BOOT_ATTRIBUTES.local]: loggedIn || trailer ? undefined : content.id,
        }}
        aria-describedby={`${uid}-title`}
        onDoubleClick={toggleFullscreen}
      >
        {stream.subtitles.map((s) => (
          <track key={`${stream.url}-${s.lang}`} kind="subtitles" src={s.url} srcLang={s.lang} label={subtitleLabels[s.lang] ?? s.lang} />
        ))}
      </video>

      <div className="player__surface" onPointerUp={onSurfacePointerUp} aria-hidden="true" {...{ [BOOT_ATTRIBUTES.play]: '' }} />

      {waiting && !failure && !blocked && (
        <div className="player__spinner" role="status" aria-label={t('LOADING')}>
          <span className="player__spinner-ring" />
        </div>
      )}

      {(blocked || (!playing && !waiting && !failure && !ended && time === 0)) && (
        <button type="button" className="player__big-play" aria-label={t('PLAY')} onClick={togglePlay} {...{ [BOOT_ATTRIBUTES.play]: '' }}>
          <Icon>{icons.play}</Icon>
        </button>
      )}

      {failure && (
        <div className="player__failure" role="alert">
          <h2 className="player__failure-title">{failureTitle(t, failure)}</h2>
          <p className="player__failure-text">{failureText(t, failure)}</p>
          {failure.kind !== 'unsupported' && (
            <button type="button" className="button button--primary button--large" onClick={() => void refresh()}>
              {t('RETRY')}
            </button>
          )}
        </div>
      )}

      <header className="player__top">
        <a className="player__button player__back" href={backHref} aria-label={t('BACK')} title={t('BACK')} onClick={goBack}>
          <Icon>{icons.back}</Icon>
        </a>
        <div className="player__titles" id={`${uid}-title`}>
          <h1 className="player__title" dir="auto">
            {heading}
          </h1>
          {subheading && (
            <p className="player__subtitle" dir="auto">
              {subheading}
            </p>
          )}
        </div>
        {lists && (
          <div className="player__lists">
            <FavButton id={lists.id} kind="fav" active={lists.fav} guest={lists.guest} variant="player" title={lists.title} />
            <FavButton id={lists.id} kind="like" active={lists.like} guest={lists.guest} variant="player" title={lists.title} />
          </div>
        )}
      </header>

      {nextHref && next && (upcoming.kind === 'offer' || upcoming.kind === 'ended' || upcoming.kind === 'start') && (
        <aside className="player__next" aria-label={t('NEXT_EPISODE')} aria-live="polite">
          <p className="player__next-label">{t('NEXT_EPISODE')}</p>
          <p className="player__next-name" dir="auto">
            {next.season_number !== null && next.episode_number !== null && (
              <span className="player__next-number">{t('EPISODE_SHORT', { season: next.season_number, episode: next.episode_number })}</span>
            )}{' '}
            {next.name_long}
          </p>
          {upcoming.kind === 'offer' && upcoming.countdown !== null && <p className="player__next-countdown">{t('NEXT_EPISODE_IN', { seconds: upcoming.countdown })}</p>}
          <div className="player__next-actions">
            <a className="button button--primary" href={nextHref}>
              <Icon>{icons.next}</Icon>
              {t('PLAY_NEXT_EPISODE')}
            </a>
            {upcoming.kind === 'offer' && (
              <button type="button" className="button button--ghost" onClick={() => setDismissed(true)}>
                {t('WATCH_CREDITS')}
              </button>
            )}
          </div>
        </aside>
      )}

      <div className="player__controls">
        <div
          className="player__seek"
          dir="ltr"
          onPointerMove={onSeekHover}
          onPointerLeave={() => setHover(null)}
          style={{ ['--played-ratio' as string]: played / 100, ['--buffered' as string]: `${bufferedPct}%` }}
        >
          <div className="player__seek-track" aria-hidden="true">
            <span className="player__seek-buffered" />
            <span className="player__seek-played" />
          </div>
          <input
            className="player__seek-range"
            type="range"
            min={0}
            max={Math.max(1, Math.floor(duration))}
            step={1}
            value={Math.floor(time)}
            aria-label={t('PLAYER_SEEK')}
            aria-valuetext={t('PLAYER_TIME_OF', { current: formatTime(time, duration), total: formatTime(duration) })}
            onChange={(e) => {
              const to = Number(e.currentTarget.value);
              setTime(to);
              seekTo(to);
            }}
          />
          {hover && (
            <div className="player__preview" style={{ ['--at' as string]: `${hover.fraction * 100}%` }} aria-hidden="true">
              {thumb && (
                <span
                  className="player__preview-image"
                  style={
                    thumb.w > 0
                      ? { backgroundImage: `url("${thumb.url}")`, backgroundPosition: `-${thumb.x}px -${thumb.y}px`, width: thumb.w, height: thumb.h }
                      : { backgroundImage: `url("${thumb.url}")`, backgroundSize: 'cover' }
                  }
                />
              )}
              <span className="player__preview-time">{formatTime(hover.time, duration)}</span>
            </div>
          )}
        </div>

        <div className="player__bar">
          <button
            type="button"
            className="player__button"
            aria-label={playing ? t('PAUSE') : t('PLAY')}
            title={playing ? t('PAUSE') : t('PLAY')}
            onClick={togglePlay}
            {...{ [BOOT_ATTRIBUTES.play]: playing ? undefined : '' }}
          >
            <Icon>{playing ? icons.pause : icons.play}</Icon>
          </button>
          <button type="button" className="player__button player__skip" aria-label={t('PLAYER_BACK_10')} title={t('PLAYER_BACK_10')} onClick={() => run('seek-back')}>
            <Icon>{icons.back10}</Icon>
          </button>
          <button type="button" className="player__button player__skip" aria-label={t('PLAYER_FORWARD_10')} title={t('PLAYER_FORWARD_10')} onClick={() => run('seek-forward')}>
            <Icon>{icons.forward10}</Icon>
          </button>
          <div className="player__volume">
            <button type="button" className="player__button" aria-label={muted || volume === 0 ? t('PLAYER_UNMUTE') : t('PLAYER_MUTE')} title={muted || volume === 0 ? t('PLAYER_UNMUTE') : t('PLAYER_MUTE')} onClick={toggleMute}>
              <Icon>{muted || volume === 0 ? icons.muted : icons.volume}</Icon>
            </button>
            <input
              className="player__volume-range"
              type="range"
              dir="ltr"
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              aria-label={t('PLAYER_VOLUME')}
              aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
              onChange={(e) => setVol(Number(e.currentTarget.value))}
              style={{ ['--level' as string]: `${(muted ? 0 : volume) * 100}%` }}
            />
          </div>
          <span className="player__time" dir="ltr">
            {timeText}
          </span>
          <span className="player__spacer" />
          {stream.subtitles.length > 0 && menuButton('subtitles', t('SUBTITLES'), icons.subtitles)}
          {audioTracks.length > 1 && menuButton('audio', t('PLAYER_AUDIO'), icons.audio)}
          {levels.length > 1 && menuButton('quality', t('PLAYER_QUALITY'), icons.quality, quality ? `${quality.height}p` : undefined)}
          {pipAvailable && (
            <button type="button" className="player__button" aria-label={pip ? t('PLAYER_EXIT_PIP') : t('PLAYER_PIP')} title={pip ? t('PLAYER_EXIT_PIP') : t('PLAYER_PIP')} onClick={togglePip}>
              <Icon>{icons.pip}</Icon>
            </button>
          )}
          <button
            type="button"
            className="player__button"
            aria-label={fullscreen ? t('PLAYER_EXIT_FULLSCREEN') : t('PLAYER_FULLSCREEN')}
            title={fullscreen ? t('PLAYER_EXIT_FULLSCREEN') : t('PLAYER_FULLSCREEN')}
            onClick={toggleFullscreen}
          >
            <Icon>{fullscreen ? icons.exitFullscreen : icons.fullscreen}</Icon>
          </button>
        </div>
      </div>
    </div>
  );
}

function failureTitle(t: Translate, failure: Failure): string {
  if (failure.kind === 'devices') return t('MAXIMUM_DEVICES_REACHED');
  return t('PLAYER_ERROR');
}

function failureText(t: Translate, failure: Failure): string {
  switch (failure.kind) {
    case 'devices':
      return failure.limit ? `${t('MAXIMUM_DEVICES_REACHED_TEXT', { limit: failure.limit })} ${t('MAXIMUM_DEVICES_REACHED_HINT')}` : t('MAXIMUM_DEVICES_REACHED_HINT');
    case 'network':
      return t('PLAYER_ERROR_NETWORK');
    case 'media':
      return t('PLAYER_ERROR_MEDIA');
    case 'unsupported':
      return t('PLAYER_ERROR_UNSUPPORTED');
  }
}

export const PlayerIsland = defineIsland('player', Player, 'load');
