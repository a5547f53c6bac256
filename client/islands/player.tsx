import { useCallback, useEffect, useId, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type { StreamAnswer } from '../../worker/api/player/schemas';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { nextState } from '../player/next';
import { SEEK_STEP_SECONDS, stepVolume, type PlayerAction } from '../player/shortcuts';
import { BOOT_ATTRIBUTES } from '../player/attributes';
import { clampTime, formatTime, startPosition } from '../player/time';
import { GUEST_PROFILE, watchedTime } from '../player/watched';
import FavButton from './fav-button';
import { MenuButton, type MenuItem } from '../player/ChoiceMenu';
import { PlayerHeader } from '../player/PlayerHeader';
import { useStream } from '../player/useStream';
import { ControlBar } from '../player/ControlBar';
import { FailureOverlay, type Failure } from '../player/FailureOverlay';
import { Icon, icons } from '../player/icons';
import { NextEpisode } from '../player/NextEpisode';
import { SeekBar } from '../player/SeekBar';
import { useControlsVisibility } from '../player/useControlsVisibility';
import { useEngine } from '../player/useEngine';
import { useDataUsage } from '../player/useDataUsage';
import { useMediaState } from '../player/useMediaState';
import { useScreenModes } from '../player/useScreenModes';
import { useSubtitles } from '../player/useSubtitles';
import { CaptionOverlay } from '../player/CaptionOverlay';
import { useCaptionCues } from '../player/useCaptionCues';
import { useCaptionStyle } from '../player/useCaptionStyle';
import { captionStyleItems } from '../player/captionMenu';
import { DEFAULT_CAPTION_STYLE, type CaptionStyle } from '../../worker/rules/captions';
import { useThumbnails } from '../player/useThumbnails';
import { usePositionSaving } from '../player/usePositionSaving';
import { useShortcuts } from '../player/useShortcuts';
import { useStreamSlot } from '../player/useStreamSlot';
import { useLive, type LiveProps } from '../player/useLive';
import { ShortcutsButton, ShortcutsPanel, useShortcutsPanel } from '../player/ShortcutsPanel';
import { useShortcutsSetting } from '../player/useShortcutsSetting';
import { usePlayerAnnouncements } from '../player/usePlayerAnnouncements';
import { useCaptionPlacement } from '../player/useCaptionPlacement';
import { useStreamSubtitles } from '../player/useStreamSubtitles';
import { useHlsSubtitles } from '../player/useHlsSubtitles';
import { timeRange } from '../../worker/rules/live-tv';

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
  /** A live channel (/tv/{slug}, issue 16): its programmes and whether to start the current one over; null for titles. */
  live: LiveProps | null;
  /** The viewer's time zone for programme times (live only). */
  timeZone: string;
  /** The API path of this stream when it is neither a title's nor a channel's (a show's stream pass, /events/{slug}/{show}/watch). */
  streamPath?: string;
  /** The watching profile's caption size and background (worker/rules/captions.ts); defaults for guests. */
  captionStyle?: CaptionStyle;
};

