// The mobile payment aggregator adapter against a fake upstream that speaks its contract (mobile.ts).
import { describe, expect, it } from 'vitest';
import { MOBILE_SIGNATURE_HEADER, mobileProvider } from './mobile';
import { signatureHeader } from './sign';
import type { CheckoutRequest } from './types';

const KEY = 'mk_test_123';
const SECRET = 'whsec_mobile';

type Stored = { id: string; reference: string; msisdn: string; amount: number; currency: string; status: string; failure_code?: string };

/** The aggregator: payments in memory, a Bearer key, idempotency keys, confirmation decided by the number. */
function fakeAggregator() {
  const payments = new Map<string, Stored>();
  const idempotent = new Map<string, Response>();
  const calls: { method: string; path: string; key: string | null }[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({ method, path: url.pathname, key: headers.get('idempotency-key') });
    if (headers.get('authorization') !== `Bearer ${KEY}`) return Response.json({ error: 'unauthorized' }, { status: 401 });
    const key = headers.get('idempotency-key');
    if (key && idempotent.has(key)) return (idempotent.get(key) as Response).clone();
    let answer: Response;
    const confirm = /^\/v1\/payments\/([^/]+)\/confirm$/.exec(url.pathname);
    const one = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/v1/payments') {
      const body = JSON.parse(String(init?.body)) as { msisdn: string; amount: number; currency: string; reference: string };
      if (!/^\+212[5-7]\d{8}$/.test(body.msisdn)) answer = Response.json({ error: 'invalid_msisdn' }, { status: 422 });
      else {
        const p: Stored = { id: `mp_${payments.size + 1}`, reference: body.reference, msisdn: body.msisdn, amount: body.amount, currency: body.currency, status: 'requires_confirmation' };
        payments.set(p.id, p);
        answer = Response.json(p);
      }
    } else if (method === 'POST' && confirm) {
      const p = payments.get(confirm[1] ?? '');
      if (!p) answer = Response.json({ error: 'not_found' }, { status: 404 });
      else {
        if (p.status === 'requires_confirmation') Object.assign(p, p.msisdn.endsWith('0000') ? { status: 'failed', failure_code: 'insufficient_balance' } : { status: 'succeeded' });
        answer = Response.json(p);
      }
    } else if (method === 'GET' && one) {
      const p = payments.get(one[1] ?? '');
      answer = p ? Response.json(p) : Response.json({ error: 'not_found' }, { status: 404 });
    } else answer = Response.json({ error: 'no route' }, { status: 404 });
    if (key) idempotent.set(key, answer.clone());
    return answer;
  };
  return { fetcher: fetcher as typeof fetch, payments, calls };
}

const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  transactionId: 'tx-m1', purpose: 'subscribe', method: 'mobile', expiresAt: null, payerPhone: '+212612345678',
  user: { id: 'u1', email: null, lang: 'ar' }, plan: { id: 4, name: 'شهري', durationMinutes: 43200 }, money: { amount: 5900, currency: 'MAD' }, trialDays: 0,
  urls: { ok: 'https://tafrij.ma/payments/mobile/tx-m1', fail: 'https://tafrij.ma/subscription', callback: 'https://tafrij.ma/api/payments/callback/mobile' }, customerRef: null, ...over,
});

describe('mobile payment adapter (fake aggregator)', () => {
  it('starts a payment for the number and amount, then confirms it once the payer typed the code', async () => {
    const upstream = fakeAggregator();
    const mobile = mobileProvider({ apiUrl: 'https://mobile.test/', apiKey: KEY, webhookSecret: SECRET }, upstream.fetcher);
    const checkout = await mobile.startCheckout(request());
    expect(checkout).toEqual({ method: 'GET', url: 'https://tafrij.ma/payments/mobile/tx-m1', providerRef: 'mp_1' });
    expect(upstream.payments.get('mp_1')).toMatchObject({ msisdn: '+212612345678', amount: 5900, currency: 'MAD', reference: 'tx-m1' });
    // A retried start is the same payment (idempotency key = our transaction).
    await mobile.startCheckout(request());
    expect(upstream.payments.size).toBe(1);
    const event = await mobile.confirmMobile('mp_1', 'tx-m1');
    expect(event).toMatchObject({ kind: 'accepted', transactionId: 'tx-m1', providerRef: 'mp_1', money: { amount: 5900, currency: 'MAD' } });
    expect(await mobile.confirm?.('mp_1', 'tx-m1')).toMatchObject({ kind: 'accepted' });
    expect(upstream.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/payments', 'POST /v1/payments', 'POST /v1/payments/mp_1/confirm', 'GET /v1/payments/mp_1']);
  });

  it('an empty balance is a declined payment with its reason; a wrong key or an unreachable aggregator is a provider error', async () => {
    const upstream = fakeAggregator();
    const mobile = mobileProvider({ apiUrl: 'https://mobile.test', apiKey: KEY, webhookSecret: SECRET }, upstream.fetcher);
    await mobile.startCheckout(request({ payerPhone: '+212612340000' }));
    expect(await mobile.confirmMobile('mp_1', 'tx-m1')).toMatchObject({ kind: 'failed', reason: 'MOBILE_INSUFFICIENT_BALANCE' });
    await expect(mobile.confirmMobile('mp_1', 'another-tx')).rejects.toMatchObject({ name: 'PaymentProviderError' });
    const wrongKey = mobileProvider({ apiUrl: 'https://mobile.test', apiKey: 'nope', webhookSecret: SECRET }, upstream.fetcher);
    await expect(wrongKey.startCheckout(request())).rejects.toMatchObject({ name: 'PaymentProviderError', status: 401 });
    const down = mobileProvider({ apiUrl: 'https://mobile.test', apiKey: KEY, webhookSecret: SECRET }, (() => Promise.reject(new Error('ECONNRESET'))) as typeof fetch);
    await expect(down.startCheckout(request())).rejects.toMatchObject({ name: 'PaymentProviderError' });
    await expect(mobile.startCheckout(request({ payerPhone: undefined }))).rejects.toThrow(/no phone/);
  });

  it('webhooks: signed ones are read; unsigned, forged, stale or malformed ones are refused', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const mobile = mobileProvider({ apiUrl: 'https://mobile.test', apiKey: KEY, webhookSecret: SECRET, now: () => now }, fakeAggregator().fetcher);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: { id: 'mp_9', reference: 'tx-9', status: 'succeeded', amount: 2500, currency: 'MAD' } });
    const post = (headers: Record<string, string>, text = body) => new Request('https://tafrij.ma/api/payments/callback/mobile', { method: 'POST', headers, body: text });
    const good = await mobile.readCallback(post({ [MOBILE_SIGNATURE_HEADER]: await signatureHeader(SECRET, body, now) }));
    expect(good).toMatchObject({ verified: true, events: [{ kind: 'accepted', eventId: 'evt_1', transactionId: 'tx-9', money: { amount: 2500, currency: 'MAD' } }] });
    const refused: Record<string, string>[] = [{}, { [MOBILE_SIGNATURE_HEADER]: await signatureHeader('other', body, now) }, { [MOBILE_SIGNATURE_HEADER]: await signatureHeader(SECRET, body, new Date(now.getTime() - 3_600_000)) }];
    for (const headers of refused) {
      expect((await mobile.readCallback(post(headers))).verified).toBe(false);
    }
    const junk = '{"id":1}';
    expect((await mobile.readCallback(post({ [MOBILE_SIGNATURE_HEADER]: await signatureHeader(SECRET, junk, now) }, junk))).verified).toBe(false);
  });
});
