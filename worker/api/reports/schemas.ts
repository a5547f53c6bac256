// The back office's reports (issue 32): what the report routes take and answer, as the console's
// loaders read them. Money is integers in minor units, always beside its currency: the figures of
// MAD, EUR and USD are never added together.
import { z } from 'zod';
import { LANGS } from '../../rules/lang';
import { GRANULARITIES, isDay, type Granularity } from '../../rules/reports';
import { CURRENCIES } from '../../rules/subscription';
import { slug } from '../schemas';

const Day = z.string().refine(isDay, 'must be a day YYYY-MM-DD');
const Currency = z.enum(CURRENCIES);

/** The query every report takes: a period of whole UTC days (both included), how to group it, JSON or CSV, names in which language. */
export const periodQuery = (granularity: Granularity) =>
  z.object({
    from: Day.optional(),
    to: Day.optional(),
    granularity: z.enum(GRANULARITIES).default(granularity),
    format: z.enum(['json', 'csv']).default('json'),
    lang: z.enum(LANGS).default('en'),
  });
export type PeriodQuery = z.infer<ReturnType<typeof periodQuery>>;

export const REVENUE_GROUPS = ['total', 'method', 'provider', 'plan'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];
export const revenueQuery = periodQuery('day').extend({ by: z.enum(REVENUE_GROUPS).default('total'), currency: Currency.optional() });
export const adsQuery = periodQuery('day').extend({ partner: slug.optional(), ad: z.coerce.number().int().positive().optional() });
export const librariesQuery = periodQuery('month').extend({ library: slug.optional() });
export const eventsQuery = z.object({
  event: slug.optional(),
  from: Day.optional(),
  to: Day.optional(),
  format: z.enum(['json', 'csv']).default('json'),
  lang: z.enum(LANGS).default('en'),
});

export const ReportPeriod = z.object({ from: z.string(), to: z.string(), granularity: z.enum(GRANULARITIES) });

/** Money of one currency over a bucket or a period: the payments that took money (worker/api/reports/ledger.ts), what they brought, what was given back, and the difference. */
export const Figures = z.object({ payments: z.number().int(), gross: z.number().int(), refunds: z.number().int(), net: z.number().int() });
export type Figures = z.infer<typeof Figures>;
export const BucketFigures = Figures.extend({ bucket: z.string() });
export type BucketFigures = z.infer<typeof BucketFigures>;

/** GET /admin/reports/revenue: per currency, the period's totals and each bucket; with `by`, the same per method, provider or plan. */
export const RevenueReport = z.object({
  period: ReportPeriod,
  by: z.enum(REVENUE_GROUPS),
  currencies: z.array(
    z.object({
      currency: Currency,
      totals: Figures,
      buckets: z.array(BucketFigures),
      groups: z.array(z.object({ key: z.string(), label: z.string(), totals: Figures, buckets: z.array(BucketFigures) })),
    }),
  ),
});
export type RevenueReport = z.infer<typeof RevenueReport>;

/** Monthly recurring revenue of one currency: each paying subscriber's plan price in that currency, brought to a month. */
export const Mrr = z.object({ currency: Currency, amount: z.number().int(), subscribers: z.number().int() });

/**
 * Subscribers at one moment: `active` = `paying` + `free` (a period paid nothing: a coupon, a grant)
 * + `trialing`; MRR per currency from the paying ones.
 */
export const SubscribersPoint = z.object({
  bucket: z.string(),
  at: z.string(),
  active: z.number().int(),
  paying: z.number().int(),
  free: z.number().int(),
  trialing: z.number().int(),
  mrr: z.array(Mrr),
});
export type SubscribersPoint = z.infer<typeof SubscribersPoint>;
export const PlanCount = z.object({ plan: z.number().int(), label: z.string(), paying: z.number().int(), free: z.number().int(), trialing: z.number().int() });

