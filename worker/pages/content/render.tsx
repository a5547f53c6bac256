import type { Context } from 'hono';
import { ContentPage } from '../../../client/pages/Content';
import { isYouTubeId, YouTubePage } from '../../../client/pages/content/YouTube';
import type { ContentPage as ContentPageData } from '../../api/pages/schemas';
import type { Partner } from '../../api/partners/schemas';
import type { AppEnv } from '../../env';
import { shareImage } from '../../rules/share-image';
import { renderPage } from '../render';

const shareMeta = (content: ContentPageData['content']) => ({
  title: content.name_long,
  description: content.synopsis ?? undefined,
  share: { image: shareImage(content.tile_image), type: content.type === 'playlist' ? ('video.tv_show' as const) : ('video.movie' as const) },
});

/** The viewing profile's watched times (spec §3 User.watched); guests have none. */
function watchedOf(c: Context<AppEnv>) {
  const user = c.get('user');
  return user && !user.isAnonymous ? user.watched : [];
}

/**
 * `/content/{slug}`: `?season=N` picks the season of a series (the picker's links, no JavaScript needed);
 * `partners`: the title's partners (GET /pages/content/{slug}/partners), a row when there are any.
 */
export function renderContent(c: Context<AppEnv>, data: ContentPageData, partners: Partner[] = []) {
  const season = Number.parseInt(c.req.query('season') ?? '', 10);
  const url = new URL(c.req.url);
  return renderPage(
    c,
    <ContentPage data={data} watched={watchedOf(c)} season={Number.isFinite(season) ? season : null} shareUrl={`${url.origin}${url.pathname}`} partners={partners} />,
    shareMeta(data.content),
  );
}

/** `/youtube/{slug}`: the title's YouTube video in an embed; 404 when the title has none. */
export function renderYouTube(c: Context<AppEnv>, data: ContentPageData) {
  const { content } = data;
  if (!isYouTubeId(content.youtube_id)) return c.notFound();
  return renderPage(c, <YouTubePage content={content} videoId={content.youtube_id} />, shareMeta(content));
}
