// A refund of a payment, in full or in part, decided in the back office (issue 32). Exactly once:
// the amount is claimed first (one statement that never passes what the payment captured, one claim
// per idempotency key: worker/api/payments/refunds/claims.ts); then the provider is asked (card
// payments; cash, agents' collections and mobile payments are handed back by hand and only
// recorded); then one D1 batch writes the refund, its credit note, the subscription's change, what
// the selling area gives up (an event order) and the audit entry. A provider's refusal frees the claim
// and changes nothing else; a lost answer keeps the amount held until the same refund is sent again.
import { Reason } from '../../../rules/staff';
import type { Currency, PaymentPurpose } from '../../../rules/subscription';
import { auditStatement, type Actor, type Origin } from '../../kernel/audit';
import { done, refused, type Result } from '../../kernel/refusals';
import { recipientOf } from '../emails';
import { fulfilmentOf } from '../fulfilment';
import type { PaymentProvider, RefundAnswer } from '../providers/types';
import { apply, userFields, type Billing } from '../state';
import { casStatement, loadBilling, userFieldsStatement, WON } from '../store';
import { findTransaction, type TransactionRow } from '../transactions';
import {
  claimStatement,
  creditNoteStatement,
  doneStatement,
  recorded,
  recordedRefsOf,
  refundById,
  refundByKey,
  refundedOf,
  refuseStatement,
  REFUNDABLE_STATES,
  refundedInWhole,
  resumeStatement,
  stillClaimed,
  subscriptionUnchanged,
  transactionRefundedStatement,
  unknownStatement,
  type RefundEffect,
  type RefundRow,
} from './claims';

/** Every refusal of a refund; the routes answer them through one table (REFUND_REFUSALS). */
export type RefundRefusal =
  | 'PAYMENT_NOT_FOUND'
  | 'PAYMENT_NOT_REFUNDABLE'
  | 'REFUND_CURRENCY'
  | 'REFUND_AMOUNT'
  | 'REFUND_TOO_LARGE'
  | 'REASON_REQUIRED'
  | 'REFUND_KEY_REUSED'
  | 'REFUND_IN_PROGRESS'
  | 'PROVIDER_REFUSED'
  | 'PROVIDER_UNAVAILABLE';

/** Ways of paying whose money goes back by hand: no provider call, the refund is recorded. */
export const MANUAL_METHODS: readonly string[] = ['cash', 'agent', 'mobile'];
/** Payments of the subscription: their refund ends it now or keeps it to the period end. */
const SUBSCRIPTION_PURPOSES: readonly PaymentPurpose[] = ['subscribe', 'renew', 'change'];

export type RefundDeps = {
  db: D1Database;
  /** The provider of a payment, by its id; null when it is not configured here. */
  provider: (id: string) => PaymentProvider | null;
  /** How long a second request of the same refund waits for the first: `steps` looks, `stepMs` apart. */
  wait?: { steps: number; stepMs: number };
};

export type RefundInput = {
  transactionId: string;
  /** Minor units, in the payment's currency. */
  amount: number;
  currency: Currency;
  reason: string;
  effect: RefundEffect;
  /** The console's, one per refund form: the same form sent twice (or 20 times at once) refunds once. */
  idempotencyKey: string;
  actor: Actor;
  origin: Origin;
};

/** What became of the subscription the refunded payment paid for: ended now, kept to `until`; null: no change. */
export type SubscriptionEffect = { ended: true } | { ended: false; until: string } | null;

/** The refund (done), whether this call made it (a repeat of the same form answers the first's), and the subscription's change. */
export type Refunded = { refund: RefundRow; fresh: boolean; subscription: SubscriptionEffect };

const DEFAULT_WAIT = { steps: 75, stepMs: 200 };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function log(event: string, fields: Record<string, unknown>): void {
  console.warn(JSON.stringify({ level: 'warn', event, ...fields }));
}

