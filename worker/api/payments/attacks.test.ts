// Payments under attack: callbacks that contradict what happened here, replays, parallel bursts.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIMIT_RULES } from '../../limits';
import { newIp } from '../../test/site';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { COUPON_HOLD_MS } from './coupons';
import { billingEmail } from './emails';
import { decide, deliver, invoicesOf, makeCoupon, signedSandboxCallback, startCheckout, storedTransaction, userRow } from './testing';

const PLAN_WEEK = 2;
const WEEK_MAD = 2500;

/** The refund emails a user was sent (money taken for nothing delivered), by the subject of their language. */
async function refundMails(userId: string): Promise<{ body: string }[]> {
  const user = await env.DB.prepare('SELECT email, lang FROM users WHERE id = ?').bind(userId).first<{ email: string; lang: 'en' | 'fr' | 'ar' | 'es' }>();
  const { subject } = billingEmail(user?.lang ?? 'ar', { kind: 'refund_due', bought: 'plan', what: '', amount: 0, currency: 'MAD' }, '');
  return (await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND channel = 'email' AND subject = ?").bind(user?.email ?? '', subject).all<{ body: string }>()).results;
}

const accepted = (transactionId: string, providerRef: string, eventId = `evt_${crypto.randomUUID()}`) =>
  signedSandboxCallback({ id: eventId, type: 'payment.accepted', transactionId, providerRef, money: { amount: WEEK_MAD, currency: 'MAD' } });

async function voucher(token: string): Promise<{ id: string; ref: string }> {
  const answer = await startCheckout(token, PLAN_WEEK, { method: 'cash', currency: 'MAD' });
  const ref = (await storedTransaction(answer.transaction.id))?.provider_ref ?? '';
  return { id: answer.transaction.id, ref };
}

describe('a payment the network accepts for a checkout closed here', () => {
  it('a cancelled voucher, then its signed "accepted" (replayed 10 times at once): refund_due, no premium, no invoice', async () => {
    const user = await registeredUser();
    const { id, ref } = await voucher(user.tokens.token);
    expect((await callApi(`/payments/transactions/${id}/cancel`, { method: 'POST', token: user.tokens.token })).status).toBe(200);
    const callback = await accepted(id, ref);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(callback)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await storedTransaction(id)).toMatchObject({ state: 'refund_due', error: 'PAID_AFTER_CLOSE' });
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    expect(await invoicesOf(user.id)).toEqual([]);
    // The buyer is told once (not once per delivery): the amount, and that it will be refunded.
    const told = await refundMails(user.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toMatch(/25[.,]00/);
  });

  it('"failed", then "accepted" for the same card checkout: refund_due, the person still free, nothing invoiced', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK, { currency: 'MAD' });
    expect((await deliver(await decide(answer, 'decline'))).status).toBe(200);
    const ref = (await storedTransaction(answer.transaction.id))?.provider_ref ?? '';
    expect((await deliver(await accepted(answer.transaction.id, ref))).status).toBe(200);
    expect(await storedTransaction(answer.transaction.id)).toMatchObject({ state: 'refund_due' });
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    expect(await invoicesOf(user.id)).toEqual([]);
  });

  it('a cancel and the network\'s "accepted" at the same moment (10 of each): one consistent end, delivered or refund_due', async () => {
    const user = await registeredUser();
    const { id, ref } = await voucher(user.tokens.token);
    const callback = await accepted(id, ref);
    await Promise.all([
      ...Array.from({ length: 10 }, () => callApi(`/payments/transactions/${id}/cancel`, { method: 'POST', token: user.tokens.token })),
      ...Array.from({ length: 10 }, () => deliver(callback)),
    ]);
    const tx = await storedTransaction(id);
    const premium = (await userRow(user.id))?.subscription_id === PLAN_WEEK;
    const invoices = await invoicesOf(user.id);
    // The sandbox network knows no cancel once paid here: either the payment won (delivered), or the cancel did (refund due).
    expect(['accepted', 'refund_due']).toContain(tx?.state);
    expect(premium).toBe(tx?.state === 'accepted');
    expect(invoices).toHaveLength(tx?.state === 'accepted' ? 1 : 0);
  });
});

describe("a signed callback naming one transaction with another's reference", () => {
  it('is refused: the reference is not overwritten and nothing is delivered', async () => {
    const user = await registeredUser();
    const mine = await voucher(user.tokens.token);
    const other = await voucher((await registeredUser()).tokens.token);
    expect((await deliver(await accepted(mine.id, other.ref))).status).toBe(200);
    expect(await storedTransaction(mine.id)).toMatchObject({ state: 'pending', provider_ref: mine.ref });
    expect(await storedTransaction(other.id)).toMatchObject({ state: 'pending', provider_ref: other.ref });
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    // The right reference still settles it.
    expect((await deliver(await accepted(mine.id, mine.ref))).status).toBe(200);
    expect(await storedTransaction(mine.id)).toMatchObject({ state: 'accepted', provider_ref: mine.ref });
  });
});

