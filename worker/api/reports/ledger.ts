/**
 * What the reports count as money (issue 32), in one place.
 *
 * A sale is a payment that took money: accepted, no trial, no card check, an amount above zero.
 * Each is invoiced in the batch that accepts it (worker/api/payments/settle.ts), at the instant its
 * row's `updated_at` is set to, so the reports read the sales straight from `transactions` in time
 * order, through one covering index (transactions_sales), without a lookup per invoice. A payment
 * that was a sale and has moved on to a state after 'accepted' (such as 'refunded') stays a sale of
 * the day its invoice was issued. A refund is recorded beside its payment, not by rewriting the
 * payment's `updated_at` while it stays 'accepted'.
 *
 * Refunds come from a ledger: one SELECT answering a row per refund made, `transaction_id` (the
 * refunded payment), `amount` (minor units, in that payment's currency) and `at` (ISO 8601 UTC, when
 * it was made); it takes no parameters. A refund counts when it is made, against its payment's
 * currency, method, provider and plan. Every money report takes the ledger as a parameter: the
 * routes hand them REFUND_LEDGER, the refunds table; tests may hand another.
 */
export type RefundLedger = { readonly sql: string };

/** No refund recorded anywhere: gross and net are the same. */
export const NO_REFUNDS: RefundLedger = { sql: 'SELECT NULL AS transaction_id, 0 AS amount, NULL AS at WHERE 0' };

/**
 * The refunds made from the back office (migration 0022, worker/api/payments/refunds): a refund
 * counts once it is done (its credit note is written in the same batch), on the instant it was
 * done (`decided_at`). A claim still held or refused by the provider moved no money. Read through the
 * index refunds_made (migration 0026) by that instant.
 */
export const REFUND_LEDGER: RefundLedger = { sql: "SELECT transaction_id, amount, decided_at AS at FROM refunds WHERE state = 'done'" };

/** Payment `t` is a sale as it was settled (the partial index transactions_sales holds exactly these). */
export const SETTLED_SALE = "t.state = 'accepted' AND t.trial_days = 0 AND t.purpose != 'card'";

/** Payment `t` was a sale and has moved on since (the partial index transactions_after_sale holds these): its invoice dates it. */
export const MOVED_SALE = "t.state NOT IN ('created', 'pending', 'accepted', 'failed', 'expired', 'cancelled', 'refund_due')";

/**
 * The refunds made in [from, to) (two SQL placeholders or expressions, ?1 and ?2 by default) of
 * payments that were sales, as rows `r` (transaction_id, amount, at). Money given back for a payment
 * that never became a sale (a `refund_due` checkout: no invoice) was never revenue, so it is left out.
 */
export const refundRows = (ledger: RefundLedger, from = '?1', to = '?2'): string =>
  `(SELECT l.transaction_id, l.amount, l.at FROM (${ledger.sql}) l
    WHERE l.at >= ${from} AND l.at < ${to} AND EXISTS (SELECT 1 FROM invoices v WHERE v.transaction_id = l.transaction_id))`;

/** A column a money row is keyed by: its SQL expression (over payment `t`, dated by `at`) and its name. */
export type MoneyKey = readonly [expression: (at: string) => string, name: string];

/**
 * The money of payments between two instants (`from`, `to`: SQL placeholders), in three parts: the
 * sales as settled, the sales that moved on (dated by their invoice), the refunds made (dated when
 * made, keyed by their payment). Each part is grouped by `keys` (what they name, over `t` and the
 * instant `at` that dates the row) and answers payments, gross and refunds; `currency` is an SQL
 * condition on `t`. The indexes are named (INDEXED BY): without statistics (D1 keeps none unless
 * asked) SQLite would take `state = 'accepted'` to an index of every accepted payment and read them all.
 */
export function moneyParts(keys: readonly MoneyKey[], range: { from: string; to: string }, currency: string, ledger: RefundLedger): string {
  const select = (at: string) => keys.map(([expression, name]) => `${expression(at)} AS ${name}`).join(', ');
  const groupBy = keys.map((_, n) => n + 1).join(', ');
  return `SELECT ${select('t.updated_at')}, COUNT(*) AS payments, SUM(t.amount) AS gross, 0 AS refunds
        FROM transactions t INDEXED BY transactions_sales
        WHERE ${SETTLED_SALE} AND t.amount > 0 AND t.updated_at >= ${range.from} AND t.updated_at < ${range.to} AND ${currency}
        GROUP BY ${groupBy}
      UNION ALL
      SELECT ${select('i.issued_at')}, COUNT(*), SUM(t.amount), 0
        FROM transactions t INDEXED BY transactions_after_sale JOIN invoices i ON i.transaction_id = t.id
        WHERE ${MOVED_SALE} AND t.amount > 0 AND i.issued_at >= ${range.from} AND i.issued_at < ${range.to} AND ${currency}
        GROUP BY ${groupBy}
      UNION ALL
      SELECT ${select('r.at')}, 0, 0, SUM(r.amount)
        FROM ${refundRows(ledger, range.from, range.to)} r JOIN transactions t ON t.id = r.transaction_id
        WHERE ${currency}
        GROUP BY ${groupBy}`;
}
