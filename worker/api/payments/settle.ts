// Applies what a provider says happened (a verified callback, a confirmation, a renewal charge) to
// the transaction and the subscription state, exactly once: replays and parallel callbacks extend
// the period once and allocate one invoice number.
import { confirmationStatement } from './confirmations';
import { releaseStatement } from './coupons';
import { addTicketsStatement } from './tickets';
import { fulfilmentOf } from './fulfilment';
import { findPlan } from './plans';
import type { PaymentEvent, PaymentProvider } from './providers/types';
import { loadBilling, update, userOfSubscriptionRef, type Planned } from './store';
import { apply, type Billing, type Event } from './state';
import { eventSeen, findTransaction, insertEventSeen, insertInvoice, insertTransaction, setTransactionState, type TransactionRow } from './transactions';
import { cardFree, cardKey, cardTakenElsewhere, claimCardStatement } from './trials';

/** What happened, for the caller's log and emails. */
export type Settlement =
  | {
      outcome: 'applied';
      userId: string;
      kind: PaymentEvent['kind'];
      transactionId: string | null;
      invoice: boolean;
      /** A card trial whose card already had a trial on another account: no free days, the card pays from now. */
      cardTrialUsed?: boolean;
    }
  /** Money taken for a checkout already closed here (cancelled, failed, expired): nothing delivered, to be refunded. */
  | { outcome: 'refund_due'; userId: string; transactionId: string }
  | { outcome: 'replay' | 'ignored'; reason: string };

const OPEN = ['created', 'pending'] as const;
/** States of a checkout closed here without money: a payment that still arrives for one is refund_due. */
const CLOSED = ['failed', 'expired', 'cancelled'] as const;
const isClosed = (state: TransactionRow['state']): state is (typeof CLOSED)[number] => (CLOSED as readonly string[]).includes(state);

/**
 * The provider's reference must be this transaction's: a signed callback naming one transaction with
 * another's reference (or with another reference than the one it has) is refused, never written.
 */
async function referenceMismatch(db: D1Database, tx: TransactionRow, providerRef: string): Promise<boolean> {
  if (tx.provider_ref !== null) return tx.provider_ref !== providerRef;
  const other = await db.prepare('SELECT 1 AS x FROM transactions WHERE provider = ? AND provider_ref = ? AND id != ?').bind(tx.provider, providerRef, tx.id).first();
  return other !== null;
}

function log(level: 'info' | 'warn', event: string, fields: Record<string, unknown>): void {
  console[level === 'warn' ? 'warn' : 'log'](JSON.stringify({ level, event, ...fields }));
}

const isUniqueViolation = (error: unknown): boolean => /UNIQUE constraint failed: payment_events/.test(String(error));

export async function settle(db: D1Database, provider: PaymentProvider, event: PaymentEvent, now: Date, lang: (userId: string) => Promise<string>): Promise<Settlement> {
  if (await eventSeen(db, provider.id, event.eventId)) return { outcome: 'replay', reason: `event ${event.eventId} already handled` };
  if (event.kind === 'accepted') await confirmationStatement(db, provider.id, event, now.toISOString()).run();
  try {
    return 'transactionId' in event ? await settleTransaction(db, provider, event, now, lang) : await settleRenewal(db, provider, event, now, lang);
  } catch (error) {
    // Two deliveries of one event raced: the other one applied it.
    if (isUniqueViolation(error)) return { outcome: 'replay', reason: `event ${event.eventId} applied in parallel` };
    throw error;
  }
}

type TransactionEvent = Extract<PaymentEvent, { transactionId: string }>;

