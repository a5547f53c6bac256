import { Hono, type Context, type ErrorHandler, type NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../rules/api-client';
import { FOOTER_CATEGORIES } from '../../client/components/links';
import { CategoryIndex, CategoryPage } from '../../client/pages/Category';
import { ErrorPage, errorView } from '../../client/pages/ErrorPage';
import { HomePage, type Loaded } from '../../client/pages/Home';
import { StaticPage, STATIC_PAGES, isStaticSlug } from '../../client/pages/StaticPage';
import type { AppEnv } from '../env';
import { translate } from '../i18n';
import { loadCategory, loadConfig, loadContent, loadContinueWatching, loadNavigation, loadTop } from './loaders';
import { hasActiveSubscription } from '../rules/subscription';
import { isBot, renderPage } from './render';
import { FormBodyError, renderForm } from './form';
import { authPages } from './auth/routes';
import { profilePage } from './profile/routes';
import { settingsPages } from './settings/routes';
import { profilePages } from './profiles/routes';
import { whosWatchingPages } from './profiles/whoswatching';
import { searchPages } from './search/routes';
import { playerPages } from './player/routes';
import { notificationPages } from './notifications/routes';
import { renderContent, renderYouTube } from './content/render';
import { favsPages } from './favs/routes';
import { subscriptionPages } from './subscription/routes';
import { cashPages } from './cash/routes';
import { agentPages } from './agent/routes';
import { ticketPages } from './tickets/routes';
import { mobilePages } from './mobile/routes';
import { deviceLinkPages } from './device-link/routes';
import { tvPages } from './tv/routes';
import { eventPages } from './events/routes';
import { libraryPages } from './libraries/routes';
import { helpPages } from './help/routes';
import { contactPages } from './contact/routes';
import { eticketPages } from './eticket/routes';
import { loadContentPartners, loadPlacementAds, partnerPages, renderWebview } from './partners/routes';

/** The editorial category whose first featured title is the home hero (GET /pages/category/top-home). */
const HOME_TOP_CATEGORY = 'home';

/** Streams a loader's result into a Suspense boundary: it never rejects, a failure renders a message. */
function deferred<T>(c: Context<AppEnv>, promise: Promise<T>): Promise<Loaded<T>> {
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
async function settleForBots(c: Context<AppEnv>, promises: Promise<unknown>[]): Promise<void> {
  if (!isBot(c)) return;
  await Promise.all(promises.map(async (p) => Object.assign(p, { status: 'fulfilled', value: await p })));
}

const pageParam = (c: Context): number => Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);

/**
 * Runs a loader; an API 404 becomes the 404 page, a 403 CONTENT_NOT_AVAILABLE (a title above the
 * profile's age limit, spec §5) the 403 page saying so, other failures the 500 page (via onError).
 */
async function orNotFound<T>(c: Context<AppEnv>, load: Promise<T>): Promise<T | Response> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return renderNotFound(c);
    if (error instanceof ApiError && error.status === 403 && error.message.startsWith('CONTENT_NOT_AVAILABLE')) {
      const t = translate(c.get('lang'));
      return renderPage(c, <ErrorPage view={errorView(403, error.message)} />, { title: t('CONTENT_NOT_AVAILABLE'), description: t('CONTENT_NOT_AVAILABLE_TEXT') }, 403);
    }
    throw error;
  }
}


/** The codes /error?code= shows (errorView): the statuses the site sends people there with. */
const ERROR_CODES = ['403', '404', '429', '500'] as const;
export const renderNotFound: NotFoundHandler<AppEnv> = (c) => {
  const t = translate(c.get('lang'));
  return renderPage(c, <ErrorPage view={errorView(404)} notFound />, { title: t('ERROR_404'), description: t('PAGE_NOT_FOUND') }, 404);
};

/** A posted form that cannot be read (truncated, too large, not a form): its status, the translated form error and a way back to the form. */
function renderUnreadableForm(c: Context<AppEnv>, error: FormBodyError) {
  const t = translate(c.get('lang'));
  const url = new URL(c.req.url);
  const view = { status: error.status, headingKey: 'ERROR', messageKey: 'FORM_UNREADABLE', action: 'home', back: url.pathname.replace(/^\/+/, '/') + url.search } as const;
  return renderForm(c, <ErrorPage view={view} />, { title: t('FORM_UNREADABLE'), description: t('FORM_UNREADABLE') }, error.status);
}

export const renderServerError: ErrorHandler<AppEnv> = async (error, c) => {
  if (error instanceof FormBodyError) return renderUnreadableForm(c, error);
  if (error instanceof HTTPException) return error.getResponse();
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), path: c.req.path, error: String(error), stack: error instanceof Error ? error.stack : undefined }));
  const t = translate(c.get('lang') ?? 'en');
  try {
    return await renderPage(c, <ErrorPage view={errorView(500)} />, { title: t('ERROR_500'), bar: 'none' }, 500);
  } catch {
    return c.html(`<!doctype html><title>${t('ERROR_500')}</title><h1>${t('ERROR_500')}</h1><p><a href="/">${t('GO_HOME')}</a></p>`, 500);
  }
};

