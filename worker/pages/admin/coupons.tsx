import { Hono } from 'hono';
import { z } from 'zod';
import { CouponDetailPage } from '../../../client/pages/admin/CouponDetailPage';
import { CouponListPage, type CouponFilter } from '../../../client/pages/admin/CouponListPage';
import { BatchList, BatchMade, CouponDetail, CouponList, CouponView, COUPON_STATUSES } from '../../api/payments/coupons-admin/schemas';
import { Plan } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { forward } from '../../proxy';
import { readStaffToken } from '../../proxy/staff-cookie';
import { normalizeCoupon } from '../../rules/payment-methods';
import { ApiError } from '../../rules/api-client';
import { callApi } from '../../session/auth';
import { dictionaries } from '../../i18n';
import { addFlash } from '../../session/cookies';
import { done } from '../kit/account';
import type { Ctx, Form } from '../kit/page';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { consoleFailure, defineConsolePage, renderConsole, toSignIn, type Shown } from './kit';

/**
 * The coupons' console pages (issue 32): the list (search, status, batch, pages) with the forms that
 * create one coupon or a batch of codes, one coupon with its uses and the forms that change its dates
 * and quota or disable it, and a batch's codes as CSV. Everything through /admin/coupons (the API
 * checks each permission again); every change asks for a reason.
 */

const Plans = z.array(Plan);
const plansOf = (c: Ctx) => serverApi(c).request('/payments/plans', (v) => Plans.parse(v));

/** An API refusal of a coupon form as its translation key (ADMIN_COUPONS_ERROR_<CODE> when the console words it). */
function couponFailure(error: unknown, values: Record<string, string>): Shown {
  const failed = consoleFailure(error, values);
  const code = error instanceof ApiError ? /^([A-Z][A-Z0-9_]+)/.exec(error.message)?.[1] : undefined;
  if (failed.state?.message && code && failed.state.message.key === 'ERROR_OCCURRED' && `ADMIN_COUPONS_ERROR_${code}` in dictionaries.en) failed.state.message.key = `ADMIN_COUPONS_ERROR_${code}`;
  return failed;
}

