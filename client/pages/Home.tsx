import { Suspense, use } from 'react';
import type { Content, NavigationRow } from '../../worker/api/pages/schemas';
import type { Ad } from '../../worker/api/partners/schemas';
import { AdCard } from '../components/AdCard';
import type { WatchedTitle } from '../../worker/rules/watched';
import { WatchedTile } from './content/WatchedTile';
import { AgeBadge, Row } from '../components/Tile';
import { formatDuration } from '../components/format';
import { useI18n } from '../i18n';
import { ButtonIcon } from '../components/ButtonIcon';

/** Loader results never reject: a failed call renders a message inside its boundary. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The featured title: Play, or for a premium title the viewer cannot play (`premium` false: a guest
 * or a member without a subscription), Subscribe coming back to the title, as its page offers.
 */
function Hero({ top, premium }: { top: Promise<Loaded<Content[]>>; premium: boolean }) {
  const { t } = useI18n();
  const result = use(top);
  const content = result.ok ? result.value[0] : undefined;
  if (!content) return null;
  return (
    <section className="hero" aria-labelledby="hero-title">
      {content.tile_image && <img className="hero__image" src={content.tile_image} alt="" width="640" height="360" fetchPriority="high" />}
      <div className="hero__body">
        <p className="hero__kicker">{t('FEATURED')}</p>
        <h1 id="hero-title" className="hero__title">
          {content.name_long}
        </h1>
        <p className="meta">
          {content.production_year && <span>{content.production_year}</span>}
          {content.duration && <span>{formatDuration(t, content.duration)}</span>}
          <AgeBadge ageRestriction={content.age_restriction} />
          {content.genres.slice(0, 2).map((g) => (
            <span key={g}>{g}</span>
          ))}
        </p>
        {content.synopsis && <p className="hero__synopsis">{content.synopsis}</p>}
        <div className="actions">
          {content.premium && !premium ? (
            <a className="button button--primary button--large" href={`/subscription?returnTo=${encodeURIComponent(`/content/${content.slug}`)}`}>
              {t('SUBSCRIBE')}
            </a>
          ) : (
            <a className="button button--primary button--large" href={`/player/${content.slug}`}>
              <ButtonIcon name="play" />
              {t('PLAY')}
            </a>
          )}
          <a className="button button--secondary button--large" href={`/content/${content.slug}`}>
            {t('MORE_INFO')}
          </a>
        </div>
      </div>
    </section>
  );
}

function Rows({ navigation }: { navigation: Promise<Loaded<NavigationRow[]>> }) {
  const { t } = useI18n();
  const result = use(navigation);
  if (!result.ok) return <p className="notice">{t('ERROR_OCCURRED')}</p>;
  return (
    <>
      {result.value.map((row, i) => (
        <Row key={row.id} title={row.category.name} href={`/category/${row.category.slug}`} contents={row.contents} />
      ))}
    </>
  );
}

/**
 * Continue watching (spec §3 watchedContents): the profile's unfinished titles, most recent first,
 * each resuming in the player. Nothing when there are none (or they could not be loaded).
 */
function ContinueWatching({ titles }: { titles: Promise<Loaded<WatchedTitle<Content>[]>> }) {
  const { t } = useI18n();
  const result = use(titles);
  if (!result.ok || result.value.length === 0) return null;
  return (
    <section className="row row--continue" aria-labelledby="continue-watching-title">
      <h2 className="row__title" id="continue-watching-title">
        {t('CONTINUE_WATCHING')}
      </h2>
      <ul className="row__list row__list--wide">
        {result.value.map((title, i) => (
          <li key={title.content.id}>
            <WatchedTile title={title} href={`/player/${title.content.slug}`} eager={i < 4} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page's ad slot (issue 15): the home-placement ad running now, marked as an ad; nothing when there is none. */
function HomeAd({ ads }: { ads: Promise<Loaded<Ad[]>> }) {
  const result = use(ads);
  const ad = result.ok ? result.value[0] : undefined;
  return ad ? (
    <div className="home__ad">
      <AdCard ad={ad} wide />
    </div>
  ) : null;
}

function RowsSkeleton() {
  return (
    <div className="skeleton" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton__row" />
      ))}
    </div>
  );
}

/**
 * Home (`/`): a featured hero from top content, the viewer's Continue watching row (members whose
 * history is not hidden: `continueWatching` is null otherwise), the ad slot and the navigation rows,
 * streamed as they load.
 */
export function HomePage(props: {
  top: Promise<Loaded<Content[]>>;
  continueWatching: Promise<Loaded<WatchedTitle<Content>[]>> | null;
  navigation: Promise<Loaded<NavigationRow[]>>;
  /** The home ad slot; absent: none. */
  ads?: Promise<Loaded<Ad[]>>;
  /** The viewer plays premium titles (a subscriber, or the platform is free); guests never. */
  premium?: boolean;
}) {
  return (
    <div className="home">
      <Suspense fallback={<div className="hero hero--placeholder" aria-hidden="true" />}>
        <Hero top={props.top} premium={props.premium ?? false} />
      </Suspense>
      {props.continueWatching && (
        <Suspense fallback={<div className="skeleton" aria-hidden="true"><div className="skeleton__row skeleton__row--continue" /></div>}>
          <ContinueWatching titles={props.continueWatching} />
        </Suspense>
      )}
      {props.ads && (
        <Suspense fallback={null}>
          <HomeAd ads={props.ads} />
        </Suspense>
      )}
      <Suspense fallback={<RowsSkeleton />}>
        <Rows navigation={props.navigation} />
      </Suspense>
    </div>
  );
}
