import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { shortCode } from '../../rules/eticket';
import { CURRENCIES } from '../../rules/subscription';
import { caller, requireAuth } from '../kernel/auth';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { sha256 } from '../kernel/tokens';
import { confirmTransaction } from '../payments/checkout';
import { billingDeps, noticeDeps, paymentDeps } from '../payments/deps';
import { attemptsOf, once } from '../payments/once';
import { PAYMENT_REFUSALS } from '../payments/refusals';
import { answer } from '../kernel/refusals';
import { mobilePaymentProvider, providerFor } from '../payments/providers';
import { langQuery } from '../schemas';
import { validationHook } from '../kernel/validation';
import { signETicket } from './etickets/signing';
import { createOrder } from './orders';
import { ORDER_REFUSALS } from './refusals';
import { limiter } from '../../limits';
import { clientOf, tooMany } from '../kernel/request';
import { artistsOf, eventBySlug, openOrdersOf, orderById, orderView, publishedEvents, showsOf, ticketTypesOf, toFestivalHead, toShow, validTicketsOf } from './queries';
import { festivalParam, OrderAnswer, OrderInput, orderParam, showParam, type Festival, type FestivalList, type MyTickets, type ShowPage } from './schemas';
import { fulfilOrder } from './settlement';

/**
 * Live events and ticket purchase (issue 17; spec §1 e-ticket/event purchase flow, comedy-festival
 * hub; §3 live events, e-tickets, orders). Mounted at the API root:
 *
 *   GET  /pages/events                    the festivals
 *   GET  /pages/events/{slug}             a festival: lineup, shows, seats left, ticket types
 *   GET  /pages/events/{slug}/{show}      one show and the ways to pay for it in each currency
 *   POST /events/orders                   { show, items: [{ type, quantity, holders? }], currency, method, phone? }:
 *                                         holds the seats (10 minutes) and starts the checkout
 *   GET  /events/orders/{id}              the buyer's order and its tickets
 *   POST /events/orders/{id}/confirm      back from the provider before its callback: ask it, fulfil if paid
 *   GET  /events/tickets                  My tickets: valid tickets with their signed token and short code
 */