describe('a plan change credits only what was paid for the unused days', () => {
  const PLAN_MONTHLY = 4;
  const PLAN_3_MONTHS = 5;
  const PLAN_TARGET = 7;
  const quoteOf = async (token: string) =>
    (await (await callApi(`/payments/subscription/change/${PLAN_TARGET}?currency=MAD`, { token })).json()) as { now: { amount: number; credit: number } };

  it('after a free-days coupon (7 days of the monthly plan): no credit, the full price', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'days', value: 7, plans: [PLAN_MONTHLY] });
    expect((await startCheckout(user.tokens.token, PLAN_MONTHLY, { method: 'coupon', coupon: code, currency: 'MAD' })).transaction.state).toBe('accepted');
    expect((await quoteOf(user.tokens.token)).now).toEqual({ amount: 54900, credit: 0, from: expect.any(String) });
  });

  it('after a 100 % coupon: no credit', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'percent', value: 100 });
    await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'coupon', coupon: code, currency: 'MAD' });
    expect((await quoteOf(user.tokens.token)).now.credit).toBe(0);
  });

  it('after a 50 % coupon paid by card: at most the half that was paid; the change checkout asks for the rest', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'percent', value: 50 });
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { coupon: code, currency: 'MAD' });
    expect((await deliver(await decide(answer, 'approve'))).status).toBe(200);
    const { now } = await quoteOf(user.tokens.token);
    expect(now.credit).toBeGreaterThan(7900);
    expect(now.credit).toBeLessThanOrEqual(7950);
    const change = await startCheckout(user.tokens.token, PLAN_TARGET, { currency: 'MAD' });
    expect((await storedTransaction(change.transaction.id))?.amount).toBe(54900 - now.credit);
  });
});

