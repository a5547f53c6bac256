import { Hono } from 'hono';
import { ReconciliationPage, type ReconFilter } from '../../../client/pages/admin/ReconciliationPage';
import { DifferenceList, DIFFERENCE_KINDS, RANGE_MAX_DAYS, RECON_METHODS, Summary, SUMMARY_PARTS } from '../../api/payments/reconciliation/schemas';
import type { AppEnv } from '../../env';
import { forward } from '../../proxy';
import { readStaffToken } from '../../proxy/staff-cookie';
import type { Ctx } from '../kit/page';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { defineConsolePage, renderConsole, toSignIn } from './kit';

/**
 * The cash reconciliation's console page (issue 32): a range of days (today by default), the
 * differences first (filtered by kind and method, paged), then the vouchers by day, the cash per
 * agency, the agents' collections and the mobile payments, each with its CSV (written by the API).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | undefined) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

/** The filter of the URL: a range the API accepts (at most 92 days, from before to); none: the API's today. */
function filterOf(c: Ctx): ReconFilter {
  let from = dayOf(c.req.query('from'));
  let to = dayOf(c.req.query('to'));
  if (from && to && to < from) [from, to] = [to, from];
  if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 >= RANGE_MAX_DAYS) from = new Date(Date.parse(to) - (RANGE_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const kind = c.req.query('kind') ?? '';
  const method = c.req.query('method') ?? '';
  return { from, to, kind: (DIFFERENCE_KINDS as readonly string[]).includes(kind) ? kind : '', method: (RECON_METHODS as readonly string[]).includes(method) ? method : '' };
}
const queryOf = (values: Record<string, string>) => new URLSearchParams(Object.entries(values).filter(([, v]) => v)).toString();

const page = defineConsolePage({
  path: '/reconciliation',
  permission: 'reconciliation.read',
  load: async ({ c }) => {
    const asked = filterOf(c);
    const offset = Math.min(100_000, Math.max(0, Math.floor(Number(c.req.query('offset') ?? 0)) || 0));
    const api = serverApi(c);
    const summary = await api.request(`/admin/reconciliation?${queryOf({ from: asked.from, to: asked.to })}`, (v) => Summary.parse(v));
    // The range the API read (its today when none was asked), for the form, the differences and the links.
    const filter = { ...asked, from: summary.from, to: summary.to };
    const range = queryOf({ from: filter.from, to: filter.to });
    const differences = await api.request(`/admin/reconciliation/differences?${queryOf(filter)}&offset=${offset}`, (v) => DifferenceList.parse(v));
    return { summary, differences, filter, range, offset };
  },
  view: (data, { t }) => ({ element: <ReconciliationPage {...data} />, title: t('ADMIN_RECON') }),
});

/** A summary table or the differences as CSV, forwarded from the API (its refusals shown as the console's pages show them). */
const csv = new Hono<AppEnv>().get('/reconciliation.csv', (c) => download(c, 'summary')).get('/reconciliation/differences.csv', (c) => download(c, 'differences'));

async function download(c: Ctx, which: 'summary' | 'differences'): Promise<Response> {
  if (!readStaffToken(c)) return toSignIn(c);
  const filter = filterOf(c);
  const part = c.req.query('part') ?? '';
  const query = which === 'summary' ? `/admin/reconciliation?${queryOf({ from: filter.from, to: filter.to, part: (SUMMARY_PARTS as readonly string[]).includes(part) ? part : 'vouchers' })}&format=csv` : `/admin/reconciliation/differences?${queryOf(filter)}&format=csv`;
  const res = await forward(c, query);
  if (res.status === 401) return toSignIn(c);
  if (res.ok) return res;
  const t = translatorOf(c);
  return renderConsole(c, null, { element: <p className="console__refused" role="alert">{t('ADMIN_FORBIDDEN')}</p>, title: t('ADMIN_FORBIDDEN_TITLE'), status: 403 });
}

export const reconciliationPages = new Hono<AppEnv>().route('/', csv).route('/', page);
