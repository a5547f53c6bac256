import type { Translate } from '../i18n';
import { useI18n } from '../i18n';

/** Why playback stopped: the network, the media, a browser that cannot play it, or the account's other devices. */
export type Failure = { kind: 'network' | 'media' | 'unsupported' } | { kind: 'devices'; limit: number | null };

/** The failure over the picture, with Retry (a fresh stream_url) unless the browser cannot play at all. */
export function FailureOverlay({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="player__failure" role="alert">
      <h2 className="player__failure-title">{failureTitle(t, failure)}</h2>
      <p className="player__failure-text">{failureText(t, failure)}</p>
      {failure.kind !== 'unsupported' && (
        <button type="button" className="button button--primary button--large" onClick={onRetry}>
          {t('RETRY')}
        </button>
      )}
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

