import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { now } from '../kernel/clock';
import { answer, refuse, type RefusalAnswers } from '../kernel/refusals';
import { can } from '../kernel/staff';
import { validationHook } from '../kernel/validation';
import { counters } from '../../limits/counters';
import { countDay } from '../../rules/partners';
import { MAX_POINTS } from '../../rules/reports';
import { adsCsv, churnCsv, eventsCsv, librariesCsv, mrrCsv, revenueCsv, subscribersCsv, trialsCsv, type Csv } from './csv';
import { REFUND_LEDGER } from './ledger';
import { resolvePeriod, type PeriodRefusal } from './period';
import { revenueReport } from './revenue';
import { adsQuery, eventsQuery, librariesQuery, periodQuery, revenueQuery, type PeriodQuery } from './schemas';
import { trialsReport } from './subscribers';
import { churnReport, subscribersReport } from './trends';
import { adsCountedToday, adsReport, eventsReport, librariesReport, type UsageRefusal } from './usage';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The reports' refusals as HTTP answers. */
const REPORT_REFUSALS: RefusalAnswers<PeriodRefusal | UsageRefusal> = {
  REPORT_PERIOD_REVERSED: [400, 'REPORT_PERIOD_REVERSED'],
  REPORT_PERIOD_TOO_LONG: [400, 'REPORT_PERIOD_TOO_LONG'],
  REPORT_PARTNER_NOT_FOUND: [404, 'REPORT_PARTNER_NOT_FOUND'],
  REPORT_AD_NOT_FOUND: [404, 'REPORT_AD_NOT_FOUND'],
  REPORT_LIBRARY_NOT_FOUND: [404, 'REPORT_LIBRARY_NOT_FOUND'],
  REPORT_EVENT_NOT_FOUND: [404, 'REPORT_EVENT_NOT_FOUND'],
};

const period = (c: Context<AppEnv>, query: PeriodQuery, maxBuckets?: number) => answer(REPORT_REFUSALS, resolvePeriod(query, now(c), maxBuckets));

/** The report as JSON, or as its CSV file with `?format=csv`. */
function send<T>(c: Context<AppEnv>, format: 'json' | 'csv', report: T, csv: (report: T) => Csv): Response {
  if (format === 'json') return c.json(report, 200, NO_STORE);
  const file = csv(report);
  return c.body(file.body, 200, { ...NO_STORE, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.name}"` });
}

/**
 * The back office's reports (issue 32), mounted at /admin/reports: every route needs a console
 * session with `reports.read` (401 STAFF_SESSION_REQUIRED, 403 STAFF_FORBIDDEN). Each takes a period
 * of UTC days (`from`, `to`, both included, YYYY-MM-DD; by default the last 30 days, 12 weeks or 12
 * months ending today), a `granularity` (day, week, month), `format` (json, csv) and `lang` (the
 * language of plan, ad, library and show names). 400 BAD_REQUEST on a malformed parameter,
 * REPORT_PERIOD_REVERSED, REPORT_PERIOD_TOO_LONG (over 731 days, or 366 buckets; 60 for subscribers,
 * MRR and churn, which work out each bucket's point on its own).
 */
export const reports = new Hono<AppEnv>()
  .use('*', can('reports.read'))
  /** GET /revenue?by=total|method|provider|plan&currency=: sales less refunds per currency and bucket. */
  .get('/revenue', zValidator('query', revenueQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const report = await revenueReport(c.env.DB, { period: period(c, query), by: query.by, currency: query.currency ?? null, lang: query.lang }, now(c));
    return send(c, query.format, report, revenueCsv);
  })
  /** GET /subscribers: active subscribers (paying, free, trialing) at the end of each bucket, and per plan at the last. */
  .get('/subscribers', zValidator('query', periodQuery('month'), validationHook), async (c) => {
    const query = c.req.valid('query');
    return send(c, query.format, await subscribersReport(c.env.DB, { period: period(c, query, MAX_POINTS), lang: query.lang }, now(c)), subscribersCsv);
  })
  /** GET /mrr: monthly recurring revenue per currency at the end of each bucket (the same answer as /subscribers; its CSV lists the MRR). */
  .get('/mrr', zValidator('query', periodQuery('month'), validationHook), async (c) => {
    const query = c.req.valid('query');
    return send(c, query.format, await subscribersReport(c.env.DB, { period: period(c, query, MAX_POINTS), lang: query.lang }, now(c)), mrrCsv);
  })
  /** GET /trials: trials started per bucket, how many became paying, how many still run. */
  .get('/trials', zValidator('query', periodQuery('month'), validationHook), async (c) => {
    const query = c.req.valid('query');
    return send(c, query.format, await trialsReport(c.env.DB, period(c, query), now(c)), trialsCsv);
  })
  /** GET /churn: subscribers at the start of each bucket begun, how many had ended by its end, the churn rate; cancellations pending now. */
  .get('/churn', zValidator('query', periodQuery('month'), validationHook), async (c) => {
    const query = c.req.valid('query');
    return send(c, query.format, await churnReport(c.env.DB, period(c, query, MAX_POINTS), now(c)), churnCsv);
  })
  /** GET /ads?partner=&ad=: impressions, clicks and CTR per ad, partner and bucket. 404 REPORT_PARTNER_NOT_FOUND, REPORT_AD_NOT_FOUND. */
  .get('/ads', zValidator('query', adsQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const filter = { partner: query.partner ?? null, ad: query.ad ?? null };
    const asked = period(c, query);
    // A period that reaches today: the counts still waiting in the ads' counter shards reach ad_counts first.
    if (asked.to >= countDay(now(c))) {
      const ids = await adsCountedToday(c.env.DB, filter, now(c));
      await Promise.all(ids.map((id) => counters(c.env).settle('ad', id)));
    }
    const report = answer(REPORT_REFUSALS, await adsReport(c.env.DB, { period: asked, ...filter, lang: query.lang }));
    return send(c, query.format, report, adsCsv);
  })
  /** GET /libraries?library=: loans, patrons and titles per library and month. 404 REPORT_LIBRARY_NOT_FOUND. */
  .get('/libraries', zValidator('query', librariesQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const report = answer(REPORT_REFUSALS, await librariesReport(c.env.DB, { period: period(c, query), library: query.library ?? null, lang: query.lang }));
    return send(c, query.format, report, librariesCsv);
  })
  /** GET /events?event=&from=&to=: sales per show (shows starting in the days given, all by default). 404 REPORT_EVENT_NOT_FOUND. */
  .get('/events', zValidator('query', eventsQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    if (query.from && query.to && query.from > query.to) refuse(REPORT_REFUSALS, 'REPORT_PERIOD_REVERSED', `from ${query.from} is after to ${query.to}`);
    const report = answer(REPORT_REFUSALS, await eventsReport(c.env.DB, { event: query.event ?? null, from: query.from ?? null, to: query.to ?? null, lang: query.lang }, REFUND_LEDGER));
    return send(c, query.format, report, eventsCsv);
  });
