// The Moroccan ways to pay (issue 14): coupons, cash vouchers, sales agents.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { sandboxFor } from './providers';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox';
import { runBilling } from './renewals';
import { billingDeps } from './deps';
import { decide, deliver, invoicesOf, makeCoupon, payAtAgency, startCheckout, userRow } from './testing';
import { formatMoney } from '../../rules/money';

const DAY = 86_400_000;
const PLAN_MONTHLY = 4;
const PLAN_3_MONTHS = 5;
const PLAN_WEEK = 2;

type Tx = { state: string; method: string; amount: number; discount: number; coupon_code: string | null; voucher_ref: string | null; expires_at: string | null; error: string | null; invoice_number: number | null };
const txOf = async (token: string, id: string): Promise<Tx> => (await (await callApi(`/payments/transactions/${id}`, { token })).json()) as Tx;
const subscribeCall = (token: string, plan: number, body: Record<string, unknown>, at?: Date) =>
  callApi(`/payments/subscription/${plan}`, { method: 'POST', token, body, headers: at ? { 'x-test-now': at.toISOString() } : {} });

describe('coupons', () => {
  it('a 100 % coupon: premium at once with no payment, a zero-amount invoice, the use counted', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'percent', value: 100 });
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'coupon', coupon: code.toLowerCase(), currency: 'MAD' });
    expect(answer).toMatchObject({ transaction: { state: 'accepted' }, checkout: null });
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_3_MONTHS);
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ state: 'accepted', method: 'coupon', amount: 0, discount: 15900, coupon_code: code });
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const pdf = await callApi(`/payments/invoices/${(await invoicesOf(user.id))[0]}.pdf`, { token: user.tokens.token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('free days: the plan for that many days, nothing paid', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'days', value: 7, plans: [PLAN_MONTHLY] });
    await startCheckout(user.tokens.token, PLAN_MONTHLY, { method: 'coupon', coupon: code });
    const row = await userRow(user.id);
    expect((Date.parse(row?.subscription_end ?? '') - Date.parse(row?.subscription_start ?? '')) / DAY).toBe(7);
    // Not for another plan.
    const other = await registeredUser();
    const res = await subscribeCall(other.tokens.token, PLAN_3_MONTHS, { method: 'coupon', coupon: code });
    expect([res.status, await messageOf(res)]).toEqual([409, `COUPON_NOT_FOR_PLAN: ${code}`]);
  });

  it('each refusal has its own message: unknown, not started, expired, another currency, used by this account, covering only part', async () => {
    const user = await registeredUser();
    const token = user.tokens.token;
    const expect409 = async (body: Record<string, unknown>, message: RegExp, status = 409) => {
      const res = await subscribeCall(token, PLAN_WEEK, body);
      expect(res.status).toBe(status);
      expect(await messageOf(res)).toMatch(message);
    };
    await expect409({ method: 'coupon', coupon: 'NOPE-NOT-A-CODE' }, /^COUPON_NOT_FOUND/, 404);
    await expect409({ method: 'coupon', coupon: '%%%' }, /^COUPON_NOT_FOUND/, 404);
    await expect409({ method: 'coupon' }, /^COUPON_REQUIRED/, 400);
    await expect409({ method: 'coupon', coupon: await makeCoupon({ kind: 'percent', value: 100, from: '2099-01-01T00:00:00.000Z' }) }, /^COUPON_NOT_STARTED/);
    await expect409({ method: 'coupon', coupon: await makeCoupon({ kind: 'percent', value: 100, to: '2026-01-02T00:00:00.000Z' }) }, /^COUPON_EXPIRED/);
    await expect409({ method: 'coupon', coupon: await makeCoupon({ kind: 'amount', value: 500, currency: 'EUR' }), currency: 'MAD' }, /^COUPON_NOT_FOR_PLAN/);
    await expect409({ method: 'coupon', coupon: await makeCoupon({ kind: 'percent', value: 20 }) }, /^COUPON_PARTIAL: 2000$/);
    const once = await makeCoupon({ kind: 'percent', value: 100 });
    expect((await subscribeCall(token, PLAN_WEEK, { method: 'coupon', coupon: once })).status).toBe(200);
    await expect409({ method: 'coupon', coupon: once }, /^COUPON_ALREADY_USED/);
    const bad = await subscribeCall(token, PLAN_WEEK, { method: 'bitcoin' });
    expect(bad.status).toBe(400);
  });

  it('50 parallel redemptions of a code with 10 uses: exactly 10 premium accounts, 40 "used up", 10 rows', async () => {
    const code = await makeCoupon({ kind: 'percent', value: 100, quota: 10 });
    const users = await Promise.all(Array.from({ length: 50 }, () => registeredUser()));
    const answers = await Promise.all(users.map((u) => subscribeCall(u.tokens.token, PLAN_WEEK, { method: 'coupon', coupon: code })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const messages = await Promise.all(answers.filter((r) => r.status === 409).map((r) => messageOf(r)));
    expect(new Set(messages)).toEqual(new Set([`COUPON_USED_UP: ${code}`]));
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?').bind(code).first<{ n: number }>();
    expect(rows?.n).toBe(10);
    const premium = await Promise.all(users.map((u) => userRow(u.id)));
    expect(premium.filter((r) => r?.subscription_id === PLAN_WEEK)).toHaveLength(10);
  }, 120_000);

  it('one account sending the same code 20 times at once gets it once', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'percent', value: 100, quota: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'coupon', coupon: code })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?').bind(code).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('a partial coupon with a card: the provider is asked for the lower amount; a declined card gives the use back', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'percent', value: 20, quota: 1 });
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'card', coupon: code, currency: 'MAD' });
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ amount: 12720, discount: 3180, coupon_code: code });
    expect((await deliver(await decide(answer, 'decline'))).status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?').bind(code).first<{ n: number }>()).toEqual({ n: 0 });
    const again = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'card', coupon: code, currency: 'MAD' });
    expect((await deliver(await decide(again, 'approve'))).status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_3_MONTHS);
    expect(await txOf(user.tokens.token, again.transaction.id)).toMatchObject({ state: 'accepted', amount: 12720 });
  });

  it('GET /payments/coupons/:code says what the code makes of a price', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'amount', value: 1000, currency: 'MAD' });
    const res = await callApi(`/payments/coupons/${code}?plan=${PLAN_MONTHLY}&currency=MAD`, { token: user.tokens.token });
    expect(await res.json()).toMatchObject({ code, price: 5900, amount: 4900, discount: 1000 });
    expect((await callApi(`/payments/coupons/NOPE?plan=${PLAN_MONTHLY}`, { token: user.tokens.token })).status).toBe(404);
    expect((await callApi(`/payments/coupons/${code}?plan=abc`, { token: user.tokens.token })).status).toBe(400);
  });
});

