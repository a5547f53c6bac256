import { Hono } from 'hono';
import { ContentPage } from '../../../client/pages/Content';
import { isYouTubeId, YouTubePage } from '../../../client/pages/content/YouTube';
import type { ContentPage as ContentPageData } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { shareImage } from '../../rules/share-image';
import { notFoundOrNotAvailable } from '../kit/errors';
import { defineEndpoint, definePage } from '../kit/page';
import { loadContent } from '../loaders';
import { loadContentPartners } from '../partners/data';
import { PLAYER_CHUNKS } from '../player/routes';

/** A title's page (spec §2 /content/{slug}) and its YouTube video (/youtube/{slug}); the bare paths go home. */

const shareMeta = (content: ContentPageData['content']) => ({
  title: content.name_long,
  description: content.synopsis ?? undefined,
  share: { image: shareImage(content.tile_image), type: content.type === 'playlist' ? ('video.tv_show' as const) : ('video.movie' as const) },
});

/** Both pages show a title anyone may open: an unknown one is the 404 page, one above the profile's age limit the 403 page. */
const TITLE_PAGE = { who: 'anyone', indexed: true, refused: notFoundOrNotAvailable } as const;

/**
 * `/content/{slug}`: `?season=N` picks the season of a series (the picker's links, no JavaScript needed);
 * the title's partners (GET /pages/content/{slug}/partners) are a row when there are any.
 */
const content = definePage({
  ...TITLE_PAGE,
  path: '/content/:slug',
  async load({ c }) {
    const slug = c.req.param('slug') ?? '';
    // The Partners row is fetched in parallel with the title (never fails the page).
    const partners = loadContentPartners(c, slug);
    const data = await loadContent(c, slug);
    return { data, partners: await partners };
  },
  view: ({ data, partners }, { c, user }) => {
    const season = Number.parseInt(c.req.query('season') ?? '', 10);
    const url = new URL(c.req.url);
    // The viewing profile's watched times (spec §3 User.watched); guests have none.
    const watched = user ? user.watched : [];
    // Play's intent fetches the player's code and first files ahead, unless the profile saves data.
    const playIntent = user?.profile.data_usage === 'saver' ? null : PLAYER_CHUNKS.modules;
    return {
      element: (
        <ContentPage data={data} watched={watched} season={Number.isFinite(season) ? season : null} shareUrl={`${url.origin}${url.pathname}`} partners={partners} playIntent={playIntent} />
      ),
      meta: shareMeta(data.content),
    };
  },
});

/** `/youtube/{slug}`: the title's YouTube video in an embed; 404 when the title has none. */
const youTube = definePage({
  ...TITLE_PAGE,
  path: '/youtube/:slug',
  async load({ c }) {
    const { content } = await loadContent(c, c.req.param('slug') ?? '');
    const videoId = content.youtube_id;
    return isYouTubeId(videoId) ? { content, videoId } : c.notFound();
  },
  view: ({ content, videoId }) => ({ element: <YouTubePage content={content} videoId={videoId} />, meta: shareMeta(content) }),
});

// Spec §5: route slugs are optional on category, content, page, youtube (without one: the index or home).
const home = defineEndpoint({ method: 'GET', path: ['/content', '/youtube'], who: 'anyone', answer: ({ c }) => c.redirect('/') });

export const pages = new Hono<AppEnv>().route('/', home).route('/', content).route('/', youTube);
