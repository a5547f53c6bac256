import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { BOOT_ATTRIBUTES } from './attributes';
import { Icon, icons } from './icons';
import { SEEK_STEP_SECONDS } from './shortcuts';

type Props = {
  playing: boolean;
  /** A press on Play/Pause, with the moment it was made (the event's `timeStamp`). */
  onTogglePlay: (pressedAt: number) => void;
  onSeekBy: (seconds: number) => void;
  volume: number;
  muted: boolean;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  timeText: string;
  /** The quality, subtitles and audio menu buttons that apply. */
  menus: ReactNode;
  /** Picture-in-picture where the browser offers it. */
  pip: { on: boolean; toggle: () => void } | null;
  fullscreen: { on: boolean; toggle: () => void };
};

/**
 * The control bar under the seek bar: play or pause (a "play" control for the boot script while it
 * shows Play), 10 s back and forward, volume, time, the menus, picture-in-picture and fullscreen.
 */
export function ControlBar({ playing, onTogglePlay, onSeekBy, volume, muted, onVolume, onToggleMute, timeText, menus, pip, fullscreen }: Props) {
  const { t } = useI18n();
  return (
    <div className="player__bar">
      <button
        type="button"
        className="player__button"
        aria-label={playing ? t('PAUSE') : t('PLAY')}
        title={playing ? t('PAUSE') : t('PLAY')}
        onClick={(event) => onTogglePlay(event.timeStamp)}
        {...{ [BOOT_ATTRIBUTES.play]: playing ? undefined : '' }}
      >
        <Icon>{playing ? icons.pause : icons.play}</Icon>
      </button>
      <button type="button" className="player__button player__skip" aria-label={t('PLAYER_BACK_10')} title={t('PLAYER_BACK_10')} onClick={() => onSeekBy(-SEEK_STEP_SECONDS)}>
        <Icon>{icons.back10}</Icon>
      </button>
      <button type="button" className="player__button player__skip" aria-label={t('PLAYER_FORWARD_10')} title={t('PLAYER_FORWARD_10')} onClick={() => onSeekBy(SEEK_STEP_SECONDS)}>
        <Icon>{icons.forward10}</Icon>
      </button>
      <div className="player__volume">
        <button type="button" className="player__button" aria-label={muted || volume === 0 ? t('PLAYER_UNMUTE') : t('PLAYER_MUTE')} title={muted || volume === 0 ? t('PLAYER_UNMUTE') : t('PLAYER_MUTE')} onClick={onToggleMute}>
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
          onChange={(e) => onVolume(Number(e.currentTarget.value))}
          style={{ ['--level' as string]: `${(muted ? 0 : volume) * 100}%` }}
        />
      </div>
      <span className="player__time" dir="ltr">
        {timeText}
      </span>
      <span className="player__spacer" />
      {menus}
      {pip && (
        <button type="button" className="player__button" aria-label={pip.on ? t('PLAYER_EXIT_PIP') : t('PLAYER_PIP')} title={pip.on ? t('PLAYER_EXIT_PIP') : t('PLAYER_PIP')} onClick={pip.toggle}>
          <Icon>{icons.pip}</Icon>
        </button>
      )}
      <button
        type="button"
        className="player__button"
        aria-label={fullscreen.on ? t('PLAYER_EXIT_FULLSCREEN') : t('PLAYER_FULLSCREEN')}
        title={fullscreen.on ? t('PLAYER_EXIT_FULLSCREEN') : t('PLAYER_FULLSCREEN')}
        onClick={fullscreen.toggle}
      >
        <Icon>{fullscreen.on ? icons.exitFullscreen : icons.fullscreen}</Icon>
      </button>
    </div>
  );
}
