// The coupons' changes (issue 32): create one, generate a batch, change dates and quota, disable.
// Each rule is one SQL statement, and each change is written with its audit entry in one D1 batch
// (all or nothing): a code that exists already fails the whole batch (the primary key), a quota
// below the uses made is refused by the UPDATE's own condition, so parallel requests stay exact.
import { auditStatement, type Actor, type Origin } from '../../kernel/audit';
import { done, refused, type Result } from '../../kernel/refusals';
import type { BatchInput, CreateInput, EditInput } from './schemas';

export type Change = { db: D1Database; actor: Actor; origin: Origin; now: Date };

export type CouponRefusal = 'COUPON_EXISTS' | 'COUPON_NOT_FOUND' | 'PLAN_NOT_FOUND' | 'COUPON_DATES_INVALID' | 'COUPON_QUOTA_BELOW_USES' | 'COUPON_ALREADY_DISABLED' | 'COUPON_CODES_EXHAUSTED';

/** Letters and digits a person reads aloud without confusion (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Random characters of a generated code: 31^10 ≈ 8·10^14 codes. */
const RANDOM_LENGTH = 10;
/** Codes written per statement (one JSON array parameter read with json_each). */
const CHUNK = 1000;
/** A batch whose codes collide with existing ones is made again with new codes, this many times. */
const TRIES = 4;
const NO_END = '2099-12-31T23:59:59.999Z';

export function randomCode(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH));
  const random = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return prefix ? `${prefix}-${random}` : random;
}

const isUnique = (error: unknown): boolean => /UNIQUE constraint failed/.test(String(error));