async function settleTransaction(db: D1Database, provider: PaymentProvider, event: TransactionEvent, now: Date, lang: (userId: string) => Promise<string>): Promise<Settlement> {
  const at = now.toISOString();
  const tx = await findTransaction(db, event.transactionId);
  if (!tx || tx.provider !== provider.id) {
    log('warn', 'payment_not_found', { provider: provider.id, transactionId: event.transactionId, eventId: event.eventId });
    return { outcome: 'ignored', reason: 'PAYMENT_NOT_FOUND' };
  }
  if (await referenceMismatch(db, tx, event.providerRef)) {
    log('warn', 'payment_reference_mismatch', { provider: provider.id, transactionId: tx.id, eventId: event.eventId });
    return { outcome: 'ignored', reason: 'PROVIDER_REF_MISMATCH' };
  }
  if (event.kind === 'accepted' && (event.money.amount !== tx.amount || event.money.currency !== tx.currency)) {
    // The provider says another amount was paid than the one we asked for: never activate on it.
    log('warn', 'payment_amount_mismatch', { provider: provider.id, transactionId: tx.id, expected: [tx.amount, tx.currency], got: [event.money.amount, event.money.currency] });
    event = { kind: 'failed', eventId: event.eventId, transactionId: tx.id, providerRef: event.providerRef, reason: 'AMOUNT_MISMATCH' };
  }
  const plan = await findPlan(db, tx.plan_id);
  if (!plan) return { outcome: 'ignored', reason: 'PLAN_NOT_FOUND' };
  const userLang = event.kind === 'accepted' ? await lang(tx.user_id) : '';
  const settlement = await update<Settlement>(
    db,
    tx.user_id,
    async (billing) => {
      // Read again on every try, after the state: a parallel callback may have settled it meanwhile.
      const current = await findTransaction(db, tx.id);
      if (!current) return { skip: { outcome: 'ignored', reason: 'PAYMENT_NOT_FOUND' } as Settlement };
      return planTransaction(db, provider, event, current, billing, plan, now, at, userLang);
    },
    now,
  );
  if (settlement.outcome === 'applied' && settlement.cardTrialUsed && event.kind === 'accepted' && event.subscriptionRef && provider.endTrialNow) {
    // A provider that renews by itself (Stripe) ends its trial now: it charges the card and tells us (a renewal).
    await provider.endTrialNow(event.subscriptionRef).catch((error: unknown) => log('warn', 'trial_end_failed', { provider: provider.id, transactionId: tx.id, userId: tx.user_id, error: String(error).slice(0, 200) }));
  }
  if (settlement.outcome === 'refund_due') {
    // The alert: money was taken and nothing is delivered; an operator refunds it (as event orders' refund_due).
    log('warn', 'payment_refund_due', { provider: provider.id, transactionId: tx.id, userId: tx.user_id, amount: tx.amount, currency: tx.currency, closedAs: tx.state, eventId: event.eventId });
  }
  return settlement;
}

/**
 * A card trial's card, by its provider fingerprint: its claim key, and whether another account had a
 * trial with it (read inside the settlement's step: a parallel claim makes its compare-and-set lose).
 */
export type TrialCard = { key: string; used: boolean };

async function trialCardOf(db: D1Database, event: TransactionEvent, tx: TransactionRow): Promise<TrialCard | null> {
  if (event.kind !== 'accepted' || tx.trial_days === 0 || !event.card?.fingerprint || tx.state === 'accepted') return null;
  const key = await cardKey(event.card.fingerprint);
  return { key, used: await cardTakenElsewhere(db, key, tx.user_id) };
}

async function planTransaction(
  db: D1Database,
  provider: PaymentProvider,
  event: TransactionEvent,
  tx: TransactionRow,
  billing: Billing,
  plan: { id: number; duration: number; trial_days: number },
  now: Date,
  at: string,
  userLang: string,
) {
  const seen = (won: string, id: string) => insertEventSeen(db, provider.id, event.eventId, at, won, id);
  const card = await trialCardOf(db, event, tx);
  const applied = (invoice: boolean): Settlement => ({ outcome: 'applied', userId: tx.user_id, kind: event.kind, transactionId: tx.id, invoice, ...(card?.used ? { cardTrialUsed: true } : {}) });
  let stateEvent: Event | null = null;
  switch (event.kind) {
    case 'accepted':
      // A ticket pack (or an event order) changes no subscription: its tickets are added (the order is paid) in the same batch (settlementStep).
      stateEvent =
        tx.purpose === 'tickets' || tx.purpose === 'order'
          ? null
          : tx.purpose === 'card'
          ? { type: 'card_saved', provider: provider.id, card: event.card ?? null, customerRef: event.customerRef }
          : {
              type: 'paid',
              plan: { id: plan.id, duration: plan.duration, trialDays: tx.trial_days },
              purpose: tx.purpose,
              // The card already had a trial elsewhere: a period that ends now (the card is charged at once).
              trial: tx.trial_days > 0 && !card?.used,
              ...(card?.used ? { periodEnd: at } : {}),
              recurring: provider.recurring,
              provider: provider.id,
              currency: tx.currency,
              card: event.card,
              customerRef: event.customerRef,
              subscriptionRef: event.subscriptionRef,
            };
      break;
    case 'failed':
      stateEvent = tx.purpose === 'card' || tx.purpose === 'tickets' || tx.purpose === 'order' ? null : { type: 'failed', purpose: tx.purpose, reason: event.reason };
      break;
    case 'pending':
      stateEvent = tx.purpose === 'subscribe' ? { type: 'pending', planId: plan.id, provider: provider.id, currency: tx.currency } : null;
      break;
  }
  return settlementStep(db, tx, billing, stateEvent, event, now, at, userLang, seen, applied, card);
}

