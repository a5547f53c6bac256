// The billing clock (the Cron Trigger that exists, worker/index.ts): renews, ends trials, expires
// subscriptions back to the free offer, sends reminders and expires checkouts never finished.
// `now` is a parameter so a test can play a year of renewals in a second.
import type { BillingDeps } from './deps';
import { recipientOf, sendBillingEmail } from './emails';
import { releaseStatement } from './coupons';
import { findPlan, priceOf } from './plans';
import { settle } from './settle';
import { apply, isActive, renewalDue, type Billing } from './state';
import { loadBilling, update } from './store';
import { insertTransaction, setTransactionState } from './transactions';
import { userLang } from './checkout';

/** Subscriptions looked at per run (the cron runs every minute). */
export const BATCH = 50;
/** Reminders (trial ending, renewal without recurring charge) go this long before the end. */
export const REMIND_BEFORE_MS = 3 * 86_400_000;
/** A checkout nobody finished is closed after a day; a payment waiting for validation after 4 days. */
export const CREATED_TTL_MS = 86_400_000;
export const PENDING_TTL_MS = 4 * 86_400_000;

export type BillingReport = { renewed: number; failed: number; expired: number; reminded: number; closed: number };

const DAY = 86_400_000;

/** What the billing clock uses (`billingDeps(env)`, built once by the cron): the database, the providers, the messages. */
export type RenewalDeps = Pick<BillingDeps, 'db' | 'providers' | 'mailer' | 'mail' | 'origin'>;

export async function runBilling(deps: RenewalDeps, now: Date): Promise<BillingReport> {
  const report: BillingReport = { renewed: 0, failed: 0, expired: 0, reminded: 0, closed: 0 };
  const at = now.toISOString();
  const soon = new Date(now.getTime() + DAY).toISOString();
  const remindFrom = new Date(now.getTime() + REMIND_BEFORE_MS).toISOString();
  const today = at.slice(0, 10);
  const { db } = deps;

  // 1. Renewals due (merchant providers charge the saved card).
  const due = await db.prepare(
    `SELECT u.id FROM users u JOIN subscriptions s ON s.user_id = u.id
     WHERE u.subscription_renewal IS NOT NULL AND u.subscription_renewal <= ?1 AND u.cancel_subscription = 0
       AND s.state IN ('active', 'trialing', 'past_due') LIMIT ?2`,
  ).bind(soon, BATCH).all<{ id: string }>();
  for (const { id } of due.results) {
    const result = await renew(deps, id, now);
    if (result === 'renewed') report.renewed++;
    if (result === 'failed') report.failed++;
  }

  // 2. Reminders: a trial that ends within 3 days; a period without recurring charge that ends within 3 days.
  const remind = await db.prepare(
    `SELECT u.id FROM users u JOIN subscriptions s ON s.user_id = u.id
     WHERE u.subscription_id IS NOT NULL AND u.subscription_end <= ?1 AND u.subscription_end >= ?2
       AND (s.reminded_for IS NULL OR s.reminded_for != u.subscription_end)
       AND (s.state = 'trialing' OR u.subscription_renewal IS NULL) AND u.cancel_subscription = 0 LIMIT ?3`,
  ).bind(remindFrom, at, BATCH).all<{ id: string }>();
  for (const { id } of remind.results) if (await sendReminder(deps, id, now)) report.reminded++;

  // 3. Periods that ended: back to the free offer (spec §4).
  const ended = await db.prepare('SELECT id FROM users WHERE subscription_id IS NOT NULL AND substr(subscription_end, 1, 10) < ?1 LIMIT ?2').bind(today, BATCH).all<{ id: string }>();
  for (const { id } of ended.results) if (await expire(deps, id, now)) report.expired++;

  // 4. Checkouts never finished, cash vouchers past their 4 days (spec §9) and payments that stayed
  // waiting for validation too long; each gives its coupon's use back. Agents' collections were paid
  // in cash already: they wait for the network, never expire here.
  const created = await db.prepare("UPDATE transactions SET state = 'expired', updated_at = ?1 WHERE state = 'created' AND created_at < ?2").bind(at, new Date(now.getTime() - CREATED_TTL_MS).toISOString()).run();
  report.closed += created.meta.changes ?? 0;
  if (created.meta.changes) await db.prepare("DELETE FROM coupon_redemptions WHERE transaction_id IN (SELECT id FROM transactions WHERE state = 'expired')").run();
  const stale = await db.prepare(
    `SELECT id, user_id, method, provider, provider_ref FROM transactions WHERE state = 'pending' AND method != 'agent'
     AND ((expires_at IS NOT NULL AND expires_at <= ?1) OR (expires_at IS NULL AND created_at < ?2)) LIMIT ?3`,
  ).bind(at, new Date(now.getTime() - PENDING_TTL_MS).toISOString(), BATCH).all<{ id: string; user_id: string; method: string; provider: string; provider_ref: string | null }>();
  for (const tx of stale.results) {
    const voucher = tx.method === 'cash';
    // The network refuses the voucher from now on (a payment it took meanwhile comes back as a callback on a closed transaction, logged for a refund).
    if (voucher && tx.provider_ref) await deps.providers.byId(tx.provider)?.cancelVoucher?.(tx.provider_ref).catch(() => false);
    const closed = await update<boolean>(db, tx.user_id, async (b) => {
      const current = await db.prepare('SELECT state FROM transactions WHERE id = ?').bind(tx.id).first<{ state: string }>();
      if (current?.state !== 'pending') return { skip: false };
      const out = apply(b, { type: 'pending_cleared' }, now);
      return {
        write: out.ok ? out.next : b,
        guarded: (won, wid) => [
          setTransactionState(db, { id: tx.id, state: 'expired', from: ['pending'], error: voucher ? 'VOUCHER_EXPIRED' : 'PENDING_EXPIRED', at }, won, wid),
          releaseStatement(db, tx.id, won, wid),
        ],
        result: true,
      };
    }, now);
    if (!closed) continue;
    report.closed++;
    if (voucher) await sendBillingEmail(deps, await recipientOf(db, tx.user_id), { kind: 'voucher_expired' });
  }
  return report;
}