describe('cash vouchers', () => {
  it('a voucher: waiting for validation with a reference valid 4 days, emailed; the agency takes the cash → premium and an invoice', async () => {
    const user = await registeredUser();
    const at = new Date();
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'cash', currency: 'MAD' }, at);
    expect(answer.transaction.state).toBe('pending');
    expect(answer.checkout?.url).toMatch(new RegExp(`/payments/voucher/${answer.transaction.id}$`));
    const tx = await txOf(user.tokens.token, answer.transaction.id);
    expect(tx).toMatchObject({ state: 'pending', method: 'cash', amount: 15900 });
    expect(tx.voucher_ref).toMatch(/^\d{12}$/);
    expect(Date.parse(tx.expires_at ?? '') - at.getTime()).toBe(4 * DAY);
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const view = (await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { state: string };
    expect(view.state).toBe('pending');
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%voucher%'").bind(user.email).first<{ body: string }>();
    expect(mail?.body).toContain((tx.voucher_ref ?? '').slice(0, 4));

    expect((await payAtAgency(tx.voucher_ref ?? '')).status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_3_MONTHS);
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ state: 'accepted' });
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it('the monthly plan with cash: its free month starts without a voucher (nothing to charge at its end; a reminder asks to pay)', async () => {
    const user = await registeredUser();
    await env.DB.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').bind(user.id).run();
    const answer = await startCheckout(user.tokens.token, PLAN_MONTHLY, { method: 'cash', currency: 'MAD' });
    expect(answer).toMatchObject({ transaction: { state: 'accepted' }, checkout: null });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ subscription_id: PLAN_MONTHLY, subscription_renewal: null, free_subscriptions: 1 });
  });

  it('cash is in dirhams only; the method picker says which methods a currency has', async () => {
    const user = await registeredUser();
    const res = await subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'cash', currency: 'EUR' });
    expect([res.status, await messageOf(res)]).toEqual([400, 'PAYMENT_METHOD_UNAVAILABLE: no cash provider for EUR']);
    expect(await (await callApi('/payments/methods?currency=MAD')).json()).toEqual({ currency: 'MAD', methods: ['card', 'mobile', 'cash', 'coupon'] });
    expect(await (await callApi('/payments/methods?currency=EUR')).json()).toEqual({ currency: 'EUR', methods: ['card', 'coupon'] });
    expect((await callApi('/payments/methods?currency=XXX')).status).toBe(400);
  });

  it('a voucher not paid in 4 days is cancelled by the clock (the agency then refuses it); the user is told', async () => {
    const user = await registeredUser();
    const at = new Date('2026-12-01T10:00:00.000Z');
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'cash' }, at);
    const { voucher_ref } = await txOf(user.tokens.token, answer.transaction.id);
    await runBilling(billingDeps(env), new Date(at.getTime() + 4 * DAY - 60_000));
    expect((await txOf(user.tokens.token, answer.transaction.id)).state).toBe('pending');
    await runBilling(billingDeps(env), new Date(at.getTime() + 4 * DAY + 60_000));
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ state: 'expired', error: 'VOUCHER_EXPIRED' });
    const view = (await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { state: string | null };
    expect(view.state).toBeNull();
    const refused = await sandboxFor(env)?.payVoucher(voucher_ref ?? '');
    expect(refused).toMatchObject({ refused: 'cancelled' });
    const mail = await env.DB.prepare("SELECT subject FROM outbox WHERE recipient = ? AND subject LIKE '%expired%'").bind(user.email).first();
    expect(mail).not.toBeNull();
  });

  it('the owner cancels a voucher before paying: the agency refuses it; a paid one cannot be cancelled; others cannot touch it', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'cash' });
    const stranger = await registeredUser();
    expect((await callApi(`/payments/transactions/${answer.transaction.id}/cancel`, { method: 'POST', token: stranger.tokens.token })).status).toBe(404);
    const res = await callApi(`/payments/transactions/${answer.transaction.id}/cancel`, { method: 'POST', token: user.tokens.token });
    expect(await res.json()).toEqual({ message: 'VOUCHER_CANCELLED' });
    const tx = await txOf(user.tokens.token, answer.transaction.id);
    expect(tx.state).toBe('cancelled');
    expect(await sandboxFor(env)?.payVoucher(tx.voucher_ref ?? '')).toMatchObject({ refused: 'cancelled' });
    expect((await callApi(`/payments/transactions/${answer.transaction.id}/cancel`, { method: 'POST', token: user.tokens.token })).status).toBe(409);

    const paid = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'cash' });
    await payAtAgency((await txOf(user.tokens.token, paid.transaction.id)).voucher_ref ?? '');
    const late = await callApi(`/payments/transactions/${paid.transaction.id}/cancel`, { method: 'POST', token: user.tokens.token });
    expect([late.status, await messageOf(late)]).toEqual([409, 'VOUCHER_NOT_CANCELLABLE: accepted']);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_WEEK);
  });

  it('forged, unsigned or altered agency callbacks change nothing; 10 parallel deliveries of a real one apply once', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'cash' });
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.accepted', transactionId: answer.transaction.id, providerRef: 'x', money: { amount: 2500, currency: 'MAD' } });
    const attempts: Record<string, string>[] = [{}, { [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=00' }];
    for (const headers of attempts) {
      const res = await callApi('/payments/callback/sandbox', { method: 'POST', headers, rawBody: body });
      expect(res.status).toBe(400);
    }
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const sandbox = sandboxFor(env);
    const { voucher_ref } = await txOf(user.tokens.token, answer.transaction.id);
    const result = await sandbox?.payVoucher(voucher_ref ?? '');
    if (!result || 'refused' in result) throw new Error('agency refused');
    const tampered: Request = new Request(result.callback.url, { method: 'POST', headers: result.callback.headers, body: (await result.callback.clone().text()).replace('2500', '1') });
    expect((await deliver(tampered)).status).toBe(400);
    const callback: Request = result.callback;
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(callback)));
    expect(deliveries.every((r) => r.status === 200)).toBe(true);
    const row = await userRow(user.id);
    expect((Date.parse(row?.subscription_end ?? '') - Date.parse(row?.subscription_start ?? '')) / DAY).toBe(7);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });
});