function settlementStep(
  db: D1Database,
  tx: TransactionRow,
  billing: Billing,
  stateEvent: Event | null,
  event: TransactionEvent,
  now: Date,
  at: string,
  userLang: string,
  seen: (won: string, id: string) => D1PreparedStatement,
  applied: (invoice: boolean) => Settlement,
  card: TrialCard | null,
): Planned<Settlement> {
  if (tx.state === 'accepted' || tx.state === 'refunded' || tx.state === 'refund_due') return { skip: { outcome: 'replay', reason: `transaction ${tx.id} already ${tx.state}` } };
  if (event.kind === 'pending' && tx.state === 'pending') return { skip: { outcome: 'replay', reason: `transaction ${tx.id} already pending` } };
  // Every write of the batch needs the transaction still in the state it was read in: the compare-and-set
  // fails otherwise (a voucher cancelled, a checkout expired meanwhile) and the settlement reads again.
  const stillRead = { sql: 'EXISTS (SELECT 1 FROM transactions WHERE id = ? AND state = ?)', args: [tx.id, tx.state] };
  if (isClosed(tx.state)) {
    if (event.kind !== 'accepted') {
      // A late or contradictory callback on a closed checkout: recorded in the log, nothing changes.
      log('warn', 'payment_on_closed_transaction', { transactionId: tx.id, state: tx.state, kind: event.kind });
      return { skip: { outcome: 'ignored', reason: `transaction ${tx.id} is ${tx.state}` } };
    }
    // The money was taken for a checkout closed here: nothing is delivered (a cancelled voucher stays
    // cancelled, its coupon use given back); the transaction (and its event order) is refund_due.
    const from = tx.state;
    return {
      write: billing,
      requires: stillRead,
      guarded: (won, id) => [
        setTransactionState(db, { id: tx.id, state: 'refund_due', from: [from], providerRef: event.providerRef, error: 'PAID_AFTER_CLOSE', at }, won, id),
        ...(fulfilmentOf(tx.purpose)?.refundDue(db, tx.id, at, won, id) ?? []),
        seen(won, id),
      ],
      result: { outcome: 'refund_due', userId: tx.user_id, transactionId: tx.id },
    };
  }
  const outcome = stateEvent ? apply(billing, stateEvent, now) : { ok: true as const, next: billing };
  const next = outcome.ok ? outcome.next : billing;
  const newState = event.kind === 'accepted' ? 'accepted' : event.kind === 'failed' ? 'failed' : 'pending';
  const error = event.kind === 'failed' ? event.reason : null;
  const invoice = event.kind === 'accepted' && tx.purpose !== 'card' && tx.trial_days === 0;
  const fulfilment = fulfilmentOf(tx.purpose);
  // A card trial also needs its card to be still nobody else's (parallel settlements of two accounts: one trial).
  const free = card && !card.used ? cardFree(card.key, tx.user_id) : null;
  return {
    write: next,
    requires: free ? { sql: `${stillRead.sql} AND ${free.sql}`, args: [...stillRead.args, ...free.args] } : stillRead,
    guarded: (won, id) => [
      setTransactionState(db, { id: tx.id, state: newState, from: OPEN, providerRef: event.providerRef, error, at }, won, id),
      // The card is remembered with the trial; a card that had one elsewhere leaves a checkout that was no trial.
      ...(card ? [claimCardStatement(db, card.key, tx.user_id, at, won, id)] : []),
      ...(card?.used ? [db.prepare(`UPDATE transactions SET trial_days = 0 WHERE id = ?1 AND ${won.replaceAll('?', '?2')}`).bind(tx.id, id)] : []),
      // A failed payment gives its coupon's use back; an accepted ticket pack adds its tickets (spec §3 credits).
      ...(newState === 'failed' ? [releaseStatement(db, tx.id, won, id)] : []),
      ...(newState === 'accepted' && tx.purpose === 'tickets' ? [addTicketsStatement(db, tx.id, won, id)] : []),
      // What another area sold (an event order): paid with its payment, or given up (worker/api/payments/fulfilment.ts).
      ...(newState === 'accepted' ? (fulfilment?.paid(db, tx.id, at, won, id) ?? []) : []),
      ...(newState === 'failed' ? (fulfilment?.failed(db, tx.id, at, won, id) ?? []) : []),
      ...(invoice ? [insertInvoice(db, { transactionId: tx.id, userId: tx.user_id, at, lang: userLang || 'en', periodStart: next.start ?? at, periodEnd: next.end ?? at }, won, id)] : []),
      seen(won, id),
    ],
    result: applied(invoice),
  };
}