/** The plans named exist (a coupon for a plan that does not is refused). */
async function plansExist(db: D1Database, ids: readonly number[] | null): Promise<boolean> {
  if (!ids || ids.length === 0) return true;
  const unique = [...new Set(ids)];
  const row = await db.prepare('SELECT COUNT(*) AS n FROM plans WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(unique)).first<{ n: number }>();
  return row?.n === unique.length;
}

type Terms = Pick<CreateInput, 'kind' | 'value' | 'currency' | 'plan_ids' | 'starts_at' | 'ends_at'>;
const datesOf = (terms: Terms, now: Date) => {
  const startsAt = terms.starts_at ?? now.toISOString();
  const endsAt = terms.ends_at ?? NO_END;
  return startsAt < endsAt ? { startsAt, endsAt } : null;
};

/** One coupon, its code typed or generated; the created coupon's code. */
export async function createCoupon(change: Change, input: CreateInput): Promise<Result<{ code: string }, CouponRefusal>> {
  const { db, now } = change;
  const dates = datesOf(input, now);
  if (!dates) return refused('COUPON_DATES_INVALID');
  if (!(await plansExist(db, input.plan_ids))) return refused('PLAN_NOT_FOUND');
  const at = now.toISOString();
  for (let i = 0; i < (input.code ? 1 : TRIES); i++) {
    const code = input.code ?? randomCode('');
    const after = { kind: input.kind, value: input.value, currency: input.currency, plan_ids: input.plan_ids, starts_at: dates.startsAt, ends_at: dates.endsAt, quota: input.quota };
    try {
      await db.batch([
        db
          .prepare('INSERT INTO coupons (code, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
          .bind(code, input.kind, input.value, input.currency, input.plan_ids ? JSON.stringify(input.plan_ids) : null, dates.startsAt, dates.endsAt, input.quota, at),
        auditStatement(db, { actor: change.actor, action: 'coupon.create', entity: 'coupon', entityId: code, after, reason: input.reason, origin: change.origin, at: now }),
      ]);
      return done({ code });
    } catch (error) {
      if (!isUnique(error)) throw error;
    }
  }
  return refused(input.code ? 'COUPON_EXISTS' : 'COUPON_CODES_EXHAUSTED', input.code);
}

/** `count` new codes, distinct from each other. */
function freshCodes(prefix: string, count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomCode(prefix));
  return [...codes];
}

/**
 * A batch of `count` codes sharing the terms, written with the batch and its audit entry in one D1
 * batch: a code that exists already (another batch's, made in parallel or long ago) fails it all,
 * and it is made again with new codes. The batch's id.
 */
export async function generateBatch(change: Change, input: BatchInput): Promise<Result<{ id: string }, CouponRefusal>> {
  const { db, now } = change;
  const dates = datesOf(input, now);
  if (!dates) return refused('COUPON_DATES_INVALID');
  if (!(await plansExist(db, input.plan_ids))) return refused('PLAN_NOT_FOUND');
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const plans = input.plan_ids ? JSON.stringify(input.plan_ids) : null;
  const terms = { kind: input.kind, value: input.value, currency: input.currency, plan_ids: input.plan_ids, starts_at: dates.startsAt, ends_at: dates.endsAt, quota: input.quota };
  for (let i = 0; i < TRIES; i++) {
    const codes = freshCodes(input.prefix, input.count);
    const chunks: D1PreparedStatement[] = [];
    for (let start = 0; start < codes.length; start += CHUNK) {
      chunks.push(
        db
          .prepare(
            `INSERT INTO coupons (code, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_at, batch_id)
             SELECT j.value, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM json_each(?1) j`,
          )
          .bind(JSON.stringify(codes.slice(start, start + CHUNK)), input.kind, input.value, input.currency, plans, dates.startsAt, dates.endsAt, input.quota, at, id),
      );
    }
    try {
      await db.batch([
        db
          .prepare('INSERT INTO coupon_batches (id, prefix, count, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
          .bind(id, input.prefix, input.count, input.kind, input.value, input.currency, plans, dates.startsAt, dates.endsAt, input.quota, change.actor.id, at),
        ...chunks,
        auditStatement(db, { actor: change.actor, action: 'coupon.batch', entity: 'coupon_batch', entityId: id, after: { ...terms, prefix: input.prefix, count: input.count }, reason: input.reason, origin: change.origin, at: now }),
      ]);
      return done({ id });
    } catch (error) {
      if (!isUnique(error)) throw error;
    }
  }
  return refused('COUPON_CODES_EXHAUSTED');
}

type Row = { starts_at: string; ends_at: string; quota: number; disabled_at: string | null; uses: number };
const readRow = (db: D1Database, code: string) =>
  db.prepare('SELECT starts_at, ends_at, quota, disabled_at, (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = c.code) AS uses FROM coupons c WHERE code = ?').bind(code).first<Row>();

/**
 * New dates and/or quota. One UPDATE decides, under its own condition (the quota at least the uses
 * made at that instant, the start before the end); the audit entry, just before it in the same
 * batch, is written under the same condition (nothing runs between the two).
 */
export async function editCoupon(change: Change, code: string, input: EditInput): Promise<Result<{ code: string }, CouponRefusal>> {
  const { db, now } = change;
  const before = await readRow(db, code);
  if (!before) return refused('COUPON_NOT_FOUND', code);
  const args = [code, input.starts_at ?? null, input.ends_at ?? null, input.quota ?? null];
  const condition = `EXISTS (SELECT 1 FROM coupons WHERE code = ? AND COALESCE(?, starts_at) < COALESCE(?, ends_at) AND COALESCE(?, quota) >= (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = coupons.code))`;
  const after = { ...(input.starts_at ? { starts_at: input.starts_at } : {}), ...(input.ends_at ? { ends_at: input.ends_at } : {}), ...(input.quota !== undefined ? { quota: input.quota } : {}) };
  const results = await db.batch([
    auditStatement(
      db,
      { actor: change.actor, action: 'coupon.edit', entity: 'coupon', entityId: code, before: { starts_at: before.starts_at, ends_at: before.ends_at, quota: before.quota }, after, reason: input.reason, origin: change.origin, at: now },
      { sql: condition, args },
    ),
    db
      .prepare(
        `UPDATE coupons SET starts_at = COALESCE(?2, starts_at), ends_at = COALESCE(?3, ends_at), quota = COALESCE(?4, quota)
         WHERE code = ?1 AND COALESCE(?2, starts_at) < COALESCE(?3, ends_at) AND COALESCE(?4, quota) >= (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.code = ?1)`,
      )
      .bind(...args),
  ]);
  if ((results[1]?.meta.changes ?? 0) === 1) return done({ code });
  const row = await readRow(db, code);
  if (!row) return refused('COUPON_NOT_FOUND', code);
  if ((input.starts_at ?? row.starts_at) >= (input.ends_at ?? row.ends_at)) return refused('COUPON_DATES_INVALID');
  return refused('COUPON_QUOTA_BELOW_USES', `${row.uses} uses`);
}

/** The audit entry and the UPDATE that stop one code, the entry written only when the code is stopped by this very UPDATE. */
const disableStatements = (change: Change, code: string, reason: string): D1PreparedStatement[] => {
  const { db, now } = change;
  const at = now.toISOString();
  return [
    auditStatement(db, { actor: change.actor, action: 'coupon.disable', entity: 'coupon', entityId: code, after: { disabled_at: at }, reason, origin: change.origin, at: now }, { sql: 'EXISTS (SELECT 1 FROM coupons WHERE code = ? AND disabled_at IS NULL)', args: [code] }),
    db.prepare('UPDATE coupons SET disabled_at = ?2 WHERE code = ?1 AND disabled_at IS NULL').bind(code, at),
  ];
};

/** Stops a code: it redeems no more (its uses stay); once. */
export async function disableCoupon(change: Change, code: string, reason: string): Promise<Result<{ code: string }, CouponRefusal>> {
  const results = await change.db.batch(disableStatements(change, code, reason));
  if ((results[1]?.meta.changes ?? 0) === 1) return done({ code });
  const row = await readRow(change.db, code);
  return refused(row ? 'COUPON_ALREADY_DISABLED' : 'COUPON_NOT_FOUND', code);
}

/** Stops several codes at once (one D1 batch, one audit entry per code stopped); the codes this call stopped. */
export async function disableCoupons(change: Change, codes: readonly string[], reason: string): Promise<{ disabled: string[] }> {
  const unique = [...new Set(codes)];
  const results = await change.db.batch(unique.flatMap((code) => disableStatements(change, code, reason)));
  return { disabled: unique.filter((_, i) => (results[i * 2 + 1]?.meta.changes ?? 0) === 1) };
}
