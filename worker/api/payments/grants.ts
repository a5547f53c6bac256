// Premium the back office gives (issue 32): days added to a running subscription, or a period of a
// plan for someone who has none, through the one state machine (event `granted`) and as a payment
// like any other: an accepted zero-amount transaction (method `grant`, provider `backoffice`) with its
// invoice in the one continuous series, so the customer's billing activity, the invoices and the
// reports all see it. The caller's own statements (its audit entry) join the same batch.
import { done, refused, type Result } from '../kernel/refusals';
import { findPlan } from './plans';
import type { Recurring } from './providers/types';
import { apply, isActive } from './state';
import { update } from './store';
import { insertInvoice, insertTransaction, setTransactionState } from './transactions';

/** The most days one grant gives. */
export const GRANT_MAX_DAYS = 366;

export type GrantRefusal =
  /** No such account. */
  | 'USER_GONE'
  /** Nothing is running and no plan was named (nor ever held). */
  | 'PLAN_REQUIRED'
  /** The plan named is not a subscription plan. */
  | 'PLAN_NOT_FOUND'
  /**
   * The provider charges this subscription by itself (Stripe) on its own dates: days added here would
   * be overwritten by its next renewal. Extend it at the provider, or once it is cancelled.
   */
  | 'PROVIDER_RENEWS';

export type Granted = { transactionId: string; invoiceNumber: number | null; planId: number; start: string; end: string; extended: boolean };

/** What a grant changes, for the caller's statements (an audit entry's before and after). */
export type GrantChange = Omit<Granted, 'invoiceNumber'> & { previous: { planId: number | null; end: string | null } };

export type GrantInput = {
  userId: string;
  days: number;
  /** The plan of a new period; a running subscription keeps its own. Default: the last plan held. */
  planId?: number | undefined;
  /** The customer's language, the invoice's. */
  lang: string;
};

export type GrantDeps = {
  db: D1Database;
  /** How a provider renews (null when it is not configured). */
  recurringOf(providerId: string): Recurring | null;
};

/**
 * Gives `days` of premium. `guarded` adds statements to the batch that writes the new state (they
 * must run only if that write won: `won` is the SQL condition, `id` its one value, as payments' own
 * statements bind them).
 */
export async function grantPremium(
  deps: GrantDeps,
  input: GrantInput,
  now: Date,
  guarded: (change: GrantChange, won: string, id: string) => D1PreparedStatement[] = () => [],
): Promise<Result<Granted, GrantRefusal>> {
  const { db } = deps;
  const at = now.toISOString();
  const transactionId = crypto.randomUUID();
  const exists = await db.prepare('SELECT 1 AS x FROM users WHERE id = ?').bind(input.userId).first();
  if (!exists) return refused('USER_GONE');
  const outcome = await update<Result<Omit<Granted, 'invoiceNumber'>, GrantRefusal>>(
    db,
    input.userId,
    async (billing) => {
      const running = isActive(billing, now);
      const planId = running ? billing.planId : (input.planId ?? billing.planId);
      if (planId === null) return { skip: refused('PLAN_REQUIRED') };
      const plan = await findPlan(db, planId);
      if (!plan || plan.kind !== 'subscription') return { skip: refused('PLAN_NOT_FOUND', String(planId)) };
      if (running && !billing.cancelled && billing.provider && deps.recurringOf(billing.provider) === 'provider') return { skip: refused('PROVIDER_RENEWS', billing.provider) };
      const currency = billing.currency ?? 'MAD';
      const out = apply(billing, { type: 'granted', planId, days: input.days, currency }, now);
      if (!out.ok) return { skip: refused('PLAN_REQUIRED') };
      const start = running && billing.end ? billing.end : at;
      const end = out.next.end ?? at;
      const change: GrantChange = { transactionId, planId, start, end, extended: running, previous: { planId: billing.planId, end: billing.end } };
      return {
        write: out.next,
        guarded: (won, id) => [
          insertTransaction(db, { id: transactionId, userId: input.userId, planId, purpose: running ? 'renew' : 'subscribe', provider: 'backoffice', amount: 0, currency, trialDays: 0, state: 'pending', returnTo: null, at, method: 'grant' }, won, id),
          setTransactionState(db, { id: transactionId, state: 'accepted', from: ['pending'], at }, won, id),
          insertInvoice(db, { transactionId, userId: input.userId, at, lang: input.lang, periodStart: start, periodEnd: end }, won, id),
          ...guarded(change, won, id),
        ],
        result: done({ transactionId, planId, start, end, extended: running }),
      };
    },
    now,
  );
  if (!outcome.ok) return outcome;
  const invoice = await db.prepare('SELECT number FROM invoices WHERE transaction_id = ?').bind(transactionId).first<{ number: number }>();
  return done({ ...outcome.value, invoiceNumber: invoice?.number ?? null });
}
