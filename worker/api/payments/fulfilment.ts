/**
 * What a payment bought is delivered by the area that sold it. Payments settles the transaction and
 * calls the handlers registered for its purpose, so it imports none of the areas that sell through
 * it (docs/architecture.md, API layers). Plans and ticket packs are payments' own (the state machine,
 * worker/api/payments/tickets.ts); an event order ('order') is the events area's, registered where
 * the app is assembled (worker/api/index.ts).
 */
import type { Bindings } from '../../env';
import type { Lang } from '../../rules/lang';
import type { PaymentPurpose } from '../../rules/subscription';
import type { BillingMail } from './emails';

/**
 * Statements that join the settlement's guarded batch: each holds only while `guard` (bound to
 * `guardArgs`) does, i.e. while this settlement is the one that wins (worker/api/payments/settle.ts).
 */
export type GuardedStatements = (db: D1Database, transactionId: string, at: string, guard: string, ...guardArgs: unknown[]) => D1PreparedStatement[];

/**
 * What a handler's delivery uses, built once from the environment where the call starts
 * (`noticeDeps`, worker/api/payments/deps.ts): the database, the billing mail and the shows'
 * seat inventories (the Durable Objects an event order's seats are held in).
 */
export type FulfilmentDeps = BillingMail & { db: D1Database; shows: Bindings['SHOWS'] };

/** The handlers of a purpose sold by another area. */
export type FulfilmentHandlers = {
  /** The payment was accepted: what was bought is paid. */
  paid: GuardedStatements;
  /** The payment failed: what was held for it is given up. */
  failed: GuardedStatements;
  /** Money was taken for a checkout already closed here: nothing is delivered, an operator refunds it. */
  refundDue: GuardedStatements;
  /**
   * The whole payment was refunded (in the refund's batch, worker/api/payments/refunds): what was
   * bought is given up (an event order is refunded, its tickets void).
   */
  refunded: GuardedStatements;
  /**
   * The payments of this purpose whose buyers are owed their money though the payment was accepted
   * (an event order paid after its seats were gone), oldest first, at most `limit`: the back office's
   * refund-due queue, beside the transactions that are refund_due themselves.
   */
  owed: (db: D1Database, limit: number) => Promise<string[]>;
  /** After the settlement's batch: deliver (or release what was held). Its own messages, instead of the billing emails. */
  settled: (deps: FulfilmentDeps, transactionId: string, now: Date) => Promise<void>;
  /** What was bought, named in the buyer's language (a show's title), for the messages payments sends; null: not found. */
  named: (db: D1Database, transactionId: string, lang: Lang) => Promise<string | null>;
};

/** The purposes payments fulfils itself: the others need registered handlers. */
const OWN_PURPOSES: ReadonlySet<PaymentPurpose> = new Set(['subscribe', 'renew', 'change', 'card', 'tickets']);

const registered = new Map<PaymentPurpose, FulfilmentHandlers>();

/** Registers the handlers of a purpose another area sells (once, where the app is assembled). */
export function registerFulfilment(purpose: PaymentPurpose, handlers: FulfilmentHandlers): void {
  if (OWN_PURPOSES.has(purpose)) throw new Error(`payments fulfils '${purpose}' itself`);
  registered.set(purpose, handlers);
}

/** Every registered handler set: the refund-due queue asks each what its buyers are owed. */
export const registeredFulfilments = (): FulfilmentHandlers[] => [...registered.values()];

/**
 * The handlers of a transaction's purpose: null for payments' own purposes. A purpose sold elsewhere
 * with no handlers registered throws: settling it would take money and deliver nothing.
 */
export function fulfilmentOf(purpose: PaymentPurpose): FulfilmentHandlers | null {
  if (OWN_PURPOSES.has(purpose)) return null;
  const handlers = registered.get(purpose);
  if (!handlers) throw new Error(`no fulfilment registered for payments of purpose '${purpose}'`);
  return handlers;
}
