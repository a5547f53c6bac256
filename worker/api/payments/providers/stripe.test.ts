import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api } from '../../index';
import { GOOD_PASSWORD, login, register } from '../../../test/accounts';
import { signatureHeader } from './sign';
import { intervalOf, stripeProvider } from './stripe';

const SECRET_KEY = 'sk_test_fake_123';
const WEBHOOK_SECRET = 'whsec_test_456';

type Seen = { method: string; path: string; form: URLSearchParams; headers: Headers };

/** A fake Stripe API: records requests and answers the documented JSON for what the adapter calls. */
function fakeStripe(sessions = new Map<string, Record<string, unknown>>()) {
  const seen: Seen[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const form = new URLSearchParams(request.method === 'GET' ? url.search : await request.text());
    seen.push({ method: request.method, path: url.pathname, form, headers: request.headers });
    if (request.headers.get('authorization') !== `Bearer ${SECRET_KEY}`) return Response.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }, { status: 401 });
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${seen.length}`;
      const session = { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, mode: form.get('mode'), status: 'open', payment_status: 'unpaid', client_reference_id: form.get('client_reference_id'), amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0), currency: form.get('line_items[0][price_data][currency]') ?? form.get('currency'), customer: null, subscription: null, metadata: {} };
      sessions.set(id, session);
      return Response.json(session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match?.[1] && sessions.has(match[1])) return Response.json(sessions.get(match[1]));
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (sub?.[1] && request.method === 'POST') return Response.json({ id: sub[1], object: 'subscription', cancel_at_period_end: form.get('cancel_at_period_end') === 'true' });
    if (sub?.[1] && request.method === 'GET') return Response.json({ id: sub[1], object: 'subscription', items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_1', product: 'prod_1' } }] } });
    return Response.json({ error: { type: 'invalid_request_error', message: `No such route ${url.pathname}` } }, { status: 404 });
  };
  return { fetcher, seen, sessions };
}

const checkoutRequest = (overrides: Partial<Parameters<ReturnType<typeof stripeProvider>['startCheckout']>[0]> = {}) => ({
  transactionId: 'tx-s1', purpose: 'subscribe' as const, method: 'card' as const, expiresAt: null, user: { id: 'u1', email: 'a@b.fr', lang: 'fr' as const }, plan: { id: 4, name: 'Mensuel', durationMinutes: 43200 },
  money: { amount: 699, currency: 'EUR' as const }, trialDays: 0, urls: { ok: 'https://tafrij.ma/payments/return/stripe/ok?tx=tx-s1', fail: 'https://tafrij.ma/f', callback: 'https://tafrij.ma/cb' }, customerRef: null, ...overrides,
});

async function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET, at = new Date()): Promise<Request> {
  const body = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', created: Math.floor(at.getTime() / 1000), livemode: false, pending_webhooks: 1, request: null, ...event });
  return new Request('https://tafrij.ma/api/payments/callback/stripe', { method: 'POST', headers: { 'stripe-signature': await signatureHeader(secret, body, at), 'content-type': 'application/json' }, body });
}

describe('Stripe checkout', () => {
  it('creates a subscription Checkout Session with the plan price, interval, trial, reference and idempotency key', async () => {
    const fake = fakeStripe();
    const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    const checkout = await stripe.startCheckout(checkoutRequest({ trialDays: 30 }));
    expect(checkout).toMatchObject({ method: 'GET', url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//), providerRef: 'cs_test_1' });
    const sent = fake.seen[0];
    expect(sent?.headers.get('idempotency-key')).toBe('tx-s1');
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      mode: 'subscription', client_reference_id: 'tx-s1', customer_email: 'a@b.fr', locale: 'fr',
      'line_items[0][price_data][currency]': 'eur', 'line_items[0][price_data][unit_amount]': '699', 'line_items[0][price_data][recurring][interval]': 'month', 'line_items[0][price_data][recurring][interval_count]': '1',
      'subscription_data[trial_period_days]': '30', success_url: 'https://tafrij.ma/payments/return/stripe/ok?tx=tx-s1&session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('maps the spec durations to Stripe intervals', () => {
    expect([1440, 10080, 20160, 43200, 129600, 259200, 518400].map(intervalOf)).toEqual([
      { interval: 'day', interval_count: 1 }, { interval: 'week', interval_count: 1 }, { interval: 'week', interval_count: 2 }, { interval: 'month', interval_count: 1 },
      { interval: 'month', interval_count: 3 }, { interval: 'month', interval_count: 6 }, { interval: 'year', interval_count: 1 },
    ]);
  });

  it('a refused key or an unreachable Stripe is a PaymentProviderError without the key', async () => {
    const stripe = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fakeStripe().fetcher);
    const error = await stripe.startCheckout(checkoutRequest()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaymentProviderError', status: 401 });
    expect(String((error as Error).message)).not.toContain('sk_test');
    const down = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, () => Promise.reject(new TypeError('network down')));
    await expect(down.startCheckout(checkoutRequest())).rejects.toMatchObject({ name: 'PaymentProviderError' });
  });
});

describe('Stripe webhooks', () => {
  const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fakeStripe().fetcher);
  const completed = (id: string, payment_status = 'paid') => ({ id, type: 'checkout.session.completed', data: { object: { id: 'cs_1', object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status, client_reference_id: 'tx-s1', amount_total: 699, currency: 'eur', customer: 'cus_1', subscription: 'sub_1', metadata: {} } } });

  it('checkout.session.completed → accepted with the customer and subscription; the same event twice has the same id', async () => {
    const first = await stripe.readCallback(await webhook(completed('evt_1')));
    const again = await stripe.readCallback(await webhook(completed('evt_1')));
    expect(first.verified && first.events).toEqual([{ kind: 'accepted', eventId: 'evt_1', transactionId: 'tx-s1', providerRef: 'cs_1', money: { amount: 699, currency: 'EUR' }, customerRef: 'cus_1', subscriptionRef: 'sub_1' }]);
    expect(again.verified && again.events[0]?.eventId).toBe('evt_1');
    if (first.verified) expect(first.answer('done').status).toBe(200);
    if (first.verified) expect(first.answer('retry').status).toBe(500);
  });

  it('renewals, failed renewals and the end of a subscription', async () => {
    const paid = await stripe.readCallback(await webhook({ id: 'evt_2', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 699, currency: 'eur', parent: { subscription_details: { subscription: 'sub_1' } }, lines: { data: [{ period: { end: 1798761600 } }] } } } }));
    expect(paid.verified && paid.events).toEqual([{ kind: 'renewed', eventId: 'evt_2', subscriptionRef: 'sub_1', providerRef: 'in_1', money: { amount: 699, currency: 'EUR' }, periodEnd: new Date(1798761600 * 1000).toISOString() }]);
    const first = await stripe.readCallback(await webhook({ id: 'evt_3', type: 'invoice.paid', data: { object: { id: 'in_0', object: 'invoice', billing_reason: 'subscription_create', amount_paid: 699, currency: 'eur', subscription: 'sub_1' } } }));
    expect(first.verified && first.events).toEqual([]);
    const failed = await stripe.readCallback(await webhook({ id: 'evt_4', type: 'invoice.payment_failed', data: { object: { id: 'in_2', object: 'invoice', amount_paid: 0, currency: 'eur', subscription: 'sub_1' } } }));
    expect(failed.verified && failed.events).toEqual([{ kind: 'renewal_failed', eventId: 'evt_4', subscriptionRef: 'sub_1', reason: 'CARD_DECLINED' }]);
    const ended = await stripe.readCallback(await webhook({ id: 'evt_5', type: 'customer.subscription.deleted', data: { object: { id: 'sub_1', object: 'subscription' } } }));
    expect(ended.verified && ended.events).toEqual([{ kind: 'ended', eventId: 'evt_5', subscriptionRef: 'sub_1' }]);
  });

  it('a trial ended early is charged on an update invoice: a renewal; an update that charged nothing is not', async () => {
    const invoice = (id: string, amount_paid: number) => ({ id, type: 'invoice.paid', data: { object: { id: `in_${id}`, object: 'invoice', billing_reason: 'subscription_update', amount_paid, currency: 'eur', subscription: 'sub_1', lines: { data: [{ period: { end: 1798761600 } }] } } } });
    const paid = await stripe.readCallback(await webhook(invoice('evt_8', 699)));
    expect(paid.verified && paid.events).toEqual([{ kind: 'renewed', eventId: 'evt_8', subscriptionRef: 'sub_1', providerRef: 'in_evt_8', money: { amount: 699, currency: 'EUR' }, periodEnd: new Date(1798761600 * 1000).toISOString() }]);
    const nothing = await stripe.readCallback(await webhook(invoice('evt_9', 0)));
    expect(nothing.verified && nothing.events).toEqual([]);
  });

  it('forged, wrongly keyed, stale, unsigned or malformed webhooks are refused with 400', async () => {
    const good = await webhook(completed('evt_6'));
    const body = await good.clone().text();
    const cases = [
      new Request(good.url, { method: 'POST', headers: good.headers, body: body.replace('"amount_total":699', '"amount_total":1') }),
      await webhook(completed('evt_6'), 'whsec_other'),
      await webhook(completed('evt_6'), WEBHOOK_SECRET, new Date(Date.now() - 3600_000)),
      new Request(good.url, { method: 'POST', body }),
      await webhook({ id: 'evt_7', type: 'checkout.session.completed', data: { object: { nonsense: true } } }),
    ];
    for (const [i, request] of cases.entries()) {
      const reading = await stripe.readCallback(request);
      expect([i, reading.verified]).toEqual([i, false]);
      expect(reading.answer('done').status).toBe(400);
    }
  });
});

type Call = (path: string, init?: RequestInit & { token?: string }) => Response | Promise<Response>;

/** The API with EUR payments on the fake Stripe (the provider registry takes the request's runtime fetch: the fake is routed through globalThis.fetch meanwhile). */
const onFakeStripe = (run: (call: Call, fake: ReturnType<typeof fakeStripe>) => Promise<void>) => async () => {
  const fake = fakeStripe();
  const stripeEnv = { ...env, PAYMENT_PROVIDER_EUR: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'https://stripe.fake' };
  const realFetch = globalThis.fetch;
  globalThis.fetch = fake.fetcher;
  try {
    await run((path, init = {}) => api.request(path, { ...init, headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.headers as Record<string, string>) } }, stripeEnv), fake);
  } finally {
    globalThis.fetch = realFetch;
  }
};

describe('Stripe through the API', () => {
  it('an EUR checkout goes to Stripe; the webhook activates once even when replayed in parallel; cancel reaches Stripe', onFakeStripe(async (call, fake) => {
    const user = await register();
    const { token } = await login(user.email, GOOD_PASSWORD);
    const started = (await (await call('/payments/subscription/5', { method: 'POST', token, body: JSON.stringify({ currency: 'EUR' }) })).json()) as { transaction: { id: string }; checkout: { url: string } };
    expect(started.checkout.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const event = { id: `evt_${crypto.randomUUID()}`, type: 'checkout.session.completed', data: { object: { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', client_reference_id: started.transaction.id, amount_total: 1799, currency: 'eur', customer: 'cus_9', subscription: `sub_${user.id.slice(0, 8)}`, metadata: {} } } };
    const request = await webhook(event);
    const body = await request.text();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('/payments/callback/stripe', { method: 'POST', headers: Object.fromEntries(request.headers), body })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await env.DB.prepare('SELECT subscription_id FROM users WHERE id = ?').bind(user.id).first())?.subscription_id).toBe(5);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?').bind(user.id).first<{ n: number }>())?.n).toBe(1);
    const cancel = await call('/payments/subscription', { method: 'DELETE', token });
    expect(cancel.status).toBe(200);
    const update = fake.seen.find((s) => s.path === `/v1/subscriptions/sub_${user.id.slice(0, 8)}` && s.method === 'POST');
    expect(update?.form.get('cancel_at_period_end')).toBe('true');
  }));

  it('a trial with a card that had one on another account: Stripe ends the trial now, and its charge is the period', onFakeStripe(async (call, fake) => {
    const fingerprint = `fp_${crypto.randomUUID()}`;
    /** A trial checkout of the monthly plan, completed at Stripe with a card of this fingerprint; answers the subscription's id. */
    const trial = async (): Promise<{ token: string; userId: string; sub: string }> => {
      const user = await register();
      const { token } = await login(user.email, GOOD_PASSWORD);
      const started = (await (await call('/payments/subscription/4', { method: 'POST', token, body: JSON.stringify({ currency: 'EUR' }) })).json()) as { transaction: { id: string }; checkout: { url: string } };
      const sessionId = started.checkout.url.split('/').pop() ?? '';
      const sub = `sub_${user.id.slice(0, 8)}`;
      const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint };
      fake.sessions.set(sessionId, { ...fake.sessions.get(sessionId), subscription: { id: sub, default_payment_method: { card } } });
      const event = { id: `evt_${crypto.randomUUID()}`, type: 'checkout.session.completed', data: { object: { id: sessionId, object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'no_payment_required', client_reference_id: started.transaction.id, amount_total: 0, currency: 'eur', customer: `cus_${user.id.slice(0, 8)}`, subscription: sub, metadata: {} } } };
      const request = await webhook(event);
      expect((await call('/payments/callback/stripe', { method: 'POST', headers: Object.fromEntries(request.headers), body: await request.text() })).status).toBe(200);
      return { token, userId: user.id, sub };
    };
    const view = async (token: string) => (await (await call('/payments/subscription', { token })).json()) as { state: string; trial_end: string | null };
    const first = await trial();
    expect((await view(first.token)).state).toBe('trialing');
    expect(fake.seen.some((s) => s.path === `/v1/subscriptions/${first.sub}` && s.form.has('trial_end'))).toBe(false);

    const second = await trial();
    const ended = fake.seen.filter((s) => s.path === `/v1/subscriptions/${second.sub}` && s.method === 'POST');
    expect(ended.map((s) => s.form.get('trial_end'))).toEqual(['now']);
    expect(await view(second.token)).toMatchObject({ state: 'active', trial_end: null });
    // Stripe charges the card and says so: the period is the one it charged for, with its invoice.
    const end = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const charged = await webhook({ id: `evt_${crypto.randomUUID()}`, type: 'invoice.paid', data: { object: { id: `in_${second.sub}`, object: 'invoice', billing_reason: 'subscription_update', amount_paid: 699, currency: 'eur', subscription: second.sub, lines: { data: [{ period: { end } }] } } } });
    expect((await call('/payments/callback/stripe', { method: 'POST', headers: Object.fromEntries(charged.headers), body: await charged.text() })).status).toBe(200);
    const row = await env.DB.prepare('SELECT subscription_end, free_subscriptions FROM users WHERE id = ?').bind(second.userId).first<{ subscription_end: string; free_subscriptions: number }>();
    expect(row).toEqual({ subscription_end: new Date(end * 1000).toISOString(), free_subscriptions: 0 });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?').bind(second.userId).first<{ n: number }>())?.n).toBe(1);
  }));
});

/**
 * A fake Stripe for refunds, speaking its documented API: sessions and invoice payments to read,
 * POST /v1/refunds on a PaymentIntent or charge (at most what is left unrefunded, else 400
 * amount_too_large; a repeated Idempotency-Key answers its first refund), DELETE /v1/subscriptions/:id.
 */
function fakeStripeRefunds() {
  const captured = new Map<string, number>([['pi_paid', 4900], ['pi_renewal', 699]]);
  const refunded = new Map<string, number>();
  const byKey = new Map<string, unknown>();
  const seen: Seen[] = [];
  const error = (status: number, code: string, message: string) => Response.json({ error: { type: 'invalid_request_error', code, message } }, { status });
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const form = new URLSearchParams(request.method === 'GET' ? url.search : await request.text());
    seen.push({ method: request.method, path: url.pathname, form, headers: request.headers });
    if (request.headers.get('authorization') !== `Bearer ${SECRET_KEY}`) return error(401, 'api_key_invalid', 'Invalid API Key');
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions/cs_payment') return Response.json({ id: 'cs_payment', object: 'checkout.session', mode: 'payment', payment_intent: 'pi_paid', invoice: null });
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions/cs_subscription') return Response.json({ id: 'cs_subscription', object: 'checkout.session', mode: 'subscription', payment_intent: null, invoice: 'in_first' });
    if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const invoice = form.get('invoice');
      const pi = invoice === 'in_first' ? 'pi_paid' : invoice === 'in_renewal' ? 'pi_renewal' : null;
      return Response.json({ object: 'list', has_more: false, url: '/v1/invoice_payments', data: pi ? [{ id: `inpay_${invoice}`, object: 'invoice_payment', status: 'paid', invoice, payment: { type: 'payment_intent', payment_intent: pi } }] : [] });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = request.headers.get('idempotency-key') ?? '';
      if (byKey.has(key)) return Response.json(byKey.get(key), { headers: { 'Idempotent-Replayed': 'true' } });
      const pi = form.get('payment_intent') ?? '';
      const total = captured.get(pi);
      if (total === undefined) return error(404, 'resource_missing', `No such payment_intent: '${pi}'`);
      const left = total - (refunded.get(pi) ?? 0);
      if (left === 0) return error(400, 'charge_already_refunded', `Charge for ${pi} has already been refunded.`);
      const amount = Number(form.get('amount') ?? left);
      if (amount > left) return error(400, 'amount_too_large', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
      refunded.set(pi, (refunded.get(pi) ?? 0) + amount);
      const refund = { id: `re_${seen.length}`, object: 'refund', amount, currency: 'eur', payment_intent: pi, status: 'succeeded', metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata['))) };
      byKey.set(key, refund);
      return Response.json(refund);
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (sub?.[1] && request.method === 'DELETE') return Response.json({ id: sub[1], object: 'subscription', status: 'canceled' });
    return error(404, 'resource_missing', `No such route ${url.pathname}`);
  };
  return { fetcher, seen, refunded };
}

describe('Stripe refunds', () => {
  const refundOf = (providerRef: string | null, amount: number, refundId = crypto.randomUUID()) => ({ refundId, transactionId: 'tx-r1', providerRef, money: { amount, currency: 'EUR' as const }, captured: 4900 });

  it('refunds the PaymentIntent of a payment session, partially, with our refund id as the idempotency key', async () => {
    const fake = fakeStripeRefunds();
    const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    const request = refundOf('cs_payment', 2000);
    expect(await stripe.refund?.(request)).toEqual({ status: 'refunded', providerRef: expect.stringMatching(/^re_/) });
    const sent = fake.seen.find((s) => s.path === '/v1/refunds');
    expect(sent?.headers.get('idempotency-key')).toBe(request.refundId);
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({ payment_intent: 'pi_paid', amount: '2000', 'metadata[refund_id]': request.refundId, 'metadata[transaction_id]': 'tx-r1' });
    // The same refund sent again (a lost answer): Stripe answers the first one, nothing more is refunded.
    expect(await stripe.refund?.(request)).toEqual(await stripe.refund?.(request));
    expect(fake.refunded.get('pi_paid')).toBe(2000);
  });

  it('finds the PaymentIntent of a subscription session or a renewal through its invoice payment', async () => {
    const fake = fakeStripeRefunds();
    const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    expect(await stripe.refund?.(refundOf('cs_subscription', 4900))).toMatchObject({ status: 'refunded' });
    expect(await stripe.refund?.(refundOf('in_renewal', 699))).toMatchObject({ status: 'refunded' });
    expect(fake.refunded).toEqual(new Map([['pi_paid', 4900], ['pi_renewal', 699]]));
    expect(fake.seen.filter((s) => s.path === '/v1/invoice_payments').map((s) => s.form.get('invoice'))).toEqual(['in_first', 'in_renewal']);
  });

  it('answers Stripe\'s refusals as refusals (too large, already refunded, no payment) and an outage as an error', async () => {
    const fake = fakeStripeRefunds();
    const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    expect(await stripe.refund?.(refundOf('cs_payment', 5000))).toEqual({ status: 'refused', reason: expect.stringMatching(/^amount_too_large: /) });
    expect(await stripe.refund?.(refundOf('cs_payment', 4900))).toMatchObject({ status: 'refunded' });
    expect(await stripe.refund?.(refundOf('cs_payment', 1))).toEqual({ status: 'refused', reason: expect.stringMatching(/^charge_already_refunded/) });
    expect(await stripe.refund?.(refundOf('in_unknown', 1))).toEqual({ status: 'refused', reason: 'no Stripe payment behind in_unknown' });
    expect(await stripe.refund?.(refundOf(null, 1))).toMatchObject({ status: 'refused' });
    const down = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, () => Promise.reject(new TypeError('network down')));
    await expect(down.refund?.(refundOf('pi_paid', 1))).rejects.toMatchObject({ name: 'PaymentProviderError' });
    const wrongKey = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    await expect(wrongKey.refund?.(refundOf('pi_paid', 1))).rejects.toMatchObject({ name: 'PaymentProviderError', status: 401 });
  });

  it('ends a subscription now (DELETE /v1/subscriptions/:id)', async () => {
    const fake = fakeStripeRefunds();
    const stripe = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://stripe.fake' }, fake.fetcher);
    await stripe.endSubscriptionNow?.('sub_123');
    expect(fake.seen.map((s) => [s.method, s.path])).toEqual([['DELETE', '/v1/subscriptions/sub_123']]);
  });
});