export async function refundPayment(deps: RefundDeps, input: RefundInput, now: Date): Promise<Result<Refunded, RefundRefusal>> {
  const { db } = deps;
  const reason = Reason.safeParse(input.reason);
  if (!reason.success) return refused('REASON_REQUIRED', 'reason: 3 to 500 characters');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return refused('REFUND_AMOUNT', 'amount: a positive integer of minor units');
  const tx = await findTransaction(db, input.transactionId);
  if (!tx) return refused('PAYMENT_NOT_FOUND', input.transactionId);
  const earlier = await refundByKey(db, input.idempotencyKey);
  if (earlier) return again(deps, earlier, input, now);
  if (!(REFUNDABLE_STATES as readonly string[]).includes(tx.state) || tx.amount <= 0) return refused('PAYMENT_NOT_REFUNDABLE', `${tx.id} is ${tx.state}, ${tx.amount} ${tx.currency}`);
  if (tx.currency !== input.currency) return refused('REFUND_CURRENCY', `the payment is in ${tx.currency}`);
  const manual = MANUAL_METHODS.includes(tx.method);
  if (!manual && !deps.provider(tx.provider)?.refund) return refused('PROVIDER_UNAVAILABLE', `${tx.provider} takes no refunds here`);
  const id = crypto.randomUUID();
  const claim = { id, idempotencyKey: input.idempotencyKey, transactionId: tx.id, amount: input.amount, currency: input.currency, effect: input.effect, reason: reason.data, staffId: input.actor.id, manual, at: now.toISOString() };
  const claimed = await claimStatement(db, claim).run();
  if (claimed.meta.changes !== 1) {
    const other = await refundByKey(db, input.idempotencyKey);
    if (other) return again(deps, other, input, now);
    const { done: given, held } = await refundedOf(db, tx.id);
    return refused('REFUND_TOO_LARGE', `at most ${Math.max(0, tx.amount - given - held)} of ${tx.amount} ${tx.currency} can be refunded now`);
  }
  const row = await refundById(db, id);
  if (!row) throw new Error(`refunds: claim ${id} not found after its insert`);
  return attempt(deps, row, tx, input, now);
}

/**
 * A refund form sent again: the same refund's answer once it is known (done, or the provider's
 * refusal). A claim whose last attempt has no known outcome is taken over and sent again; one still
 * in progress is waited for.
 */
async function again(deps: RefundDeps, first: RefundRow, input: RefundInput, now: Date): Promise<Result<Refunded, RefundRefusal>> {
  if (first.transaction_id !== input.transactionId || first.amount !== input.amount || first.currency !== input.currency) {
    return refused('REFUND_KEY_REUSED', 'this idempotency key was used for another refund');
  }
  const wait = deps.wait ?? DEFAULT_WAIT;
  let row: RefundRow | null = first;
  for (let step = 0; row && step <= wait.steps; step++) {
    if (row.state === 'done') return done({ refund: row, fresh: false, subscription: null });
    if (row.state === 'refused') return refused('PROVIDER_REFUSED', row.error ?? 'refused');
    if ((await resumeStatement(deps.db, row, now).run()).meta.changes === 1) {
      const tx = await findTransaction(deps.db, row.transaction_id);
      if (!tx) return refused('PAYMENT_NOT_FOUND', row.transaction_id);
      return attempt(deps, { ...row, attempts: row.attempts + 1, error: null }, tx, input, now);
    }
    await sleep(wait.stepMs);
    row = await refundById(deps.db, row.id);
  }
  return refused('REFUND_IN_PROGRESS', 'the same refund is being made: look again in a moment');
}

/** The claim holder asks the provider (or records a refund by hand), then records the outcome. */
async function attempt(deps: RefundDeps, row: RefundRow, tx: TransactionRow, input: RefundInput, now: Date): Promise<Result<Refunded, RefundRefusal>> {
  let providerRef: string | null = null;
  if (!row.manual) {
    const provider = deps.provider(tx.provider);
    let answer: RefundAnswer;
    try {
      if (!provider?.refund) throw new Error(`${tx.provider} takes no refunds here`);
      // A second attempt or later: the provider is told, so one without idempotency keys looks before sending again.
      const resend = row.attempts > 1 ? { recorded: await recordedRefsOf(deps.db, tx.id) } : undefined;
      answer = await provider.refund({ refundId: row.id, transactionId: tx.id, providerRef: tx.provider_ref, money: { amount: row.amount, currency: row.currency }, captured: tx.amount, resend });
    } catch (error) {
      // Maybe done at the provider, maybe not: the amount stays held; the same refund sent again asks again, under the same id.
      await unknownStatement(deps.db, row, String(error).slice(0, 200)).run();
      log('refund_outcome_unknown', { refundId: row.id, transactionId: tx.id, provider: tx.provider, error: String(error).slice(0, 200) });
      return refused('PROVIDER_UNAVAILABLE', 'the provider did not answer: send the same refund again');
    }
    if (answer.status === 'refused') {
      await refuseStatement(deps.db, row, answer.reason, now.toISOString()).run();
      return refused('PROVIDER_REFUSED', answer.reason);
    }
    providerRef = answer.providerRef;
  }
  return record(deps, row, providerRef, input, now);
}

