import { Hono } from 'hono';
import { z } from 'zod';
import { RefundDuePage } from '../../../client/pages/admin/RefundDuePage';
import { RefundPaymentPage, type RefundValues } from '../../../client/pages/admin/RefundPaymentPage';
import { REFUND_FILTER_FIELDS, refundQuery, RefundsPage, type RefundFilter } from '../../../client/pages/admin/RefundsPage';
import { PaymentDetail, PaymentSearch, REFUND_EFFECTS, REFUND_STATES, RefundAnswer, RefundDueQueue, RefundList } from '../../api/payments/refunds/schemas';
import type { AppEnv } from '../../env';
import { forward } from '../../proxy';
import { readStaffToken } from '../../proxy/staff-cookie';
import { PAYMENT_METHODS } from '../../rules/payment-methods';
import { CURRENCIES } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { done } from '../kit/account';
import type { Ctx } from '../kit/page';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { areaFailure, orNotFound } from './failure';
import { defineConsolePage, renderConsole, toSignIn, type Shown } from './kit';

/**
 * The refunds' console pages (issue 32), on the API at /admin/refunds: the refunds made (filtered,
 * exported) with the search of a payment; one payment with its refund form, asked, confirmed, then
 * its credit note; the queue of payments owed back (event orders whose seats were gone). Reading
 * needs refunds.read; refunding refunds.create, checked again by the API, which audits the refund.
 */

const ERROR_PREFIX = 'ADMIN_REFUNDS_ERROR_';
const enc = encodeURIComponent;

