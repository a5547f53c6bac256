import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api } from '../../index';
import { GOOD_PASSWORD, login, register } from '../../../test/accounts';
import { cc5Field, cmiAmount, cmiHash, cmiHistory, cmiProvider } from './cmi';
import { cmiTestApi, cmiTestConfig, fakeCmiApi } from './cmi-testing';

const config = cmiTestConfig;
const STORE_KEY = config.storeKey;
const cmi = cmiProvider(config);

/** The documented ver3 algorithm, written out step by step (independently of the adapter). */
async function expectedHash(params: [string, string][], storeKey: string): Promise<string> {
  const sorted = params.filter(([k]) => !['hash', 'encoding'].includes(k.toLowerCase())).sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const esc = (v: string) => v.split('\\').join('\\\\').split('|').join('\\|');
  const text = `${sorted.map(([, v]) => esc(v)).join('|')}|${esc(storeKey)}`;
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** CMI's server posting its callback, signed with the store key (the fake gateway). */
async function gatewayPost(fields: Record<string, string>, key = STORE_KEY, tamper?: (f: Record<string, string>) => void): Promise<Request> {
  const signed = { ...fields, HASH: await cmiHash(fields, key) };
  tamper?.(signed);
  return new Request('https://tafrij.test/api/payments/callback/cmi', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(signed) });
}

const approved = (oid: string, amount = '159.00') => ({
  clientid: config.clientId, oid, amount, currency: '504', ProcReturnCode: '00', Response: 'Approved', TransId: `T${oid.slice(0, 8)}`, AuthCode: 'P12345', maskedCreditCard: '4000 00** **** 0002', mdStatus: '1', encoding: 'UTF-8',
});

describe('CMI hash (ver3)', () => {
  it('matches the documented algorithm, escaping | and \\ and ignoring hash and encoding', async () => {
    const params: [string, string][] = [['clientid', '600000000'], ['amount', '49.00'], ['oid', 'a|b\\c'], ['okUrl', 'https://x/ok'], ['encoding', 'UTF-8'], ['Lang', 'fr'], ['HASH', 'ignored']];
    expect(await cmiHash(Object.fromEntries(params), STORE_KEY)).toBe(await expectedHash(params, STORE_KEY));
    expect(await cmiHash({ a: '1' }, STORE_KEY)).not.toBe(await cmiHash({ a: '2' }, STORE_KEY));
  });

  it('formats amounts as CMI wants them', () => {
    expect([cmiAmount(4900), cmiAmount(5), cmiAmount(15900), cmiAmount(0)]).toEqual(['49.00', '0.05', '159.00', '0.00']);
  });
});

describe('CMI checkout form', () => {
  it('posts the gateway parameters, signed, in the user language (es → en)', async () => {
    const checkout = await cmi.startCheckout({
      transactionId: 'tx-1', purpose: 'subscribe', method: 'card', expiresAt: null, user: { id: 'u1', email: 'a@b.ma', lang: 'es' }, plan: { id: 5, name: '3 meses', durationMinutes: 129600 },
      money: { amount: 15900, currency: 'MAD' }, trialDays: 0, urls: { ok: 'https://tafrij.ma/ok', fail: 'https://tafrij.ma/fail', callback: 'https://tafrij.ma/cb' }, customerRef: null,
    });
    expect(checkout.method).toBe('POST');
    if (checkout.method !== 'POST') return;
    expect(checkout.url).toBe(config.gatewayUrl);
    expect(checkout.fields).toMatchObject({ clientid: '600000000', amount: '159.00', currency: '504', oid: 'tx-1', storetype: '3D_PAY_HOSTING', hashAlgorithm: 'ver3', TranType: 'PreAuth', lang: 'en', callbackUrl: 'https://tafrij.ma/cb' });
    const { HASH, ...rest } = checkout.fields;
    expect(HASH).toBe(await expectedHash(Object.entries(rest), STORE_KEY));
  });

  it('refuses other currencies and trials (no card is kept)', async () => {
    const base = { transactionId: 't', purpose: 'subscribe' as const, method: 'card' as const, expiresAt: null, user: { id: 'u', email: null, lang: 'fr' as const }, plan: { id: 4, name: 'M', durationMinutes: 43200 }, urls: { ok: 'https://x/ok', fail: 'https://x/f', callback: 'https://x/c' }, customerRef: null };
    await expect(cmi.startCheckout({ ...base, money: { amount: 699, currency: 'EUR' }, trialDays: 0 })).rejects.toThrow(/MAD only/);
    await expect(cmi.startCheckout({ ...base, money: { amount: 5900, currency: 'MAD' }, trialDays: 30 })).rejects.toThrow(/no trial/);
  });
});

