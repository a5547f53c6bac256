import { Hono } from 'hono';
import { z } from 'zod';
import { CustomerPage } from '../../../client/pages/admin/CustomerPage';
import { customersQuery, CustomersPage, type CustomerListParams } from '../../../client/pages/admin/CustomersPage';
import { BULK_ACTIONS, BulkAnswer, CUSTOMER_SORTS, CUSTOMER_STANDINGS, CUSTOMER_STATUSES, CustomerSearch, MATCHES_MAX, SEARCH_PAGE_MAX, CustomerView, Timeline, TIMELINE_SOURCES, type TimelineSource } from '../../api/admin/customers/schemas';
import { Plan } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { dictionaries } from '../../i18n';
import { readStaffToken } from '../../proxy/staff-cookie';
import { csvFile } from '../../rules/csv';
import { asApiError, callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done } from '../kit/account';
import type { Ctx } from '../kit/page';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { consoleFailure, defineConsolePage, renderConsole, toSignIn, type Shown } from './kit';
import { Me } from '../../api/admin/schemas';

/**
 * The customer's whole story in the console (issue 32), on the customers API (worker/api/admin/customers):
 *   /admin/customers?q=&sort=&status=&standing=&from=&to=&page=
 *                              one search box for any identifier; a page of the accounts found, sorted and
 *                              filtered; a bulk action on the accounts ticked (POST, back to the same page)
 *   /admin/customers.csv?q=…   every account found (sorted, filtered) as CSV
 *   /admin/customers/:id       the account at a glance, its story (?source=&cursor=), its actions (POST, intent=…)
 * The pages need customers.read; the actions are shown with customers.act, and the API refuses them without it.
 */

const QUERY_MAX = 200;
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The list's params from the address; what does not read is left at its default (a page is never refused for a stale link). */
const ListParams = z.object({
  q: z.string().catch('').transform((q) => q.trim().slice(0, QUERY_MAX)),
  sort: z.enum(CUSTOMER_SORTS).catch('relevance'),
  page: z.coerce.number().int().min(1).max(MATCHES_MAX).catch(1),
  status: z.enum(CUSTOMER_STATUSES).optional().catch(undefined),
  standing: z.enum(CUSTOMER_STANDINGS).optional().catch(undefined),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
});
const listParams = (c: Ctx): CustomerListParams => ListParams.parse(c.req.query());

const loadPlans = (c: Ctx) => serverApi(c).request('/payments/plans', (v) => z.array(Plan).parse(v));
/** The API's page of the accounts found; the CSV asks for all of them at once (`limit`). */
const search = (c: Ctx, params: CustomerListParams, limit?: number) =>
  serverApi(c).request(`/admin/customers/search?${customersQuery(params)}${limit ? `&limit=${limit}` : ''}`, (v) => CustomerSearch.parse(v));

/** An API failure as the form's message: the customers API's refusal codes have their own translations. */
function failure(error: unknown, values: Record<string, string>): Shown {
  const shown = consoleFailure(error, values);
  const code = asApiError(error).message.split(':')[0]?.trim() ?? '';
  const key = `ADMIN_CUSTOMERS_REFUSAL_${code}`;
  if (shown.state?.message && key in dictionaries.en) shown.state.message.key = key;
  return shown;
}

/** The box confirming what an action does was ticked (the browser asks for it; a hand-made post too). */
const confirmed = (form: Record<string, string>, values: Record<string, string>): Shown | null =>
  form.confirm === '1' ? null : { state: { values, message: { kind: 'danger', key: 'ADMIN_CUSTOMERS_CONFIRM_REQUIRED' } }, status: 400 };

