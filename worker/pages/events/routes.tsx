import { Hono, type Context } from 'hono';
import { FestivalPage } from '../../../client/pages/events/FestivalPage';
import { FestivalsPage } from '../../../client/pages/events/FestivalsPage';
import { MyTicketsPage } from '../../../client/pages/events/MyTicketsPage';
import { OrderPage } from '../../../client/pages/events/OrderPage';
import { ShowPage as ShowView } from '../../../client/pages/events/ShowPage';
import { ContinueToPayment } from '../../../client/pages/subscription/SubscriptionPage';
import type { FormState } from '../../../client/components/FormState';
import { Festival, FestivalList, MyTickets, Order, OrderAnswer, ShowPage } from '../../api/events/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { checkNationalNumber, toE164 } from '../../rules/account';
import { ApiError } from '../../rules/api-client';
import { isOrderMethod } from '../../rules/events';
import { currencyFor, isCurrency, type Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { loggedIn, sessionEnded, toLogin } from '../kit/account';
import { countryCodeOf } from '../auth/form';
import { readForm, renderForm } from '../form';
import { serverApi } from '../loaders';
import { renderPage } from '../render';
import { apiFailure, type Status } from '../kit/failures';

/**
 * Live events and ticket purchase (issue 17; spec §1 e-ticket/event purchase flow, comedy-festival
 * hub): /events (the festivals; with one, straight to it), /events/{slug} (lineup, shows, prices,
 * seats left), /events/{slug}/{show} (the purchase form, a plain POST), /events/orders/{id} (back
 * from the payment), /my-tickets (the QR codes). E2 adds /events/{slug}/{show}/watch and the scanner.
 */

type Ctx = Context<AppEnv>;

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

async function hub(c: Ctx) {
  const t = translate(c.get('lang'));
  const data = await serverApi(c).request(withLang(c, '/pages/events'), (v) => FestivalList.parse(v));
  const only = data.festivals.length === 1 ? data.festivals[0] : undefined;
  if (only) return c.redirect(`/events/${only.slug}`, 302);
  return renderPage(c, <FestivalsPage data={data} />, { title: t('EVENTS_TITLE'), description: t('EVENTS_INTRO') });
}

async function festival(c: Ctx, slug: string) {
  const data = await serverApi(c)
    .request(withLang(c, `/pages/events/${slug}`), (v) => Festival.parse(v))
    .catch(orNull);
  if (!data) return c.notFound();
  return renderPage(c, <FestivalPage festival={data} currency={currencyOf(c)} />, { title: data.name, description: data.description, share: { image: data.image ?? undefined } });
}

const loadShow = (c: Ctx, slug: string, show: string) =>
  serverApi(c)
    .request(withLang(c, `/pages/events/${slug}/${show}`), (v) => ShowPage.parse(v))
    .catch(orNull);

async function renderShow(c: Ctx, data: ShowPage, currency: Currency, form?: FormState, status: Status = 200) {
  const page = <ShowView data={data} currency={currency} loggedIn={loggedIn(c) !== null} form={form} />;
  const meta = { title: `${data.show.title} · ${data.festival.name}`, description: data.show.description };
  return form ? renderForm(c, page, meta, status, form) : renderPage(c, page, meta);
}

async function show(c: Ctx, slug: string, showSlug: string) {
  const data = await loadShow(c, slug, showSlug);
  if (!data) return c.notFound();
  return renderShow(c, data, currencyOf(c));
}

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
async function purchase(c: Ctx, slug: string, showSlug: string) {
  // The body first: a truncated or oversized one is 400/413 whatever the address (worker/pages/form.test.ts).
  const form = await readForm(c);
  if (!okSlug(slug) || !okSlug(showSlug)) return c.notFound();
  const data = await loadShow(c, slug, showSlug);
  if (!data) return c.notFound();
  const back = `/events/${slug}/${showSlug}`;
  if (!loggedIn(c)) return toLogin(c, back);
  const currency = isCurrency(form.currency) ? form.currency : currencyOf(c);
  const values = Object.fromEntries(Object.entries(form).filter(([name]) => /^(qty_|holders_)\d+$/.test(name) || ['currency', 'method', 'phone_national', 'country_code'].includes(name)));
  const fail = (key: string, status: Status, field?: string) =>
    renderShow(c, data, currency, field ? { values, errors: { [field]: key } } : { values, message: { kind: 'danger', key } }, status);
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
    const body = { show: data.show.id, items, currency, method: form.method, lang: c.get('lang'), ...(phone ? { phone } : {}) };
    answer = OrderAnswer.parse(await callApi(c, '/events/orders', 'POST', body));
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, back);
    const { key, status } = apiFailure(error);
    // Seats may have gone meanwhile: the form comes back with the seats left now.
    const fresh = (await loadShow(c, slug, showSlug)) ?? data;
    return renderShow(c, fresh, currency, key.startsWith('PHONE') || key === 'VALID_PHONE_REQUIRED' ? { values, errors: { phone_national: key } } : { values, message: { kind: 'danger', key } }, status);
  }
  if (!answer.checkout) return c.redirect(`/events/orders/${answer.order.id}`, 303);
  // Mobile payment: our page that takes the SMS code.
  if (phone) return c.redirect(new URL(answer.checkout.url).pathname, 303);
  if (answer.checkout.method === 'GET') return c.redirect(answer.checkout.url, 303);
  return renderForm(c, <ContinueToPayment url={answer.checkout.url} fields={answer.checkout.fields} />, { title: translate(c.get('lang'))('CONTINUE_TO_PAYMENT') });
}

/** GET /events/orders/{id}: asks the provider when its callback is late, fulfils a paid order, says what became of it. */
async function orderPage(c: Ctx, id: string) {
  if (!ORDER_ID.test(id)) return c.notFound();
  await callApi(c, `/events/orders/${id}/confirm`, 'POST').catch(() => null);
  const order = await serverApi(c)
    .request(withLang(c, `/events/orders/${id}`), (v) => Order.parse(v))
    .catch(orNull);
  if (!order) return c.notFound();
  return renderForm(c, <OrderPage order={order} />, { title: translate(c.get('lang'))('ORDER_TITLE') });
}

async function myTickets(c: Ctx) {
  const data = await serverApi(c).request(withLang(c, '/events/tickets'), (v) => MyTickets.parse(v));
  return renderForm(c, <MyTicketsPage data={data} />, { title: translate(c.get('lang'))('MY_TICKETS') });
}

const member = (c: Ctx, path: string, then: () => Promise<Response>) => (loggedIn(c) ? then() : toLogin(c, path));

export const eventPages = new Hono<AppEnv>()
  .get('/events', hub)
  .get('/my-tickets', (c) => member(c, '/my-tickets', () => myTickets(c)))
  .get('/events/orders/:id', (c) => member(c, `/events/orders/${c.req.param('id')}`, () => orderPage(c, c.req.param('id'))))
  .get('/events/:slug', (c) => (okSlug(c.req.param('slug')) ? festival(c, c.req.param('slug')) : c.notFound()))
  .get('/events/:slug/:show', (c) => (okSlug(c.req.param('slug')) && okSlug(c.req.param('show')) ? show(c, c.req.param('slug'), c.req.param('show')) : c.notFound()))
  .post('/events/:slug/:show', (c) => purchase(c, c.req.param('slug'), c.req.param('show')));
