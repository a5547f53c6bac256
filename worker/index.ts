import { Hono } from 'hono';
import type { AppEnv } from './env';
import { devOnly } from './edge/dev-only';
import { metering } from './edge/metering';
import { geoblock } from './edge/geoblock';
import { healthcheck } from './edge/healthcheck';
import { manifest } from './edge/manifest';
import { passwordWall } from './edge/password-wall';
import { requestContext } from './edge/request-context';
import { robots } from './edge/robots';
import { securityHeaders } from './edge/security-headers';
import { sitemap } from './edge/sitemap';
import { wellKnown } from './edge/well-known';
import { devOutbox } from './messaging/outbox-page';
import { media } from './media';
import { apiForBrowsers } from './session/bff';
import { bookmarks } from './proxy/bookmark-cookie';
import { sameOriginOnly } from './session/csrf';
import { pageRenderer } from './pages/render';
import { guestPageCache } from './pages/guest-cache';
import { renderGeoblocked, renderPasswordWall } from './pages/walls';
import { session } from './session/user';
import { accessMode } from './session/access';
import { profileGate } from './session/profile';
import { renderNotFound, renderServerError } from './pages/kit/errors';
import { pageRoutes } from './pages/registry';
import { adminConsole } from './pages/admin';
import { deliverNotifications } from './push/deliver';
import { apiErrorAnswer } from './api/errors';
import { runBilling } from './api/payments/renewals';
import { billingDeps } from './api/payments/deps';
import { deliverReminders } from './api/live-tv/reminders';
import { vapidKeys } from './push/keys';
import { purgeGrants } from './api/device-link/queries';
import { runOrders } from './api/events/settlement';
import { fillRevenueDays } from './api/reports/revenue-days';
import { fillSnapshots } from './api/reports/snapshots';
import { sandboxPage } from './api/payments/providers/sandbox/page';
import { paymentReturn } from './pages/subscription/return';
import { HASHED_ASSET_CACHE, isHashedAsset } from './pages/assets';

/**
 * The worker: edge middleware → fixed routes → /api proxy → static assets → pages.
 * See docs/architecture.md.
 */
const app = new Hono<AppEnv>();

/** Dev only (METERING=true): the load simulation's counts of D1, Durable Object, KV and R2 use (worker/edge/metering). */
app.use(devOnly(), metering(), requestContext(), securityHeaders(), sameOriginOnly());

app.get('/healthcheck', healthcheck());
app.get('/manifest.webmanifest', manifest());
app.get('/.well-known/apple-app-site-association', wellKnown({ file: 'apple-app-site-association' }));
app.get('/.well-known/assetlinks.json', wellKnown({ file: 'assetlinks.json' }));
app.get('/robots.txt', robots());

app.use(geoblock({ page: renderGeoblocked }), passwordWall({ page: renderPasswordWall }));

/** Every public page in four languages for search engines and partners (worker/edge/sitemap); behind the wall and geoblocking like the pages. */
app.get('/sitemap.xml', sitemap());

/** Dev only (DEV_OUTBOX=true): the emails and SMS the app would have sent. 404 otherwise. */
app.route('/dev/outbox', devOutbox);

/** The visitor's D1 bookmark (worker/proxy/bookmark-cookie.ts) on the answers that reach the built-in API: /api/*, payments, the back office and the pages. */
app.use('/api/*', bookmarks());
app.use('/payments/*', bookmarks());
app.use('/admin', bookmarks());
app.use('/admin/*', bookmarks());
app.all('/api/*', apiForBrowsers);

/** Payments: the sandbox provider's hosted checkout (404 unless it is configured), and the browser's return from any provider. */
app.route('/payments/sandbox', sandboxPage);
app.on(['GET', 'POST'], '/payments/return/:provider/:outcome', paymentReturn);

/** Built client chunks, icons (and /favicon.ico), catalogue images, profile avatars and the push service worker (Workers static assets). */
app.on(['GET', 'HEAD'], ['/assets/*', '/icons/*', '/favicon.ico', '/catalogue/*', '/avatars/*', '/sw.js'], async (c, next) => {
  const res = await c.env.ASSETS.fetch(c.req.raw);
  if (res.status === 404) return next();
  if (res.status !== 200 || !isHashedAsset(c.req.path)) return res;
  // A built chunk's name holds its content's hash: kept without asking again (a player page, or the
  // player's code fetched on the intent to play, then costs no round trip per module).
  const kept = new Response(res.body, res);
  kept.headers.set('Cache-Control', HASHED_ASSET_CACHE);
  return kept;
});

