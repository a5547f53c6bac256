// The coupons' lists (issue 32): coupons (searched by the start of their code, filtered by status,
// newest first), one coupon's uses, the batches and a batch's codes. Pages by LIMIT/OFFSET on an
// index: coupons(created_at), the code's primary key, coupon_redemptions(code, redeemed_at).
import { z } from 'zod';
import type { CouponStatus, ListQuery } from './schemas';
import { BatchView, CouponUse, CouponView } from './schemas';

const STATUS_SQL = `CASE WHEN c.disabled_at IS NOT NULL THEN 'disabled' WHEN c.ends_at < ?1 THEN 'expired' WHEN c.starts_at > ?1 THEN 'scheduled' ELSE 'active' END`;
const STATUS_WHERE: Record<CouponStatus, string> = {
  disabled: 'c.disabled_at IS NOT NULL',
  expired: 'c.disabled_at IS NULL AND c.ends_at < ?1',
  scheduled: 'c.disabled_at IS NULL AND c.starts_at > ?1 AND c.ends_at >= ?1',
  active: 'c.disabled_at IS NULL AND c.starts_at <= ?1 AND c.ends_at >= ?1',
};
const COLUMNS = `c.code, c.kind, c.value, c.currency, c.plan_ids, c.starts_at, c.ends_at, c.quota, c.batch_id, c.disabled_at, c.created_at,
  (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = c.code) AS uses, ${STATUS_SQL} AS status`;

const PlanIds = z.array(z.number().int());
const viewOf = (row: Record<string, unknown>): CouponView =>
  CouponView.parse({ ...row, plan_ids: typeof row.plan_ids === 'string' ? PlanIds.parse(JSON.parse(row.plan_ids)) : null });

/** A page plus whether another follows (one row more is read). */
const paged = <T>(rows: T[], limit: number, offset: number) => ({ items: rows.slice(0, limit), next_offset: rows.length > limit ? offset + limit : null });

export async function listCoupons(db: D1Database, q: ListQuery, now: Date) {
  const where: string[] = [];
  const args: unknown[] = [now.toISOString()];
  if (q.status) where.push(STATUS_WHERE[q.status]);
  if (q.q) {
    // The start of a code: a range on the primary key ('~' sorts after every character a code holds).
    args.push(q.q, `${q.q}~`);
    where.push(`c.code >= ?${args.length - 1} AND c.code < ?${args.length}`);
  }
  if (q.batch) {
    args.push(q.batch);
    where.push(`c.batch_id = ?${args.length}`);
  }
  args.push(q.limit + 1, q.offset);
  const order = q.q ? 'c.code' : q.batch ? 'c.code' : 'c.created_at DESC, c.code DESC';
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM coupons c ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ?${args.length - 1} OFFSET ?${args.length}`)
    .bind(...args)
    .all();
  const page = paged(results, q.limit, q.offset);
  return { coupons: page.items.map(viewOf), next_offset: page.next_offset };
}

export async function findCouponView(db: D1Database, code: string, now: Date): Promise<CouponView | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM coupons c WHERE c.code = ?2`).bind(now.toISOString(), code).first();
  return row ? viewOf(row) : null;
}

/** A coupon's uses, newest first: who, when, which payment. */
export async function usesOf(db: D1Database, code: string, limit: number, offset: number) {
  const { results } = await db
    .prepare(
      `SELECT r.user_id, u.email, u.phone, r.redeemed_at, r.transaction_id, t.state, t.method, t.amount, t.discount, t.currency
       FROM coupon_redemptions r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN transactions t ON t.id = r.transaction_id
       WHERE r.code = ? ORDER BY r.redeemed_at DESC, r.transaction_id LIMIT ? OFFSET ?`,
    )
    .bind(code, limit + 1, offset)
    .all();
  const page = paged(results, limit, offset);
  return { uses: page.items.map((r) => CouponUse.parse(r)), next_offset: page.next_offset };
}

const BATCH_COLUMNS = `b.id, b.prefix, b.count, b.kind, b.value, b.currency, b.starts_at, b.ends_at, b.quota, u.email AS created_by, b.created_at,
  (SELECT COUNT(DISTINCT r.code) FROM coupons c JOIN coupon_redemptions r ON r.code = c.code WHERE c.batch_id = b.id) AS used`;

export async function listBatches(db: D1Database, limit: number, offset: number) {
  const { results } = await db
    .prepare(`SELECT ${BATCH_COLUMNS} FROM coupon_batches b LEFT JOIN users u ON u.id = b.created_by ORDER BY b.created_at DESC, b.id LIMIT ? OFFSET ?`)
    .bind(limit + 1, offset)
    .all();
  const page = paged(results, limit, offset);
  return { batches: page.items.map((r) => BatchView.parse(r)), next_offset: page.next_offset };
}

export async function findBatch(db: D1Database, id: string): Promise<BatchView | null> {
  const row = await db.prepare(`SELECT ${BATCH_COLUMNS} FROM coupon_batches b LEFT JOIN users u ON u.id = b.created_by WHERE b.id = ?`).bind(id).first();
  return row ? BatchView.parse(row) : null;
}

/** A batch's codes (for its CSV), in code order. */
export async function batchCodes(db: D1Database, id: string): Promise<{ code: string; uses: number }[]> {
  const { results } = await db
    .prepare('SELECT c.code, (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = c.code) AS uses FROM coupons c WHERE c.batch_id = ? ORDER BY c.code')
    .bind(id)
    .all();
  return results.map((r) => z.object({ code: z.string(), uses: z.number().int() }).parse(r));
}
