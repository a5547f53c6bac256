// Refund rows in D1, each rule one SQL statement (migration 0022_refunds.sql). A refund is first a
// claim: the amount is held against the payment by one INSERT … SELECT that counts what was captured
// less what is refunded or held (D1 runs statements one at a time, so parallel claims never pass the
// captured amount), and one claim per idempotency key (its UNIQUE column). The claim then becomes
// done (in the batch of its credit note, worker/api/payments/refunds/refund.ts) or refused by the
// provider (the amount is free again); an attempt whose outcome is unknown keeps it held.
import { z } from 'zod';
import { CURRENCIES } from '../../../rules/subscription';
import { PAYMENT_METHODS } from '../../../rules/payment-methods';
import { numberedFrom } from '../../kernel/sql';
import { REFUND_EFFECTS, REFUND_STATES, type RefundEffect } from './schemas';

export type { RefundEffect };

/** A payment's states a refund may take money from: accepted, or money taken for a checkout closed here. */
export const REFUNDABLE_STATES = ['accepted', 'refund_due'] as const;

/** An attempt at the provider left this long without an answer is taken over (a request that never finished). */
export const STALE_ATTEMPT_MS = 2 * 60_000;

export const RefundRow = z.object({
  id: z.string(),
  idempotency_key: z.string(),
  transaction_id: z.string(),
  user_id: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  effect: z.enum(REFUND_EFFECTS),
  reason: z.string(),
  staff_id: z.string().nullable(),
  state: z.enum(REFUND_STATES),
  manual: z.number().transform((m) => m === 1),
  provider_ref: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  attempted_at: z.string(),
  created_at: z.string(),
  write_token: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type RefundRow = z.infer<typeof RefundRow>;

export type Claim = {
  id: string;
  idempotencyKey: string;
  transactionId: string;
  amount: number;
  currency: string;
  effect: RefundEffect;
  reason: string;
  staffId: string | null;
  manual: boolean;
  at: string;
};

/**
 * Holds `amount` against the payment for a new refund, in one statement: only while the payment is
 * refundable, in this currency, and what it captured less what is refunded or held covers it; and
 * only once per idempotency key (what claims still hold counts as refunded). `meta.changes` says
 * whether this claim is the one.
 */
export const claimStatement = (db: D1Database, c: Claim): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO refunds (id, idempotency_key, transaction_id, user_id, provider, method, amount, currency, effect, reason, staff_id, state, manual, attempted_at, created_at)
       SELECT ?1, ?2, t.id, t.user_id, t.provider, t.method, ?3, t.currency, ?4, ?5, ?6, 'claimed', ?7, ?8, ?8
       FROM transactions t
       WHERE t.id = ?9 AND t.currency = ?10 AND t.state IN ('accepted', 'refund_due') AND ?3 > 0
         AND t.amount - (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.transaction_id = t.id AND r.state IN ('claimed', 'done')) >= ?3
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(c.id, c.idempotencyKey, c.amount, c.effect, c.reason, c.staffId, c.manual ? 1 : 0, c.at, c.transactionId, c.currency);

/**
 * Takes over a claim whose last attempt ended without a known outcome (or was left for
 * STALE_ATTEMPT_MS): the one request whose update lands sends it again, with the same refund id.
 */
export const resumeStatement = (db: D1Database, row: Pick<RefundRow, 'id' | 'attempts'>, at: Date): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE refunds SET attempts = attempts + 1, error = NULL, attempted_at = ?3
       WHERE id = ?1 AND state = 'claimed' AND attempts = ?2 AND (error IS NOT NULL OR attempted_at <= ?4)`,
    )
    .bind(row.id, row.attempts, at.toISOString(), new Date(at.getTime() - STALE_ATTEMPT_MS).toISOString());

/** The provider refused: nothing moved, the amount is free again; the reason is kept. */
export const refuseStatement = (db: D1Database, row: Pick<RefundRow, 'id' | 'attempts'>, reason: string, at: string): D1PreparedStatement =>
  db.prepare("UPDATE refunds SET state = 'refused', error = ?3, decided_at = ?4 WHERE id = ?1 AND state = 'claimed' AND attempts = ?2").bind(row.id, row.attempts, reason, at);

/** The attempt's outcome is unknown (the provider could not be reached): the amount stays held, the claim may be sent again. */
export const unknownStatement = (db: D1Database, row: Pick<RefundRow, 'id' | 'attempts'>, why: string): D1PreparedStatement =>
  db.prepare("UPDATE refunds SET error = ?3 WHERE id = ?1 AND state = 'claimed' AND attempts = ?2").bind(row.id, row.attempts, why);

/** A condition of a batch: SQL with positional `?` placeholders and their values. */
export type Guard = { sql: string; args: unknown[] };

/** The claim is still held (no other batch made it done): the subscription's compare-and-set requires it. */
export const stillClaimed = (id: string): Guard => ({ sql: "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND state = 'claimed')", args: [id] });

/** The subscription has not changed since it was read at `version` (0: it has no row yet). */
export const subscriptionUnchanged = (userId: string, version: number): Guard => ({ sql: 'COALESCE((SELECT version FROM subscriptions WHERE user_id = ?), 0) = ?', args: [userId, version] });

/**
 * The statements after `doneStatement` in the refund's batch hold only where it set its batch's
 * random `token`: `recorded` for any of them, `refundedInWhole` for what the selling area gives up
 * (one placeholder each: a selling area's statements number it themselves).
 */
export const recorded = "EXISTS (SELECT 1 FROM refunds WHERE write_token = ?)";
export const refundedInWhole = "EXISTS (SELECT 1 FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE r.write_token = ? AND t.state = 'refunded')";

/** The refund's batch: the claim is done, with the provider's id of the refund and the batch's token, if still held and `guard` holds. */
export const doneStatement = (db: D1Database, refund: { id: string; providerRef: string | null; at: string; token: string }, guard: Guard): D1PreparedStatement =>
  db
    .prepare(`UPDATE refunds SET state = 'done', provider_ref = ?2, error = NULL, decided_at = ?3, write_token = ?4 WHERE id = ?1 AND state = 'claimed' AND ${numberedFrom(guard.sql, 5)}`)
    .bind(refund.id, refund.providerRef, refund.at, refund.token, ...guard.args);

/**
 * The refund's batch: its credit note, the next number of the one continuous series (batches run
 * one at a time: no gap, no duplicate; the number is the primary key), referring to the invoice of
 * the payment when it has one.
 */
export const creditNoteStatement = (db: D1Database, note: { refundId: string; lang: string; at: string; token: string }): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO credit_notes (number, refund_id, transaction_id, invoice_number, user_id, issued_at, lang, amount, currency)
       SELECT c.n + 1, r.id, r.transaction_id, (SELECT i.number FROM invoices i WHERE i.transaction_id = r.transaction_id), r.user_id, ?2, ?3, r.amount, r.currency
       FROM refunds r, (SELECT COALESCE(MAX(number), 0) AS n FROM credit_notes) c WHERE r.id = ?1 AND r.write_token = ?4`,
    )
    .bind(note.refundId, note.at, note.lang, note.token);

/** The refund's batch: a payment whose done refunds now cover what it captured is `refunded` (decided in SQL: parallel refunds meet in it). */
export const transactionRefundedStatement = (db: D1Database, transactionId: string, token: string): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE transactions SET state = 'refunded' WHERE id = ?1 AND state IN ('accepted', 'refund_due')
         AND amount <= (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE transaction_id = ?1 AND state = 'done') AND ${recorded.replace('?', '?2')}`,
    )
    .bind(transactionId, token);

const SELECT = 'SELECT * FROM refunds';

const parseRow = (raw: unknown): RefundRow | null => {
  const row = RefundRow.safeParse(raw);
  return row.success ? row.data : null;
};

export const refundById = async (db: D1Database, id: string): Promise<RefundRow | null> => parseRow(await db.prepare(`${SELECT} WHERE id = ?`).bind(id).first());

export const refundByKey = async (db: D1Database, key: string): Promise<RefundRow | null> => parseRow(await db.prepare(`${SELECT} WHERE idempotency_key = ?`).bind(key).first());

/** What a payment gave back (done) and what is held by claims still waiting for their provider. */
export async function refundedOf(db: D1Database, transactionId: string): Promise<{ done: number; held: number }> {
  const row = await db
    .prepare("SELECT COALESCE(SUM(CASE WHEN state = 'done' THEN amount END), 0) AS done, COALESCE(SUM(CASE WHEN state = 'claimed' THEN amount END), 0) AS held FROM refunds WHERE transaction_id = ?")
    .bind(transactionId)
    .first<{ done: number; held: number }>();
  return { done: row?.done ?? 0, held: row?.held ?? 0 };
}

/** The provider's ids of a payment's refunds recorded done (a refund sent again tells the provider which of its refunds are known here). */
export async function recordedRefsOf(db: D1Database, transactionId: string): Promise<string[]> {
  const rows = await db.prepare("SELECT provider_ref FROM refunds WHERE transaction_id = ? AND state = 'done' AND provider_ref IS NOT NULL").bind(transactionId).all<{ provider_ref: string }>();
  return rows.results.map((row) => row.provider_ref);
}
