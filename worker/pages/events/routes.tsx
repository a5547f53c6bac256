import { Hono } from 'hono';
import { z } from 'zod';
import { FestivalPage } from '../../../client/pages/events/FestivalPage';
import { FestivalsPage } from '../../../client/pages/events/FestivalsPage';
import { MyTicketsPage } from '../../../client/pages/events/MyTicketsPage';
import { OrderPage } from '../../../client/pages/events/OrderPage';
import { ShowPage as ShowView } from '../../../client/pages/events/ShowPage';
import type { FormState } from '../../../client/components/FormState';
import { Festival, FestivalList, MyTickets, Order, OrderAnswer, ShowPage } from '../../api/events/schemas';
import type { AppEnv } from '../../env';
import { checkNationalNumber, toE164 } from '../../rules/account';
import { ApiError } from '../../rules/api-client';
import { isOrderMethod } from '../../rules/events';
import { currencyFor, isCurrency, type Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { countryCodeOf } from '../auth/form';
import { toProvider } from '../kit/checkout';
import { definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown } from '../kit/page';
import { serverApi } from '../loaders';
import type { Status } from '../kit/failures';

/**
 * Live events and ticket purchase (issue 17; spec §1 e-ticket/event purchase flow, comedy-festival
 * hub): /events (the festivals; with one, straight to it), /events/{slug} (lineup, shows, prices,
 * seats left), /events/{slug}/{show} (the purchase form, a plain POST), /events/orders/{id} (back
 * from the payment), /my-tickets (the QR codes). E2 adds /events/{slug}/{show}/watch and the scanner.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ORDER_ID = /^[0-9a-f-]{36}$/;
const okSlug = (slug: string) => SLUG.test(slug) && slug.length <= 120;
const withLang = (c: Ctx, path: string): string => `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`;
/** For `.catch`: null when the API has no such thing (404, or 400 for an id it refuses), any other failure thrown on (the 500 page). */
const orNull = (error: unknown): null => {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
  throw error;
};

/** The visitor's currency: chosen (?currency=), else by request country (MAD in Morocco). */
const currencyOf = (c: Ctx): Currency => {
  const asked = c.req.query('currency');
  return isCurrency(asked) ? asked : currencyFor(c.get('country'));
};

/** The festivals; with one, straight to it. */
const hub = definePage({
  path: '/events',
  who: 'anyone',
  indexed: true,
  load: async ({ c }) => {
    const data = await serverApi(c).request(withLang(c, '/pages/events'), (v) => FestivalList.parse(v));
    const only = data.festivals.length === 1 ? data.festivals[0] : undefined;
    return only ? c.redirect(`/events/${only.slug}`, 302) : data;
  },
  view: (data, { t }) => ({ element: <FestivalsPage data={data} />, meta: { title: t('EVENTS_TITLE'), description: t('EVENTS_INTRO') } }),
});

/** A festival: lineup, shows, prices, seats left. */
const festival = definePage({
  path: '/events/:slug',
  who: 'anyone',
  indexed: true,
  load: async ({ c }) => {
    const slug = c.req.param('slug') ?? '';
    if (!okSlug(slug)) return c.notFound();
    const data = await serverApi(c)
      .request(withLang(c, `/pages/events/${slug}`), (v) => Festival.parse(v))
      .catch(orNull);
    return data ?? c.notFound();
  },
  view: (data, { c }) => ({
    element: <FestivalPage festival={data} currency={currencyOf(c)} />,
    meta: { title: data.name, description: data.description, share: { image: data.image ?? undefined } },
  }),
});

const loadShow = (c: Ctx, slug: string, show: string) =>
  serverApi(c)
    .request(withLang(c, `/pages/events/${slug}/${show}`), (v) => ShowPage.parse(v))
    .catch(orNull);

/** The purchase form shown again: what was typed, its currency, and the show as it is now (seats may have gone). */
type Again = { form: FormState; currency: Currency; data?: ShowPage };

/** The quantities and names of the posted form, as the API's order items. */
function itemsOf(form: Record<string, string>, data: ShowPage) {
  return data.show.ticket_types
    .map((type) => ({
      type: type.id,
      quantity: Number.parseInt(form[`qty_${type.id}`] ?? '0', 10) || 0,
      holders: (form[`holders_${type.id}`] ?? '')
        .split(/\r?\n/)
        .map((h) => h.trim())
        .filter(Boolean),
    }))
    .filter((item) => item.quantity > 0)
    .map((item) => ({ ...item, holders: item.holders.slice(0, item.quantity) }));
}

/** POST /events/{slug}/{show}: holds the seats and starts the checkout; errors come back on the form, filled. */
async function purchase({ c, t }: PageArgs<'member'>, form: Form): Promise<Response | Shown<Again>> {
  const slug = c.req.param('slug') ?? '';
  const showSlug = c.req.param('show') ?? '';
  if (!okSlug(slug) || !okSlug(showSlug)) return c.notFound();
  const data = await loadShow(c, slug, showSlug);
  if (!data) return c.notFound();
  const currency = isCurrency(form.currency) ? form.currency : currencyOf(c);
  const values = Object.fromEntries(Object.entries(form).filter(([name]) => /^(qty_|holders_)\d+$/.test(name) || ['currency', 'method', 'phone_national', 'country_code'].includes(name)));
  const fail = (key: string, status: Status, field?: string): Shown<Again> => ({
    state: { form: field ? { values, errors: { [field]: key } } : { values, message: { kind: 'danger', key } }, currency, data },
    status,
  });
  const items = itemsOf(form, data);
  if (items.length === 0) return fail('TICKETS_NONE_CHOSEN', 400);
  // Cash vouchers are not offered for tickets (they take longer than the 10-minute hold).
  if (!isOrderMethod(form.method)) return fail(form.method === 'cash' ? 'PAYMENT_METHOD_NOT_FOR_TICKETS' : 'CHOOSE_PLAN_AND_METHOD', 400);
  let phone: string | undefined;
  if (form.method === 'mobile') {
    const national = (form.phone_national ?? '').trim();
    const wrong = checkNationalNumber(national);
    if (wrong) return fail(wrong, 400, 'phone_national');
    phone = toE164(countryCodeOf(form.country_code), national);
  }
  let answer: OrderAnswer;
  try {
    const attempt = z.string().uuid().safeParse(form.attempt);
    const body = { show: data.show.id, items, currency, method: form.method, lang: c.get('lang'), ...(phone ? { phone } : {}), ...(attempt.success ? { attempt: attempt.data } : {}) };
    answer = OrderAnswer.parse(await callApi(c, '/events/orders', 'POST', body));
  } catch (error) {
    const { key, status } = formFailure(error);
    // Seats may have gone meanwhile: the form comes back with the seats left now (loaded again).
    const state: FormState = key.startsWith('PHONE') || key === 'VALID_PHONE_REQUIRED' ? { values, errors: { phone_national: key } } : { values, message: { kind: 'danger', key } };
    return { state: { form: state, currency }, status };
  }
  if (!answer.checkout) return c.redirect(`/events/orders/${answer.order.id}`, 303);
  // Mobile payment: our page that takes the SMS code.
  if (phone) return c.redirect(new URL(answer.checkout.url).pathname, 303);
  return toProvider(c, t, answer.checkout);
}

/** A show: its purchase form (a plain POST; anyone sees it, members buy). */
const show = definePage({
  path: '/events/:slug/:show',
  who: 'anyone',
  actionWho: 'member',
  load: async ({ c }, { state }: Shown<Again>) => {
    if (state?.data) return state.data;
    const slug = c.req.param('slug') ?? '';
    const showSlug = c.req.param('show') ?? '';
    if (!okSlug(slug) || !okSlug(showSlug)) return c.notFound();
    return (await loadShow(c, slug, showSlug)) ?? c.notFound();
  },
  view: (data, { c, user }, { state, status }) => ({
    element: <ShowView data={data} currency={state?.currency ?? currencyOf(c)} loggedIn={user !== null} form={state?.form} attempt={crypto.randomUUID()} />,
    meta: { title: `${data.show.title} · ${data.festival.name}`, description: data.show.description },
    status,
    errors: state?.form.errors,
    // The page as anyone sees it is indexed; the form after a post is not.
    indexed: !state,
  }),
  action: purchase,
});

/** GET /events/orders/{id}: asks the provider when its callback is late, fulfils a paid order, says what became of it. */
const orderPage = definePage({
  path: '/events/orders/:id',
  who: 'member',
  load: async ({ c }) => {
    const id = c.req.param('id') ?? '';
    if (!ORDER_ID.test(id)) return c.notFound();
    await callApi(c, `/events/orders/${id}/confirm`, 'POST').catch(() => null);
    const order = await serverApi(c)
      .request(withLang(c, `/events/orders/${id}`), (v) => Order.parse(v))
      .catch(orNull);
    return order ?? c.notFound();
  },
  view: (order, { t }) => ({ element: <OrderPage order={order} />, meta: { title: t('ORDER_TITLE') } }),
});

/** The member's tickets, with their QR codes. */
const myTickets = definePage({
  path: '/my-tickets',
  who: 'member',
  load: ({ c }) => serverApi(c).request(withLang(c, '/events/tickets'), (v) => MyTickets.parse(v)),
  view: (data, { t }) => ({ element: <MyTicketsPage data={data} />, meta: { title: t('MY_TICKETS') } }),
});

export const pages = new Hono<AppEnv>().route('/', hub).route('/', myTickets).route('/', orderPage).route('/', festival).route('/', show);
