// Sales agents: who is one, finding a user for them, recording the cash they received (a payment
// through the cash network that waits for validation), their collections, and the audit trail.
import { MOROCCO_CODE } from '../../rules/account';
import { isActive } from '../payments/state';
import { findUserByLogin, type UserRow } from '../kernel/users';
import { done, type Refused } from '../kernel/refusals';
import { langOf, startCheckout } from '../payments/checkout';
import type { BillingDeps } from '../payments/deps';
import { sendBillingEmail } from '../payments/emails';
import { findPlan, priceOf } from '../payments/plans';
import type { Result } from '../payments/refusals';
import type { CheckoutAnswer } from '../payments/schemas';
import { loadBilling } from '../payments/store';
import type { Currency } from '../../rules/subscription';
import { Collection, type AgentUserView } from './schemas';

export type Agent = { userId: string; name: string };

export async function findAgent(db: D1Database, userId: string): Promise<Agent | null> {
  // An agent is an active row of agents (the agency's name) held with the role 'agent' (staff_grants).
  const row = await db
    .prepare("SELECT a.user_id, a.name FROM agents a JOIN staff_grants g ON g.user_id = a.user_id AND g.role = 'agent' WHERE a.user_id = ?1 AND a.active = 1")
    .bind(userId)
    .first<{ user_id: string; name: string }>();
  return row ? { userId: row.user_id, name: row.name } : null;
}

type AuditEntry = { agentId: string; action: 'lookup' | 'lookup_unknown' | 'record_payment' | 'refused'; targetUserId?: string | null; query?: string | null; transactionId?: string | null; amount?: number | null; currency?: string | null; detail?: string | null; at: string };

