// Revenue (issue 32): what was sold per day, week or month, per currency, and per method, provider
// or plan. Imports carry their extension so the bench (scripts/bench/back-office.ts) runs this very
// code in Node against its million payments.
import type { Lang } from '../../rules/lang';
import { bucketsOf, periodRange, type Period } from '../../rules/reports.ts';
import type { Currency } from '../../rules/subscription';
import { pickText } from '../../rules/texts.ts';
import { MOVED_SALE, refundRows, SETTLED_SALE, type RefundLedger } from './ledger.ts';
import type { BucketFigures, Figures, RevenueGroup, RevenueReport } from './schemas';
import { bucketSql } from './sql.ts';

/** What each grouping reads of a payment. */
const GROUP_COLUMN: Record<RevenueGroup, string> = { total: "''", method: 't.method', provider: 't.provider', plan: 't.plan_id' };

/**
 * One statement: the sales (what was paid, after a coupon) and the refunds made in the period, both
 * per bucket, currency and group, each part summed where it is read. `?1`, `?2`: the period's
 * instants; `?3`: one currency or NULL for all. The indexes are named (INDEXED BY): without
 * statistics (D1 keeps none unless asked) SQLite would take `state = 'accepted'` to an index of
 * every accepted payment and read them all.
 */
export function revenueSql(period: Period, by: RevenueGroup, refunds: RefundLedger): string {
  const group = GROUP_COLUMN[by];
  const currency = '(?3 IS NULL OR t.currency = ?3)';
  const keys = (at: string) => `${bucketSql(at, period.granularity)} AS bucket, t.currency, ${group} AS key`;
  return `SELECT bucket, currency, key, SUM(payments) AS payments, SUM(gross) AS gross, SUM(refunds) AS refunds
    FROM (
      SELECT ${keys('t.updated_at')}, COUNT(*) AS payments, SUM(t.amount) AS gross, 0 AS refunds
        FROM transactions t INDEXED BY transactions_sales
        WHERE ${SETTLED_SALE} AND t.amount > 0 AND t.updated_at >= ?1 AND t.updated_at < ?2 AND ${currency}
        GROUP BY 1, 2, 3
      UNION ALL
      SELECT ${keys('i.issued_at')}, COUNT(*), SUM(t.amount), 0
        FROM transactions t INDEXED BY transactions_after_sale JOIN invoices i ON i.transaction_id = t.id
        WHERE ${MOVED_SALE} AND t.amount > 0 AND i.issued_at >= ?1 AND i.issued_at < ?2 AND ${currency}
        GROUP BY 1, 2, 3
      UNION ALL
      SELECT ${keys('r.at')}, 0, 0, SUM(r.amount)
        FROM ${refundRows(refunds)} r JOIN transactions t ON t.id = r.transaction_id
        WHERE ${currency}
        GROUP BY 1, 2, 3
    )
    GROUP BY bucket, currency, key`;
}

type Row = { bucket: string; currency: Currency; key: string | number; payments: number; gross: number; refunds: number };

const ZERO: Figures = { payments: 0, gross: 0, refunds: 0, net: 0 };
const add = (a: Figures, b: Pick<Figures, 'payments' | 'gross' | 'refunds'>): Figures => ({
  payments: a.payments + b.payments,
  gross: a.gross + b.gross,
  refunds: a.refunds + b.refunds,
  net: a.net + b.gross - b.refunds,
});

/** Every bucket of the period, each with the figures of the rows that fall in it (zero when none). */
function fill(buckets: readonly string[], rows: readonly Row[]): { totals: Figures; buckets: BucketFigures[] } {
  const byBucket = new Map<string, Figures>();
  let totals = ZERO;
  for (const row of rows) {
    byBucket.set(row.bucket, add(byBucket.get(row.bucket) ?? ZERO, row));
    totals = add(totals, row);
  }
  return { totals, buckets: buckets.map((bucket) => ({ bucket, ...(byBucket.get(bucket) ?? ZERO) })) };
}

export type RevenueQuery = { period: Period; by: RevenueGroup; currency: Currency | null; lang: Lang };

/**
 * Revenue of a period, one block per currency that had a sale or a refund in it (or the one asked
 * for): its totals and every bucket; with `by`, the same per method, provider or plan (named in
 * `lang`), largest first. Net = gross − refunds, in that currency only.
 */
export async function revenueReport(db: D1Database, query: RevenueQuery, refunds: RefundLedger): Promise<RevenueReport> {
  const { start, end } = periodRange(query.period);
  const [sales, plans] = await db.batch<Row | { id: number; name: string }>([
    db.prepare(revenueSql(query.period, query.by, refunds)).bind(start, end, query.currency),
    db.prepare(query.by === 'plan' ? 'SELECT id, name FROM plans' : 'SELECT id, name FROM plans WHERE 0'),
  ]);
  const rows = (sales?.results ?? []) as Row[];
  const planNames = new Map(((plans?.results ?? []) as { id: number; name: string }[]).map((p) => [String(p.id), pickText(p.name, query.lang) || `#${p.id}`]));
  const buckets = bucketsOf(query.period);
  const currencies = query.currency ? [query.currency] : [...new Set(rows.map((r) => r.currency))].sort();
  return {
    period: query.period,
    by: query.by,
    currencies: currencies.map((currency) => {
      const mine = rows.filter((r) => r.currency === currency);
      const keys = query.by === 'total' ? [] : [...new Set(mine.map((r) => String(r.key)))];
      const groups = keys
        .map((key) => ({ key, label: planNames.get(key) ?? key, ...fill(buckets, mine.filter((r) => String(r.key) === key)) }))
        .sort((a, b) => b.totals.net - a.totals.net || a.key.localeCompare(b.key));
      return { currency, ...fill(buckets, mine), groups };
    }),
  };
}