/** The list's filters; a value the API would refuse is dropped, so a mistyped URL still shows the list. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const FILTERS: Record<keyof RefundFilter, z.ZodType<string>> = {
  from: Day,
  to: Day,
  provider: z.string().trim().regex(/^[a-z]{2,20}$/),
  method: z.enum(PAYMENT_METHODS),
  currency: z.enum(CURRENCIES),
  staff: z.string().trim().max(200),
  state: z.enum(REFUND_STATES),
};
const filterOf = (c: Ctx): RefundFilter => {
  const kept = (name: keyof RefundFilter): string => {
    const parsed = FILTERS[name].safeParse(c.req.query(name) ?? '');
    return parsed.success ? parsed.data : '';
  };
  return Object.fromEntries(REFUND_FILTER_FIELDS.map((name) => [name, kept(name)])) as RefundFilter;
};

const list = defineConsolePage({
  path: '/refunds',
  permission: 'refunds.read',
  load: async ({ c }) => {
    const api = serverApi(c);
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    // A payment found by its transaction id or invoice number opens at once.
    const found = q ? await api.request(`/admin/refunds/payments?q=${enc(q)}`, (v) => PaymentSearch.parse(v).payments) : [];
    if (found[0]) return c.redirect(`/admin/refunds/payments/${found[0].id}`, 303);
    const filter = filterOf(c);
    const cursor = (c.req.query('cursor') ?? '').slice(0, 400);
    const query = [refundQuery(filter), cursor ? `cursor=${enc(cursor)}` : ''].filter(Boolean).join('&');
    const refunds = await api.request(`/admin/refunds${query ? `?${query}` : ''}`, (v) => RefundList.parse(v));
    return { refunds, filter, q, notFound: q !== '' };
  },
  view: ({ refunds, filter, q, notFound }, { t, me }) => ({
    element: (
      <RefundsPage
        list={refunds}
        filter={filter}
        q={q}
        canRefund={me.permissions.includes('refunds.create')}
        form={notFound ? { message: { kind: 'danger', key: `${ERROR_PREFIX}PAYMENT_NOT_FOUND` } } : undefined}
      />
    ),
    title: t('ADMIN_REFUNDS'),
    status: notFound ? 404 : 200,
  }),
});

/** An amount typed in major units (159, 79.5, 79,50) as minor units; null when it is not one. */
export function minorOf(typed: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const valuesOf = (form: Record<string, string>): RefundValues => ({
  amount: (form.amount ?? '').trim(),
  reason: (form.reason ?? '').trim(),
  effect: (REFUND_EFFECTS as readonly string[]).includes(form.effect ?? '') ? (form.effect as string) : 'keep',
  key: /^[A-Za-z0-9_-]{8,100}$/.test(form.key ?? '') ? (form.key as string) : crypto.randomUUID(),
});

const refusal = (values: RefundValues, code: string, status: 400 | 403 | 409): Shown => ({ state: { values, message: { kind: 'danger', key: code } }, status });

const payment = defineConsolePage({
  path: '/refunds/payments/:id{[0-9a-fA-F-]{36}}',
  permission: 'refunds.read',
  load: async (page) => {
    const { c, me } = page;
    const detail = await orNotFound(page, `${ERROR_PREFIX}PAYMENT_NOT_FOUND`, serverApi(c).request(`/admin/refunds/payments/${c.req.param('id')}`, (v) => PaymentDetail.parse(v)));
    if (detail instanceof Response) return detail;
    return { detail, canRefund: me.permissions.includes('refunds.create'), made: (c.req.query('made') ?? '').slice(0, 64) };
  },
  view: ({ detail, canRefund, made }, { t }, { state, status }) => ({
    element: <RefundPaymentPage payment={detail} canRefund={canRefund} idKey={crypto.randomUUID()} made={made} form={state} />,
    title: t('ADMIN_REFUNDS_PAYMENT_TITLE', { what: detail.what }),
    status,
  }),
  /** review: the amount and reason checked, the confirmation shown; confirm: the refund asked of the API. */
  action: async ({ c, me }, form): Promise<Response | Shown> => {
    const id = c.req.param('id') ?? '';
    const values = valuesOf(form);
    if (!me.permissions.includes('refunds.create')) return refusal(values, 'ADMIN_FORBIDDEN', 403);
    const amount = minorOf(values.amount);
    if (amount === null || amount <= 0) return refusal(values, `${ERROR_PREFIX}REFUND_AMOUNT`, 400);
    if (values.reason.length < 3) return refusal(values, `${ERROR_PREFIX}REASON_REQUIRED`, 400);
    try {
      const detail = await serverApi(c).request(`/admin/refunds/payments/${id}`, (v) => PaymentDetail.parse(v));
      if (amount > detail.refundable) return refusal(values, `${ERROR_PREFIX}REFUND_TOO_LARGE`, 409);
      if (form.intent !== 'confirm') return { state: { values: { ...values, confirm: '1' } } };
      const body = { transactionId: id, amount, currency: detail.currency, reason: values.reason, effect: values.effect, idempotencyKey: values.key };
      const made = RefundAnswer.parse(await callApi(c, '/admin/refunds', 'POST', body));
      return done(c, 'ADMIN_REFUNDS_DONE', `/admin/refunds/payments/${id}?made=${enc(made.refund.id)}`);
    } catch (error) {
      return areaFailure(error, ERROR_PREFIX, values);
    }
  },
});

const DUE_PAGE = 50;
const due = defineConsolePage({
  path: '/refunds/due',
  permission: 'refunds.read',
  load: async ({ c }) => {
    const offset = z.coerce.number().int().min(0).max(100_000).catch(0).parse(c.req.query('offset') ?? 0);
    const queue = await serverApi(c).request(`/admin/refunds/refund-due?limit=${DUE_PAGE}&offset=${offset}`, (v) => RefundDueQueue.parse(v));
    return { queue, offset };
  },
  view: ({ queue, offset }, { t }) => ({ element: <RefundDuePage queue={queue} offset={offset} limit={DUE_PAGE} />, title: t('ADMIN_REFUNDS_DUE') }),
});

/** A file the API writes (a credit note's PDF, the CSV export), answered as it is; its refusals as the console's pages show them. */
async function apiFile(c: Ctx, path: string): Promise<Response> {
  if (!readStaffToken(c)) return toSignIn(c);
  const res = await forward(c, path);
  if (res.status === 401) return toSignIn(c);
  if (res.ok) return res;
  const t = translatorOf(c);
  const key = res.status === 403 ? 'ADMIN_FORBIDDEN' : `${ERROR_PREFIX}CREDIT_NOTE_NOT_FOUND`;
  return renderConsole(c, null, { element: <p className="console__refused" role="alert">{t(key)}</p>, title: t(res.status === 403 ? 'ADMIN_FORBIDDEN_TITLE' : key), status: res.status === 403 ? 403 : 404 });
}

const files = new Hono<AppEnv>()
  .get('/refunds.csv', (c) => apiFile(c, `/admin/refunds?format=csv&${refundQuery(filterOf(c))}`))
  .get('/refunds/credit-notes/:file{[A-Za-z0-9-]{1,40}\\.pdf}', (c) => apiFile(c, `/admin/refunds/credit-notes/${c.req.param('file')}`));

export const refundPages = new Hono<AppEnv>().route('/', files).route('/', due).route('/', payment).route('/', list);
