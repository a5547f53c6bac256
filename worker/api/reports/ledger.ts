/**
 * The refunds the reports subtract (issue 32). Revenue is the invoices issued (an invoice is written
 * only in the batch that accepts a payment: worker/api/payments/settle.ts) less the money given back;
 * a refund counts when it is made, in the currency of the payment it refunds, against the same
 * method, provider and plan.
 *
 * A ledger is one SELECT answering a row per refund: `transaction_id` (the refunded payment),
 * `amount` (minor units, in that payment's currency) and `at` (ISO 8601 UTC, when it was made); it
 * takes no parameters. Every money report reads it through `refundRows` below, so the refunds of
 * worker/api/payments are subtracted everywhere by handing the routes another ledger.
 */
export type RefundLedger = { readonly sql: string };

/** No refund recorded anywhere: gross and net are the same. */
export const NO_REFUNDS: RefundLedger = { sql: 'SELECT NULL AS transaction_id, 0 AS amount, NULL AS at WHERE 0' };

/** The ledger the report routes read. */
export const REFUND_LEDGER: RefundLedger = NO_REFUNDS;

/**
 * The refunds of invoiced payments made in [?1, ?2), as rows `r` (transaction_id, amount, at).
 * Money given back for a payment that never became a sale (a `refund_due` checkout: no invoice)
 * was never revenue, so it is left out.
 */
export const refundRows = (ledger: RefundLedger): string =>
  `(SELECT l.transaction_id, l.amount, l.at FROM (${ledger.sql}) l
    WHERE l.at >= ?1 AND l.at < ?2 AND EXISTS (SELECT 1 FROM invoices v WHERE v.transaction_id = l.transaction_id))`;
