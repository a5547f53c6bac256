import { useI18n } from '../../i18n';
import { festivalTime } from '../../../worker/rules/eticket';

/** Why a show's watch page cannot play (issue 17 stream passes), by the API's refusal. */
export type WatchRefusalKind = 'pass' | 'not-started' | 'ended';

export type WatchRefusalProps = {
  kind: WatchRefusalKind;
  show: { title: string; starts_at: string };
  /** The show's page, where its purchase form offers a stream pass. */
  showHref: string;
};

export const watchRefusalText: Record<WatchRefusalKind, { heading: string; text: string }> = {
  pass: { heading: 'WATCH_PASS_REQUIRED', text: 'WATCH_PASS_REQUIRED_TEXT' },
  'not-started': { heading: 'WATCH_NOT_STARTED', text: 'WATCH_NOT_STARTED_TEXT' },
  ended: { heading: 'WATCH_REPLAY_ENDED', text: 'WATCH_REPLAY_ENDED_TEXT' },
};

/**
 * The watch page's message when it cannot play: no stream pass (offer one: the show's purchase
 * form), not started yet (when it starts, Morocco time), replay over. The player's refusal card.
 */
export function WatchRefusal({ kind, show, showHref }: WatchRefusalProps) {
  const { t, lang } = useI18n();
  const { heading, text } = watchRefusalText[kind];
  return (
    <section className="player-refusal" aria-labelledby="watch-refusal-title">
      <div className={`player-refusal__card watch-refusal watch-refusal--${kind}`}>
        <p className="watch-refusal__show">{show.title}</p>
        <h1 id="watch-refusal-title" className="player-refusal__title">
          {t(heading)}
        </h1>
        <p className="player-refusal__text">{t(text, festivalTime(show.starts_at, lang))}</p>
        <div className="player-refusal__actions">
          <a className={`button button--large ${kind === 'pass' ? 'button--primary' : 'button--secondary'}`} href={kind === 'pass' ? `${showHref}#tickets-title` : showHref}>
            {t(kind === 'pass' ? 'WATCH_GET_PASS' : 'WATCH_BACK_TO_SHOW')}
          </a>
        </div>
      </div>
    </section>
  );
}
