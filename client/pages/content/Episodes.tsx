import type { Season } from '../../../worker/api/pages/schemas';
import { formatDuration } from '../../components/format';
import { useI18n } from '../../i18n';
import { ProgressBar } from './parts';
import { isFinished, type Watched } from '../../../worker/rules/watched';
import { progressOf } from '../../history/progress';

/**
 * Seasons and episodes of a series: the season picker is a row of links (`?season=N#episodes`,
 * so it works without JavaScript), then the chosen season's episodes with thumbnail, number,
 * title, duration, synopsis and the profile's progress. Episodes link to the player only when the
 * series is playable here.
 */
export function Episodes({ seasons, selected, watched, playable }: { seasons: Season[]; selected: number; watched: readonly Watched[]; playable: boolean }) {
  const { t } = useI18n();
  const season = seasons.find((s) => s.number === selected) ?? seasons[0];
  if (!season) return null;
  const times = new Map(watched.map((w) => [w.id, w.time]));
  return (
    <section id="episodes" className="episodes-section" aria-labelledby="episodes-title">
      <div className="episodes-section__head">
        <h2 id="episodes-title">{t('EPISODES')}</h2>
        {seasons.length > 1 ? (
          <nav className="season-picker" aria-label={t('SEASONS')}>
            {seasons.map((s) => (
              <a
                key={s.number}
                className="season-picker__item"
                href={`?season=${s.number}#episodes`}
                aria-current={s.number === season.number ? 'page' : undefined}
              >
                {t('SEASON_N', { n: s.number })}
              </a>
            ))}
          </nav>
        ) : (
          <p className="season-picker__single">{t('SEASON_N', { n: season.number })}</p>
        )}
      </div>
      <ol className="episodes">
        {season.episodes.map((e) => {
          const time = times.get(e.id);
          const finished = isFinished(time, e.duration);
          const body = (
            <>
              <span className="episode__thumb">
                {e.tile_image && <img src={e.tile_image} alt="" width="320" height="180" loading="lazy" decoding="async" />}
                {playable && <span className="episode__play" aria-hidden="true" />}
                <ProgressBar value={finished ? 1 : progressOf(time, e.duration)} className="episode__progress" />
              </span>
              <span className="episode__body">
                <strong className="episode__title">
                  <span className="episode__number">{e.episode_number}.</span> {e.name_long}
                </strong>
                <span className="episode__meta">
                  {t('EPISODE_N', { n: e.episode_number })}
                  {e.duration ? ` · ${formatDuration(t, e.duration)}` : ''}
                  {finished && <span className="episode__watched"> · {t('WATCHED')}</span>}
                </span>
                {e.synopsis && <span className="episode__synopsis">{e.synopsis}</span>}
              </span>
            </>
          );
          return (
            <li key={e.id} className="episode">
              {playable ? (
                <a className="episode__link" href={`/player/${e.slug}`}>
                  {body}
                </a>
              ) : (
                <div className="episode__link">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
