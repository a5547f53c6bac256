import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type Hls from 'hls.js';
import type { StreamAnswer } from '../../worker/api/player/schemas';
import type { Engine, EngineFailure } from '../player/engine';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { nextState } from '../player/next';
import { SEEK_STEP_SECONDS, stepVolume, type PlayerAction } from '../player/shortcuts';
import { parseThumbnailsVtt, type Thumbnail } from '../player/thumbnails';
import { BOOT_ATTRIBUTES } from '../player/attributes';
import { bufferedEnd, clampTime, formatTime, startPosition } from '../player/time';
import { GUEST_PROFILE, watchedTime } from '../player/watched';
import FavButton from './fav-button';
import { apiFetch } from '../api';
import { isStreamAnswer, limitOf, post } from '../player/api';
import { ChoiceMenu } from '../player/ChoiceMenu';
import { FailureOverlay, type Failure } from '../player/FailureOverlay';
import { Icon, icons } from '../player/icons';
import { NextEpisode } from '../player/NextEpisode';
import { readLocal, SUBTITLES_KEY, VOLUME_KEY, writeLocal } from '../player/preferences';
import { SeekBar } from '../player/SeekBar';
import { useControlsVisibility } from '../player/useControlsVisibility';
import { usePositionSaving } from '../player/usePositionSaving';
import { useShortcuts } from '../player/useShortcuts';
import { useStreamSlot } from '../player/useStreamSlot';

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

type Menu = 'quality' | 'subtitles' | 'audio' | null;
type Level = { index: number; height: number; bitrate: number };
type AudioTrack = { id: number; name: string; lang: string };

const SEEK_SAVE_DELAY_MS = 1_000;
/** At most one automatic stream_url re-fetch after a media 403 in this time. */
const AUTO_REFRESH_GAP_MS = 30_000;
/**
 * A press on Play/Pause this soon after autoplay started is the Play the viewer meant as the page
 * was starting (the button still said Play when they decided), not a Pause.
 */
const AUTOPLAY_GRACE_MS = 1_000;
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
  const refreshing = useRef(false);
  const lastAutoRefresh = useRef(0);
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
  const [menu, setMenu] = useState<Menu>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | null>(null);
  const [audioTracks, setAudioTracks] = useState<AudioTrack[]>([]);
  const [audioTrack, setAudioTrack] = useState(0);
  const [subtitle, setSubtitle] = useState<string | null>(null);
  const [thumbs, setThumbs] = useState<Thumbnail[]>([]);
  const [seekHover, setSeekHover] = useState(false);
  const [ended, setEnded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  /** Bumped by every successful re-fetch: the source is attached again even if the URL is the same. */
  const [attempt, setAttempt] = useState(0);

  const { controls, poke, hide } = useControlsVisibility();
  const { save, lastSaved } = usePositionSaving({ video, contentId: content.id, loggedIn, profileId, trailer });

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
      const res = await apiFetch(`/pages/content/${encodeURIComponent(slug)}/stream_url?${query}`);
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

  // ---- the stream slot: heartbeats, stop on page hide ----
  const onSlotLost = useCallback((limit: number | null) => {
    hls.current?.stopLoad();
    video.current?.pause();
    setFailure({ kind: 'devices', limit });
  }, []);
  useStreamSlot({ streamId: stream.streamId, heartbeatSeconds: stream.heartbeatSeconds, save, refresh: refreshRef, onLost: onSlotLost });

  // ---- next episode ----
  const nextHref = next ? `/player/${encodeURIComponent(next.slug)}${langQuery}` : null;
  const upcoming = nextState({ hasNext: nextHref !== null && !trailer, autoplay: stream.autoplay, time, duration, ended, dismissed });
  useEffect(() => {
    if (upcoming.kind === 'start' && nextHref) location.assign(nextHref);
  }, [upcoming.kind, nextHref]);

  // ---- controls ----
  const busy = menu !== null || seekHover;
  const showControls = controls || !playing || busy || failure !== null || blocked;

  /**
   * Play or pause as the screen showed it when the viewer pressed (the `playing` state drawn on the
   * button), not as the element is now; and within AUTOPLAY_GRACE_MS of autoplay starting, a press
   * (pointer, not a deliberate shortcut key) is the Play the viewer meant, never a Pause of what
   * they were starting.
   */
  const togglePlay = useCallback(
    (how: 'press' | 'key' = 'press') => {
      const el = video.current;
      if (!el || failure) return;
      if (!playing || el.ended) return void el.play().catch(() => setBlocked(true));
      const autoStartedAt = engineRef.current?.autoStartedAt ?? null;
      if (how === 'press' && autoStartedAt !== null && performance.now() - autoStartedAt < AUTOPLAY_GRACE_MS) return;
      el.pause();
    },
    [failure, playing],
  );
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
        return togglePlay('key');
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
  useShortcuts(run, poke);

  /** A click on the picture plays or pauses; a tap shows the controls, or hides them while playing. */
  const onSurfacePointerUp = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') togglePlay();
    else if (showControls && playing) hide();
    else poke();
  };

  // ---- texts ----
  const episodeLine =
    content.season_number !== null && content.episode_number !== null ? t('EPISODE_SHORT', { season: content.season_number, episode: content.episode_number }) : null;
  const heading = trailer ? t('TRAILER_OF', { title: content.parent?.name_long ?? content.name_long }) : (content.parent?.name_long ?? content.name_long);
  const subheading = !trailer && content.parent ? [episodeLine, content.name_long].filter(Boolean).join(' · ') : null;
  const timeText = `${formatTime(time, duration)} / ${formatTime(duration)}`;
  const quality = levels.find((l) => l.index === level);
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
        <button type="button" className="player__big-play" aria-label={t('PLAY')} onClick={() => togglePlay()} {...{ [BOOT_ATTRIBUTES.play]: '' }}>
          <Icon>{icons.play}</Icon>
        </button>
      )}

      {failure && <FailureOverlay failure={failure} onRetry={() => void refresh()} />}

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

      {nextHref && next && <NextEpisode next={next} href={nextHref} upcoming={upcoming} onDismiss={() => setDismissed(true)} />}

      <div className="player__controls">
        <SeekBar
          time={time}
          duration={duration}
          buffered={buffered}
          thumbs={thumbs}
          onHover={setSeekHover}
          onSeek={(to) => {
            setTime(to);
            seekTo(to);
          }}
        />

        <div className="player__bar">
          <button
            type="button"
            className="player__button"
            aria-label={playing ? t('PAUSE') : t('PLAY')}
            title={playing ? t('PAUSE') : t('PLAY')}
            onClick={() => togglePlay()}
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

export const PlayerIsland = defineIsland('player', Player, 'load');