describe('sales agents (/agent)', () => {
  const makeAgent = async () => {
    const agent = await registeredUser();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO agents (user_id, name, active, created_at) VALUES (?, 'Agence Test', 1, '2026-01-01T00:00:00.000Z')").bind(agent.id),
      env.DB.prepare("INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?, 'agent', '2026-01-01T00:00:00.000Z')").bind(agent.id),
    ]);
    return agent;
  };
  const auditOf = async (agentId: string) =>
    (await env.DB.prepare('SELECT action, target_user_id, transaction_id, amount, currency, detail FROM agent_audit WHERE agent_id = ? ORDER BY id').bind(agentId).all()).results;

  it('only agents: anyone else gets 403, a guest 401', async () => {
    const user = await registeredUser();
    expect((await callApi('/agent/users?q=someone@example.com', { token: user.tokens.token })).status).toBe(403);
    expect((await callApi('/agent/users?q=someone@example.com')).status).toBe(401);
  });

  it('an unknown user: 404 with the message, and the attempt is audited', async () => {
    const agent = await makeAgent();
    const lookup = await callApi('/agent/users?q=nobody-here@example.com', { token: agent.tokens.token });
    expect([lookup.status, await messageOf(lookup)]).toEqual([404, 'USER_NOT_FOUND: no account with this email or phone']);
    const record = await callApi('/agent/payments', { method: 'POST', token: agent.tokens.token, body: { login: '0612345678', plan: PLAN_MONTHLY } });
    expect(record.status).toBe(404);
    expect(await auditOf(agent.id)).toEqual([
      expect.objectContaining({ action: 'lookup_unknown', target_user_id: null }),
      expect.objectContaining({ action: 'refused', detail: 'USER_NOT_FOUND' }),
    ]);
    const bad = await callApi('/agent/payments', { method: 'POST', token: agent.tokens.token, body: { login: 'x@y.z', plan: 'all' } });
    expect(bad.status).toBe(400);
  });

  it('records cash for a user: the user waits for validation on the free offer, then the network confirms and premium starts; audited; in the day’s collections', async () => {
    const agent = await makeAgent();
    const user = await registeredUser();
    const found = await (await callApi(`/agent/users?q=${encodeURIComponent(user.email.toUpperCase())}`, { token: agent.tokens.token })).json();
    expect(found).toMatchObject({ email: user.email, premium_until: null, pending: false });
    const res = await callApi('/agent/payments', { method: 'POST', token: agent.tokens.token, body: { login: user.email, plan: PLAN_MONTHLY, currency: 'MAD', amount: 1 } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { transaction: { id: string; state: string }; amount: number };
    expect(answer).toMatchObject({ transaction: { state: 'pending' }, amount: 5900 });
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const tx = await txOf(user.tokens.token, answer.transaction.id);
    expect(tx).toMatchObject({ state: 'pending', method: 'agent', amount: 5900, expires_at: null });
    const told = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%Agence Test%'").bind(user.email).first<{ body: string }>();
    expect(told?.body).toContain(formatMoney('en', 5900, 'MAD'));
    // A second recording while the first waits is refused (no double collection).
    const twice = await callApi('/agent/payments', { method: 'POST', token: agent.tokens.token, body: { login: user.email, plan: PLAN_MONTHLY } });
    expect([twice.status, await messageOf(twice)]).toEqual([409, 'PAYMENT_PENDING: a payment already waits for validation']);
    // Agent collections never expire on the clock: the cash was handed over.
    await runBilling(billingDeps(env), new Date(Date.now() + 10 * DAY));
    expect((await txOf(user.tokens.token, answer.transaction.id)).state).toBe('pending');

    expect((await payAtAgency(tx.voucher_ref ?? '')).status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_MONTHLY);
    const day = await (await callApi('/agent/collections', { token: agent.tokens.token })).json();
    expect(day).toMatchObject({ items: [expect.objectContaining({ id: answer.transaction.id, state: 'accepted', amount: 5900, email: user.email })], totals: { MAD: 5900 } });
    expect(await auditOf(agent.id)).toEqual([
      expect.objectContaining({ action: 'lookup', target_user_id: user.id }),
      expect.objectContaining({ action: 'record_payment', target_user_id: user.id, transaction_id: answer.transaction.id, amount: 5900, currency: 'MAD' }),
      expect.objectContaining({ action: 'refused', target_user_id: user.id, detail: 'PAYMENT_PENDING' }),
    ]);
  });
});

