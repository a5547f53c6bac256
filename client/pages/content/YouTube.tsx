import { displayName, formatDuration } from '../../components/format';
import { AgeBadge } from '../../components/Tile';
import { useI18n } from '../../i18n';
import { AccessNotice, type ContentData } from './parts';

/** The privacy-enhanced YouTube player (no cookies until the visitor plays). Also named by the pages' CSP frame-src. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** A YouTube video id as found in watch URLs (11 characters of base64url). */
export const isYouTubeId = (id: string | null): id is string => id !== null && /^[\w-]{11}$/.test(id);

/**
 * `/youtube/{slug}` (spec §2): a YouTube-hosted title plays in the embedded YouTube player, with
 * its title and synopsis below. Premium and geoblocking apply as on the content page.
 */
export function YouTubePage({ content, videoId }: { content: ContentData; videoId: string }) {
  const { t, lang } = useI18n();
  return (
    <article className="youtube">
      <div className="youtube__frame">
        {content.access === 'ok' ? (
          <iframe
            src={`${YOUTUBE_EMBED_ORIGIN}/embed/${videoId}?rel=0&hl=${lang}`}
            title={content.name_long}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <div className="youtube__refused">
            <AccessNotice access={content.access} slug={content.slug} tickets={content.tickets} playable={content.has_media} />
          </div>
        )}
      </div>
      <div className="youtube__body">
        <h1 className="youtube__title">{content.name_long}</h1>
        <p className="meta">
          {content.production_year && <span>{content.production_year}</span>}
          {content.duration && <span>{formatDuration(t, content.duration)}</span>}
          {content.country && <span>{displayName(lang, 'region', content.country)}</span>}
          <AgeBadge ageRestriction={content.age_restriction} />
          {content.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
        </p>
        {content.synopsis && <p className="content__synopsis">{content.synopsis}</p>}
        <a className="button button--ghost" href={`/content/${content.slug}`}>
          {t('ABOUT_TITLE')}
        </a>
      </div>
    </article>
  );
}