/** A title's HLS files from R2, only through signed URLs (worker/media). */
app.on(['GET', 'HEAD'], '/media/*', media);

/**
 * The back office (worker/pages/admin): its own sign-in with a second factor, so never the site's
 * session, access mode, profile gate or guests' page cache.
 */
app.use('/admin', pageRenderer());
app.use('/admin/*', pageRenderer());
app.route('/admin', adminConsole);

app.use(bookmarks(), session(), accessMode(), profileGate(), guestPageCache(), pageRenderer());
app.route('/', pageRoutes);
app.notFound(renderNotFound);
/** Errors: JSON `{ status, message }` under /api/* and /media/* (worker/api/errors.ts), the translated 500 page elsewhere. */
app.onError((error, c) =>
  /^\/(api|media)(\/|$)/.test(c.req.path) ? apiErrorAnswer(error, { requestId: c.get('requestId'), path: c.req.path }) : renderServerError(error, c),
);

export { RateLimiter } from './limits';
export { StreamLimiter } from './limits/streams';
export { ShardedCounter } from './limits/counters';
export { ShowInventory } from './api/events/inventory';
/**
 * Cron Trigger (wrangler.toml [triggers]), every minute: pushes the notification titles whose time has
 * come (worker/push), runs the billing clock: renewals, trial ends, expiries, reminders (worker/api/payments),
 * delivers the TV programme reminders that are due (worker/api/live-tv/reminders.ts), and drops expired
 * TV sign-in codes (worker/api/device-link).
 */
const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  // What the billing clock and the event orders use, built once for this run (worker/api/payments/deps.ts).
  const billing = billingDeps(env);
  ctx.waitUntil(deliverNotifications(env).then((report) => console.log(JSON.stringify({ level: 'info', event: 'push_delivery', ...report }))));
  ctx.waitUntil(
    runBilling(billing, new Date(controller.scheduledTime))
      .then((report) => console.log(JSON.stringify({ level: 'info', event: 'billing_run', ...report })))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'billing_run_failed', error: String(error) }))),
  );
  ctx.waitUntil(
    deliverReminders(env.DB, vapidKeys(env), new Date(controller.scheduledTime))
      .then((report) => console.log(JSON.stringify({ level: 'info', event: 'tv_reminders', ...report })))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'tv_reminders_failed', error: String(error) }))),
  );
  // Event orders (worker/api/events/settlement.ts): held orders past their 10-minute hold expire (tickets void, seats back); paid ones left unfulfilled are finished.
  ctx.waitUntil(
    runOrders(billing, new Date(controller.scheduledTime))
      .then((report) => console.log(JSON.stringify({ level: 'info', event: 'event_orders', ...report })))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'event_orders_failed', error: String(error) }))),
  );
  // The reports' daily snapshots (worker/api/reports/snapshots.ts): yesterday's once it has ended, then older missing days, two a run.
  ctx.waitUntil(
    fillSnapshots(env.DB, new Date(controller.scheduledTime))
      .then((days) => (days.length ? console.log(JSON.stringify({ level: 'info', event: 'report_snapshots', days })) : undefined))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'report_snapshots_failed', error: String(error) }))),
  );
  // The revenue's daily roll-up (worker/api/reports/revenue-days.ts): each day an hour after it ended, then older missing days, a month a run.
  ctx.waitUntil(
    fillRevenueDays(env.DB, new Date(controller.scheduledTime))
      .then((days) => (days.length ? console.log(JSON.stringify({ level: 'info', event: 'revenue_days', days })) : undefined))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'revenue_days_failed', error: String(error) }))),
  );
  // TV sign-in codes expired a day ago (worker/api/device-link).
  ctx.waitUntil(purgeGrants(env.DB, controller.scheduledTime).catch((error: unknown) => console.error(JSON.stringify({ level: 'error', event: 'device_grants_purge_failed', error: String(error) }))));
};

export default Object.assign(app, { scheduled }) satisfies ExportedHandler<Env>;
