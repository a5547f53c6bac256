// Ads, libraries and event sales (issue 32): read from the tables of partners (0011), libraries
// (0014) and events (0015) with SQL only, never through those areas' code.
import type { Lang } from '../../rules/lang';
import { bucketsOf, periodRange, ratio, type Period } from '../../rules/reports';
import type { Currency } from '../../rules/subscription';
import { pickText } from '../../rules/texts';
import { done, refused, type Result } from '../kernel/refusals';
import type { RefundLedger } from './ledger';
import type { AdFigures, AdsReport, EventsReport, LibrariesReport } from './schemas';
import { bucketSql } from './sql';

export type UsageRefusal = 'REPORT_PARTNER_NOT_FOUND' | 'REPORT_AD_NOT_FOUND' | 'REPORT_LIBRARY_NOT_FOUND' | 'REPORT_EVENT_NOT_FOUND';

const figures = (impressions: number, clicks: number): AdFigures => ({ impressions, clicks, ctr: ratio(clicks, impressions) });

type AdRow = {
  bucket: string;
  ad_id: number;
  title: string;
  kind: 'house' | 'sponsor';
  placement: string;
  partner_slug: string | null;
  partner_name: string | null;
  impressions: number;
  clicks: number;
};

/**
 * Impressions and clicks counted per ad and UTC day (ad_counts), per bucket: one statement, each
 * row naming its ad and partner. `?3` a partner's slug, `?4` an ad's id, or NULL for all.
 */
const adsSql = (period: Period) => `SELECT ${bucketSql('c.day', period.granularity)} AS bucket, c.ad_id, a.title, a.kind, a.placement,
    p.slug AS partner_slug, p.name AS partner_name, SUM(c.impressions) AS impressions, SUM(c.clicks) AS clicks
  FROM ad_counts c JOIN ads a ON a.id = c.ad_id LEFT JOIN partners p ON p.id = a.partner_id
  WHERE c.day >= ?1 AND c.day <= ?2 AND (?3 IS NULL OR p.slug = ?3) AND (?4 IS NULL OR c.ad_id = ?4)
  GROUP BY bucket, c.ad_id`;

/**
 * The ads (of a partner's slug, or one ad's id, or all) that ran at some time of the day of `at`:
 * the ones whose counts may still wait in their counter shards (worker/limits/counters.ts).
 */