describe('CMI callback', () => {
  it('approved → accepted, answered ACTION=POSTAUTH; processing failed → FAILURE so CMI retries', async () => {
    const reading = await cmi.readCallback(await gatewayPost(approved('oid-1')));
    expect(reading.verified).toBe(true);
    if (!reading.verified) return;
    expect(reading.events).toEqual([{ kind: 'accepted', eventId: 'cmi:oid-1:Toid-1:00', transactionId: 'oid-1', providerRef: 'Toid-1', money: { amount: 15900, currency: 'MAD' } }]);
    expect(await reading.answer('done').text()).toBe('ACTION=POSTAUTH');
    expect(await reading.answer('retry').text()).toBe('FAILURE');
  });

  it('declined → failed, acknowledged with APPROVED', async () => {
    const reading = await cmi.readCallback(await gatewayPost({ ...approved('oid-2'), ProcReturnCode: '05', Response: 'Declined', ErrMsg: 'Do not honour' }));
    expect(reading.verified && reading.events[0]?.kind).toBe('failed');
    if (reading.verified) expect(await reading.answer('done').text()).toBe('APPROVED');
  });

  it('forged, unsigned, wrongly keyed or malformed → not verified, answered FAILURE', async () => {
    const cases = [
      await gatewayPost(approved('oid-3'), STORE_KEY, (f) => (f.amount = '1.00')),
      await gatewayPost(approved('oid-3'), STORE_KEY, (f) => delete f.HASH),
      await gatewayPost(approved('oid-3'), 'another-store-key'),
      new Request('https://x/cb', { method: 'POST', body: '' }),
      new Request('https://x/cb', { method: 'POST', body: '{"json":true}' }),
      new Request('https://x/cb', { method: 'POST', body: 'a='.padEnd(20_000, 'x') }),
    ];
    for (const request of cases) {
      const reading = await cmi.readCallback(request);
      expect(reading.verified).toBe(false);
      expect(await reading.answer('done').text()).toBe('FAILURE');
    }
  });
});

