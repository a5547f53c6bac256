import { useContext } from 'react';
import { preload, preloadModule } from 'react-dom';
import { useI18n } from '../i18n';
import { ClientAssetsContext } from '../island';
import { PlayerIsland, type PlayerProps } from '../islands/player';
import { BOOT_ATTRIBUTES } from '../player/attributes';

/**
 * The first moments, before even the boot module has loaded: a press on a Play control is kept
 * (window.__playerPressed) for bootPlayer, which plays as soon as the engine can. Once the engine
 * is booted, its own handler takes presses; once the island is live, React does.
 */
const EARLY_PRESS = `(()=>{const h=(e)=>{if(window.__playerEngine||document.querySelector('[data-island="player"][data-live]'))return document.removeEventListener('click',h,true);if(!(e.target instanceof Element)||!e.target.closest('[${BOOT_ATTRIBUTES.play}]'))return;e.preventDefault();e.stopPropagation();window.__playerPressed=true;};document.addEventListener('click',h,true);})();`;

/** Built chunks: the player's media engine (client/player/engine.ts), and every module its start needs (its static imports and hls.js). */
export type PlayerChunks = { engine: string | null; modules: string[] };

/**
 * /player/{slug} (spec §2): the full-screen player, rendered without the top bar. The stream does
 * not wait for React: a nonce'd inline module boots the media engine on the server-rendered
 * <video> as soon as the HTML is parsed (the engine with its imports, hls.js, poster and master
 * playlist are preloaded), and the island, hydrating at once, adopts it.
 */
export function PlayerPage({ player, chunks }: { player: PlayerProps; chunks: PlayerChunks }) {
  const assets = useContext(ClientAssetsContext);
  for (const module of chunks.modules) preloadModule(module, { as: 'script' });
  preload(player.stream.url, { as: 'fetch', crossOrigin: 'anonymous', fetchPriority: 'high' });
  for (const url of player.stream.preload) preload(url, { as: 'fetch', crossOrigin: 'anonymous', fetchPriority: 'high' });
  if (player.stream.poster) preload(player.stream.poster, { as: 'image', fetchPriority: 'high' });
  return (
    <>
      {assets && <script nonce={assets.nonce} dangerouslySetInnerHTML={{ __html: EARLY_PRESS }} />}
      <PlayerIsland {...player} />
      {chunks.engine && assets && (
        <script type="module" nonce={assets.nonce} dangerouslySetInnerHTML={{ __html: `import{bootPlayer}from${JSON.stringify(chunks.engine)};bootPlayer();` }} />
      )}
    </>
  );
}

/** Why the player refused to play (spec §6 premium and geoblocking, §8 messages), by API error code. */
export type Refusal =
  | { kind: 'premium'; guest: boolean }
  | { kind: 'geoblocked' }
  | { kind: 'not-available' }
  | { kind: 'devices'; limit: number | null }
  | { kind: 'no-media' }
  | { kind: 'library' };

/** HTTP status of each refusal page: the API's own. */
export const REFUSAL_STATUS = { premium: 403, geoblocked: 451, 'not-available': 403, devices: 409, 'no-media': 404, library: 403 } as const;

/** Heading and text keys of each refusal. */
export function refusalText(refusal: Refusal): { heading: string; text: string } {
  switch (refusal.kind) {
    case 'premium':
      return { heading: 'PREMIUM_CONTENT', text: 'PREMIUM_REQUIRED' };
    case 'geoblocked':
      return { heading: 'GEOBLOCKED', text: 'GEOBLOCKED_CONTENT_TEXT' };
    case 'not-available':
      return { heading: 'CONTENT_NOT_AVAILABLE', text: 'CONTENT_NOT_AVAILABLE_TEXT' };
    case 'devices':
      return { heading: 'MAXIMUM_DEVICES_REACHED', text: 'MAXIMUM_DEVICES_REACHED_TEXT' };
    case 'no-media':
      return { heading: 'VIDEO_UNAVAILABLE', text: 'VIDEO_UNAVAILABLE_TEXT' };
    case 'library':
      return { heading: 'LIBRARY_CARD_REQUIRED_TITLE', text: 'LIBRARY_CARD_REQUIRED' };
  }
}

/**
 * The player's message page when the title cannot be played (no redirect to /error on the player
 * route, spec §8): the spec's message, and the way out — Subscribe (and Log in for guests) for a
 * premium title, Retry after stopping another device for the stream limit, else back to the title.
 * `titleHref` is where the person comes back to after subscribing (a live channel's /tv/{slug} or a
 * show's page instead of /content/{slug}); `back` is the way out when that is this very page (a
 * channel: all channels). Works without JavaScript (Retry is a link to this very page).
 */
export function PlayerRefusal({ refusal, slug, retryHref, titleHref, back }: { refusal: Refusal; slug: string; retryHref: string; titleHref?: string; back?: { href: string; label: string } }) {
  const { t } = useI18n();
  const { heading, text } = refusalText(refusal);
  const home = titleHref ?? `/content/${encodeURIComponent(slug)}`;
  const loginHref = `/login?redirect=${encodeURIComponent(retryHref).replace(/%2F/g, '/')}`;
  return (
    <section className="player-refusal" aria-labelledby="player-refusal-title">
      <div className={`player-refusal__card player-refusal__card--${refusal.kind}`}>
        {refusal.kind === 'premium' && (
          <span className="player-refusal__badge">{t('PREMIUM')}</span>
        )}
        <h1 id="player-refusal-title" className="player-refusal__title">
          {t(heading)}
        </h1>
        <p className="player-refusal__text">{refusal.kind === 'devices' && refusal.limit ? t(text, { limit: refusal.limit }) : t(text)}</p>
        {refusal.kind === 'devices' && <p className="player-refusal__hint">{t('MAXIMUM_DEVICES_REACHED_HINT')}</p>}
        <div className="player-refusal__actions">
          {refusal.kind === 'premium' && (
            <a className="button button--primary button--large" href={`/subscription?returnTo=${encodeURIComponent(home)}`}>
              {t('SUBSCRIBE')}
            </a>
          )}
          {refusal.kind === 'devices' && (
            <a className="button button--primary button--large" href={retryHref}>
              {t('RETRY')}
            </a>
          )}
          <a className="button button--secondary button--large" href={back?.href ?? home}>
            {t(back?.label ?? 'BACK_TO_TITLE')}
          </a>
        </div>
        {refusal.kind === 'premium' && refusal.guest && (
          <p className="player-refusal__login">
            {t('PREMIUM_ALREADY_SUBSCRIBED')}{' '}
            <a href={loginHref}>{t('LOGIN')}</a>
          </p>
        )}
      </div>
    </section>
  );
}
