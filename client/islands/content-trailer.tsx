import { useEffect, useRef, useState } from 'react';
import { requestWithToast } from '../api';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { showToast, TOAST_MS } from '../toast';
import { ButtonIcon } from '../components/ButtonIcon';
import { capLevels } from '../player/data-cap';
import { dataUsageOf, type DataUsage } from '../../worker/rules/data-usage';

export type TrailerProps = { slug: string; title: string };

/** The part of GET /pages/content/{slug}/stream_url the trailer needs (no zod in island bundles). */
function parseStream(value: unknown): { url: string; poster: string | null; dataUsage: DataUsage } {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  if (typeof record.url !== 'string') throw new Error('stream_url: no url');
  return { url: record.url, poster: typeof record.poster === 'string' ? record.poster : null, dataUsage: dataUsageOf(record.dataUsage) };
}

type Detach = () => void;

/**
 * Plays an HLS playlist in `video`: natively where the browser has HLS and no Media Source
 * Extensions (iOS Safari), else through hls.js, downloaded only now. Chromium answers "maybe" to
 * canPlayType(m3u8) without playing it, so MSE browsers always take hls.js.
 */
async function attach(video: HTMLVideoElement, url: string, dataUsage: DataUsage, onFatal: () => void): Promise<Detach> {
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  if (!mse && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    return () => video.removeAttribute('src');
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) throw new Error('HLS is not supported');
  const hls = new Hls({ maxBufferLength: 12, capLevelToPlayerSize: true, enableWorker: false });
  // The profile's data usage caps the trailer's renditions as the player's.
  hls.on(Hls.Events.MANIFEST_PARSED, () => capLevels(hls, dataUsage));
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

/**
 * Trailer button of the content page (spec §2 content detail with trailer): it opens an inline
 * player over the hero (the wrapper is `display: contents`, so the overlay is positioned by
 * `.content__hero`), fetches the signed trailer URL and plays it; Close, Escape or the end of the
 * trailer bring the hero back and focus the button again.
 */
export default function Trailer({ slug, title }: TrailerProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  const hide = () => {
    setOpen(false);
    setReady(false);
    button.current?.focus();
  };

  useEffect(() => {
    const el = video.current;
    if (!open || !el) return;
    close.current?.focus();
    let cancelled = false;
    let detach: Detach | undefined;
    const failed = () => {
      if (cancelled) return;
      showToast(t('ERROR_OCCURRED'), 'danger', TOAST_MS.error);
      hide();
    };
    void (async () => {
      const stream = await requestWithToast(`/pages/content/${encodeURIComponent(slug)}/stream_url?trailer=1`, parseStream, undefined, { t });
      if (cancelled) return;
      if (!stream) return hide();
      if (stream.poster) el.poster = stream.poster;
      try {
        const d = await attach(el, stream.url, stream.dataUsage, failed);
        if (cancelled) return d();
        detach = d;
        await el.play().catch(() => undefined); // autoplay refused: the controls are there
      } catch {
        failed();
      }
    })();
    return () => {
      cancelled = true;
      el.pause();
      detach?.();
    };
  }, [open, slug]);

  return (
    <>
      <button ref={button} type="button" className="button button--secondary button--large" aria-expanded={open} onClick={() => setOpen(true)}>
        <ButtonIcon name="trailer" />
        {t('TRAILER')}
      </button>
      {open && (
        <div
          className="trailer"
          role="region"
          aria-label={t('TRAILER_OF', { title })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') hide();
          }}
        >
          <video
            ref={video}
            className="trailer__video"
            controls
            playsInline
            aria-label={t('TRAILER_OF', { title })}
            onPlaying={() => setReady(true)}
            onEnded={hide}
            onError={() => mediaError(video.current)}
          />
          {!ready && (
            <p className="trailer__loading" role="status">
              {t('LOADING')}
            </p>
          )}
          <button ref={close} type="button" className="icon-button trailer__close" aria-label={t('CLOSE_TRAILER')} onClick={hide}>
            <ButtonIcon name="close" />
          </button>
        </div>
      )}
    </>
  );

  /** A media element error (bad segment, unsupported codec). */
  function mediaError(el: HTMLVideoElement | null) {
    if (!el?.error) return;
    showToast(t('ERROR_OCCURRED'), 'danger', TOAST_MS.error);
    hide();
  }
}

export const TrailerIsland = defineIsland('content-trailer', Trailer);