const list = defineConsolePage({
  path: '/customers',
  permission: 'customers.read',
  load: async ({ c }) => {
    const params = listParams(c);
    const [found, plans] = await Promise.all([params.q ? search(c, params) : Promise.resolve(null), loadPlans(c)]);
    return { params, found, plans };
  },
  view: ({ params, found, plans }, { t, me }, { state, status }) => ({
    element: <CustomersPage params={params} search={found} plans={plans} canAct={me.permissions.includes('customers.act')} form={state} />,
    title: params.q ? `${t('ADMIN_CUSTOMERS')}: ${params.q}` : t('ADMIN_CUSTOMERS'),
    status,
  }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const values = { action: form.action ?? '', reason: form.reason ?? '' };
    const action = z.enum(BULK_ACTIONS).safeParse(form.action);
    const ids = Object.keys(form)
      .filter((name) => name.startsWith('pick_') && form[name] === '1')
      .map((name) => name.slice('pick_'.length));
    if (ids.length === 0 || !action.success) return { state: { values, message: { kind: 'danger', key: 'ADMIN_CUSTOMERS_PICK_NONE' } }, status: 400 };
    const unconfirmed = confirmed(form, values);
    if (unconfirmed) return unconfirmed;
    try {
      const answer = BulkAnswer.parse(await callApi(c, '/admin/customers/bulk', 'POST', { action: action.data, user_ids: ids, reason: values.reason }));
      addFlash(c, { kind: 'success', key: 'ADMIN_CUSTOMERS_BULK_DONE', params: { done: answer.done.length, refused: answer.refused.length } });
      // Back to the page the accounts were ticked on.
      return c.redirect(`/admin/customers?${customersQuery(listParams(c))}`, 303);
    } catch (error) {
      return failure(error, values);
    }
  },
});

