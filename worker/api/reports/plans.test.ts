// The reports' statements read covering indexes in order (worker/db/migrations/0023_report_indexes.sql),
// never every row of a big table: at a million payments that is the difference between 60 ms and
// seconds. Checked on the test database, which has no statistics (as D1 in production).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NO_REFUNDS, REFUND_LEDGER } from './ledger';
import { revenueSql } from './revenue';
import { ROLL_UP_SQL } from './revenue-days';
import { CHURN_SQL, SUBSCRIBERS_AT_SQL, trialsSql } from './subscribers';

const AT = '2031-03-01T00:00:00.000Z';
const MONTH = { from: '2031-03-01', to: '2031-03-31', granularity: 'day' } as const;

const plan = async (sql: string, ...args: unknown[]): Promise<string[]> =>
  (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...args).all<{ detail: string }>()).results.map((r) => r.detail);

/** Every read of transactions and invoices in a plan: an index search, or a scan of a small partial index. */
const reads = (steps: readonly string[]) => steps.filter((s) => /^(SEARCH|SCAN) [ipt]\b/.test(s));

describe('the reports query plans', () => {
  it('revenue reads the sales in time order from one covering index', async () => {
    const steps = await plan(revenueSql(MONTH, 'method', NO_REFUNDS), AT, AT, null, AT, AT, AT);
    expect(steps).toContain('SEARCH t USING COVERING INDEX transactions_sales (updated_at>? AND updated_at<?)');
    expect(steps).toContain('SCAN t USING INDEX transactions_after_sale');
    expect(steps.filter((s) => /^SCAN (transactions|invoices|t|i)$/.test(s))).toEqual([]);
  });

  it('revenue reads the days rolled up by their key, and rolls a day up from the same indexes', async () => {
    const rolled = await plan(revenueSql(MONTH, 'plan', REFUND_LEDGER), AT, AT, null, AT, AT, AT);
    expect(rolled).toContain('SEARCH d USING PRIMARY KEY (day>? AND day<?)');
    expect(rolled).toContain('SEARCH m USING PRIMARY KEY (month>? AND month<?)');
    const steps = await plan(ROLL_UP_SQL, AT, AT);
    expect(steps).toContain('SEARCH t USING COVERING INDEX transactions_sales (updated_at>? AND updated_at<?)');
    expect(steps).toContain('SEARCH refunds USING COVERING INDEX refunds_made (state=? AND decided_at>? AND decided_at<?)');
    expect(steps.filter((s) => /^SCAN (refunds|transactions|invoices|t|i)$/.test(s))).toEqual([]);
  });

  it('revenue net of refunds reads the refunds made in the period by when they were made, and one refunded payment per refund', async () => {
    const steps = await plan(revenueSql(MONTH, 'plan', REFUND_LEDGER), AT, AT, null, AT, AT, AT);
    expect(steps).toContain('SEARCH refunds USING COVERING INDEX refunds_made (state=? AND decided_at>? AND decided_at<?)');
    expect(steps.filter((s) => /^SCAN (refunds|transactions|invoices|t|i)$/.test(s))).toEqual([]);
    const perPayment = await plan(`SELECT SUM(l.amount) FROM (${REFUND_LEDGER.sql}) l WHERE l.transaction_id = ?1`, 'x');
    expect(perPayment).toEqual(['SEARCH refunds USING COVERING INDEX refunds_of_payment (transaction_id=? AND state=?)']);
  });

  it('subscribers at a moment read the periods running then, and each sale next to its invoice', async () => {
    const steps = await plan(SUBSCRIBERS_AT_SQL, AT);
    expect(reads(steps)).toEqual([
      'SEARCH i USING COVERING INDEX invoices_period (period_end>?)',
      expect.stringMatching(/^SEARCH t USING COVERING INDEX transactions_sales \(updated_at=\? AND id=\?/),
      'SEARCH t USING COVERING INDEX transactions_trials (updated_at<?)',
    ]);
  });

  it('trials and churn read the trials, the paid periods and the payments for a plan through their indexes', async () => {
    expect(reads(await plan(trialsSql(MONTH), AT, AT, AT))).toEqual([
      'SEARCH t USING COVERING INDEX transactions_trials (updated_at>? AND updated_at<?)',
      'SEARCH p USING COVERING INDEX transactions_paid (user_id=? AND updated_at>? AND updated_at<?)',
      'SEARCH p USING COVERING INDEX transactions_paid (user_id=? AND updated_at>? AND updated_at<?)',
    ]);
    expect(reads(await plan(CHURN_SQL, JSON.stringify([AT, AT])))).toEqual([
      'SEARCH i USING COVERING INDEX invoices_period (period_end>?)',
      'SEARCH t USING COVERING INDEX transactions_trials (updated_at<?)',
    ]);
  });
});