/** A money amount typed as people write it ("10", "10.50", "10,50") in minor units; NaN when it is not one. */
const minorUnits = (typed: string): number => {
  const clean = typed.trim().replace(',', '.');
  return /^\d{1,9}(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
};

/** The terms typed in a coupon or batch form, as the API takes them. */
function termsOf(form: Form, plans: readonly Plan[]) {
  const kind = form.kind ?? 'percent';
  const value = kind === 'amount' ? minorUnits(form.value ?? '') : Number(form.value ?? '');
  const planIds = plans.filter((p) => form[`plan_${p.id}`] === 'on').map((p) => p.id);
  return {
    kind,
    value,
    currency: form.currency || null,
    plan_ids: planIds.length ? planIds : null,
    ...(form.starts_at ? { starts_at: form.starts_at } : {}),
    ...(form.ends_at ? { ends_at: form.ends_at } : {}),
    reason: form.reason ?? '',
  };
}

const FILTERS = ['q', 'status', 'batch'] as const;
const filterOf = (c: Ctx): CouponFilter => ({
  q: (c.req.query('q') ?? '').trim().toUpperCase().slice(0, 32),
  status: (COUPON_STATUSES as readonly string[]).includes(c.req.query('status') ?? '') ? (c.req.query('status') ?? '') : '',
  batch: /^[0-9a-f-]{36}$/.test(c.req.query('batch') ?? '') ? (c.req.query('batch') ?? '') : '',
});
const queryOf = (filter: CouponFilter) => new URLSearchParams(FILTERS.flatMap((k) => (filter[k] ? [[k, filter[k]]] : []))).toString();
const offsetOf = (c: Ctx) => Math.min(100_000, Math.max(0, Math.floor(Number(c.req.query('offset') ?? 0)) || 0));

const list = defineConsolePage({
  path: '/coupons',
  permission: 'coupons.read',
  load: async ({ c }) => {
    const filter = filterOf(c);
    const query = queryOf(filter);
    const offset = offsetOf(c);
    const api = serverApi(c);
    const [coupons, batches, plans] = await Promise.all([
      api.request(`/admin/coupons?${query}${query ? '&' : ''}offset=${offset}`, (v) => CouponList.parse(v)),
      api.request('/admin/coupons/batches?limit=20', (v) => BatchList.parse(v)),
      plansOf(c),
    ]);
    return { coupons, batches, plans, filter, query, offset };
  },
  view: (data, { t, me }, shown) => ({
    element: (
      <CouponListPage
        list={data.coupons}
        batches={data.batches}
        filter={data.filter}
        query={data.query}
        offset={data.offset}
        plans={data.plans}
        canWrite={me.permissions.includes('coupons.write')}
        form={shown.state}
        intent={shown.state?.values?.intent}
      />
    ),
    title: t('ADMIN_COUPONS'),
    status: shown.status,
  }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const intent = form.intent === 'batch' || form.intent === 'bulk' ? form.intent : 'create';
    const values = { ...form, intent };
    try {
      if (intent === 'bulk') {
        const codes = Object.keys(form).flatMap((k) => (k.startsWith('code_') && form[k] === 'on' ? [k.slice(5)] : []));
        if (codes.length === 0) return { state: { values, message: { kind: 'danger', key: 'ADMIN_COUPONS_BULK_NONE' } }, status: 400 };
        const answer = z.object({ disabled: z.array(z.string()) }).parse(await callApi(c, '/admin/coupons/disable', 'POST', { codes, reason: form.reason ?? '' }));
        addFlash(c, { kind: 'success', key: 'ADMIN_COUPONS_BULK_DONE', params: { count: answer.disabled.length } });
        const back = new URL(c.req.url);
        return c.redirect(`/admin/coupons${back.search}`, 303);
      }
      const terms = termsOf(form, await plansOf(c));
      if (intent === 'batch') {
        const made = BatchMade.parse(await callApi(c, '/admin/coupons/batches', 'POST', { ...terms, count: Number(form.count ?? ''), prefix: form.prefix ?? '', quota: Number(form.quota || 1) }));
        return done(c, 'ADMIN_COUPONS_BATCH_MADE_NOTE', `/admin/coupons?batch=${made.batch.id}`);
      }
      const code = (form.code ?? '').trim();
      const made = z.object({ coupon: CouponView }).parse(await callApi(c, '/admin/coupons', 'POST', { ...terms, ...(code ? { code } : {}), quota: Number(form.quota ?? '') }));
      return done(c, 'ADMIN_COUPONS_CREATED', `/admin/coupons/${made.coupon.code}`);
    } catch (error) {
      return couponFailure(error, values);
    }
  },
});

/** The code of the page's path, as the API writes it; null for a path no code can have. */
const codeOf = (c: Ctx): string | null => normalizeCoupon(c.req.param('code') ?? '');

const detail = defineConsolePage({
  path: '/coupons/:code',
  permission: 'coupons.read',
  load: async ({ c }) => {
    const code = codeOf(c);
    const offset = offsetOf(c);
    const [found, plans] = await Promise.all([
      code ? serverApi(c).request(`/admin/coupons/${code}?offset=${offset}`, (v) => CouponDetail.parse(v)).catch((error: unknown) => (error instanceof Error && /^COUPON_NOT_FOUND/.test(error.message) ? null : Promise.reject(error))) : null,
      plansOf(c),
    ]);
    return { found, plans, offset };
  },
  view: ({ found, plans, offset }, { t, me }, shown) =>
    found
      ? {
          element: <CouponDetailPage detail={found} offset={offset} plans={plans} canWrite={me.permissions.includes('coupons.write')} form={shown.state} intent={shown.state?.values?.intent} />,
          title: `${t('ADMIN_COUPONS_COUPON')} ${found.coupon.code}`,
          status: shown.status,
        }
      : { element: <p className="console__empty">{t('ADMIN_COUPONS_NOT_FOUND')}</p>, title: t('ADMIN_COUPONS_NOT_FOUND'), status: 404 },
  action: async ({ c }, form): Promise<Response | Shown> => {
    const code = codeOf(c) ?? '';
    const intent = form.intent === 'disable' ? 'disable' : 'edit';
    const values = { ...form, intent };
    try {
      if (intent === 'disable') {
        await callApi(c, `/admin/coupons/${code}/disable`, 'POST', { reason: form.reason ?? '' });
        return done(c, 'ADMIN_COUPONS_DISABLED', `/admin/coupons/${code}`);
      }
      const body = { ...(form.starts_at ? { starts_at: form.starts_at } : {}), ...(form.ends_at ? { ends_at: form.ends_at } : {}), ...(form.quota ? { quota: Number(form.quota) } : {}), reason: form.reason ?? '' };
      await serverApi(c).request(`/admin/coupons/${code}`, (v) => v, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return done(c, 'ADMIN_COUPONS_SAVED', `/admin/coupons/${code}`);
    } catch (error) {
      return couponFailure(error, values);
    }
  },
});

/** A batch's codes as a CSV download (written by the API, UTF-8 with a BOM). */
const batchCsv = new Hono<AppEnv>().get('/coupons/batches/:file', async (c) => {
  if (!readStaffToken(c)) return toSignIn(c);
  const file = c.req.param('file');
  const res = /^[0-9a-f-]{36}\.csv$/.test(file) ? await forward(c, `/admin/coupons/batches/${file}`) : null;
  if (res?.status === 401) return toSignIn(c);
  if (res?.ok) return res;
  const t = translatorOf(c);
  const forbidden = res?.status === 403;
  return renderConsole(c, null, { element: <p className="console__refused" role="alert">{t(forbidden ? 'ADMIN_FORBIDDEN' : 'ADMIN_COUPONS_NOT_FOUND')}</p>, title: t(forbidden ? 'ADMIN_FORBIDDEN_TITLE' : 'ADMIN_COUPONS_NOT_FOUND'), status: forbidden ? 403 : 404 });
});

export const couponPages = new Hono<AppEnv>().route('/', batchCsv).route('/', list).route('/', detail);