/** The subscription after a refund of `tx` (unchanged for what is not a subscription payment, or a subscription no longer active). */
function effectOn(billing: Billing, tx: TransactionRow, effect: RefundEffect, now: Date): Billing {
  if (!SUBSCRIPTION_PURPOSES.includes(tx.purpose)) return billing;
  const out = apply(billing, { type: 'refunded', effect }, now);
  return out.ok ? out.next : billing;
}

const sameBilling = (a: Billing, b: Billing): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Tries of the refund's batch when a parallel change of the same subscription wins first. */
const RECORD_TRIES = 20;

/**
 * One batch, after the provider accepted: the refund done, its credit note, the payment refunded
 * when its done refunds cover it (with what the selling area gives up), the subscription's change and
 * the audit entry. The refund becomes done only while its claim is held and the subscription is as it
 * was read (its compare-and-set when the refund changes it); the rest of the batch holds only where
 * the refund carries this batch's token. A batch that lost reads again: parallel refunds of one
 * customer that leave the subscription as it is never wait for each other.
 */
async function record(deps: RefundDeps, row: RefundRow, providerRef: string | null, input: RefundInput, now: Date): Promise<Result<Refunded, RefundRefusal>> {
  const { db } = deps;
  const at = now.toISOString();
  const lang = (await recipientOf(db, row.user_id))?.lang ?? 'ar';
  for (let attempt = 0; attempt < RECORD_TRIES; attempt++) {
    const [billing, tx] = await Promise.all([loadBilling(db, row.user_id), findTransaction(db, row.transaction_id)]);
    if (!billing || !tx) throw new Error(`refunds: ${row.transaction_id} or its customer is gone`);
    const next = effectOn(billing, tx, row.effect, now);
    const ofSubscription = SUBSCRIPTION_PURPOSES.includes(tx.purpose);
    const changes = !sameBilling(billing, next);
    const token = crypto.randomUUID();
    const write = { userId: row.user_id, prev: billing, next, at, id: crypto.randomUUID(), requires: stillClaimed(row.id) };
    const entry = {
      actor: input.actor,
      origin: input.origin,
      at: now,
      action: 'refund.create',
      entity: 'transaction',
      entityId: tx.id,
      reason: row.reason,
      // The subscription's fields only where the refund may change them (a subscription payment's).
      before: { payment: { state: tx.state, captured: tx.amount, currency: tx.currency }, ...(ofSubscription ? { subscription: userFields(billing) } : {}) },
      after: { refund: { id: row.id, amount: row.amount, currency: row.currency, ...(ofSubscription ? { effect: row.effect } : {}), manual: row.manual, providerRef }, ...(ofSubscription ? { subscription: userFields(next) } : {}) },
    };
    await db.batch([
      ...(changes ? [casStatement(db, write), userFieldsStatement(db, write)] : []),
      doneStatement(db, { id: row.id, providerRef, at, token }, changes ? { sql: WON, args: [write.id] } : subscriptionUnchanged(row.user_id, billing.version)),
      creditNoteStatement(db, { refundId: row.id, lang, at, token }),
      transactionRefundedStatement(db, tx.id, token),
      ...(fulfilmentOf(tx.purpose)?.refunded(db, tx.id, at, refundedInWhole, token) ?? []),
      auditStatement(db, entry, { sql: recorded, args: [token] }),
    ]);
    const after = await refundById(db, row.id);
    if (after?.state === 'done') {
      if (after.write_token !== token) return done({ refund: after, fresh: false, subscription: null });
      if (!changes) return done({ refund: after, fresh: true, subscription: null });
      await endAtProvider(deps, billing, row.effect);
      return done({ refund: after, fresh: true, subscription: next.state === 'expired' ? { ended: true } : { ended: false, until: next.end ?? at } });
    }
    if (after?.state !== 'claimed') return refused('REFUND_IN_PROGRESS', `the refund is ${after?.state ?? 'gone'}`);
  }
  throw new Error(`refunds: too much contention recording ${row.id}`);
}

/** A provider that renews by itself (Stripe) is told too: no renewal, or the subscription ends now. Logged when it fails (the refund is made). */
async function endAtProvider(deps: RefundDeps, before: Billing, effect: RefundEffect): Promise<void> {
  const provider = before.provider ? deps.provider(before.provider) : null;
  if (!provider || provider.recurring !== 'provider' || !before.subscriptionRef) return;
  const ref = before.subscriptionRef;
  try {
    if (effect === 'end_now') await provider.endSubscriptionNow?.(ref);
    else await provider.setCancelAtPeriodEnd?.(ref, true);
  } catch (error) {
    log('refund_subscription_not_ended_at_provider', { provider: provider.id, subscriptionRef: ref, effect, error: String(error).slice(0, 200) });
  }
}
