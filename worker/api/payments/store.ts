// D1 for the subscription state: read it whole, write it as one compare-and-set batch.
// D1 has no interactive transactions; a batch is atomic and batches run one at a time, so the
// `version` guard plus a random `last_write` make every other statement of a batch run only
// when its own write won (two parallel callbacks: one applies, the other finds nothing to do).
import { z } from 'zod';
import { isCurrency } from '../../rules/subscription';
import { NO_BILLING, STATES, userFields, type Billing } from './state';

const Row = z.object({
  subscription_id: z.number().nullable(),
  subscription_start: z.string().nullable(),
  subscription_renewal: z.string().nullable(),
  subscription_end: z.string().nullable(),
  subscription_error: z.string().nullable(),
  cancel_subscription: z.number(),
  free_subscriptions: z.number(),
  plan_id: z.number().nullable(),
  state: z.enum(STATES).nullable(),
  provider: z.string().nullable(),
  currency: z.string().nullable(),
  origin: z.enum(['checkout', 'backoffice']).nullable(),
  trial_end: z.string().nullable(),
  next_plan_id: z.number().nullable(),
  customer_ref: z.string().nullable(),
  subscription_ref: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_exp: z.string().nullable(),
  attempts: z.number().nullable(),
  reminded_for: z.string().nullable(),
  version: z.number().nullable(),
});

const SELECT = `SELECT u.subscription_id, u.subscription_start, u.subscription_renewal, u.subscription_end, u.subscription_error,
  u.cancel_subscription, u.free_subscriptions, s.plan_id, s.state, s.provider, s.currency, s.origin, s.trial_end,
  s.next_plan_id, s.customer_ref, s.subscription_ref, s.card_brand, s.card_last4, s.card_exp, s.attempts,
  s.reminded_for, s.version
  FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id WHERE u.id = ?`;

/** The user's subscription state, or null when the user does not exist. */
export async function loadBilling(db: D1Database, userId: string): Promise<Billing | null> {
  const raw = await db.prepare(SELECT).bind(userId).first();
  if (!raw) return null;
  const r = Row.parse(raw);
  const [month, year] = (r.card_exp ?? '').split('/').map(Number);
  // A subscription written straight into the user's fields (an operator, the backoffice) and never
  // through a checkout: active on those fields, cancelled only through support (spec §4).
  const backoffice = r.state === null && r.subscription_id !== null;
  return {
    ...NO_BILLING,
    state: backoffice ? 'active' : r.state,
    planId: backoffice ? r.subscription_id : r.plan_id,
    start: r.subscription_start,
    renewal: r.subscription_renewal,
    end: r.subscription_end,
    error: r.subscription_error,
    cancelled: r.cancel_subscription === 1,
    freeSubscriptions: r.free_subscriptions,
    provider: r.provider,
    currency: isCurrency(r.currency) ? r.currency : null,
    origin: backoffice ? 'backoffice' : (r.origin ?? 'checkout'),
    trialEnd: r.trial_end,
    nextPlanId: r.next_plan_id,
    customerRef: r.customer_ref,
    subscriptionRef: r.subscription_ref,
    card: r.card_brand && r.card_last4 && month && year ? { brand: r.card_brand, last4: r.card_last4, expMonth: month, expYear: year } : null,
    attempts: r.attempts ?? 0,
    remindedFor: r.reminded_for,
    version: r.version ?? 0,
  };
}

/** Finds the user whose provider subscription this is (providers that renew by themselves). */
export const userOfSubscriptionRef = async (db: D1Database, provider: string, ref: string): Promise<string | null> =>
  (await db.prepare('SELECT user_id FROM subscriptions WHERE provider = ? AND subscription_ref = ?').bind(provider, ref).first<{ user_id: string }>())?.user_id ?? null;

/** A statement that must run only if this batch's write won: bind it with `won(write)` in its WHERE. */
export const WON = 'EXISTS (SELECT 1 FROM subscriptions WHERE last_write = ?)';

/**
 * A condition the compare-and-set also needs (e.g. "the transaction is still in the state it was
 * read in"): when it no longer holds, the write loses like a parallel write and `update` reads again.
 * SQL with positional `?` placeholders, and their values.
 */
export type Requires = { sql: string; args: unknown[] };