/** Charges one renewal: claims it first (moves the renewal a day on), so two runs never charge twice. */
async function renew(deps: RenewalDeps, userId: string, now: Date): Promise<'renewed' | 'failed' | 'skipped'> {
  const at = now.toISOString();
  const { db } = deps;
  const first = await loadBilling(db, userId);
  const provider = first?.provider ? deps.providers.byId(first.provider) : null;
  if (!first || !provider?.chargeSaved || provider.recurring !== 'merchant' || !first.customerRef || !first.currency) return 'skipped';
  const plan = await findPlan(db, first.nextPlanId ?? first.planId ?? 0);
  if (!plan) return 'skipped';
  const currency = first.currency;
  const transactionId = crypto.randomUUID();
  const claimed = await update<boolean>(db, userId, (b) => {
    if (!renewalDue(b, now) || !isActive(b, now)) return { skip: false };
    const claim: Billing = { ...b, renewal: new Date(now.getTime() + DAY).toISOString() };
    return {
      write: claim,
      guarded: (won, wid) => [insertTransaction(db, { id: transactionId, userId, planId: plan.id, purpose: 'renew', provider: provider.id, amount: priceOf(plan, currency), currency, trialDays: 0, state: 'created', returnTo: null, at }, won, wid)],
      result: true,
    };
  }, now);
  if (!claimed) return 'skipped';
  const event = await provider
    .chargeSaved({ transactionId, customerRef: first.customerRef, money: { amount: priceOf(plan, currency), currency }, description: plan.name.en })
    .catch((error: unknown) => ({ kind: 'failed' as const, eventId: `charge_error_${transactionId}`, transactionId, providerRef: '', reason: `PROVIDER_ERROR: ${String(error).slice(0, 100)}` }));
  const settlement = await settle(db, provider, event, now, userLang(db));
  await deps.mailer.settled(settlement, now);
  return event.kind === 'accepted' ? 'renewed' : 'failed';
}

async function sendReminder(deps: RenewalDeps, userId: string, now: Date): Promise<boolean> {
  const { db } = deps;
  const b = await loadBilling(db, userId);
  if (!b?.end || b.remindedFor === b.end || b.planId === null) return false;
  const forEnd = b.end;
  const sent = await update<boolean>(db, userId, (cur) => {
    if (cur.remindedFor === forEnd || cur.end !== forEnd) return { skip: false };
    const out = apply(cur, { type: 'reminded', forEnd }, now);
    return out.ok ? { write: out.next, result: true } : { skip: false };
  }, now);
  if (!sent) return false;
  const plan = await findPlan(db, b.nextPlanId ?? b.planId);
  const to = await recipientOf(db, userId);
  const name = plan?.name[to?.lang ?? 'ar'] ?? '';
  const currency = b.currency ?? 'MAD';
  if (b.state === 'trialing') {
    await sendBillingEmail(deps, to, { kind: 'trial_ending', plan: name, end: forEnd, amount: plan ? priceOf(plan, currency) : 0, currency, charged: b.renewal !== null && b.card !== null });
  } else {
    await sendBillingEmail(deps, to, { kind: 'renewal_reminder', plan: name, end: forEnd });
  }
  return true;
}

async function expire(deps: RenewalDeps, userId: string, now: Date): Promise<boolean> {
  const { db } = deps;
  const b = await loadBilling(db, userId);
  const expired = await update<boolean>(db, userId, (cur) => {
    const out = apply(cur, { type: 'tick' }, now);
    if (!out.ok || out.next.state === cur.state) return { skip: false };
    return { write: out.next, result: true };
  }, now);
  if (expired && b?.planId) {
    const plan = await findPlan(db, b.planId);
    const to = await recipientOf(db, userId);
    await sendBillingEmail(deps, to, { kind: 'ended', plan: plan?.name[to?.lang ?? 'ar'] ?? '' });
  }
  return expired;
}