type RenewalEvent = Exclude<PaymentEvent, { transactionId: string }>;

/** Providers that renew by themselves (Stripe) tell us about charges we did not start. */
async function settleRenewal(db: D1Database, provider: PaymentProvider, event: RenewalEvent, now: Date, lang: (userId: string) => Promise<string>): Promise<Settlement> {
  const at = now.toISOString();
  const userId = await userOfSubscriptionRef(db, provider.id, event.subscriptionRef);
  if (!userId) {
    log('warn', 'payment_not_found', { provider: provider.id, subscriptionRef: event.subscriptionRef, eventId: event.eventId });
    return { outcome: 'ignored', reason: 'PAYMENT_NOT_FOUND' };
  }
  const userLang = await lang(userId);
  const current = await loadBilling(db, userId);
  const plan = current ? await findPlan(db, current.nextPlanId ?? current.planId ?? 0) : null;
  return update<Settlement>(
    db,
    userId,
    (billing) => {
      const seen = (won: string, id: string) => insertEventSeen(db, provider.id, event.eventId, at, won, id);
      if (event.kind === 'ended' || event.kind === 'renewal_failed') {
        const out = apply(billing, event.kind === 'ended' ? { type: 'provider_ended' } : { type: 'failed', purpose: 'renew', reason: event.reason }, now);
        return { write: out.ok ? out.next : billing, guarded: (won, id) => [seen(won, id)], result: { outcome: 'applied', userId, kind: event.kind, transactionId: null, invoice: false } as Settlement };
      }
      const planId = billing.nextPlanId ?? billing.planId;
      if (planId === null || !plan || plan.id !== planId) return { skip: { outcome: 'ignored', reason: 'NO_PLAN' } as Settlement };
      const transactionId = crypto.randomUUID();
      const out = apply(
        billing,
        { type: 'paid', plan: { id: planId, duration: plan.duration, trialDays: 0 }, purpose: 'renew', trial: false, recurring: provider.recurring, provider: provider.id, currency: event.money.currency, periodEnd: event.periodEnd },
        now,
      );
      if (!out.ok) return { skip: { outcome: 'ignored', reason: out.refusal } as Settlement };
      const next = out.next;
      return {
        write: next,
        guarded: (won, id) => [
          insertTransaction(db, { id: transactionId, userId, planId, purpose: 'renew', provider: provider.id, amount: event.money.amount, currency: event.money.currency, trialDays: 0, state: 'pending', returnTo: null, at }, won, id),
          setTransactionState(db, { id: transactionId, state: 'accepted', from: ['pending'], providerRef: event.providerRef, at }, won, id),
          insertInvoice(db, { transactionId, userId, at, lang: userLang || 'en', periodStart: billing.end ?? at, periodEnd: next.end ?? at }, won, id),
          seen(won, id),
        ],
        result: { outcome: 'applied', userId, kind: event.kind, transactionId, invoice: true } as Settlement,
      };
    },
    now,
  );
}