type Menu = 'quality' | 'data' | 'subtitles' | 'audio' | null;

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
export default function Player({ stream: initial, subtitleLabels, slug, trailer, profileId, loggedIn, backHref, langQuery, lists, live, timeZone, streamPath, captionStyle = DEFAULT_CAPTION_STYLE }: PlayerProps) {
  const { t, lang } = useI18n();
  const uid = useId();
  const root = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  /** Where the next source attachment starts (resume, or the position before a re-fetch). */
  const startAt = useRef<number | null>(null);
  const menuButtons = useRef<Record<string, HTMLButtonElement | null>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [menu, setMenu] = useState<Menu>(null);
  const [seekHover, setSeekHover] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  const { controls, poke, hide } = useControlsVisibility(root);
  const shortcuts = useShortcutsSetting();
  const keysPanel = useShortcutsPanel();
  const captionPlacement = useCaptionPlacement(root, video);
  const stopLoad = useRef<() => void>(() => undefined);
  /** The media state comes after the stream it plays: a new stream shows the spinner through this. */
  const showLoading = useRef<() => void>(() => undefined);
  const { stream, attempt, refresh, refreshRef } = useStream({
    initial,
    slug,
    trailer,
    live: live !== null,
    streamPath,
    profileId,
    video,
    startAt,
    onLoading: useCallback(() => showLoading.current(), []),
    setFailure,
    stopLoad,
  });
  const { content, next } = stream;
  const { save, lastSaved } = usePositionSaving({ video, contentId: content.id, loggedIn, profileId, trailer: trailer || live !== null });
  const media = useMediaState({ video, streamDuration: stream.duration, save, poke });
  const { playing, waiting, blocked, time, duration, buffered, volume, muted, ended, pip } = media;
  showLoading.current = () => media.setWaiting(true);
  const screenModes = useScreenModes(root, video);
  // A live stream's subtitles are the renditions of its playlist, a title's its <track> files.
  const streamSubtitles = useStreamSubtitles(video, live !== null, lang);
  const subtitleList = live ? streamSubtitles : stream.subtitles;
  const labelOf = (code: string): string => subtitleLabels[code] ?? streamSubtitles.find((s) => s.lang === code)?.label ?? code;
  const subtitles = useSubtitles(video, subtitleList, stream.url);
  const thumbs = useThumbnails(stream.thumbnails);
  const cues = useCaptionCues(video, subtitles.subtitle, stream.url);
  const captions = useCaptionStyle(captionStyle, profileId, t);
  /** Playback cannot go on: the error over the picture, and its Retry. */
  const fail = useCallback(
    (next: Failure) => {
      media.setWaiting(false);
      setFailure(next);
    },
    [media.setWaiting],
  );

  const dataUsage = useDataUsage({ initial: initial.dataUsage ?? 'auto', profileId, t, lang });

  // ---- the media engine: adopt the one the page booted, start a new one after a re-fetch ----
  const tracks = useEngine({
    video,
    url: stream.url,
    attempt,
    // A live channel starts at the live edge (-1), else at the saved position.
    start: () => startAt.current ?? (live ? -1 : startPosition(loggedIn || trailer ? stream.resumeAt : watchedTime(GUEST_PROFILE, stream.content.id), stream.duration)),
    onStarted: (start, adopted) => {
      if (adopted) lastSaved.current = Math.floor(start);
      startAt.current = start;
    },
    refresh: refreshRef,
    onFailure: (kind) => fail({ kind }),
    onBlocked: (refused) => {
      // Browsers refuse sound without a gesture: the big Play button takes over.
      media.setBlocked(refused);
      if (refused) media.setWaiting(false);
    },
    onAdopted: (el) => {
      media.setPlaying(!el.paused);
      if (Number.isFinite(el.duration) && el.duration > 0) media.setDuration(el.duration);
      if (!el.paused && el.readyState >= 3) media.setWaiting(false);
    },
    dataUsage: dataUsage.usage,
  });
  const { levels, level, chooseLevel, autoHeight, audioTracks, audioTrack, chooseAudio } = tracks;
  const { subtitle, choose: chooseSubtitle } = subtitles;
  useHlsSubtitles(video, tracks.engine, live !== null, levels);
  const { fullscreen, pipAvailable, toggleFullscreen, togglePip } = screenModes;
  stopLoad.current = tracks.stopLoad;

  // ---- the stream slot: heartbeats, stop on page hide ----
  const onSlotLost = useCallback((limit: number | null) => {
    stopLoad.current();
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
  const busy = menu !== null || seekHover || keysPanel.open;
  const showControls = controls || !playing || busy || failure !== null || blocked;

  /**
   * Play or pause as the screen showed it when the viewer pressed (the `playing` state drawn on the
   * button), not as the element is now: a press made (its event's `timeStamp`) before the button
   * was drawn as Pause is a Play, even when it reaches the island later (a click queued behind
   * hydration on a slow phone). And within AUTOPLAY_GRACE_MS of autoplay starting, a press
   * (pointer, not a deliberate shortcut key) is the Play the viewer meant, never a Pause of what
   * they were starting.
   */
  const pauseShownAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    pauseShownAt.current = playing ? performance.now() : Number.POSITIVE_INFINITY;
  }, [playing]);
  const togglePlay = useCallback(
    (how: 'press' | 'key' = 'press', pressedAt?: number) => {
      const el = video.current;
      if (!el || failure) return;
      if (!playing || el.ended) return void el.play().catch(() => media.setBlocked(true));
      if (how === 'press' && pressedAt !== undefined && pressedAt < pauseShownAt.current) return;
      const autoStartedAt = tracks.engine.current?.autoStartedAt ?? null;
      if (how === 'press' && autoStartedAt !== null && (pressedAt ?? performance.now()) - autoStartedAt < AUTOPLAY_GRACE_MS) return;
      el.pause();
    },
    [failure, playing, media.setBlocked, tracks.engine],
  );
  const seekTo = (to: number) => {
    const el = video.current;
    if (el) el.currentTime = clampTime(to, el.duration || duration);
  };
  const liveMode = useLive(video, tracks.engine, live, seekTo);
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
  const closeMenu = (refocus: boolean) => {
    const open = menu;
    setMenu(null);
    if (refocus && open) menuButtons.current[open]?.focus();
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
        return screenModes.toggleFullscreen();
      case 'toggle-subtitles':
        return subtitles.toggle();
      case 'show-shortcuts':
        return keysPanel.open ? undefined : keysPanel.show();
      case 'escape':
        if (menu) return closeMenu(true);
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        return;
    }
  };
  useShortcuts(run, poke, shortcuts.enabled);

  /** A click on the picture plays or pauses; a tap shows the controls, or hides them while playing. */
  const onSurfacePointerUp = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') togglePlay('press', event.timeStamp);
    else if (showControls && playing) hide();
    else poke();
  };

  /**
   * The big Play goes once playback starts: pressed from the keyboard (a click of `detail` 0), focus
   * moves on to the control bar's Play/Pause instead of being lost with it.
   */
  const onBigPlay = (event: ReactMouseEvent) => {
    togglePlay('press', event.timeStamp);
    if (event.detail === 0) root.current?.querySelector<HTMLElement>('.player__bar .player__button')?.focus();
  };

  const quality = levels.find((l) => l.index === level);
  const announcement = usePlayerAnnouncements(
    video,
    { playing, muted, volume, captions: subtitle ? labelOf(subtitle) : null, quality: quality ? `${quality.height}p` : t('PLAYER_AUTO') },
    t,
    (at) => {
      const w = liveMode.window;
      if (!live || !w) return formatTime(at, duration);
      return w.live - at < 10 ? t('TV_LIVE_BADGE') : t('TV_BEHIND_LIVE', { time: formatTime(w.live - at) });
    },
    next && upcoming.kind !== 'hidden' ? next.name_long : null,
  );

  /** The quality, subtitles and audio menus: their choices, and one MenuButton each. */
  const menuItems: Record<Exclude<Menu, null>, MenuItem[]> = {
    quality: [
      { key: 'auto', label: autoHeight && level === -1 ? t('PLAYER_AUTO_LEVEL', { quality: `${autoHeight}p` }) : t('PLAYER_AUTO'), checked: level === -1, select: () => chooseLevel(-1) },
      ...levels.map((l) => ({ key: String(l.index), label: `${l.height}p`, checked: level === l.index, select: () => chooseLevel(l.index) })),
    ],
    subtitles: [
      { key: 'off', label: t('OFF'), checked: subtitle === null, select: () => chooseSubtitle(null) },
      ...subtitleList.map((s) => ({ key: s.lang, label: labelOf(s.lang), checked: subtitle === s.lang, select: () => chooseSubtitle(s.lang) })),
      ...captionStyleItems(captions.style, captions.choose, t),
    ],
    audio: audioTracks.map((a) => ({ key: String(a.id), label: a.name || subtitleLabels[a.lang] || a.lang || String(a.id + 1), checked: audioTrack === a.id, select: () => chooseAudio(a.id) })),
    data: dataUsage.items,
  };
  const menuButton = (name: Exclude<Menu, null>, label: string, icon: ReactNode, badge?: string) => (
    <MenuButton
      id={`${uid}-menu-${name}`}
      label={label}
      icon={icon}
      badge={badge}
      on={name === 'subtitles' && subtitle !== null}
      open={menu === name}
      onToggle={() => setMenu(menu === name ? null : name)}
      onClose={closeMenu}
      buttonRef={(el) => {
        menuButtons.current[name] = el;
      }}
      items={menuItems[name]}
    />
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
          [BOOT_ATTRIBUTES.start]: live ? -1 : startPosition(stream.resumeAt, stream.duration),
          [BOOT_ATTRIBUTES.duration]: stream.duration,
          [BOOT_ATTRIBUTES.local]: loggedIn || trailer || live ? undefined : content.id,
          [BOOT_ATTRIBUTES.dataUsage]: initial.dataUsage ?? 'auto',
        }}
        aria-describedby={`${uid}-title`}
        onDoubleClick={toggleFullscreen}
      >
        {stream.subtitles.map((s) => (
          <track key={`${stream.url}-${s.lang}`} kind="subtitles" src={s.url} srcLang={s.lang} label={subtitleLabels[s.lang] ?? s.lang} />
        ))}
      </video>

      <CaptionOverlay cues={cues} style={captions.style} inBand={captionPlacement.inBand} />

      <div className="player__surface" onPointerUp={onSurfacePointerUp} aria-hidden="true" {...{ [BOOT_ATTRIBUTES.play]: '' }} />

      {waiting && !failure && !blocked && (
        <div className="player__spinner" role="status" aria-label={t('LOADING')}>
          <span className="player__spinner-ring" />
        </div>
      )}

      {(blocked || (!playing && !waiting && !failure && !ended && time === 0)) && (
        <button type="button" className="player__big-play" aria-label={t('PLAY')} onClick={onBigPlay} {...{ [BOOT_ATTRIBUTES.play]: '' }}>
          <Icon>{icons.play}</Icon>
        </button>
      )}

      {failure && <FailureOverlay failure={failure} onRetry={() => void refresh()} />}

      <PlayerHeader
        content={content}
        trailer={trailer}
        backHref={backHref}
        titleId={`${uid}-title`}
        subheading={
          live
            ? liveMode.programme
              ? `${liveMode.programme.title} · ${timeRange(liveMode.programme, lang, timeZone)}`
              : t('TV_LIVE_WINDOW', { hours: Math.round((stream.live?.window ?? 0) / 3600) })
            : undefined
        }
        actions={
          lists && (
            <div className="player__lists">
              <FavButton id={lists.id} kind="fav" active={lists.fav} guest={lists.guest} variant="player" title={lists.title} />
              <FavButton id={lists.id} kind="like" active={lists.like} guest={lists.guest} variant="player" title={lists.title} />
            </div>
          )
        }
      />

      {nextHref && next && <NextEpisode next={next} href={nextHref} upcoming={upcoming} onDismiss={() => setDismissed(true)} />}

      <div className="player__controls">
        <SeekBar
          {...(live && liveMode.window
            ? {
                time: liveMode.window.time - liveMode.window.start,
                duration: liveMode.window.end - liveMode.window.start,
                buffered: Math.max(0, buffered - liveMode.window.start),
                liveEdge: liveMode.window.live - liveMode.window.start,
              }
            : { time, duration, buffered })}
          thumbs={thumbs}
          onHover={setSeekHover}
          onSeek={(to) => {
            const at = live && liveMode.window ? liveMode.window.start + to : to;
            media.setTime(at);
            seekTo(at);
          }}
        />

        <ControlBar
          playing={playing}
          onTogglePlay={(pressedAt) => togglePlay('press', pressedAt)}
          onSeekBy={(seconds) => run(seconds < 0 ? 'seek-back' : 'seek-forward')}
          volume={volume}
          muted={muted}
          onVolume={setVol}
          onToggleMute={toggleMute}
          timeText={
            live ? (liveMode.atLive ? t('TV_LIVE_BADGE') : t('TV_BEHIND_LIVE', { time: formatTime(liveMode.behind) })) : `${formatTime(time, duration)} / ${formatTime(duration)}`
          }
          menus={
            <>
              {live && liveMode.canStartOver && (
                <button type="button" className="player__button player__text-button" onClick={liveMode.startOver}>
                  {t('TV_START_OVER')}
                </button>
              )}
              {live && !liveMode.atLive && (
                <button type="button" className="player__button player__text-button player__go-live" onClick={liveMode.goLive}>
                  {t('TV_JUMP_TO_LIVE')}
                </button>
              )}
              {subtitleList.length > 0 && menuButton('subtitles', t('SUBTITLES'), icons.subtitles)}
              {audioTracks.length > 1 && menuButton('audio', t('PLAYER_AUDIO'), icons.audio)}
              {levels.length > 1 && menuButton('quality', t('PLAYER_QUALITY'), icons.quality, quality ? `${quality.height}p` : undefined)}
              {menuButton('data', t('DATA_USAGE'), icons.data)}
              <ShortcutsButton open={keysPanel.open} onOpen={keysPanel.show} />
            </>
          }
          pip={pipAvailable ? { on: pip, toggle: togglePip } : null}
          fullscreen={{ on: fullscreen, toggle: toggleFullscreen }}
        />
      </div>

      {keysPanel.open && <ShortcutsPanel enabled={shortcuts.enabled} onEnabled={shortcuts.setEnabled} onClose={keysPanel.close} />}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

export const PlayerIsland = defineIsland('player', Player, 'load');