/** Pages of spec §2 implemented so far; each loads through the API client and renders into the document. */
export const pageRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const t = translate(c.get('lang'));
    const top = deferred(c, loadTop(c, HOME_TOP_CATEGORY).then((r) => r.contents));
    const navigation = deferred(c, loadNavigation(c));
    const watching = loadContinueWatching(c);
    const continueWatching = watching && deferred(c, watching);
    // The home page's ad slot (issue 15): the home-placement ad running now, streamed like the rows.
    const ads = deferred(c, loadPlacementAds(c, 'home'));
    await settleForBots(c, continueWatching ? [top, continueWatching, navigation, ads] : [top, navigation, ads]);
    // The hero offers Subscribe instead of Play on a premium title the viewer cannot play (guests: the cached page is the same for all).
    const user = c.get('user');
    const premium = (await loadConfig(c)).free_platform || (!!user && !user.isAnonymous && hasActiveSubscription(user));
    return renderPage(c, <HomePage top={top} continueWatching={continueWatching} navigation={navigation} ads={ads} premium={premium} />, {
      title: t('TITLE_LANDING'),
      description: t('DESCRIPTION_LANDING'),
      share: {},
    });
  })
  .get('/category', (c) => {
    const t = translate(c.get('lang'));
    const links = [...FOOTER_CATEGORIES, 'kids'].map((slug) => ({ href: `/category/${slug}`, label: t(`CATEGORY_${slug.toUpperCase()}`) }));
    return renderPage(c, <CategoryIndex links={links} />, { title: t('CATEGORIES') });
  })
  .get('/category/:slug', async (c) => {
    const data = await orNotFound(c, loadCategory(c, c.req.param('slug'), pageParam(c)));
    if (data instanceof Response) return data;
    const image = data.contents[0]?.tile_image;
    return renderPage(c, <CategoryPage data={data} basePath={c.req.path} />, {
      title: data.category.name,
      description: data.category.description ?? undefined,
      share: { image },
    });
  })
  // Spec §5: route slugs are optional on category, content, page, youtube (without one: the index or home).
  .get('/content', (c) => c.redirect('/'))
  .get('/content/:slug', async (c) => {
    // The Partners row is fetched in parallel with the title (never fails the page).
    const partners = loadContentPartners(c, c.req.param('slug'));
    const data = await orNotFound(c, loadContent(c, c.req.param('slug')));
    return data instanceof Response ? data : renderContent(c, data, await partners);
  })
  .get('/youtube', (c) => c.redirect('/'))
  .get('/youtube/:slug', async (c) => {
    const data = await orNotFound(c, loadContent(c, c.req.param('slug')));
    return data instanceof Response ? data : renderYouTube(c, data);
  })
  // The help centre (/page/help-center…) before /page/{slug}, which serves the other static pages.
  .route('/', helpPages)
  .get('/page', (c) => c.redirect('/'))
  .get('/page/:slug', async (c) => {
    const slug = c.req.param('slug');
    const t = translate(c.get('lang'));
    if (isStaticSlug(slug)) {
      return renderPage(c, <StaticPage slug={slug} />, { title: t(STATIC_PAGES[slug].title), description: t(`${slug.replace(/-/g, '_').toUpperCase()}_INTRO`) });
    }
    // A menu item of type webview (spec §2) embeds its partner page; any other slug is a grid (a category).
    const webview = await renderWebview(c, slug);
    if (webview) return webview;
    const data = await orNotFound(c, loadCategory(c, slug, pageParam(c)));
    if (data instanceof Response) return data;
    return renderPage(c, <CategoryPage data={data} basePath={c.req.path} />, {
      title: data.category.name,
      description: data.category.description ?? undefined,
      share: { image: data.contents[0]?.tile_image },
    });
  })
  .get('/error', (c) => {
    const t = translate(c.get('lang'));
    const code = c.req.query('code') ?? '500';
    // Known codes only: any other is "no such page", so nobody can put 5xx into the monitoring with a made-up code.
    const status = (ERROR_CODES as readonly string[]).includes(code) ? Number(code) : 404;
    const view = errorView(status, c.req.query('reason') ?? '');
    const title = view.headingKey ? t(view.headingKey) : view.status === 404 || view.status === 500 ? t(`ERROR_${view.status}`) : t('ERROR');
    // The page answers with its own status, so crawlers and monitors see an error.
    return renderPage(c, <ErrorPage view={view} />, { title }, view.status);
  })
  .route('/', authPages)
  .route('/', profilePage)
  .route('/', settingsPages)
  .route('/', profilePages)
  .route('/', whosWatchingPages)
  .route('/', searchPages)
  .route('/', playerPages)
  .route('/', notificationPages)
  .route('/', favsPages)
  .route('/', subscriptionPages)
  .route('/', cashPages)
  .route('/', agentPages)
  .route('/', ticketPages)
  .route('/', mobilePages)
  // /tv/link before the live channels' /tv/:slug.
  .route('/', deviceLinkPages)
  .route('/', tvPages)
  // E-tickets (issue 17): /events/scan and /events/{slug}/{show}/watch, before the festival's /events/{slug}….
  .route('/', eticketPages)
  // Live events and ticket purchase (issue 17): /events…, /my-tickets.
  .route('/', eventPages)
  // Public libraries (issue 17): /libraries…, /content/{slug}/borrow, /librarian.
  .route('/', libraryPages)
  .route('/', contactPages)
  .route('/', partnerPages);
