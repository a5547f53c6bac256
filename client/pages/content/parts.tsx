import type { ContentPage } from '../../../worker/api/pages/schemas';
import { formatDuration } from '../../components/format';
import { useI18n, type Translate } from '../../i18n';
import { progressOf } from '../../history/progress';

export type ContentData = ContentPage['content'];
export type Access = ContentData['access'];

/**
 * Why the title cannot be played here (spec §6): a premium title without an active subscription
 * offers Subscribe; outside the title's countries, the geoblocking message and nothing playable.
 */
export function AccessNotice({ access, slug }: { access: Access; slug?: string }) {
  const { t } = useI18n();
  if (access === 'premium') {
    return (
      <div className="access-notice access-notice--premium" role="note">
        <p>{t('PREMIUM_REQUIRED')}</p>
        <a className="button button--primary button--large" href={slug ? `/subscription?returnTo=${encodeURIComponent(`/content/${slug}`)}` : '/subscription'}>
          {t('SUBSCRIBE')}
        </a>
      </div>
    );
  }
  if (access === 'geoblocked') {
    return (
      <div className="access-notice access-notice--geoblocked" role="note">
        <p>
          <strong>{t('GEOBLOCKED')}</strong>
        </p>
        <p>{t('GEOBLOCKED_CONTENT_TEXT')}</p>
      </div>
    );
  }
  return null;
}

/** A watched-progress bar (hidden from assistive tech when empty). */
export function ProgressBar({ value, className = '' }: { value: number; className?: string }) {
  const { t } = useI18n();
  if (value <= 0) return null;
  const percent = Math.round(value * 100);
  return (
    <span className={`watch-progress ${className}`} role="img" aria-label={t('PERCENT_WATCHED', { percent })}>
      <span className="watch-progress__bar" style={{ inlineSize: `${percent}%` }} />
    </span>
  );
}

/** '1 h 12 min left' under the Resume button. */
export function timeLeft(t: Translate, time: number, duration: number | null): string {
  if (!duration || progressOf(time, duration) === 0) return '';
  return t('TIME_LEFT', { time: formatDuration(t, Math.max(60, duration - time)) });
}
