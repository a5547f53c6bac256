import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { configs } from './configs/routes';
import { apiErrorAnswer, type ApiErrorBody } from './errors';
import { pages } from './pages/routes';
import { auth } from './auth/routes';
import { actions, favs, history } from './actions/routes';
import { pushNotifications } from './push/routes';
import { profiles } from './profiles/routes';
import { search } from './search/routes';
import { player } from './player/routes';
import { agents } from './agents/routes';
import { payments } from './payments/routes';
import { liveTv } from './live-tv/routes';
import { events } from './events/routes';
import { libraries } from './libraries/routes';
import { contact } from './contact/routes';
import { partners } from './partners/routes';
import { help } from './help/routes';
import { deviceLink } from './device-link/routes';
import { sitemap } from './sitemap/routes';
import { etickets } from './events/etickets/routes';
import { showStreams } from './events/stream/routes';
import { orderFulfilment } from './events/settlement';
import { registerFulfilment } from './payments/fulfilment';
import { admin } from './admin/routes';

/** Payments delivers what other areas sell through their handlers (payments never imports them). */
registerFulfilment('order', orderFulfilment);

/**
 * The built-in origin API (spec §7), reached in-process through the /api proxy.
 * Paths here have no /api prefix, exactly as an external API_ORIGIN would serve them.
 */
export const api = new Hono<AppEnv>({ strict: false })
  // Answers are about a visitor (tokens, profiles, lists, signed stream URLs) or cheap to ask again:
  // no browser or shared cache keeps them unless a route says otherwise (the proxy's KV cache is
  // server-side and keys on the request).
  .use(async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'private, no-store');
  })
  .route('/configs', configs)
  // E-tickets at the door and stream passes (issue 17): /events/etickets/…, /events/shows/{id}/stream_url (before /events).
  .route('/', etickets)
  .route('/', showStreams)
  // Live TV and the guide: /pages/tv…, /pages/epg, /actions/reminders… (before /pages and /actions).
  .route('/', liveTv)
  // Live events and ticket purchase (issue 17): /pages/events…, /events/orders…, /events/tickets (before /pages).
  .route('/', events)
  // Public libraries (issue 17): /pages/libraries…, /libraries/…, /librarian/usage (before /pages).
  .route('/', libraries)
  // Partners, ads, webview pages: /pages/partners…, /pages/ads, /pages/content/{slug}/partners, /ads/{id}/… (before /pages).
  .route('/', partners)
  // The help centre: /pages/help, /pages/help/suggest, /pages/help/{slug}[/helpful] (before /pages).
  .route('/', help)
  .route('/pages/sitemap', sitemap)
  .route('/pages', pages)
  .route('/pages', search)
  // TV sign-in, RFC 8628 (before /auth).
  .route('/auth/device', deviceLink)
  .route('/auth', auth)
  .route('/auth', profiles)
  .route('/actions', favs)
  .route('/actions', history)
  .route('/actions', actions)
  .route('/pushNotifications', pushNotifications)
  .route('/payments', payments)
  .route('/agent', agents)
  // The contact form (issue 15): POST /contact.
  .route('/contact', contact)
  // Playback: /pages/content/{slug}/stream_url, /streams/{id}/heartbeat|stop, /actions/watched/{id}.
  .route('/', player)
  // The back office (issue 32): sign-in with a second factor, roles, the audit log; each route checks a permission.
  .route('/admin', admin)
  .notFound((c) => c.json({ status: 404, message: `E_ROUTE_NOT_FOUND: ${c.req.method} ${c.req.path}` } satisfies ApiErrorBody, 404))
  .onError((err, c) => apiErrorAnswer(err, { requestId: c.req.header('x-request-id'), path: c.req.path }));