export const events = new Hono<AppEnv>()
  .get('/pages/events', zValidator('query', langQuery, validationHook), async (c) => {
    const { lang } = c.req.valid('query');
    const festivals = (await publishedEvents(c.env.DB)).map((e) => toFestivalHead(e, lang));
    return c.json({ festivals } satisfies FestivalList);
  })
  .get('/pages/events/:slug', zValidator('param', festivalParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { lang } = c.req.valid('query');
    const event = await eventBySlug(c.env.DB, c.req.valid('param').slug);
    if (!event) apiError(404, 'EVENT_NOT_FOUND', c.req.valid('param').slug);
    const at = now(c);
    const [artists, shows] = await Promise.all([artistsOf(c.env.DB, event.id, lang), showsOf(c.env.DB, event.id)]);
    const types = await ticketTypesOf(c.env.DB, shows.map((s) => s.id));
    const answer: Festival = {
      ...toFestivalHead(event, lang),
      artists,
      shows: await Promise.all(shows.map((s) => toShow(c.env, s, types.filter((t) => t.show_id === s.id), lang, at))),
    };
    return c.json(answer);
  })
  .get('/pages/events/:slug/:show', zValidator('param', showParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { lang } = c.req.valid('query');
    const { slug, show: showSlug } = c.req.valid('param');
    const event = await eventBySlug(c.env.DB, slug);
    const show = event ? (await showsOf(c.env.DB, event.id)).find((s) => s.slug === showSlug) : undefined;
    if (!event || !show) apiError(404, 'SHOW_NOT_FOUND', `${slug}/${showSlug}`);
    const types = await ticketTypesOf(c.env.DB, [show.id]);
    const methodsIn = (currency: (typeof CURRENCIES)[number]) => [
      ...(providerFor(c.env, currency) ? ['card' as const] : []),
      ...(mobilePaymentProvider(c.env, currency) ? ['mobile' as const] : []),
    ];
    const answer: ShowPage = {
      festival: toFestivalHead(event, lang),
      show: await toShow(c.env, show, types, lang, now(c)),
      methods: { MAD: methodsIn('MAD'), EUR: methodsIn('EUR'), USD: methodsIn('USD') },
    };
    return c.json(answer);
  })
  // Only the buyer's own routes need a session (E2's /events/etickets… and /events/stream… have their own rules).
  .post('/events/orders', requireAuth, zValidator('json', OrderInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const { user } = caller(c);
    // Orders per address during a hold period, counted before any seat is held (requests through the edge always carry the address).
    const { ip } = clientOf(c);
    if (ip) {
      const gate = await limiter(c.env).consume('event-order-ip', ip);
      if (!gate.allowed) return tooMany(c, 'ORDERS_TOO_FREQUENT', gate.retryAfter, `too many orders from this address, wait ${gate.retryAfter} seconds`);
    }
    const start = async () => answer(ORDER_REFUSALS, await createOrder(billingDeps(c.env), user, input, input.lang ?? 'en', now(c)));
    // A purchase form posted twice (its `attempt`: no script, a second press) starts one order and answers the same twice.
    if (!input.attempt) return c.json(await start());
    const { attempt, ...order } = input;
    const key = `order:${user.id}:${attempt}:${await sha256(JSON.stringify(order))}`;
    return c.json(answer(ORDER_REFUSALS, await once(attemptsOf(c.env), key, start, (v) => OrderAnswer.parse(v))));
  })
  .get('/events/orders/:id', requireAuth, zValidator('param', orderParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const order = await orderById(c.env.DB, c.req.valid('param').id);
    if (!order || order.user_id !== caller(c).user.id) apiError(404, 'ORDER_NOT_FOUND', c.req.valid('param').id);
    return c.json(await orderView(c.env.DB, order, c.req.valid('query').lang));
  })
  .post('/events/orders/:id/confirm', requireAuth, zValidator('param', orderParam, validationHook), async (c) => {
    const { user } = caller(c);
    const order = await orderById(c.env.DB, c.req.valid('param').id);
    if (!order || order.user_id !== user.id) apiError(404, 'ORDER_NOT_FOUND', c.req.valid('param').id);
    const at = now(c);
    const notices = noticeDeps(c.env);
    if (order.state === 'held' && order.transaction_id) answer(PAYMENT_REFUSALS, await confirmTransaction(paymentDeps(c.env, notices), user.id, order.transaction_id, at));
    const current = await orderById(c.env.DB, order.id);
    if (current?.state === 'paid') await fulfilOrder(notices, current, at);
    return c.json({ state: (await orderById(c.env.DB, order.id))?.state ?? order.state });
  })
  .get('/events/tickets', requireAuth, zValidator('query', langQuery, validationHook), async (c) => {
    const { lang } = c.req.valid('query');
    const { user } = caller(c);
    const [valid, orders] = await Promise.all([validTicketsOf(c.env.DB, user.id, lang), openOrdersOf(c.env.DB, user.id, lang)]);
    const tickets = await Promise.all(
      valid.map(async ({ row, type_name, show }) => ({
        id: row.id,
        code: shortCode(row.id),
        // The token the QR code carries (worker/api/events/etickets/signing.ts): Ed25519 over (ticket, event, show, type, kind, holder).
        token: await signETicket(c.env, { t: row.id, e: row.event_id, s: row.show_id, y: row.ticket_type_id, k: row.kind, h: row.holder }),
        kind: row.kind,
        type_name,
        holder: row.holder,
        used_at: row.used_at,
        show,
      })),
    );
    return c.json({ tickets, orders } satisfies MyTickets);
  });
