import { HomePage, type Loaded } from '../../../client/pages/Home';
import { hasActiveSubscription } from '../../rules/subscription';
import { definePage, type Ctx } from '../kit/page';
import { loadConfig, loadContinueWatching, loadNavigation, loadTop } from '../loaders';
import { loadPlacementAds } from '../partners/data';
import { isBot } from '../render';

/** The editorial category whose first featured title is the home hero (GET /pages/category/top-home). */
const HOME_TOP_CATEGORY = 'home';

/** Streams a loader's result into a Suspense boundary: it never rejects, a failure renders a message. */
function deferred<T>(c: Ctx, promise: Promise<T>): Promise<Loaded<T>> {
  return promise.then(
    (value): Loaded<T> => ({ ok: true, value }),
    (error: unknown): Loaded<T> => {
      console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'loader failed', error: String(error) }));
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    },
  );
}

/**
 * Bots get the page whole: their data is awaited before rendering and each promise marked
 * fulfilled (the thenable protocol React's `use` reads), so nothing suspends or streams late.
 */
async function settleForBots(c: Ctx, promises: Promise<unknown>[]): Promise<void> {
  if (!isBot(c)) return;
  await Promise.all(promises.map(async (p) => Object.assign(p, { status: 'fulfilled', value: await p })));
}

/** The home page (spec §2 /): the hero, the rows and the ad slot stream in as their data arrives. */
export const pages = definePage({
  path: '/',
  who: 'anyone',
  indexed: true,
  async load({ c, user }) {
    const top = deferred(c, loadTop(c, HOME_TOP_CATEGORY).then((r) => r.contents));
    const navigation = deferred(c, loadNavigation(c));
    const watching = loadContinueWatching(c);
    const continueWatching = watching && deferred(c, watching);
    // The home page's ad slot (issue 15): the home-placement ad running now, streamed like the rows.
    const ads = deferred(c, loadPlacementAds(c, 'home'));
    await settleForBots(c, continueWatching ? [top, continueWatching, navigation, ads] : [top, navigation, ads]);
    // The hero offers Subscribe instead of Play on a premium title the viewer cannot play (guests: the cached page is the same for all).
    const premium = (await loadConfig(c)).free_platform || (!!user && hasActiveSubscription(user));
    return { top, continueWatching, navigation, ads, premium };
  },
  view: (data, { t }) => ({
    element: <HomePage {...data} />,
    meta: { title: t('TITLE_LANDING'), description: t('DESCRIPTION_LANDING'), share: {} },
  }),
});