/** GET /admin/reports/subscribers and /mrr: a point at the end of each bucket (now for the bucket running), and the last point per plan. */
export const SubscribersReport = z.object({ period: ReportPeriod, points: z.array(SubscribersPoint), plans: z.array(PlanCount) });
export type SubscribersReport = z.infer<typeof SubscribersReport>;

/** Trials started in a bucket, how many of those accounts paid for a plan since, how many are still running. */
export const TrialsBucket = z.object({ bucket: z.string(), started: z.number().int(), converted: z.number().int(), running: z.number().int(), conversion: z.number().nullable() });
export const TrialsReport = z.object({ period: ReportPeriod, totals: TrialsBucket.omit({ bucket: true }), buckets: z.array(TrialsBucket) });
export type TrialsReport = z.infer<typeof TrialsReport>;

/**
 * Subscribers at the start of a bucket (cut to the period, and to now for the one running), how
 * many of them had no period running at its end (`ended`:
 * a cancellation takes effect at its period's end, and a renewal that never came ends it too), and
 * `churn` = ended / subscribers at the start.
 */
export const ChurnBucket = z.object({ bucket: z.string(), start: z.string(), end: z.string(), subscribers: z.number().int(), ended: z.number().int(), churn: z.number().nullable() });
/** `cancelling`: subscribers who asked to cancel and whose period is still running now (they end at its end). */
export const ChurnReport = z.object({ period: ReportPeriod, buckets: z.array(ChurnBucket), cancelling: z.number().int() });
export type ChurnReport = z.infer<typeof ChurnReport>;

export const AdFigures = z.object({ impressions: z.number().int(), clicks: z.number().int(), ctr: z.number().nullable() });
export type AdFigures = z.infer<typeof AdFigures>;
/** GET /admin/reports/ads: impressions and clicks per ad (and its partner; none for house ads) and bucket, click-through rate = clicks / impressions. */
export const AdsReport = z.object({
  period: ReportPeriod,
  totals: AdFigures,
  buckets: z.array(AdFigures.extend({ bucket: z.string() })),
  ads: z.array(
    AdFigures.extend({
      id: z.number().int(),
      title: z.string(),
      kind: z.enum(['house', 'sponsor']),
      placement: z.string(),
      partner: z.object({ slug: z.string(), name: z.string() }).nullable(),
      buckets: z.array(AdFigures.extend({ bucket: z.string() })),
    }),
  ),
  partners: z.array(AdFigures.extend({ slug: z.string().nullable(), name: z.string().nullable() })),
});
export type AdsReport = z.infer<typeof AdsReport>;

export const LibraryFigures = z.object({ loans: z.number().int(), patrons: z.number().int(), titles: z.number().int() });
/** GET /admin/reports/libraries: loans started, distinct cards and distinct titles per library and bucket (month by default). */
export const LibrariesReport = z.object({
  period: ReportPeriod,
  buckets: z.array(LibraryFigures.extend({ bucket: z.string() })),
  libraries: z.array(LibraryFigures.extend({ slug: z.string(), name: z.string(), buckets: z.array(LibraryFigures.extend({ bucket: z.string() })) })),
});
export type LibrariesReport = z.infer<typeof LibrariesReport>;

/** One currency's sales of a show: orders paid, what they brought, what was given back. */
export const ShowMoney = z.object({ currency: Currency, orders: z.number().int(), gross: z.number().int(), refunds: z.number().int(), net: z.number().int() });
/** GET /admin/reports/events: per show, its tickets sold (and seats of the venue taken) and its money per currency. */
export const EventsReport = z.object({
  shows: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      event: z.object({ slug: z.string(), name: z.string() }),
      starts_at: z.string(),
      capacity: z.number().int(),
      seats: z.number().int(),
      tickets: z.number().int(),
      fill: z.number().nullable(),
      money: z.array(ShowMoney),
    }),
  ),
  totals: z.array(ShowMoney),
});
export type EventsReport = z.infer<typeof EventsReport>;