export type Write = { userId: string; prev: Billing; next: Billing; at: string; id: string; requires?: Requires | undefined };

/**
 * The compare-and-set statement of a write: inserts the row (first time) or updates it if nobody
 * changed it since `prev` was read. Run it first in a batch, then `userFieldsStatement` and any
 * statement guarded by WON; `meta.changes` of the first result tells whether the write won.
 */
export function casStatement(db: D1Database, w: Write): D1PreparedStatement {
  const n = w.next;
  const values = [
    n.planId, n.state, n.provider, n.currency, n.origin, n.trialEnd, n.nextPlanId, n.customerRef, n.subscriptionRef,
    n.card?.brand ?? null, n.card?.last4 ?? null, n.card ? `${n.card.expMonth}/${n.card.expYear}` : null, n.attempts, n.remindedFor, w.id, w.at,
  ];
  const requires = w.requires ? { sql: `AND ${w.requires.sql}`, args: w.requires.args } : { sql: '', args: [] };
  if (w.prev.version === 0) {
    return db
      .prepare(
        `INSERT INTO subscriptions (plan_id, state, provider, currency, origin, trial_end, next_plan_id, customer_ref, subscription_ref,
          card_brand, card_last4, card_exp, attempts, reminded_for, last_write, updated_at, user_id, version)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, 1 WHERE true ${requires.sql} ON CONFLICT (user_id) DO NOTHING`,
      )
      .bind(...values, w.userId, ...requires.args);
  }
  return db
    .prepare(
      `UPDATE subscriptions SET plan_id = ?1, state = ?2, provider = ?3, currency = ?4, origin = ?5, trial_end = ?6, next_plan_id = ?7,
        customer_ref = ?8, subscription_ref = ?9, card_brand = ?10, card_last4 = ?11, card_exp = ?12, attempts = ?13, reminded_for = ?14,
        last_write = ?15, updated_at = ?16, version = version + 1
       WHERE user_id = ?17 AND version = ?18 ${requires.sql}`,
    )
    .bind(...values, w.userId, w.prev.version, ...requires.args);
}

/** The §3 user fields of the new state, written only if the compare-and-set won. */
export function userFieldsStatement(db: D1Database, w: Write): D1PreparedStatement {
  const f = userFields(w.next);
  return db
    .prepare(
      `UPDATE users SET subscription_id = ?1, subscription_start = ?2, subscription_renewal = ?3, subscription_end = ?4,
        subscription_error = ?5, cancel_subscription = ?6, free_subscriptions = ?7 WHERE id = ?8 AND ${WON.replace('?', '?9')}`,
    )
    .bind(f.subscription_id, f.subscription_start, f.subscription_renewal, f.subscription_end, f.subscription_error, f.cancel_subscription, f.free_subscriptions, w.userId, w.id);
}

/**
 * Writes a new state and the statements that go with it (a transaction's new state, an invoice),
 * all or nothing. Returns false when someone else changed the state first (read again and retry).
 */
export async function commit(db: D1Database, w: Write, guarded: (won: string, id: string) => D1PreparedStatement[] = () => []): Promise<boolean> {
  const [cas] = await db.batch([casStatement(db, w), userFieldsStatement(db, w), ...guarded(WON, w.id)]);
  return (cas?.meta.changes ?? 0) === 1;
}

export type Planned<T> = { write: Billing; guarded?: (won: string, id: string) => D1PreparedStatement[]; requires?: Requires; result: T } | { skip: T };

/**
 * Reads, applies and commits, retrying when a parallel write won first. Anything else `step` reads
 * (a transaction's state) must be read inside it, after the state: a write that changed it also
 * changed the state's version, so the compare-and-set then fails and the step runs again.
 */
export async function update<T>(
  db: D1Database,
  userId: string,
  step: (current: Billing) => Planned<T> | Promise<Planned<T>>,
  at: Date,
): Promise<T> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const prev = await loadBilling(db, userId);
    if (!prev) throw new Error(`payments: no user ${userId}`);
    const planned = await step(prev);
    if ('skip' in planned) return planned.skip;
    const won = await commit(db, { userId, prev, next: planned.write, at: at.toISOString(), id: crypto.randomUUID(), requires: planned.requires }, planned.guarded);
    if (won) return planned.result;
  }
  throw new Error('payments: too much contention on one subscription');
}