/** The accounts a search found, as CSV (UTF-8 with a BOM, for spreadsheets). */
const csv = new Hono<AppEnv>().get('/customers.csv', async (c) => {
  if (!readStaffToken(c)) return toSignIn(c);
  const t = translatorOf(c);
  try {
    const me = await serverApi(c).request('/admin/me', (v) => Me.parse(v));
    if (!me.permissions.includes('customers.read')) {
      return renderConsole(c, me, { element: <p className="console__refused" role="alert">{t('ADMIN_FORBIDDEN')}</p>, title: t('ADMIN_FORBIDDEN_TITLE'), status: 403 });
    }
    const params = { ...listParams(c), page: 1 };
    const found = params.q ? await search(c, params, SEARCH_PAGE_MAX) : { accounts: [] };
    const rows = found.accounts.map((a) => [
      a.id, a.email, a.phone, a.name, a.createdAt, a.active ? 'active' : 'suspended', a.subscription.premium ? 'yes' : 'no', a.subscription.planId, a.subscription.state, a.subscription.end,
      a.matched.map((m) => `${m.kind}:${m.value}`).join(' '),
    ]);
    const header = ['id', 'email', 'phone', 'name', 'created_at', 'status', 'premium', 'plan_id', 'subscription_state', 'subscription_end', 'matched'];
    return c.body(`\uFEFF${csvFile(header, rows)}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="customers.csv"',
      'Cache-Control': 'no-store',
    });
  } catch (error) {
    if (asApiError(error).status === 401) return toSignIn(c);
    throw error;
  }
});

const Source = z.enum(TIMELINE_SOURCES);
const UserId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The story's filter and page from the address: one source or all, and the cursor of an older page. */
function storyQuery(c: Ctx): { source: TimelineSource | ''; cursor: string } {
  const source = Source.safeParse(c.req.query('source'));
  return { source: source.success ? source.data : '', cursor: (c.req.query('cursor') ?? '').slice(0, 400) };
}

const NotFound = { missing: true } as const;

const customer = defineConsolePage({
  path: '/customers/:id',
  permission: 'customers.read',
  load: async ({ c }) => {
    const id = UserId.safeParse(c.req.param('id'));
    if (!id.success) return NotFound;
    const { source, cursor } = storyQuery(c);
    const sources = source ? `&sources=${source}` : '';
    const base = `/admin/customers/${id.data}`;
    try {
      const [view, plans] = await Promise.all([serverApi(c).request(`${base}?limit=${cursor ? 1 : 25}${sources}`, (v) => CustomerView.parse(v)), loadPlans(c)]);
      const timeline = cursor ? await serverApi(c).request(`${base}/timeline?cursor=${encodeURIComponent(cursor)}${sources}`, (v) => Timeline.parse(v)) : view.timeline;
      return { missing: false as const, view, timeline, plans, source, paged: cursor !== '' };
    } catch (error) {
      const failed = asApiError(error);
      if (failed.status === 404) return NotFound;
      // A cursor that no longer reads (BAD_CURSOR): the story from its newest event.
      if (failed.status === 400 && cursor) return c.redirect(`/admin/customers/${id.data}${source ? `?source=${source}` : ''}`, 303);
      throw error;
    }
  },
  view: (data, { c, t, me }, { state, status }) => {
    if (data.missing) return { element: <p className="console__empty" role="alert">{t('ADMIN_CUSTOMERS_REFUSAL_USER_NOT_FOUND')}</p>, title: t('ADMIN_CUSTOMERS'), status: 404 };
    const { view, timeline, plans, source, paged } = data;
    const pending = z.email().safeParse(c.req.query('email'));
    return {
      element: (
        <CustomerPage
          view={view}
          timeline={timeline}
          source={source}
          paged={paged}
          plans={plans}
          canAct={me.permissions.includes('customers.act')}
          pendingEmail={pending.success ? pending.data : ''}
          attempt={crypto.randomUUID()}
          form={state}
        />
      ),
      title: `${t('ADMIN_CUSTOMERS')}: ${view.account.email ?? view.account.phone ?? view.account.id}`,
      status,
    };
  },
  action: async ({ c }, form): Promise<Response | Shown> => {
    const id = UserId.safeParse(c.req.param('id'));
    if (!id.success) return { state: { message: { kind: 'danger', key: 'ADMIN_CUSTOMERS_REFUSAL_USER_NOT_FOUND' } }, status: 404 };
    const intent = form.intent ?? '';
    const reason = form.reason ?? '';
    const values = { intent, reason, email: form.email ?? '', days: form.days ?? '', plan_id: form.plan_id ?? '', profile_id: form.profile_id ?? '' };
    const unconfirmed = confirmed(form, values);
    if (unconfirmed) return unconfirmed;
    const base = `/admin/customers/${id.data}`;
    const post = (path: string, body: Record<string, unknown>) => callApi(c, `${base}${path}`, 'POST', { reason, ...body });
    try {
      switch (intent) {
        case 'suspend':
          await post('/suspend', {});
          return done(c, 'ADMIN_CUSTOMERS_DONE_SUSPEND', base);
        case 'reinstate':
          await post('/reinstate', {});
          return done(c, 'ADMIN_CUSTOMERS_DONE_REINSTATE', base);
        case 'sign-out':
          await post('/sign-out', {});
          return done(c, 'ADMIN_CUSTOMERS_DONE_SIGN_OUT', base);
        case 'remove-pin':
          await post(`/profiles/${Number(form.profile_id) || 0}/remove-pin`, {});
          return done(c, 'ADMIN_CUSTOMERS_DONE_PIN_REMOVE', base);
        case 'verification':
          await post('/verification', {});
          return done(c, 'ADMIN_CUSTOMERS_DONE_VERIFICATION', base);
        case 'premium': {
          const planId = Number(form.plan_id);
          await post('/premium', { days: Number(form.days), ...(planId > 0 ? { planId } : {}), ...(form.attempt ? { attempt: form.attempt } : {}) });
          return done(c, 'ADMIN_CUSTOMERS_DONE_PREMIUM', base);
        }
        case 'email': {
          const email = (form.email ?? '').trim().toLowerCase();
          await post('/email', { email });
          return done(c, 'ADMIN_CUSTOMERS_DONE_EMAIL_CODE', `${base}?email=${encodeURIComponent(email)}`);
        }
        case 'email-confirm':
          await post('/email/confirm', { email: form.email ?? '', code: (form.code ?? '').trim() });
          return done(c, 'ADMIN_CUSTOMERS_DONE_EMAIL', base);
        default:
          return { state: { values, message: { kind: 'danger', key: 'ERROR_OCCURRED' } }, status: 400 };
      }
    } catch (error) {
      return failure(error, values);
    }
  },
});

export const customersPages = new Hono<AppEnv>().route('/', csv).route('/', list).route('/', customer);
