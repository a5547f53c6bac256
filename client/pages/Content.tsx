import type { ContentPage as ContentPageData } from '../../worker/api/pages/schemas';
import { displayName, formatDuration } from '../components/format';
import { AgeBadge, Row } from '../components/Tile';
import { formatDate, useI18n } from '../i18n';
import { ShareIsland as Share } from '../islands/content-share';
import { TrailerIsland as Trailer } from '../islands/content-trailer';
import { ListButtons } from './content/ListButtons';
import { PartnersRow } from './partners/parts';
import type { Partner } from '../../worker/api/partners/schemas';
import { Episodes } from './content/Episodes';
import { AccessNotice, ProgressBar, timeLeft } from './content/parts';
import { clock, filmTarget, seriesTarget, type PlayTarget } from '../history/progress';
import type { Watched } from '../../worker/rules/watched';
import { LibraryOffer } from './libraries/LibraryOffer';
import { ButtonIcon } from '../components/ButtonIcon';
import { PLAY_INTENT_ATTRIBUTES } from '../player/intent';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export type ContentPageProps = {
  data: ContentPageData;
  /** The viewing profile's watched times, most recent first (empty for guests). */
  watched: readonly Watched[];
  /** `?season=N`; null: the season of the episode to play, else the first. */
  season: number | null;
  /** The page's address without its query, for the share button. */
  shareUrl: string;
  /** The title's partners (issue 15): a Partners row when there are any. */
  partners?: Partner[];
  /** The player's modules for the Play link's intent (null or absent: none). */
  playIntent?: PlayIntentModules;
};

/**
 * The player's modules to fetch on the intent to play (client/player/intent.ts); null: no intent
 * (the profile saves data).
 */
export type PlayIntentModules = string[] | null;

function PlayButton({ target, href, duration, intent }: { target: PlayTarget; href: string; duration: number | null; intent: PlayIntentModules }) {
  const { t } = useI18n();
  const episode = target.episode ? t('EPISODE_SHORT', { season: target.episode.season, episode: target.episode.number }) : '';
  const label = target.resumeAt > 0 ? t('RESUME_AT', { time: clock(target.resumeAt) }) : t('PLAY');
  const left = target.resumeAt > 0 ? timeLeft(t, target.resumeAt, duration) : '';
  return (
    <div className="content__play">
      <a
        className="button button--primary button--large content__play-button"
        href={href}
        {...(intent && href.startsWith('/player/') ? { [PLAY_INTENT_ATTRIBUTES.slug]: target.slug, [PLAY_INTENT_ATTRIBUTES.modules]: intent.join(' ') } : {})}
      >
        <ButtonIcon name="play" />
        {label}
        {episode && <span className="content__play-episode">{episode}</span>}
      </a>
      {target.progress > 0 && (
        <span className="content__play-progress">
          <ProgressBar value={target.progress} />
          <span className="content__play-left">{left}</span>
        </span>
      )}
    </div>
  );
}

/**
 * `/content/{slug}` (spec §2 content detail with trailer and share): the hero (backdrop, poster,
 * title, facts, Play or Resume, trailer, share), or why it cannot be played (premium, geoblocking,
 * spec §6); then the details, the seasons and episodes of a series, and related titles.
 */