/** One row per agent action: who, what, when, for whom, how much. */
export const audit = (db: D1Database, e: AuditEntry): Promise<D1Result> =>
  db
    .prepare('INSERT INTO agent_audit (agent_id, action, target_user_id, query, transaction_id, amount, currency, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(e.agentId, e.action, e.targetUserId ?? null, e.query ?? null, e.transactionId ?? null, e.amount ?? null, e.currency ?? null, e.detail ?? null, e.at)
    .run();

/** What an agent types at the counter: an email, an international number, or a Moroccan one with or without its 0. */
export function loginOf(typed: string): string {
  const value = typed.trim().toLowerCase();
  const digits = value.replace(/[\s.-]/g, '');
  if (/^0?[5-7]\d{8}$/.test(digits)) return `${MOROCCO_CODE}${digits.replace(/^0/, '')}`;
  if (/^00[1-9]\d{7,14}$/.test(digits)) return `+${digits.slice(2)}`;
  return /^\+\d+$/.test(digits) ? digits : value;
}

async function viewOf(db: D1Database, user: UserRow, now: Date): Promise<AgentUserView> {
  const [billing, profile] = await Promise.all([
    loadBilling(db, user.id),
    db.prepare('SELECT first_name, last_name, username FROM profiles WHERE user_id = ? ORDER BY id LIMIT 1').bind(user.id).first<{ first_name: string | null; last_name: string | null; username: string | null }>(),
  ]);
  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || profile?.username || null;
  return { email: user.email, phone: user.phone, name, premium_until: billing && isActive(billing, now) ? billing.end : null, pending: billing?.state === 'pending' };
}

/** GET /agent/users?q=: the user, or the refusal USER_NOT_FOUND (no account with this email or phone); both audited. */
export async function agentLookup(db: D1Database, agentId: string, q: string, now: Date): Promise<{ ok: true; user: AgentUserView } | Refused<'USER_NOT_FOUND'>> {
  const at = now.toISOString();
  const user = await findUserByLogin(db, loginOf(q));
  if (!user) {
    await audit(db, { agentId, action: 'lookup_unknown', query: q, at });
    return { ok: false, refusal: 'USER_NOT_FOUND' };
  }
  await audit(db, { agentId, action: 'lookup', targetUserId: user.id, query: q, at });
  return { ok: true, user: await viewOf(db, user, now) };
}

/**
 * Why an agent cannot record a payment: no account with this login (or gone meanwhile), their own
 * account, no such active plan, a payment already waiting for validation, another plan active, no
 * cash network for the currency.
 */
export type PaymentRefusal = 'USER_NOT_FOUND' | 'USER_GONE' | 'AGENT_OWN_ACCOUNT' | 'PLAN_NOT_FOUND' | 'PAYMENT_PENDING' | 'SUBSCRIPTION_CHANGE_REFUSED' | 'PAYMENT_METHOD_UNAVAILABLE';

/**
 * POST /agent/payments: the agent received the plan's price in cash. The amount comes from the plan,
 * never from the agent. The user stays on the free offer, "waiting for validation", until the cash
 * network confirms the agent's deposit (its signed callback): then premium starts. An agent's
 * refusal, else the checkout's result (a payments refusal when the cash network refused to start).
 */
export async function recordPayment(
  deps: Pick<BillingDeps, 'db' | 'origin' | 'providers' | 'mailer' | 'mail'>,
  agentId: string,
  input: { login: string; plan: number; currency: Currency },
  now: Date,
): Promise<Result<Result<CheckoutAnswer & { amount: number; currency: Currency }>, PaymentRefusal>> {
  const at = now.toISOString();
  const { db } = deps;
  // Every refusal is audited, with the account it concerned; the gone account counts as not found.
  const refuse = async (refusal: PaymentRefusal, target: string | null): Promise<Refused<PaymentRefusal>> => {
    await audit(db, { agentId, action: 'refused', targetUserId: target, query: input.login, detail: refusal === 'USER_GONE' ? 'USER_NOT_FOUND' : refusal, at });
    return { ok: false, refusal };
  };
  const user = await findUserByLogin(db, loginOf(input.login));
  if (!user) return refuse('USER_NOT_FOUND', null);
  if (user.id === agentId) return refuse('AGENT_OWN_ACCOUNT', user.id);
  const plan = await findPlan(db, input.plan);
  if (!plan || !plan.is_active) return refuse('PLAN_NOT_FOUND', user.id);
  const billing = await loadBilling(db, user.id);
  if (!billing) return refuse('USER_GONE', null);
  if (billing.state === 'pending') return refuse('PAYMENT_PENDING', user.id);
  const active = isActive(billing, now);
  const pack = plan.kind === 'tickets';
  if (!pack && active && billing.planId !== plan.id) return refuse('SUBSCRIPTION_CHANGE_REFUSED', user.id);
  const provider = deps.providers.of('cash', input.currency);
  if (!provider) return refuse('PAYMENT_METHOD_UNAVAILABLE', user.id);
  const amount = priceOf(plan, input.currency);
  const started = await startCheckout(deps, user, billing, { plan, purpose: pack ? 'tickets' : active ? 'renew' : 'subscribe', amount, currency: input.currency, provider, trialDays: 0, returnTo: null, method: 'agent', agentId }, now);
  if (!started.ok) return done(started);
  await audit(db, { agentId, action: 'record_payment', targetUserId: user.id, query: input.login, transactionId: started.value.transaction.id, amount, currency: input.currency, at });
  // The customer hears of it at once (and can object if they paid no one).
  const agent = await findAgent(db, agentId);
  const to = { id: user.id, email: user.email, phone: user.phone, lang: langOf(user) };
  await sendBillingEmail(deps, to, { kind: 'agent_recorded', plan: plan.name[to.lang], bought: pack ? 'tickets' : 'plan', amount, currency: input.currency, agent: agent?.name ?? '' });
  return done(done({ ...started.value, amount, currency: input.currency }));
}

/** GET /agent/collections: the agent's own collections of a day (UTC), newest first, and the totals per currency. */
export async function collectionsOf(db: D1Database, agentId: string, day: string): Promise<{ day: string; items: Collection[]; totals: Record<string, number> }> {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.created_at, t.state, t.amount, t.currency, t.plan_id, t.voucher_ref, u.email, u.phone
       FROM transactions t JOIN users u ON u.id = t.user_id
       WHERE t.agent_id = ? AND t.created_at >= ? AND t.created_at < ? AND t.state != 'created' ORDER BY t.created_at DESC LIMIT 500`,
    )
    .bind(agentId, `${day}T00:00:00.000Z`, `${day}T23:59:59.999Z`)
    .all();
  const items = results.map((r) => Collection.parse(r));
  const totals: Record<string, number> = {};
  for (const item of items) if (item.state !== 'failed') totals[item.currency] = (totals[item.currency] ?? 0) + item.amount;
  return { day, items, totals };
}
