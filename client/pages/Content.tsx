import type { ContentPage as ContentData } from '../../worker/api/pages/schemas';
import { displayName, formatDuration } from '../components/format';
import { AgeBadge, Row } from '../components/Tile';
import { formatDate, useI18n } from '../i18n';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** `/content/{slug}`: the content's fields, its seasons and episodes (series) and related titles. */
export function ContentPage({ data }: { data: ContentData }) {
  const { t, lang } = useI18n();
  const { content, related } = data;
  const list = (codes: string[], type: 'language') => codes.map((code) => displayName(lang, type, code)).join(', ');
  return (
    <article className="content">
      <header className="content__hero">
        {content.tile_image && <img className="content__backdrop" src={content.tile_image} alt="" width="640" height="360" fetchPriority="high" />}
        <div className="content__head">
          {content.vertical_image && <img className="content__poster" src={content.vertical_image} alt="" width="200" height="300" />}
          <div>
            <h1 className="content__title">{content.name_long}</h1>
            {content.original_title !== content.name_long && (
              <p className="content__original" lang="">
                {content.original_title}
              </p>
            )}
            <p className="meta">
              {content.production_year && <span>{content.production_year}</span>}
              {content.type === 'playlist' && content.seasons.length > 0 && (
                <span>{t('SEASONS_COUNT', { count: content.seasons.length })}</span>
              )}
              {content.duration && content.type !== 'playlist' && <span>{formatDuration(t, content.duration)}</span>}
              <AgeBadge ageRestriction={content.age_restriction} />
              {content.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
            </p>
            {content.genres.length > 0 && (
              <ul className="chips">
                {content.genres.map((g) => (
                  <li key={g} className="chip">
                    {g}
                  </li>
                ))}
              </ul>
            )}
            {content.synopsis && <p className="content__synopsis">{content.synopsis}</p>}
            <div className="actions">
              <a className="button button--primary button--large" href={`/player/${content.seasons[0]?.episodes[0]?.slug ?? content.slug}`}>
                ▶ {t('PLAY')}
              </a>
              {content.trailer && (
                <a className="button button--secondary button--large" href={`/player/${content.slug}?trailer=1`}>
                  {t('TRAILER')}
                </a>
              )}
            </div>
          </div>
        </div>
      </header>

      <section className="content__facts" aria-label={t('DETAILS')}>
        <dl>
          <Fact label={t('CAST')} value={content.cast.join(', ')} />
          <Fact label={t('DIRECTOR')} value={content.director} />
          <Fact label={t('SCREENWRITER')} value={content.screenwriter} />
          <Fact label={t('RELEASE_DATE')} value={content.release_date ? formatDate(content.release_date) : null} />
          <Fact label={t('PRODUCTION_YEAR')} value={content.production_year ? String(content.production_year) : null} />
          <Fact label={t('COUNTRY')} value={content.country ? displayName(lang, 'region', content.country) : null} />
          <Fact label={t('LANGUAGES')} value={list(content.languages, 'language')} />
          <Fact label={t('SUBTITLES')} value={list(content.subtitles, 'language')} />
          <Fact label={t('TAGS')} value={content.tags.join(', ')} />
        </dl>
      </section>

      {content.seasons.map((season) => (
        <section key={season.number} className="season">
          <h2>{t('SEASON_N', { n: season.number })}</h2>
          <ol className="episodes">
            {season.episodes.map((e) => (
              <li key={e.id} className="episode">
                <a href={`/player/${e.slug}`}>
                  {e.tile_image && <img src={e.tile_image} alt="" width="160" height="90" loading="lazy" />}
                  <span className="episode__body">
                    <strong>
                      {t('EPISODE_N', { n: e.episode_number })} · {e.name_long}
                    </strong>
                    {e.duration && <span className="episode__duration">{formatDuration(t, e.duration)}</span>}
                    {e.synopsis && <span className="episode__synopsis">{e.synopsis}</span>}
                  </span>
                </a>
              </li>
            ))}
          </ol>
        </section>
      ))}

      <Row title={t('MORE_LIKE_THIS')} href={`/category/${content.categories[0]?.slug ?? ''}`} contents={related} />
    </article>
  );
}
