import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../env';
import { csvFile, type CsvValue } from '../../../rules/csv';
import { now } from '../../kernel/clock';
import { apiError } from '../../errors';
import { can } from '../../kernel/staff';
import { validationHook } from '../../kernel/validation';
import { differences, summary, type Range } from './queries';
import { DifferenceQuery, RANGE_MAX_DAYS, SummaryQuery, type Summary, type SummaryPart } from './schemas';

/**
 * Cash reconciliation (issue 32), a Hono app mounted at /admin/reconciliation (reconciliation.read):
 *   GET /?from=&to=              the days' cash vouchers (issued, paid, expired, waiting per currency),
 *                                cash paid per agency, agents' collections against the network's
 *                                confirmations, mobile payments, and how many differences → Summary;
 *       &format=csv&part=vouchers|agencies|agents|mobile   one of those tables as CSV
 *   GET /differences?from=&to=&kind=&method=&limit=&offset=   → { differences, next_offset }; &format=csv (up to 10,000)
 * Days are UTC, `to` included, both today by default, at most 92 days apart (400 RECON_RANGE_INVALID).
 */

type Ctx = Context<AppEnv>;
const CSV_ROWS = 10_000;

function rangeOf(c: Ctx, q: { from?: string | undefined; to?: string | undefined }): Range {
  const today = now(c).toISOString().slice(0, 10);
  const range = { from: q.from ?? q.to ?? today, to: q.to ?? q.from ?? today };
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  if (days < 0 || days >= RANGE_MAX_DAYS) apiError(400, 'RECON_RANGE_INVALID', `from before to, at most ${RANGE_MAX_DAYS} days`);
  return range;
}

const csv = (c: Ctx, name: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]) =>
  c.body(`\uFEFF${csvFile(header, rows)}`, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' });

/** A summary table's columns, in the CSV's order (amounts in minor units, beside their currency). */
const PART_COLUMNS = {
  vouchers: ['day', 'currency', 'issued', 'issued_amount', 'paid', 'paid_amount', 'expired', 'expired_amount', 'waiting', 'waiting_amount', 'cancelled'],
  agencies: ['day', 'agency', 'currency', 'paid', 'amount'],
  agents: ['day', 'agent_id', 'agent_name', 'currency', 'collected', 'collected_amount', 'confirmed', 'confirmed_amount', 'waiting'],
  mobile: ['day', 'currency', 'started', 'accepted', 'accepted_amount', 'failed', 'confirmed', 'confirmed_amount'],
} as const satisfies Record<SummaryPart, readonly string[]>;

const partRows = (s: Summary, part: SummaryPart): CsvValue[][] => {
  const columns: readonly string[] = PART_COLUMNS[part];
  const table: readonly Record<string, CsvValue>[] = s[part];
  return table.map((row) => columns.map((name) => row[name] ?? null));
};

const DIFFERENCE_COLUMNS = ['kind', 'transaction_id', 'method', 'state', 'created_at', 'voucher_ref', 'agent_id', 'email', 'amount', 'currency', 'network_amount', 'network_currency', 'agency', 'confirmed_at'] as const;

export const reconciliation = new Hono<AppEnv>()
  .get('/', can('reconciliation.read'), zValidator('query', SummaryQuery, validationHook), async (c) => {
    const q = c.req.valid('query');
    const range = rangeOf(c, q);
    const s = await summary(c.env.DB, range);
    if (q.format === 'csv') return csv(c, `reconciliation-${q.part}-${range.from}-${range.to}.csv`, PART_COLUMNS[q.part], partRows(s, q.part));
    return c.json(s);
  })
  .get('/differences', can('reconciliation.read'), zValidator('query', DifferenceQuery, validationHook), async (c) => {
    const q = c.req.valid('query');
    const range = rangeOf(c, q);
    if (q.format === 'csv') {
      const all = await differences(c.env.DB, range, { ...q, limit: CSV_ROWS, offset: 0 });
      return csv(c, `reconciliation-differences-${range.from}-${range.to}.csv`, DIFFERENCE_COLUMNS, all.differences.map((d) => DIFFERENCE_COLUMNS.map((k) => d[k])));
    }
    return c.json(await differences(c.env.DB, range, q));
  });
