// The other side of the cash reconciliation (worker/api/payments/reconciliation): what a cash network
// or a mobile operator says it took, kept as it said it, whatever became of the payment here.
import type { PaymentEvent } from './providers/types';

/** Methods whose money a network collects and confirms (cards are settled by their acquirer's own reports). */
export const NETWORK_METHODS = ['cash', 'agent', 'mobile'] as const;

/**
 * Records an accepted notification of a cash or mobile transaction of ours: one row per notification
 * (a replay changes nothing), before the payment is settled, so a confirmation for a voucher closed
 * here is kept too.
 */
export const confirmationStatement = (db: D1Database, provider: string, event: Extract<PaymentEvent, { kind: 'accepted' }>, at: string): D1PreparedStatement =>
  db
    .prepare(
      `INSERT OR IGNORE INTO network_confirmations (provider, event_id, transaction_id, provider_ref, method, agency, amount, currency, confirmed_at)
       SELECT ?1, ?2, ?3, ?4, t.method, ?5, ?6, ?7, ?8 FROM transactions t WHERE t.id = ?3 AND t.method IN ('cash', 'agent', 'mobile')`,
    )
    .bind(provider, event.eventId, event.transactionId, event.providerRef, event.agency ?? null, event.money.amount, event.money.currency, at);
