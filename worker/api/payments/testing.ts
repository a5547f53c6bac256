// Test kit of payments: pay through the sandbox as a tester would, and read the state back.
import { env } from 'cloudflare:workers';
import { callApi } from '../../test/accounts';
import { sandboxFor, sandboxSecret } from './providers';
import { freshCardNumber, SANDBOX_SIGNATURE_HEADER } from './providers/sandbox';
import { signatureHeader } from './providers/sign';
import { CheckoutAnswer } from './schemas';
import { USER_SUBSCRIPTION_FIELDS, type UserSubscriptionFields } from './state';

export type Outcome = 'approve' | 'decline' | 'pending';

/** POST /payments/subscription/{planId} as `token`'s user; answers the checkout. */
export async function startCheckout(token: string, planId: number, body: Record<string, unknown> = {}, at?: Date): Promise<CheckoutAnswer> {
  const res = await callApi(`/payments/subscription/${planId}`, { method: 'POST', token, body, headers: at ? { 'x-test-now': at.toISOString() } : {} });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  return CheckoutAnswer.parse(await res.json());
}

/** The sandbox's reference of a checkout (the last segment of its page's URL). */
export const sandboxRef = (answer: CheckoutAnswer): string => {
  if (!answer.checkout) throw new Error('no checkout');
  return new URL(answer.checkout.url).pathname.split('/').pop() ?? '';
};

/** The tester's choice on the sandbox page (a card of its own unless one is given); returns the signed callback the sandbox would post. */
export async function decide(answer: CheckoutAnswer, outcome: Outcome, cardNumber = freshCardNumber()): Promise<Request> {
  const sandbox = sandboxFor(env);
  if (!sandbox) throw new Error('no sandbox');
  const decided = await sandbox.decide(sandboxRef(answer), { outcome, cardNumber });
  if (!decided) throw new Error('checkout already decided');
  return decided.callback;
}

/** Delivers a provider callback to the API, as the provider would (server to server). */
export async function deliver(callback: Request, at?: Date): Promise<Response> {
  const headers: Record<string, string> = Object.fromEntries(callback.headers);
  if (at) headers['x-test-now'] = at.toISOString();
  return callApi(new URL(callback.url).pathname.replace(/^\/api/, ''), { method: 'POST', headers, rawBody: await callback.clone().text() });
}

/** Checkout, decision and callback in one go. */
export async function pay(token: string, planId: number, outcome: Outcome = 'approve', options: { card?: string; currency?: string; at?: Date } = {}): Promise<{ answer: CheckoutAnswer; callback: Response }> {
  const answer = await startCheckout(token, planId, options.currency ? { currency: options.currency } : {}, options.at);
  const callback = await deliver(await decide(answer, outcome, options.card), options.at);
  return { answer, callback };
}

export const userRow = (id: string) => env.DB.prepare(`SELECT ${USER_SUBSCRIPTION_FIELDS.join(', ')} FROM users WHERE id = ?`).bind(id).first<UserSubscriptionFields>();

export const invoicesOf = async (userId: string): Promise<number[]> =>
  (await env.DB.prepare('SELECT number FROM invoices WHERE user_id = ? ORDER BY number').bind(userId).all<{ number: number }>()).results.map((r) => r.number);

/** The sandbox agency counter takes the cash for a voucher (or an agent's collection) and its callback is delivered. */
export async function payAtAgency(reference: string, at?: Date): Promise<Response> {
  const sandbox = sandboxFor(env);
  if (!sandbox) throw new Error('no sandbox');
  const result = await sandbox.payVoucher(reference);
  if ('refused' in result) throw new Error(`agency refused: ${result.refused}`);
  return deliver(result.callback, at);
}

/** A coupon made for one test (a fresh code each time: storage is shared between test files). */
export async function makeCoupon(terms: { kind: 'percent' | 'amount' | 'days'; value: number; quota?: number; currency?: string; plans?: number[]; from?: string; to?: string }): Promise<string> {
  const code = `T${crypto.randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  await env.DB.prepare('INSERT INTO coupons (code, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(code, terms.kind, terms.value, terms.currency ?? null, terms.plans ? JSON.stringify(terms.plans) : null, terms.from ?? '2026-01-01T00:00:00.000Z', terms.to ?? '2099-12-31T23:59:59.999Z', terms.quota ?? 100, '2026-01-01T00:00:00.000Z')
    .run();
  return code;
}

/**
 * A callback signed with the sandbox's key that says whatever the test wants (as a provider whose
 * state disagrees with ours would send it: an "accepted" for a voucher cancelled here, after a "failed").
 */
export async function signedSandboxCallback(body: { id: string; type: 'payment.accepted' | 'payment.failed' | 'payment.pending'; transactionId: string; providerRef: string; money: { amount: number; currency: string }; reason?: string }): Promise<Request> {
  const text = JSON.stringify(body);
  return new Request(`${env.PUBLIC_ORIGIN.replace(/\/+$/, '')}/api/payments/callback/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: await signatureHeader(sandboxSecret(env), text, new Date()) },
    body: text,
  });
}

/** A transaction's row as stored (state, provider's reference, coupon), for tests that read what the API does not show. */
export const storedTransaction = (id: string) =>
  env.DB.prepare('SELECT state, provider_ref, error, amount, currency, coupon_code FROM transactions WHERE id = ?').bind(id).first<{ state: string; provider_ref: string | null; error: string | null; amount: number; currency: string; coupon_code: string | null }>();