export function ContentPage({ data, watched, season, shareUrl, partners = [], playIntent = null }: ContentPageProps) {
  const { t, lang } = useI18n();
  const { content, related } = data;
  // Lists in the page's script: the Arabic comma on Arabic pages.
  const comma = lang === 'ar' ? '، ' : ', ';
  const list = (codes: string[]) => codes.map((code) => displayName(lang, 'language', code)).join(comma);
  const series = content.type === 'playlist';
  const episodes = content.seasons.flatMap((s) => s.episodes);
  // A YouTube-hosted item without media of its own plays in the embed page.
  const youtube = !series && !content.has_media && content.youtube_id !== null;
  const target = series ? seriesTarget(episodes, watched) : content.has_media || youtube ? filmTarget(content, watched) : null;
  const playing = target?.episode ? episodes.find((e) => e.slug === target.slug) : undefined;
  const playable = content.access === 'ok';
  const genres = content.categories.filter((c) => c.parents.some((p) => p.slug === 'genres'));
  const selectedSeason = season ?? target?.episode?.season ?? content.seasons[0]?.number ?? 1;
  return (
    <article className="content">
      <header className="hero content__hero">
        {content.tile_image && <img className="hero__image content__backdrop" src={content.tile_image} alt="" width="1280" height="720" fetchPriority="high" />}
        <div className="content__head">
          {content.vertical_image && <img className="content__poster" src={content.vertical_image} alt="" width="200" height="300" />}
          <div className="content__info">
            <h1 className="content__title">{content.name_long}</h1>
            {content.original_title !== content.name_long && (
              <p className="content__original">
                <span className="visually-hidden">{t('ORIGINAL_TITLE')}: </span>
                <span lang="">{content.original_title}</span>
              </p>
            )}
            <p className="meta">
              {content.production_year && <span>{content.production_year}</span>}
              {series && content.seasons.length > 0 && <span>{t('SEASONS_COUNT', { count: content.seasons.length })}</span>}
              {content.duration && !series && <span>{formatDuration(t, content.duration)}</span>}
              {content.country && <span>{displayName(lang, 'region', content.country)}</span>}
              <AgeBadge ageRestriction={content.age_restriction} />
              {content.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
            </p>
            {genres.length > 0 && (
              <ul className="chips" aria-label={t('GENRES')}>
                {genres.map((g) => (
                  <li key={g.id}>
                    <a className="chip" href={`/category/${g.slug}`}>
                      {g.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {content.synopsis && <p className="content__synopsis">{content.synopsis}</p>}
            {/* A premium title keeps its spec §6 notice (subscribe, or a ticket); a library title adds the card's way in. */}
            <AccessNotice access={content.access} slug={content.slug} tickets={content.tickets} playable={content.has_media} />
            {content.library && content.has_media && (content.access === 'premium' || content.library.loan_until) && <LibraryOffer slug={content.slug} offer={content.library} />}
            <div className="actions">
              {playable && target && <PlayButton target={target} href={youtube ? `/youtube/${content.slug}` : `/player/${target.slug}`} duration={playing?.duration ?? content.duration} intent={playIntent} />}
              {content.has_trailer && content.access !== 'geoblocked' && <Trailer slug={content.slug} title={content.name_long} />}
              <ListButtons id={content.id} title={content.name_long} />
              <Share title={content.name_long} text={content.synopsis ?? ''} url={shareUrl} />
            </div>
          </div>
        </div>
      </header>

      {series && <Episodes seasons={content.seasons} selected={selectedSeason} watched={watched} playable={playable} />}

      <section className="content__facts" aria-labelledby="details-title">
        <h2 id="details-title">{t('DETAILS')}</h2>
        <dl>
          <Fact label={t('CAST')} value={content.cast.join(', ')} />
          <Fact label={t('DIRECTOR')} value={content.director} />
          <Fact label={t('SCREENWRITER')} value={content.screenwriter} />
          <Fact label={t('GENRES')} value={content.genres.join(comma)} />
          <Fact label={t('RELEASE_DATE')} value={content.release_date ? formatDate(content.release_date) : null} />
          <Fact label={t('PRODUCTION_YEAR')} value={content.production_year ? String(content.production_year) : null} />
          <Fact label={t('COUNTRY')} value={content.country ? displayName(lang, 'region', content.country) : null} />
          <Fact label={t('LANGUAGES')} value={list(content.languages)} />
          <Fact label={t('SUBTITLES')} value={list(content.subtitles)} />
          <Fact label={t('TAGS')} value={content.tags.join(comma)} />
        </dl>
      </section>

      <PartnersRow partners={partners} />

      <Row title={t('MORE_LIKE_THIS')} href={`/category/${content.categories[0]?.slug ?? ''}`} contents={related} />
    </article>
  );
}
