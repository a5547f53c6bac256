// Each report as a CSV file (issue 32): one row per line a spreadsheet sums or filters, the column
// names fixed (snake_case English, the same in every language, so a sheet built on them keeps
// working), amounts in major units beside their currency column, ratios as fractions.
import { csvFile, type CsvValue } from '../../rules/csv';
import type { AdsReport, ChurnReport, EventsReport, LibrariesReport, RevenueReport, SubscribersReport, TrialsReport } from './schemas';

/** Minor units → the amount a sheet reads (12345 → 123.45), a number, so it is summed and never defused as text. */
const major = (minor: number): number => minor / 100;

export type Csv = { name: string; body: string };

/** A CSV download: the UTF-8 byte order mark first, so spreadsheets read Arabic and accents right. */
export const withBom = (text: string): string => `\uFEFF${text}`;

const file = (name: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]): Csv => ({ name, body: withBom(csvFile(header, rows)) });
const span = (p: { from: string; to: string }) => `${p.from}_${p.to}`;

/** Per bucket and currency (every bucket, zeros included); with a grouping, per group too, only where something happened. */
export function revenueCsv(report: RevenueReport): Csv {
  const rows: CsvValue[][] = [];
  for (const c of report.currencies) {
    if (report.by === 'total') for (const b of c.buckets) rows.push([b.bucket, c.currency, 'total', '', b.payments, major(b.gross), major(b.refunds), major(b.net)]);
    for (const g of c.groups)
      for (const b of g.buckets) if (b.payments || b.refunds) rows.push([b.bucket, c.currency, g.key, g.label, b.payments, major(b.gross), major(b.refunds), major(b.net)]);
  }
  return file(`revenue-${report.by}-${span(report.period)}.csv`, ['bucket', 'currency', report.by === 'total' ? 'group' : report.by, 'label', 'payments', 'gross', 'refunds', 'net'], rows);
}

export function subscribersCsv(report: SubscribersReport): Csv {
  return file(
    `subscribers-${span(report.period)}.csv`,
    ['bucket', 'at', 'active', 'paying', 'free', 'trialing'],
    report.points.map((p) => [p.bucket, p.at, p.active, p.paying, p.free, p.trialing]),
  );
}

export function mrrCsv(report: SubscribersReport): Csv {
  return file(
    `mrr-${span(report.period)}.csv`,
    ['bucket', 'at', 'currency', 'mrr', 'paying_subscribers'],
    report.points.flatMap((p) => p.mrr.map((m) => [p.bucket, p.at, m.currency, major(m.amount), m.subscribers])),
  );
}

export function trialsCsv(report: TrialsReport): Csv {
  return file(
    `trials-${span(report.period)}.csv`,
    ['bucket', 'started', 'converted', 'running', 'conversion'],
    report.buckets.map((b) => [b.bucket, b.started, b.converted, b.running, b.conversion]),
  );
}

export function churnCsv(report: ChurnReport): Csv {
  return file(
    `churn-${span(report.period)}.csv`,
    ['bucket', 'start', 'end', 'subscribers', 'ended', 'churn'],
    report.buckets.map((b) => [b.bucket, b.start, b.end, b.subscribers, b.ended, b.churn]),
  );
}

export function adsCsv(report: AdsReport): Csv {
  return file(
    `ads-${span(report.period)}.csv`,
    ['bucket', 'ad_id', 'ad', 'kind', 'placement', 'partner', 'impressions', 'clicks', 'ctr'],
    report.ads.flatMap((a) =>
      a.buckets.filter((b) => b.impressions || b.clicks).map((b) => [b.bucket, a.id, a.title, a.kind, a.placement, a.partner?.name ?? '', b.impressions, b.clicks, b.ctr]),
    ),
  );
}

export function librariesCsv(report: LibrariesReport): Csv {
  return file(
    `libraries-${span(report.period)}.csv`,
    ['bucket', 'library', 'name', 'loans', 'patrons', 'titles'],
    report.libraries.flatMap((l) => l.buckets.filter((b) => b.loans).map((b) => [b.bucket, l.slug, l.name, b.loans, b.patrons, b.titles])),
  );
}

export function eventsCsv(report: EventsReport): Csv {
  return file(
    'event-sales.csv',
    ['event', 'show', 'title', 'starts_at', 'capacity', 'seats', 'tickets', 'currency', 'orders', 'gross', 'refunds', 'net'],
    report.shows.flatMap((s) => {
      const base = [s.event.name, s.slug, s.title, s.starts_at, s.capacity, s.seats, s.tickets];
      return s.money.length ? s.money.map((m) => [...base, m.currency, m.orders, major(m.gross), major(m.refunds), major(m.net)]) : [[...base, '', 0, 0, 0, 0]];
    }),
  );
}
