import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useI18n } from '../i18n';
import { thumbnailAt, type Thumbnail } from './thumbnails';
import { formatTime } from './time';

type Props = {
  time: number;
  duration: number;
  /** Seconds buffered ahead, as far as the buffer reaches. */
  buffered: number;
  thumbs: Thumbnail[];
  onSeek: (to: number) => void;
  /** The pointer is over the bar (the controls stay while it is). */
  onHover: (hovering: boolean) => void;
  /** A live channel: where the live position is on the bar (seconds, on the bar's scale). */
  liveEdge?: number;
};

/** The seek bar: played and buffered parts, a range input for keyboards, and on hover the time and its thumbnail. */
export function SeekBar({ time, duration, buffered, thumbs, onSeek, onHover, liveEdge }: Props) {
  const { t } = useI18n();
  const [hover, setHover] = useState<{ fraction: number; time: number } | null>(null);
  const show = (next: { fraction: number; time: number } | null) => {
    setHover(next);
    onHover(next !== null);
  };
  const onSeekHover = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    show({ fraction, time: fraction * duration });
  };
  const thumb = hover ? thumbnailAt(thumbs, hover.time) : null;
  const played = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;
  const bufferedPct = duration > 0 ? Math.min(100, (buffered / duration) * 100) : 0;
  return (
  <div
    className="player__seek"
    dir="ltr"
    onPointerMove={onSeekHover}
    onPointerLeave={() => show(null)}
    style={{ ['--played-ratio' as string]: played / 100, ['--buffered' as string]: `${bufferedPct}%` }}
  >
    <div className="player__seek-track" aria-hidden="true">
      <span className="player__seek-buffered" />
      <span className="player__seek-played" />
      {liveEdge !== undefined && duration > 0 && <span className="player__seek-live" style={{ left: `${Math.min(100, (liveEdge / duration) * 100)}%` }} />}
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
      onChange={(e) => onSeek(Number(e.currentTarget.value))}
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
  );
}
