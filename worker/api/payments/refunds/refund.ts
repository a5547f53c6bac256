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
import { update } from '../store';
import { findTransaction, type TransactionRow } from '../transactions';
import {
  claimStatement,
  creditNoteStatement,
  doneStatement,
  refundById,
  refundByKey,
  refundedOf,
  refuseStatement,
  REFUNDABLE_STATES,
  resumeStatement,
  stillClaimed,
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
      answer = await provider.refund({ refundId: row.id, transactionId: tx.id, providerRef: tx.provider_ref, money: { amount: row.amount, currency: row.currency }, captured: tx.amount });
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

/** The subscription's change a refund makes, and whether it made one. */
function effectOn(billing: Billing, tx: TransactionRow, effect: RefundEffect, now: Date): Billing {
  if (!SUBSCRIPTION_PURPOSES.includes(tx.purpose)) return billing;
  const out = apply(billing, { type: 'refunded', effect }, now);
  return out.ok ? out.next : billing;
}

/**
 * One batch, after the provider accepted: the refund done, its credit note, the payment refunded
 * (when in whole) with what the selling area gives up, the subscription's change and the audit entry,
 * written only if the subscription's compare-and-set wins and the claim is still held (else read again).
 */
async function record(deps: RefundDeps, row: RefundRow, providerRef: string | null, input: RefundInput, now: Date): Promise<Result<Refunded, RefundRefusal>> {
  const { db } = deps;
  const at = now.toISOString();
  const lang = (await recipientOf(db, row.user_id))?.lang ?? 'ar';
  const outcome = await update<{ before: Billing; after: Billing; tx: TransactionRow } | null>(
    db,
    row.user_id,
    async (billing) => {
      const [tx, current, given] = await Promise.all([findTransaction(db, row.transaction_id), refundById(db, row.id), refundedOf(db, row.transaction_id)]);
      if (!tx || current?.state !== 'claimed') return { skip: null };
      const full = given.done + row.amount >= tx.amount;
      const next = effectOn(billing, tx, row.effect, now);
      const fulfilment = full ? fulfilmentOf(tx.purpose) : null;
      const entry = {
        actor: input.actor,
        origin: input.origin,
        at: now,
        action: 'refund.create',
        entity: 'transaction',
        entityId: tx.id,
        reason: row.reason,
        before: { state: tx.state, refunded: given.done, currency: tx.currency, subscription: userFields(billing) },
        after: { state: full ? 'refunded' : tx.state, refunded: given.done + row.amount, currency: tx.currency, refund: row.id, amount: row.amount, manual: row.manual, providerRef, effect: row.effect, subscription: userFields(next) },
      };
      return {
        write: next,
        requires: stillClaimed(row.id),
        guarded: (won, id) => [
          doneStatement(db, { id: row.id, providerRef, at }, won, id),
          creditNoteStatement(db, { refundId: row.id, lang, at }, won, id),
          ...(full ? [transactionRefundedStatement(db, tx.id, won, id)] : []),
          ...(fulfilment?.refunded(db, tx.id, at, won, id) ?? []),
          auditStatement(db, entry, { sql: won, args: [id] }),
        ],
        result: { before: billing, after: next, tx },
      };
    },
    now,
  );
  const refund = await refundById(db, row.id);
  if (!refund || refund.state !== 'done') return refused('REFUND_IN_PROGRESS', 'the refund is being recorded: look again in a moment');
  if (!outcome || outcome.after === outcome.before) return done({ refund, fresh: outcome !== null, subscription: null });
  await endAtProvider(deps, outcome.before, row.effect);
  const subscription: SubscriptionEffect = outcome.after.state === 'expired' ? { ended: true } : { ended: false, until: outcome.after.end ?? at };
  return done({ refund, fresh: true, subscription });
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