export async function adsCountedToday(db: D1Database, filter: { partner: string | null; ad: number | null }, at: Date): Promise<number[]> {
  const seconds = Math.floor(at.getTime() / 1000);
  const { results } = await db
    .prepare(`SELECT a.id FROM ads a LEFT JOIN partners p ON p.id = a.partner_id
      WHERE a.starts_at <= ?1 AND (a.ends_at IS NULL OR a.ends_at > ?2) AND (?3 IS NULL OR p.slug = ?3) AND (?4 IS NULL OR a.id = ?4)`)
    .bind(seconds, seconds - (seconds % 86400), filter.partner, filter.ad)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Ads per bucket, per ad and per partner (house ads have none), with their click-through rates. */
export async function adsReport(db: D1Database, query: { period: Period; partner: string | null; ad: number | null; lang: Lang }): Promise<Result<AdsReport, UsageRefusal>> {
  const { period } = query;
  const [known, counted] = await db.batch<{ partner: number; ad: number } | AdRow>([
    db.prepare('SELECT (?1 IS NULL OR EXISTS (SELECT 1 FROM partners WHERE slug = ?1)) AS partner, (?2 IS NULL OR EXISTS (SELECT 1 FROM ads WHERE id = ?2)) AS ad').bind(query.partner, query.ad),
    db.prepare(adsSql(period)).bind(period.from, period.to, query.partner, query.ad),
  ]);
  const found = known?.results[0] as { partner: number; ad: number } | undefined;
  if (!found?.partner) return refused('REPORT_PARTNER_NOT_FOUND', query.partner ?? '');
  if (!found.ad) return refused('REPORT_AD_NOT_FOUND', String(query.ad));
  const rows = (counted?.results ?? []) as AdRow[];
  const buckets = bucketsOf(period);
  const perBucket = (mine: readonly AdRow[]) =>
    buckets.map((bucket) => {
      const inside = mine.filter((r) => r.bucket === bucket);
      return { bucket, ...figures(sum(inside, 'impressions'), sum(inside, 'clicks')) };
    });
  const adIds = [...new Set(rows.map((r) => r.ad_id))];
  const ads = adIds
    .map((id) => {
      const mine = rows.filter((r) => r.ad_id === id);
      const first = mine[0] as AdRow;
      return {
        id,
        title: pickText(first.title, query.lang) || first.title,
        kind: first.kind,
        placement: first.placement,
        partner: first.partner_slug ? { slug: first.partner_slug, name: pickText(first.partner_name, query.lang) || first.partner_slug } : null,
        ...figures(sum(mine, 'impressions'), sum(mine, 'clicks')),
        buckets: perBucket(mine),
      };
    })
    .sort((a, b) => b.impressions - a.impressions || a.id - b.id);
  const partnerSlugs = [...new Set(ads.map((a) => a.partner?.slug ?? null))];
  const partners = partnerSlugs
    .map((slug) => {
      const mine = ads.filter((a) => (a.partner?.slug ?? null) === slug);
      return { slug, name: mine[0]?.partner?.name ?? null, ...figures(sum(mine, 'impressions'), sum(mine, 'clicks')) };
    })
    .sort((a, b) => b.impressions - a.impressions);
  return done({ period, totals: figures(sum(rows, 'impressions'), sum(rows, 'clicks')), buckets: perBucket(rows), ads, partners });
}

const sum = <K extends string>(rows: readonly Record<K, number>[], key: K): number => rows.reduce((total, r) => total + r[key], 0);

type LoanRow = { bucket: string | null; library_id: number | null; slug: string | null; name: string | null; loans: number; patrons: number; titles: number };

/**
 * Library loans started in the period (`?1`..`?2`), one library (`?3` its slug) or all: loans,
 * distinct cards and distinct titles per library and bucket, per library, and per bucket over every
 * library (a card is a library's: two libraries' cards with one number are two patrons).
 */
export async function librariesReport(db: D1Database, query: { period: Period; library: string | null; lang: Lang }): Promise<Result<LibrariesReport, UsageRefusal>> {
  const { period } = query;
  const { start, end } = periodRange(period);
  const bucket = bucketSql('o.started_at', period.granularity);
  const from = `FROM library_loans o JOIN libraries l ON l.id = o.library_id WHERE o.started_at >= ?1 AND o.started_at < ?2 AND (?3 IS NULL OR l.slug = ?3)`;
  const counts = "COUNT(*) AS loans, COUNT(DISTINCT o.library_id || ':' || o.card_number) AS patrons, COUNT(DISTINCT o.content_id) AS titles";
  const [known, perLibraryBucket, perLibrary, perBucket] = await db.batch<{ ok: number } | LoanRow>([
    db.prepare('SELECT (?1 IS NULL OR EXISTS (SELECT 1 FROM libraries WHERE slug = ?1)) AS ok').bind(query.library),
    db.prepare(`SELECT ${bucket} AS bucket, o.library_id, l.slug, l.name, ${counts} ${from} GROUP BY bucket, o.library_id`).bind(start, end, query.library),
    db.prepare(`SELECT NULL AS bucket, o.library_id, l.slug, l.name, ${counts} ${from} GROUP BY o.library_id`).bind(start, end, query.library),
    db.prepare(`SELECT ${bucket} AS bucket, NULL AS library_id, NULL AS slug, NULL AS name, ${counts} ${from} GROUP BY bucket`).bind(start, end, query.library),
  ]);
  if (!(known?.results[0] as { ok: number } | undefined)?.ok) return refused('REPORT_LIBRARY_NOT_FOUND', query.library ?? '');
  const buckets = bucketsOf(period);
  const fill = (rows: readonly LoanRow[]) =>
    buckets.map((b) => {
      const row = rows.find((r) => r.bucket === b);
      return { bucket: b, loans: row?.loans ?? 0, patrons: row?.patrons ?? 0, titles: row?.titles ?? 0 };
    });
  const cells = (perLibraryBucket?.results ?? []) as LoanRow[];
  return done({
    period,
    buckets: fill((perBucket?.results ?? []) as LoanRow[]),
    libraries: ((perLibrary?.results ?? []) as LoanRow[])
      .map((r) => ({
        slug: r.slug ?? '',
        name: pickText(r.name, query.lang) || (r.slug ?? ''),
        loans: r.loans,
        patrons: r.patrons,
        titles: r.titles,
        buckets: fill(cells.filter((c) => c.library_id === r.library_id)),
      }))
      .sort((a, b) => b.loans - a.loans || a.slug.localeCompare(b.slug)),
  });
}

type ShowRow = { id: number; slug: string; titles: string; starts_at: string; capacity: number; event_slug: string; event_names: string; tickets: number; seats: number };
type MoneyRow = { show_id: number; currency: Currency; orders: number; gross: number; refunds: number };

/** Shows of one festival (`?1` its slug) or all, starting in [`?2`, `?3`) when given. */
const SHOWS = `FROM event_shows s JOIN events e ON e.id = s.event_id
  WHERE (?1 IS NULL OR e.slug = ?1) AND (?2 IS NULL OR s.starts_at >= ?2) AND (?3 IS NULL OR s.starts_at < ?3)`;

/**
 * Event sales per show: tickets valid (issued for a paid order, used at the door or not) and the
 * venue's seats they take; money per currency from the orders whose payment was invoiced (paid,
 * fulfilled, or refund_due: the money was taken, its refund is subtracted when made) less refunds.
 */
export async function eventsReport(db: D1Database, query: { event: string | null; from: string | null; to: string | null; lang: Lang }, refunds: RefundLedger): Promise<Result<EventsReport, UsageRefusal>> {
  const range = [query.event, query.from ? `${query.from}T00:00:00.000Z` : null, query.to ? periodRange({ from: query.to, to: query.to }).end : null];
  const [known, shows, money] = await db.batch<{ ok: number } | ShowRow | MoneyRow>([
    db.prepare('SELECT (?1 IS NULL OR EXISTS (SELECT 1 FROM events WHERE slug = ?1)) AS ok').bind(query.event),
    db
      .prepare(
        `SELECT s.id, s.slug, s.titles, s.starts_at, s.capacity, e.slug AS event_slug, e.names AS event_names,
            (SELECT COUNT(*) FROM etickets k WHERE k.show_id = s.id AND k.state = 'valid') AS tickets,
            (SELECT COUNT(*) FROM etickets k WHERE k.show_id = s.id AND k.state = 'valid' AND k.kind IN ('venue', 'both')) AS seats
          ${SHOWS} ORDER BY s.starts_at, s.id`,
      )
      .bind(...range),
    db
      .prepare(
        `SELECT o.show_id, o.currency, SUM(o.state IN ('paid', 'fulfilled')) AS orders, SUM(o.amount) AS gross,
            COALESCE(SUM((SELECT SUM(l.amount) FROM (${refunds.sql}) l WHERE l.transaction_id = o.transaction_id)), 0) AS refunds
          FROM orders o JOIN invoices i ON i.transaction_id = o.transaction_id
          WHERE o.show_id IN (SELECT s.id ${SHOWS})
          GROUP BY o.show_id, o.currency`,
      )
      .bind(...range),
  ]);
  if (!(known?.results[0] as { ok: number } | undefined)?.ok) return refused('REPORT_EVENT_NOT_FOUND', query.event ?? '');
  const moneyRows = (money?.results ?? []) as MoneyRow[];
  const toMoney = (rows: readonly MoneyRow[]) =>
    [...new Set(rows.map((r) => r.currency))].sort().map((currency) => {
      const mine = rows.filter((r) => r.currency === currency);
      const gross = sum(mine, 'gross');
      const refunded = sum(mine, 'refunds');
      return { currency, orders: sum(mine, 'orders'), gross, refunds: refunded, net: gross - refunded };
    });
  return done({
    shows: ((shows?.results ?? []) as ShowRow[]).map((s) => ({
      id: s.id,
      slug: s.slug,
      title: pickText(s.titles, query.lang) || s.slug,
      event: { slug: s.event_slug, name: pickText(s.event_names, query.lang) || s.event_slug },
      starts_at: s.starts_at,
      capacity: s.capacity,
      seats: s.seats,
      tickets: s.tickets,
      fill: ratio(s.seats, s.capacity),
      money: toMoney(moneyRows.filter((m) => m.show_id === s.id)),
    })),
    totals: toMoney(moneyRows),
  });
}