describe('CMI through the API', () => {
  const cmiEnv = { ...env, PAYMENT_PROVIDER_MAD: 'cmi', CMI_CLIENT_ID: config.clientId, CMI_STORE_KEY: STORE_KEY, DEV_OUTBOX: 'true' };
  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    api.request(path, { ...init, headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.headers as Record<string, string>) } }, cmiEnv);

  it('a MAD checkout is a signed form to CMI; the signed callback activates once, replays and forgeries change nothing', async () => {
    const user = await register();
    const { token } = await login(user.email, GOOD_PASSWORD);
    const started = (await (await call('/payments/subscription/5', { method: 'POST', token, body: JSON.stringify({ currency: 'MAD' }) })).json()) as { transaction: { id: string }; checkout: { method: string; fields: Record<string, string> } };
    expect(started.checkout.method).toBe('POST');
    expect(started.checkout.fields.amount).toBe('159.00');
    const oid = started.transaction.id;
    const forged = await call('/payments/callback/cmi', { method: 'POST', body: await (await gatewayPost(approved(oid), 'wrong')).text(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(await forged.text()).toBe('FAILURE');
    const body = await (await gatewayPost(approved(oid))).text();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/payments/callback/cmi', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })));
    expect(new Set(await Promise.all(answers.map((a) => a.text())))).toEqual(new Set(['ACTION=POSTAUTH']));
    const row = await env.DB.prepare('SELECT subscription_id, subscription_renewal FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ subscription_id: 5, subscription_renewal: null }); // no recurring charge with CMI
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?').bind(user.id).first<{ n: number }>())?.n).toBe(1);
  });

  it('the monthly plan starts its trial without a card (bypass), since CMI keeps none', async () => {
    const user = await register();
    // A card-less trial needs a verified email or phone (one person, one trial).
    await env.DB.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').bind(user.id).run();
    const { token } = await login(user.email, GOOD_PASSWORD);
    const res = await call('/payments/subscription/4', { method: 'POST', token, body: JSON.stringify({ currency: 'MAD', bypass: true }) });
    expect(res.status).toBe(200);
    expect((await env.DB.prepare('SELECT subscription_id FROM users WHERE id = ?').bind(user.id).first())?.subscription_id).toBe(4);
  });
});

describe('CMI refunds (merchant API Credit)', () => {
  const api = cmiTestApi;
  const refundOf = (transactionId: string, amount: number) => ({ refundId: crypto.randomUUID(), transactionId, providerRef: 'T123', money: { amount, currency: 'MAD' as const }, captured: 15900 });

  it('posts a Credit of the order for the amount, escaped XML to the gateway host\'s /fim/api; Approved is refunded with its TransId', async () => {
    const fake = fakeCmiApi({ 'tx-9': 15900 });
    const provider = cmiProvider({ ...config, api }, fake.fetcher);
    expect(await provider.refund?.(refundOf('tx-9', 7950))).toEqual({ status: 'refunded', providerRef: 'T1-credit' });
    const sent = fake.seen[0];
    expect(sent?.url).toBe('https://testpayment.cmi.co.ma/fim/api');
    expect(sent?.contentType).toMatch(/^application\/xml/);
    expect(sent?.xml).toContain('<Password>Api&amp;Pass&lt;1&gt;</Password>');
    expect(['Type', 'OrderId', 'Total', 'Currency'].map((name) => cc5Field(sent?.xml ?? '', name))).toEqual(['Credit', 'tx-9', '79.50', '504']);
    expect(await provider.refund?.(refundOf('tx-9', 7950))).toMatchObject({ status: 'refunded' });
    expect(fake.refunded.get('tx-9')).toBe(15900);
  });

  it('answers a Declined or an Error as refused with its code and message; an outage, a bad answer or no API user throws', async () => {
    const fake = fakeCmiApi({ 'tx-9': 15900 });
    const provider = cmiProvider({ ...config, api }, fake.fetcher);
    expect(await provider.refund?.(refundOf('tx-9', 20000))).toEqual({ status: 'refused', reason: '05: Credit amount exceeds the order amount' });
    expect(await provider.refund?.(refundOf('tx-unknown', 100))).toEqual({ status: 'refused', reason: '99: No such order' });
    expect(await cmiProvider({ ...config, api: { ...api, password: 'wrong' } }, fake.fetcher).refund?.(refundOf('tx-9', 100))).toEqual({ status: 'refused', reason: '99: Authentication failed' });
    expect(fake.refunded.size).toBe(0);
    await expect(cmiProvider({ ...config, api }, () => Promise.reject(new TypeError('down'))).refund?.(refundOf('tx-9', 100))).rejects.toMatchObject({ name: 'PaymentProviderError' });
    await expect(cmiProvider({ ...config, api }, async () => new Response('Service Unavailable', { status: 503 })).refund?.(refundOf('tx-9', 100))).rejects.toMatchObject({ name: 'PaymentProviderError', status: 503 });
    await expect(cmiProvider(config, fake.fetcher).refund?.(refundOf('tx-9', 100))).rejects.toMatchObject({ name: 'PaymentProviderError' });
  });

  it('uses the configured merchant API address when one is set', async () => {
    const fake = fakeCmiApi({ 'tx-9': 15900 });
    await cmiProvider({ ...config, api: { ...api, url: 'https://payment.cmi.co.ma/fim/api' } }, fake.fetcher).refund?.(refundOf('tx-9', 100));
    expect(fake.seen[0]?.url).toBe('https://payment.cmi.co.ma/fim/api');
  });
});

describe('CMI refunds sent again (order history before a second Credit)', () => {
  const provider = (fake: ReturnType<typeof fakeCmiApi>) => cmiProvider({ ...config, api: cmiTestApi }, fake.fetcher);
  const request = (amount: number, recorded: string[] = []) => ({ refundId: crypto.randomUUID(), transactionId: 'tx-7', providerRef: 'T123', money: { amount, currency: 'MAD' as const }, captured: 15900, resend: { recorded } });

  it('reads the history lines: charge type, status, amount (with or without a dot), return code and TransId', () => {
    const xml = '<CC5Response><Response>Approved</Response><ProcReturnCode>00</ProcReturnCode><Extra><TRXCOUNT>2</TRXCOUNT>'
      + '<TRX1>S\tC\t15900\t15900\t2026-11-27\t\t\t4123\tP1\t00\tT-sale</TRX1><TRX2>C\tD\t79.50\t\t2026-11-27\t\t\t4124\t\t05\tT-c</TRX2></Extra></CC5Response>';
    expect(cmiHistory(xml)).toEqual([
      { charge: 'sale', status: 'C', amount: 15900, procReturnCode: '00', transId: 'T-sale' },
      { charge: 'credit', status: 'D', amount: 7950, procReturnCode: '05', transId: 'T-c' },
    ]);
  });

  it('answer lost after the Credit was made: the resend finds it in the order history, no second Credit', async () => {
    const fake = fakeCmiApi({ 'tx-7': 15900 });
    fake.loseNextCredit('after');
    const first = request(7950);
    await expect(provider(fake).refund?.({ ...first, resend: undefined })).rejects.toMatchObject({ name: 'PaymentProviderError' });
    expect(fake.credits).toHaveLength(1);
    const again = await provider(fake).refund?.(first);
    expect(again).toEqual({ status: 'refunded', providerRef: fake.credits[0]?.transId });
    expect(fake.credits).toHaveLength(1);
    const last = fake.seen.at(-1)?.xml ?? '';
    expect([cc5Field(last, 'OrderId'), cc5Field(last, 'ORDERHISTORY'), cc5Field(last, 'Type')]).toEqual(['tx-7', 'QUERY', '']);
  });

  it('answer lost before the Credit reached CMI: the resend finds none and sends one Credit', async () => {
    const fake = fakeCmiApi({ 'tx-7': 15900 });
    fake.loseNextCredit('before');
    const first = request(7950);
    await expect(provider(fake).refund?.({ ...first, resend: undefined })).rejects.toMatchObject({ name: 'PaymentProviderError' });
    expect(fake.credits).toHaveLength(0);
    expect(await provider(fake).refund?.(first)).toMatchObject({ status: 'refunded' });
    expect(fake.credits).toEqual([{ oid: 'tx-7', amount: 7950, transId: expect.any(String) }]);
  });

  it('a Credit already recorded here, a declined one or one of another amount is not the lost attempt', async () => {
    const fake = fakeCmiApi({ 'tx-7': 15900 });
    const made = await provider(fake).refund?.({ ...request(5000), resend: undefined });
    expect(made).toMatchObject({ status: 'refunded' });
    await provider(fake).refund?.({ ...request(20000), resend: undefined }); // declined: in the history with status D
    expect(await provider(fake).refund?.(request(5000, [made?.status === 'refunded' ? made.providerRef : '']))).toMatchObject({ status: 'refunded' });
    expect(await provider(fake).refund?.(request(3000, []))).toMatchObject({ status: 'refunded' });
    expect(fake.credits.map((c) => c.amount)).toEqual([5000, 5000, 3000]);
  });

  it('a history that cannot be read keeps the outcome unknown (throws), and sends nothing', async () => {
    const fake = fakeCmiApi({ 'tx-7': 15900 });
    const down = cmiProvider({ ...config, api: cmiTestApi }, async (input, init) => {
      const xml = await new Request(input, init).text();
      return xml.includes('ORDERHISTORY') ? new Response('Bad Gateway', { status: 502 }) : fake.fetcher(input, init);
    });
    await expect(down.refund?.(request(100))).rejects.toMatchObject({ name: 'PaymentProviderError', status: 502 });
    await expect(provider(fake).refund?.({ ...request(100), transactionId: 'tx-unknown' })).rejects.toMatchObject({ name: 'PaymentProviderError' });
    expect(fake.credits).toHaveLength(0);
  });
});
