import type { StreamAnswer } from '../../worker/api/player/schemas';
import { useI18n } from '../i18n';
import { Icon, icons } from './icons';
import type { NextState } from './next';

/**
 * The next-episode card (client/player/next.ts decides when): near the end with its countdown and
 * "Watch credits", at the end with its button. The player's live region says it once as it comes.
 */
export function NextEpisode({ next, href, upcoming, onDismiss }: { next: NonNullable<StreamAnswer['next']>; href: string; upcoming: NextState; onDismiss: () => void }) {
  const { t } = useI18n();
  if (upcoming.kind === 'hidden') return null;
  return (
    <aside className="player__next" aria-label={t('NEXT_EPISODE')}>
      <p className="player__next-label">{t('NEXT_EPISODE')}</p>
      <p className="player__next-name" dir="auto">
        {next.season_number !== null && next.episode_number !== null && (
          <span className="player__next-number">{t('EPISODE_SHORT', { season: next.season_number, episode: next.episode_number })}</span>
        )}{' '}
        {next.name_long}
      </p>
      {upcoming.kind === 'offer' && upcoming.countdown !== null && <p className="player__next-countdown">{t('NEXT_EPISODE_IN', { seconds: upcoming.countdown })}</p>}
      <div className="player__next-actions">
        <a className="button button--primary" href={href}>
          <Icon>{icons.next}</Icon>
          {t('PLAY_NEXT_EPISODE')}
        </a>
        {upcoming.kind === 'offer' && (
          <button type="button" className="button button--ghost" onClick={onDismiss}>
            {t('WATCH_CREDITS')}
          </button>
        )}
      </div>
    </aside>
  );
}
