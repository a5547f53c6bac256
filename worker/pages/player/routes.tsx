import type { Context } from 'hono';
import manifest from '../../../dist/client/.vite/manifest.json';
import { ApiError } from '../../rules/api-client';
import { languageLabels, type Lang } from '../../rules/lang';
import { PlayerPage, PlayerRefusal, REFUSAL_STATUS, refusalText, type PlayerChunks, type Refusal } from '../../../client/pages/Player';
import { StreamAnswer } from '../../api/player/schemas';
import type { AppEnv } from '../../env';
import { forProfile, serverApi } from '../loaders';
import { definePage } from '../kit/page';
import { viewerLists } from '../../rules/favs';
import { DEFAULT_TIME_ZONE } from '../../rules/live-tv';
import { captionStyleOf, DEFAULT_CAPTION_STYLE } from '../../rules/captions';
import { moduleGraph, type ManifestChunk } from '../assets';

type Ctx = Context<AppEnv>;

const chunks = manifest as Record<string, ManifestChunk>;
const chunkOf = (test: (src: string) => boolean): string | null => {
  const entry = Object.entries(chunks).find(([src]) => test(src));
  return entry ? `/${entry[1].file}` : null;
};

const hlsChunk = chunkOf((src) => src.includes('node_modules/hls.js/'));

/**
 * The player's engine chunk (booted by the page) and what the page preloads for it: the engine's
 * whole static module graph (the chunks it shares with the island, such as the data usage rule,
 * would otherwise be found only once the engine has arrived: one more round trip before the
 * stream starts) and hls.js, its dynamic import.
 */
export const PLAYER_CHUNKS: PlayerChunks = {
  engine: chunkOf((src) => src === 'client/player/engine.ts'),
  modules: [...moduleGraph(chunks, 'client/player/engine.ts'), ...(hlsChunk ? [hlsChunk] : [])],
};

/** GET /pages/content/{slug}/stream_url for the visitor's profile (like every catalogue call), checked. */
export const loadStream = (c: Ctx, slug: string, trailer: boolean) =>
  serverApi(c).request(forProfile(c, `/pages/content/${encodeURIComponent(slug)}/stream_url${trailer ? '?trailer=1' : ''}`), (v) => StreamAnswer.parse(v));

export { languageLabels } from '../../rules/lang';

/** The API's refusal of a stream, as the player's message page; null for failures that are not one. */
export function refusalOf(error: unknown, guest: boolean): Refusal | 'not-found' | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.message.split(':')[0]?.trim() ?? '';
  if (code === 'PREMIUM_REQUIRED') return { kind: 'premium', guest };
  if (code === 'LIBRARY_CARD_REQUIRED') return { kind: 'library' };
  if (code === 'GEOBLOCKED' || error.status === 451) return { kind: 'geoblocked' };
  if (code === 'CONTENT_NOT_AVAILABLE') return { kind: 'not-available' };
  if (code === 'MAXIMUM_DEVICES_REACHED' || error.status === 409) {
    const limit = typeof error.body.limit === 'number' ? error.body.limit : null;
    return { kind: 'devices', limit };
  }
  if (code === 'MEDIA_NOT_FOUND') return { kind: 'no-media' };
  if (error.status === 404 || error.status === 400) return 'not-found';
  return null;
}

/**
 * /player/{slug} (spec §2; `?trailer=1` plays the trailer): the full-screen player (no top bar)
 * with the stream_url answer as the island's props, or — without any redirect to /error, spec §8 —
 * the refusal in place with the API's status: premium 403 (Subscribe; guests also Log in),
 * geoblocked 451, content not available 403, maximum devices 409 (stop another device, Retry),
 * no media 404; an unknown title is the 404 page.
 */
type Asked = { slug: string; trailer: boolean };
type Loaded = Asked & ({ stream: StreamAnswer; refusal?: never } | { refusal: Refusal; stream?: never });

export const pages = definePage({
  path: '/player/:slug',
  who: 'anyone',
  indexed: true,
  load: async ({ c, user }): Promise<Loaded | Response> => {
    const asked: Asked = { slug: c.req.param('slug') ?? '', trailer: c.req.query('trailer') === '1' };
    try {
      return { ...asked, stream: await loadStream(c, asked.slug, asked.trailer) };
    } catch (error) {
      const refusal = refusalOf(error, !user || user.isAnonymous);
      if (refusal === 'not-found') return c.notFound();
      if (!refusal) throw error;
      return { ...asked, refusal };
    }
  },
  view: (loaded, { c, t, user }) => {
    const { slug, trailer } = loaded;
    const here = new URL(c.req.url);
    if (loaded.refusal) {
      const { refusal } = loaded;
      const element = <PlayerRefusal refusal={refusal} slug={slug} retryHref={`${here.pathname}${here.search}`} />;
      return { element, meta: { title: t(refusalText(refusal).heading), footer: false }, status: REFUSAL_STATUS[refusal.kind] };
    }
    const { stream } = loaded;
    const { content } = stream;
    const lang = c.get('lang');
    const guest = !user || user.isAnonymous;
    // Spec §4 Favourites and likes from the player: the series for an episode, else the title.
    const target = content.parent ?? content;
    const lists = user ? viewerLists(user) : null;
    const profileId = guest || !user || user.profile.locked ? null : user.profile.id;
    const langParam = here.searchParams.get('lang');
    const title = trailer
      ? t('TRAILER_OF', { title: content.parent?.name_long ?? content.name_long })
      : content.parent
        ? `${content.parent.name_long} · ${content.name_long}`
        : content.name_long;
    const element = (
      <PlayerPage
        chunks={PLAYER_CHUNKS}
        player={{
          stream,
          subtitleLabels: languageLabels(lang, stream.subtitles.map((s) => s.lang)),
          slug,
          trailer,
          profileId,
          loggedIn: !guest,
          backHref: `/content/${encodeURIComponent(content.parent?.slug ?? content.slug)}`,
          langQuery: langParam ? `?lang=${encodeURIComponent(langParam)}` : '',
          lists:
            trailer || !lists
              ? null
              : { id: target.id, title: target.name_long, fav: lists.favs.includes(target.id), like: lists.likes.includes(target.id), guest: lists.guest },
          live: null,
          timeZone: DEFAULT_TIME_ZONE,
          captionStyle: guest || !user ? DEFAULT_CAPTION_STYLE : captionStyleOf(user.profile.caption_size, user.profile.caption_background),
        }}
      />
    );
    return { element, meta: { title, bar: 'none', footer: false } };
  },
});
