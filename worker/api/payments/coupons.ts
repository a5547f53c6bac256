// Coupon codes (issue 14): a percentage or an amount off, or free days of a plan, between two dates,
// for some plans or currencies. Coupon limits: a total quota and one use per account. The quota is kept by one
// statement (INSERT … SELECT that counts) in one batch: D1 runs batches one at a time, so 50 parallel
// redemptions of a code with 10 left make exactly 10 rows. A checkout holds its use until it is paid,
// fails, or is abandoned: a card or mobile checkout still unfinished after COUPON_HOLD_MS gives its
// use back (and expires) when someone else redeems the code.
import { z } from 'zod';
import { normalizeCoupon, priceAfterCoupon, type CouponTerms } from '../../rules/payment-methods';
import { isCurrency, type Currency } from '../../rules/subscription';
import { done, refused } from '../kernel/refusals';
import type { Result } from './refusals';

const CouponRow = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount', 'days']),
  value: z.number().int().positive(),
  currency: z.string().nullable(),
  plan_ids: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  quota: z.number().int().positive(),
  disabled_at: z.string().nullable(),
});

export type Coupon = CouponTerms & { code: string; currency: Currency | null; planIds: number[] | null; startsAt: string; endsAt: string; quota: number; disabledAt: string | null };

const PlanIds = z.array(z.number().int().positive());

export async function findCoupon(db: D1Database, code: string): Promise<Coupon | null> {
  const raw = await db.prepare('SELECT code, kind, value, currency, plan_ids, starts_at, ends_at, quota, disabled_at FROM coupons WHERE code = ?').bind(code).first();
  const row = CouponRow.safeParse(raw);
  if (!row.success) return null;
  const r = row.data;
  let planIds: number[] | null = null;
  if (r.plan_ids !== null) {
    const parsed = PlanIds.safeParse(JSON.parse(r.plan_ids));
    planIds = parsed.success ? parsed.data : [];
  }
  return { code: r.code, kind: r.kind, value: r.value, currency: isCurrency(r.currency) ? r.currency : null, planIds, startsAt: r.starts_at, endsAt: r.ends_at, quota: r.quota, disabledAt: r.disabled_at };
}

/** What a valid coupon does to a price. */
export type CouponQuote = { coupon: Coupon; amount: number; discount: number; freeDays: number | null };

/**
 * The coupon of a typed code for a plan and a currency, or the refusal that says why not
 * (each its own message): unknown, not yet valid, expired (or disabled by an operator), another plan or currency.
 * Quota and "already used" are decided by the redemption itself.
 */
export async function quoteCoupon(db: D1Database, typed: string, plan: { id: number; price: number }, currency: Currency, now: Date): Promise<Result<CouponQuote>> {
  const code = normalizeCoupon(typed);
  const coupon = code ? await findCoupon(db, code) : null;
  if (!coupon) return refused('COUPON_NOT_FOUND', 'coupon');
  const at = now.toISOString();
  if (at < coupon.startsAt) return refused('COUPON_NOT_STARTED', coupon.code);
  if (at > coupon.endsAt || coupon.disabledAt !== null) return refused('COUPON_EXPIRED', coupon.code);
  if ((coupon.planIds && !coupon.planIds.includes(plan.id)) || (coupon.currency && coupon.currency !== currency)) return refused('COUPON_NOT_FOR_PLAN', coupon.code);
  return done({ coupon, ...priceAfterCoupon(plan.price, coupon) });
}

/**
 * Takes one use of the code for this user and transaction, if the quota and the one-per-account rule
 * allow it and the code is not disabled: one statement, exact under parallel requests.
 */
export const redeemStatement = (db: D1Database, code: string, userId: string, transactionId: string, at: string): D1PreparedStatement =>
  db
    .prepare(
      `INSERT OR IGNORE INTO coupon_redemptions (code, user_id, transaction_id, redeemed_at)
       SELECT ?1, ?2, ?3, ?4 WHERE (SELECT COUNT(*) FROM coupon_redemptions WHERE code = ?1) < (SELECT quota FROM coupons WHERE code = ?1 AND disabled_at IS NULL)`,
    )
    .bind(code, userId, transactionId, at);

/** How long an unfinished card or mobile checkout holds its coupon's use (a provider's page takes minutes). */
export const COUPON_HOLD_MS = 30 * 60_000;

/**
 * Gives back the uses of a code held by checkouts abandoned for longer than the hold (still 'created':
 * the person never came back from the provider's page): they expire, so a payment that still arrives
 * for one is refund_due (worker/api/payments/settle.ts), never a use beyond the quota.
 */
export const releaseAbandonedStatements = (db: D1Database, code: string, at: string): D1PreparedStatement[] => [
  db
    .prepare("UPDATE transactions SET state = 'expired', error = 'CHECKOUT_ABANDONED', updated_at = ?2 WHERE state = 'created' AND created_at < ?3 AND coupon_code = ?1")
    .bind(code, at, new Date(Date.parse(at) - COUPON_HOLD_MS).toISOString()),
  db
    .prepare("DELETE FROM coupon_redemptions WHERE code = ?1 AND EXISTS (SELECT 1 FROM transactions t WHERE t.id = coupon_redemptions.transaction_id AND t.state = 'expired')")
    .bind(code),
];

/** Redeems (after giving back the uses of abandoned checkouts, in the same batch), or answers why not: the account used it already, or nobody can any more. */
export async function redeem(db: D1Database, code: string, userId: string, transactionId: string, at: string): Promise<Result<null>> {
  const results = await db.batch([...releaseAbandonedStatements(db, code, at), redeemStatement(db, code, userId, transactionId, at)]);
  if ((results.at(-1)?.meta.changes ?? 0) === 1) return done(null);
  const mine = await db.prepare('SELECT 1 FROM coupon_redemptions WHERE code = ? AND user_id = ?').bind(code, userId).first();
  return refused(mine ? 'COUPON_ALREADY_USED' : 'COUPON_USED_UP', code);
}

/** Gives the use back when its payment failed, expired or was cancelled (in the batch that closes it). */
export const releaseStatement = (db: D1Database, transactionId: string, guard = '', ...guardArgs: unknown[]): D1PreparedStatement =>
  db.prepare(`DELETE FROM coupon_redemptions WHERE transaction_id = ? ${guard ? `AND ${guard}` : ''}`).bind(transactionId, ...guardArgs);