describe('mobile payment (sandbox operator)', () => {
  const randomPhone = (suffix = '') => `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '1').slice(0, 8 - suffix.length)}${suffix}`;
  const lastCode = async (phone: string) => {
    const sms = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND channel = 'sms' ORDER BY id DESC LIMIT 1").bind(phone).first<{ body: string }>();
    return /\d{6}/.exec(sms?.body ?? '')?.[0] ?? '';
  };
  const confirm = (token: string, id: string, code: string) => callApi(`/payments/transactions/${id}/mobile`, { method: 'POST', token, body: { code } });

  it('the number, then the SMS code: a wrong code is refused, the right one and the operator confirm → premium and an invoice', async () => {
    const user = await registeredUser();
    const phone = randomPhone('12');
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone });
    expect(answer.transaction.state).toBe('created');
    expect(answer.checkout?.url).toMatch(new RegExp(`/payments/mobile/${answer.transaction.id}$`));
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ method: 'mobile', amount: 2500 });
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await confirm(user.tokens.token, answer.transaction.id, code === '000000' ? '111111' : '000000');
    expect([wrong.status, await messageOf(wrong)]).toEqual([400, 'INVALID_CODE: code']);
    // Ten presses at once with the right code: one payment, one invoice.
    const presses = await Promise.all(Array.from({ length: 10 }, () => confirm(user.tokens.token, answer.transaction.id, code)));
    expect(presses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_WEEK);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect((await txOf(user.tokens.token, answer.transaction.id)).state).toBe('accepted');
  });

  it('no balance on the number: declined with its reason, still free; bad numbers and a second code within a minute are refused', async () => {
    const user = await registeredUser();
    const broke = randomPhone('0000');
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone: broke });
    expect((await confirm(user.tokens.token, answer.transaction.id, await lastCode(broke))).status).toBe(200);
    expect(await txOf(user.tokens.token, answer.transaction.id)).toMatchObject({ state: 'failed', error: 'MOBILE_INSUFFICIENT_BALANCE' });
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const again = await subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone: broke });
    expect([again.status, await messageOf(again)]).toEqual([429, expect.stringMatching(/^CODE_TOO_FREQUENT/)]);
    // Only what Moroccan operators take, each refusal saying why (a leading 0 or +212 is dropped, not refused: worker/rules/payment-methods.test.ts).
    for (const [phone, message] of [['+33612345678', 'MOBILE_PAY_MOROCCAN_ONLY: phone'], ['0033612345678', 'MOBILE_PAY_MOROCCAN_ONLY: phone'], ['0522123456', 'MOBILE_PAY_NOT_MOBILE: phone'], ['061234', 'MOBILE_PAY_NUMBER_LENGTH: phone'], ['', 'MOBILE_PAY_NUMBER_REQUIRED: phone']] as const) {
      const res = await subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone });
      expect([res.status, await messageOf(res)]).toEqual([400, message]);
    }
    const eur = await subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone: randomPhone('34'), currency: 'EUR' });
    expect(eur.status).toBe(400);
    expect(await messageOf(eur)).toMatch(/^PAYMENT_METHOD_UNAVAILABLE/);
    const stranger = await registeredUser();
    expect((await confirm(stranger.tokens.token, answer.transaction.id, '123456')).status).toBe(404);
    // Spec §8: a number that is another account's phone.
    const owned = randomPhone('56');
    await env.DB.prepare('UPDATE users SET phone = ? WHERE id = ?').bind(owned, stranger.id).run();
    const alias = await subscribeCall(user.tokens.token, PLAN_WEEK, { method: 'mobile', phone: owned });
    expect([alias.status, await messageOf(alias)]).toEqual([409, 'PHONE_ALIAS_TAKEN: this number belongs to another account']);
  });
});