describe('coupon codes cannot be guessed', () => {
  const ACCOUNT_MAX = LIMIT_RULES['coupon-account'].max;
  const IP_MAX = LIMIT_RULES['coupon-ip'].max;
  const lookUp = (token: string, code: string, ip = newIp()) => callApi(`/payments/coupons/${code}?plan=${PLAN_WEEK}&currency=MAD`, { token, headers: { 'X-Client-IP': ip } });
  const guess = () => `G${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const count = (answers: Response[], status: number) => answers.filter((res) => res.status === status).length;

  it(`30 guesses at once from one account, each from its own address: exactly ${ACCOUNT_MAX} checked, the rest refused before checking`, async () => {
    const user = await registeredUser();
    const answers = await Promise.all(Array.from({ length: 30 }, () => lookUp(user.tokens.token, guess())));
    expect(count(answers, 404)).toBe(ACCOUNT_MAX);
    expect(count(answers, 429)).toBe(30 - ACCOUNT_MAX);
    expect(await messageOf(answers.find((res) => res.status === 429) as Response)).toMatch(/^COUPON_TOO_FREQUENT: too many coupon codes tried, wait \d+ seconds$/);
    // Redeeming is the same budget: a right code is now refused too, before it is checked.
    const code = await makeCoupon({ kind: 'percent', value: 100 });
    const redeem = await callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: user.tokens.token, body: { method: 'coupon', coupon: code }, headers: { 'X-Client-IP': newIp() } });
    expect(redeem.status).toBe(429);
    expect((await userRow(user.id))?.subscription_id).toBeNull();
  }, 60_000);

  it(`one address, many accounts: exactly ${IP_MAX} guesses checked`, async () => {
    const ip = newIp();
    const users = await Promise.all(Array.from({ length: 8 }, () => registeredUser()));
    const answers = await Promise.all(users.flatMap((u) => Array.from({ length: ACCOUNT_MAX }, () => lookUp(u.tokens.token, guess(), ip))));
    expect(count(answers, 404)).toBe(IP_MAX);
    expect(count(answers, 429)).toBe(8 * ACCOUNT_MAX - IP_MAX);
  }, 120_000);

  it('a code that works gives its try back: a real person looking a right code up again and again is never refused', async () => {
    const user = await registeredUser();
    const code = await makeCoupon({ kind: 'amount', value: 500, currency: 'MAD' });
    for (let i = 0; i < ACCOUNT_MAX - 1; i++) expect((await lookUp(user.tokens.token, guess())).status).toBe(404);
    for (let i = 0; i < 5; i++) expect((await lookUp(user.tokens.token, code)).status).toBe(200);
    expect((await lookUp(user.tokens.token, guess())).status).toBe(404);
    expect((await lookUp(user.tokens.token, code)).status).toBe(429);
  }, 60_000);
});

describe("an abandoned card checkout keeps a coupon's use only for its hold", () => {
  it(`3 abandoned checkouts of a 3-use code: used up during the hold, then 10 parallel redemptions get exactly 3 uses; a late payment of an abandoned one is refund_due`, async () => {
    const code = await makeCoupon({ kind: 'percent', value: 20, quota: 3 });
    const start = new Date(Date.now() - 2 * COUPON_HOLD_MS);
    const abandoned = await Promise.all(Array.from({ length: 3 }, async () => startCheckout((await registeredUser()).tokens.token, PLAN_WEEK, { coupon: code, currency: 'MAD' }, start)));
    const during = await registeredUser();
    const refused = await callApi(`/payments/subscription/${PLAN_WEEK}`, {
      method: 'POST', token: during.tokens.token, body: { coupon: code, currency: 'MAD' }, headers: { 'x-test-now': new Date(start.getTime() + COUPON_HOLD_MS - 60_000).toISOString() },
    });
    expect([refused.status, await messageOf(refused)]).toEqual([409, `COUPON_USED_UP: ${code}`]);

    const users = await Promise.all(Array.from({ length: 10 }, () => registeredUser()));
    const answers = await Promise.all(users.map((u) => callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: u.tokens.token, body: { coupon: code, currency: 'MAD' } })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?').bind(code).first<{ n: number }>();
    expect(rows?.n).toBe(3);
    const [first] = abandoned;
    if (!first) throw new Error('no checkout');
    expect(await storedTransaction(first.transaction.id)).toMatchObject({ state: 'expired', error: 'CHECKOUT_ABANDONED' });
    // The person comes back from the provider's page after all: the money is to be refunded, the quota stays exact.
    expect((await deliver(await decide(first, 'approve'))).status).toBe(200);
    expect(await storedTransaction(first.transaction.id)).toMatchObject({ state: 'refund_due' });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?').bind(code).first<{ n: number }>())?.n).toBe(3);
  }, 120_000);
});

describe('one person, one free trial', () => {
  const PLAN_MONTHLY = 4;
  const verify = (id: string) => env.DB.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').bind(id).run();
  const trial = (token: string, body: Record<string, unknown>, device?: string) =>
    callApi(`/payments/subscription/${PLAN_MONTHLY}`, { method: 'POST', token, body, headers: device ? { 'X-Device-Id': device } : {} });

  it('a card-less trial (bypass, cash, mobile) needs a verified email or phone', async () => {
    const user = await registeredUser();
    for (const body of [{ bypass: true }, { method: 'cash', currency: 'MAD' }, { method: 'mobile', currency: 'MAD', phone: `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }]) {
      const res = await trial(user.tokens.token, body);
      expect([res.status, await messageOf(res)]).toEqual([403, 'TRIAL_NEEDS_VERIFICATION: verify your email or phone number to start a free trial without a card']);
    }
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    await verify(user.id);
    expect((await trial(user.tokens.token, { bypass: true })).status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_MONTHLY);
  });

  it('20 verified accounts on one device asking for the trial at once: exactly one gets it, the others are told', async () => {
    const device = crypto.randomUUID();
    const users = await Promise.all(Array.from({ length: 20 }, () => registeredUser()));
    await Promise.all(users.map((u) => verify(u.id)));
    const answers = await Promise.all(users.map((u) => trial(u.tokens.token, { bypass: true }, device)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(19);
    expect(new Set(await Promise.all(refused.map((res) => messageOf(res))))).toEqual(new Set(['TRIAL_ALREADY_USED: a free trial was already given to this email, phone or device']));
    const premium = await Promise.all(users.map((u) => userRow(u.id)));
    expect(premium.filter((row) => row?.subscription_id === PLAN_MONTHLY)).toHaveLength(1);
  }, 120_000);

  it('a new account with the same mailbox (after deleting the first) gets no second trial: its card checkout charges from the first day', async () => {
    const local = `trial.${crypto.randomUUID().slice(0, 8)}`;
    const first = await registeredUser();
    await env.DB.prepare('UPDATE users SET email = ?, is_email_verified = 1 WHERE id = ?').bind(`${local}@gmail.com`, first.id).run();
    expect((await trial(first.tokens.token, { bypass: true })).status).toBe(200);
    expect((await callApi('/auth/user', { method: 'DELETE', token: first.tokens.token, body: { password: first.password } })).status).toBe(200);
    const second = await registeredUser();
    await env.DB.prepare('UPDATE users SET email = ?, is_email_verified = 1 WHERE id = ?').bind(`${local.replace('.', '')}+again@gmail.com`, second.id).run();
    const bypass = await trial(second.tokens.token, { bypass: true });
    expect([bypass.status, await messageOf(bypass)]).toEqual([409, 'TRIAL_ALREADY_USED: a free trial was already given to this email, phone or device']);
    const card = await startCheckout(second.tokens.token, PLAN_MONTHLY, { currency: 'MAD' });
    expect(await storedTransaction(card.transaction.id)).toMatchObject({ amount: 5900 });
  });
});
