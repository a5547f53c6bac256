import { Hono } from 'hono';
import { z } from 'zod';
import { ReportsPage, type Loaded, type ReportsData, type ReportsFilter } from '../../../client/pages/admin/ReportsPage';
import { AdsReport, ChurnReport, EventsReport, LibrariesReport, REVENUE_GROUPS, RevenueReport, SubscribersReport, TrialsReport } from '../../api/reports/schemas';
import type { AppEnv } from '../../env';
import { forward } from '../../proxy';
import { readStaffToken } from '../../proxy/staff-cookie';
import { ApiError } from '../../rules/api-client';
import { defaultPeriod, GRANULARITIES, isDay } from '../../rules/reports';
import { CURRENCIES } from '../../rules/subscription';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { defineConsolePage, renderConsole, toSignIn } from './kit';
import type { Ctx } from '../kit/page';

/**
 * The reports page of the console (issue 32): every report of /admin/reports (worker/api/reports)
 * for one period, read in parallel; a report the API refuses (a period too long for its points)
 * says why in its own section while the others show. Each report's CSV file comes from the API.
 */

const FilterQuery = z.object({
  from: z.string().refine(isDay).optional().catch(undefined),
  to: z.string().refine(isDay).optional().catch(undefined),
  granularity: z.enum(GRANULARITIES).catch('month'),
  currency: z.enum(CURRENCIES).or(z.literal('')).catch(''),
  by: z.enum(REVENUE_GROUPS).catch('total'),
});

/** The page's filter: what was asked for, the last 12 months (30 days, 12 weeks) ending today by default. */
export function reportsFilter(query: Record<string, string>, now: Date): ReportsFilter {
  const asked = FilterQuery.parse({ granularity: 'month', currency: '', by: 'total', ...query });
  const period = defaultPeriod(asked.granularity, now);
  return { from: asked.from ?? period.from, to: asked.to ?? period.to, granularity: asked.granularity, currency: asked.currency, by: asked.by };
}

const queryOf = (filter: ReportsFilter): string => new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== '')).toString();

/** The API's refusal of a report as the translation key the page shows. */
const REFUSAL_KEYS: Record<string, string> = {
  REPORT_PERIOD_REVERSED: 'ADMIN_REPORTS_PERIOD_REVERSED',
  REPORT_PERIOD_TOO_LONG: 'ADMIN_REPORTS_PERIOD_TOO_LONG',
  STAFF_FORBIDDEN: 'STAFF_FORBIDDEN',
};

async function load<T>(c: Ctx, path: string, parse: (v: unknown) => T): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await serverApi(c).request(path, parse) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    const code = error instanceof ApiError ? (error.message.split(':')[0] ?? '') : '';
    return { ok: false, key: REFUSAL_KEYS[code] ?? 'ERROR_OCCURRED' };
  }
}

const page = defineConsolePage({
  path: '/reports',
  permission: 'reports.read',
  load: async ({ c }): Promise<ReportsData> => {
    const filter = reportsFilter(c.req.query(), new Date());
    const query = queryOf(filter);
    const lang = c.get('lang');
    const get = <T,>(report: string, parse: (v: unknown) => T, extra = '') => load(c, `/admin/reports/${report}?${query}&lang=${lang}${extra}`, parse);
    const [revenue, subscribers, trials, churn, ads, libraries, events] = await Promise.all([
      get('revenue', (v) => RevenueReport.parse(v)),
      get('subscribers', (v) => SubscribersReport.parse(v)),
      get('trials', (v) => TrialsReport.parse(v)),
      get('churn', (v) => ChurnReport.parse(v)),
      get('ads', (v) => AdsReport.parse(v)),
      get('libraries', (v) => LibrariesReport.parse(v)),
      get('events', (v) => EventsReport.parse(v)),
    ]);
    return { filter, query, revenue, subscribers, trials, churn, ads, libraries, events };
  },
  view: (data, { t }) => ({ element: <ReportsPage data={data} />, title: t('ADMIN_REPORTS_TITLE') }),
});

const REPORT_FILES = ['revenue', 'subscribers', 'mrr', 'trials', 'churn', 'ads', 'libraries', 'events'] as const;

/** A report's CSV file (written by the API, with the page's filter); its refusals as the console's pages show them. */
const csv = new Hono<AppEnv>().get('/reports/:file', async (c) => {
  const name = c.req.param('file').replace(/\.csv$/, '');
  if (!c.req.param('file').endsWith('.csv') || !(REPORT_FILES as readonly string[]).includes(name)) return c.notFound();
  if (!readStaffToken(c)) return toSignIn(c);
  const filter = reportsFilter(c.req.query(), new Date());
  const res = await forward(c, `/admin/reports/${name}?format=csv&${queryOf(filter)}`);
  if (res.status === 401) return toSignIn(c);
  if (res.ok) return res;
  const t = translatorOf(c);
  const forbidden = res.status === 403;
  return renderConsole(c, null, {
    element: <p className="console__refused" role="alert">{t(forbidden ? 'ADMIN_FORBIDDEN' : 'ADMIN_REPORTS_PERIOD_INVALID')}</p>,
    title: t(forbidden ? 'ADMIN_FORBIDDEN_TITLE' : 'ADMIN_REPORTS_TITLE'),
    status: forbidden ? 403 : 400,
  });
});

export const reportsPages = new Hono<AppEnv>().route('/', page).route('/', csv);
