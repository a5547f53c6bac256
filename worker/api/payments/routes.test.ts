import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { freshCardNumber } from './providers/sandbox';
import { signatureHeader } from './providers/sign';
import { runBilling } from './renewals';
import { billingDeps } from './deps';
import { decide, deliver, invoicesOf, pay, startCheckout, userRow } from './testing';
import { CheckoutAnswer } from './schemas';

const DAY = 86_400_000;
const PLAN_3_MONTHS = 5;
const PLAN_MONTHLY_TRIAL = 4;
const PLAN_WEEK = 2;

describe('plans (spec §3 Subscription plan, §9)', () => {
  it('GET /configs lists the active plans with prices in MAD, EUR and USD and names in four languages', async () => {
    const config = (await (await callApi('/configs')).json()) as { free_platform: boolean; subscriptions: { id: number; duration: number; prices: Record<string, number>; name: Record<string, string>; trial_days: number }[] };
    expect(config.free_platform).toBe(false);
    const durations = config.subscriptions.map((p) => p.duration);
    expect(durations).toEqual(expect.arrayContaining([1440, 10080, 43200, 129600, 259200, 518400]));
    expect(durations).not.toContain(20160); // the inactive two-week plan
    for (const plan of config.subscriptions) {
      expect(Object.keys(plan.prices).sort()).toEqual(['EUR', 'MAD', 'USD']);
      expect(Object.keys(plan.name).sort()).toEqual(['ar', 'en', 'es', 'fr']);
    }
    expect(config.subscriptions.filter((p) => p.trial_days === 30)).toHaveLength(1);
  });
});

describe('checkout through the sandbox', () => {
  it('approve: premium for the plan period, the price from the plan (never from the browser), one invoice', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { currency: 'MAD', amount: 1, price: 1 });
    expect(answer.checkout?.method).toBe('GET');
    const tx = await env.DB.prepare('SELECT amount, currency, state FROM transactions WHERE id = ?').bind(answer.transaction.id).first();
    expect(tx).toEqual({ amount: 15900, currency: 'MAD', state: 'created' });
    expect((await deliver(await decide(answer, 'approve'))).status).toBe(200);
    const row = await userRow(user.id);
    expect(row?.subscription_id).toBe(PLAN_3_MONTHS);
    const days = (Date.parse(row?.subscription_end ?? '') - Date.parse(row?.subscription_start ?? '')) / DAY;
    expect(days).toBe(90);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const me = (await (await callApi('/auth/user', { token: user.tokens.token })).json()) as { subscription_id: number };
    expect(me.subscription_id).toBe(PLAN_3_MONTHS);
  });

  it('decline: the transaction fails with its reason and the user stays on the free tier', async () => {
    const user = await registeredUser();
    const { answer } = await pay(user.tokens.token, PLAN_WEEK, 'decline');
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const tx = (await (await callApi(`/payments/transactions/${answer.transaction.id}`, { token: user.tokens.token })).json()) as { state: string; error: string };
    expect(tx).toMatchObject({ state: 'failed', error: 'CARD_DECLINED' });
    expect(await invoicesOf(user.id)).toEqual([]);
  });

  it('pending validation: not premium, the transaction says so', async () => {
    const user = await registeredUser();
    const { answer } = await pay(user.tokens.token, PLAN_WEEK, 'pending');
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    const view = (await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { state: string };
    expect(view.state).toBe('pending');
    const tx = (await (await callApi(`/payments/transactions/${answer.transaction.id}`, { token: user.tokens.token })).json()) as { state: string };
    expect(tx.state).toBe('pending');
  });

  it('the one-month trial starts without a charge, once per user, and its end date is set', async () => {
    const user = await registeredUser();
    const { answer } = await pay(user.tokens.token, PLAN_MONTHLY_TRIAL);
    const row = await userRow(user.id);
    expect(row?.subscription_id).toBe(PLAN_MONTHLY_TRIAL);
    expect(row?.free_subscriptions).toBe(1);
    expect((Date.parse(row?.subscription_end ?? '') - Date.parse(row?.subscription_start ?? '')) / DAY).toBe(30);
    const tx = await env.DB.prepare('SELECT amount, trial_days, state FROM transactions WHERE id = ?').bind(answer.transaction.id).first();
    expect(tx).toEqual({ amount: 0, trial_days: 30, state: 'accepted' });
    expect(await invoicesOf(user.id)).toEqual([]);
    const view = (await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { state: string; trial_end: string };
    expect(view.state).toBe('trialing');
    expect(view.trial_end).toBe(row?.subscription_end);
  });

  it('bypass starts the trial without a card only where there is one to take', async () => {
    const user = await registeredUser();
    const refused = await callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: user.tokens.token, body: { bypass: true } });
    expect(refused.status).toBe(400);
    // A card-less trial needs a verified email or phone.
    const unverified = await callApi(`/payments/subscription/${PLAN_MONTHLY_TRIAL}`, { method: 'POST', token: user.tokens.token, body: { bypass: true } });
    expect([unverified.status, await messageOf(unverified)]).toEqual([403, 'TRIAL_NEEDS_VERIFICATION: verify your email or phone number to start a free trial without a card']);
    await env.DB.prepare('UPDATE users SET is_email_verified = 1 WHERE id = ?').bind(user.id).run();
    const ok = await callApi(`/payments/subscription/${PLAN_MONTHLY_TRIAL}`, { method: 'POST', token: user.tokens.token, body: { bypass: true } });
    expect(ok.status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_MONTHLY_TRIAL);
    const again = await callApi(`/payments/subscription/${PLAN_MONTHLY_TRIAL}`, { method: 'POST', token: user.tokens.token, body: { bypass: true } });
    expect(again.status).toBe(400);
  });

  it('the browser back before the callback: token confirms with the provider, once', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK);
    await decide(answer, 'approve'); // the callback is never delivered
    const ref = new URL(answer.checkout?.url ?? '').pathname.split('/').pop();
    const confirmed = await callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: user.tokens.token, body: { token: ref } });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { transaction: { state: string } }).transaction.state).toBe('accepted');
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_WEEK);
    const again = await callApi(`/payments/transactions/${answer.transaction.id}/confirm`, { method: 'POST', token: user.tokens.token });
    expect(((await again.json()) as { state: string }).state).toBe('accepted');
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });
});

describe('callbacks: forged, replayed, parallel', () => {
  it('20 parallel deliveries of one callback extend the period once and allocate one invoice number', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_3_MONTHS);
    const callback = await decide(answer, 'approve');
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(callback)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const row = await userRow(user.id);
    expect((Date.parse(row?.subscription_end ?? '') - Date.parse(row?.subscription_start ?? '')) / DAY).toBe(90);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    // A replay later changes nothing either.
    await deliver(callback);
    expect((await userRow(user.id))?.subscription_end).toBe(row?.subscription_end);
  });

  it('a forged, unsigned or stale callback changes nothing and answers 400', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PLAN_WEEK);
    const callback = await decide(answer, 'approve');
    const body = await callback.clone().text();
    const headers = Object.fromEntries(callback.headers);
    const forgedBody = body.replace('"amount":2500', '"amount":1');
    expect(forgedBody).not.toBe(body);
    const forged = await callApi('/payments/callback/sandbox', { method: 'POST', headers, rawBody: forgedBody });
    expect(forged.status).toBe(400);
    const unsigned = await callApi('/payments/callback/sandbox', { method: 'POST', rawBody: body });
    expect(unsigned.status).toBe(400);
    const old = await signatureHeader('tafrij-dev-sandbox-secret', body, new Date(Date.now() - 3600_000));
    const stale = await callApi('/payments/callback/sandbox', { method: 'POST', headers: { ...headers, 'x-sandbox-signature': old }, rawBody: body });
    expect(stale.status).toBe(400);
    const other = await callApi('/payments/callback/nowhere', { method: 'POST', rawBody: body });
    expect(other.status).toBe(404);
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    expect((await deliver(callback)).status).toBe(200);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_WEEK);
  });

  it('invoice numbers stay one continuous series across parallel payments of 12 users', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => registeredUser()));
    const callbacks = await Promise.all(users.map(async (u) => decide(await startCheckout(u.tokens.token, PLAN_WEEK), 'approve')));
    await Promise.all(callbacks.flatMap((cb) => [deliver(cb), deliver(cb)]));
    const numbers = (await Promise.all(users.map((u) => invoicesOf(u.id)))).flat().sort((a, b) => a - b);
    expect(numbers).toHaveLength(12);
    expect(new Set(numbers).size).toBe(12);
    const max = (await env.DB.prepare('SELECT MAX(number) AS n, COUNT(*) AS c FROM invoices').first<{ n: number; c: number }>()) ?? { n: 0, c: 0 };
    expect(max.n).toBe(max.c); // 1..N with no gap, across every test of this file
  });
});

describe('invoices', () => {
  it('GET /payments/invoices/{n}.pdf: the owner gets the PDF (made once, then kept), anyone else 404, a bad name 400', async () => {
    const [owner, other] = await Promise.all([registeredUser(), registeredUser()]);
    await pay(owner.tokens.token, PLAN_WEEK);
    const [number] = await invoicesOf(owner.id);
    const first = await callApi(`/payments/invoices/${number}.pdf`, { token: owner.tokens.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const again = new Uint8Array(await (await callApi(`/payments/invoices/${number}.pdf`, { token: owner.tokens.token })).arrayBuffer());
    expect(again).toEqual(bytes);
    expect((await callApi(`/payments/invoices/${number}.pdf`, { token: other.tokens.token })).status).toBe(404);
    expect((await callApi(`/payments/invoices/${number}`, { token: owner.tokens.token })).status).toBe(400);
    expect((await callApi(`/payments/invoices/${number}.pdf`)).status).toBe(401);
  });
});

describe('bad input', () => {
  it('answers each with its message, never a 5xx', async () => {
    const user = await registeredUser();
    const t = user.tokens.token;
    const cases: [string, { method?: string; body?: unknown; token?: string }, number, string][] = [
      ['/payments/subscription/abc', { method: 'POST', token: t }, 400, 'BAD_REQUEST'],
      ['/payments/subscription/999', { method: 'POST', token: t }, 404, 'PLAN_NOT_FOUND'],
      ['/payments/subscription/3', { method: 'POST', token: t }, 404, 'PLAN_NOT_FOUND'],
      ['/payments/subscription/2', { method: 'POST', token: t, body: { currency: 'XYZ' } }, 400, 'BAD_REQUEST'],
      ['/payments/subscription/2', { method: 'POST', token: t, body: { token: 'nope' } }, 404, 'PAYMENT_NOT_FOUND'],
      ['/payments/subscription/2', { method: 'POST' }, 401, 'E_UNAUTHORIZED_ACCESS'],
      ['/payments/transactions/not-a-uuid', { token: t }, 400, 'BAD_TRANSACTION_QUERY'],
      [`/payments/transactions/${crypto.randomUUID()}`, { token: t }, 404, 'PAYMENT_NOT_FOUND'],
      ['/payments/subscription', { method: 'DELETE', token: t }, 409, 'NOT_SUBSCRIBED'],
      ['/payments/subscription/resume', { method: 'POST', token: t }, 409, 'NOT_SUBSCRIBED'],
      ['/payments/subscription/change/5', { method: 'POST', token: t, body: { when: 'later' } }, 400, 'BAD_REQUEST'],
      ['/payments/card', { method: 'DELETE', token: t }, 404, 'PAYMENT_NOT_FOUND'],
    ];
    for (const [path, init, status, code] of cases) {
      const res = await callApi(path, { method: init.method ?? 'GET', ...(init.token ? { token: init.token } : {}), ...(init.body !== undefined ? { body: init.body } : {}) });
      expect([path, res.status]).toEqual([path, status]);
      expect((await messageOf(res)).split(':')[0]).toBe(code);
    }
  });

  it("another user's transaction is not found", async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const answer = await startCheckout(a.tokens.token, PLAN_WEEK);
    const res = await callApi(`/payments/transactions/${answer.transaction.id}`, { token: b.tokens.token });
    expect(res.status).toBe(404);
  });
});

describe('cancel, resume and change', () => {
  it('cancel keeps premium until the end and the Subscribe rule shows again; resume undoes it', async () => {
    const user = await registeredUser();
    await pay(user.tokens.token, PLAN_3_MONTHS);
    const cancel = await callApi('/payments/subscription', { method: 'DELETE', token: user.tokens.token });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { message: string }).message).toBe('YOU_UNSUBSCRIBED');
    const row = await userRow(user.id);
    expect(row).toMatchObject({ subscription_id: PLAN_3_MONTHS, cancel_subscription: 1, subscription_renewal: null });
    expect((await callApi('/payments/subscription', { method: 'DELETE', token: user.tokens.token })).status).toBe(409);
    const resume = await callApi('/payments/subscription/resume', { method: 'POST', token: user.tokens.token });
    expect(resume.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ cancel_subscription: 0, subscription_renewal: row?.subscription_end });
  });

  it('a backoffice-created subscription must be cancelled through support', async () => {
    const user = await registeredUser();
    await env.DB.prepare("UPDATE users SET subscription_id = 7, subscription_end = '2099-01-01T00:00:00.000Z' WHERE id = ?").bind(user.id).run();
    const res = await callApi('/payments/subscription', { method: 'DELETE', token: user.tokens.token });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe('SUPPORT_CANCEL');
  });

  it('a change at the end of the period costs nothing now; at once, the unused part is credited', async () => {
    const user = await registeredUser();
    await pay(user.tokens.token, PLAN_3_MONTHS);
    const quote = (await (await callApi('/payments/subscription/change/7?currency=MAD', { token: user.tokens.token })).json()) as { now: { amount: number; credit: number }; atPeriodEnd: { amount: number } };
    expect(quote.atPeriodEnd.amount).toBe(54900);
    expect(quote.now.credit).toBeGreaterThan(15800); // almost all of 159.00 unused
    expect(quote.now.amount).toBe(54900 - quote.now.credit);
    const later = await callApi('/payments/subscription/change/7', { method: 'POST', token: user.tokens.token, body: { when: 'period_end' } });
    expect(later.status).toBe(200);
    expect(((await later.json()) as { subscription: { next_plan_id: number } }).subscription.next_plan_id).toBe(7);
    const now = await callApi('/payments/subscription/change/7', { method: 'POST', token: user.tokens.token, body: { when: 'now' } });
    const answer = (await now.json()) as { transaction: { id: string } };
    const tx = await env.DB.prepare('SELECT amount, purpose FROM transactions WHERE id = ?').bind(answer.transaction.id).first();
    expect(tx).toEqual({ amount: quote.now.amount, purpose: 'change' });
  });
});

describe('one pending change at a time; a checkout posted twice starts once', () => {
  it('a change scheduled for the period end, then a switch now to another plan: the switch replaces it', async () => {
    const user = await registeredUser();
    await pay(user.tokens.token, PLAN_3_MONTHS);
    const later = await callApi('/payments/subscription/change/6', { method: 'POST', token: user.tokens.token, body: { when: 'period_end' } });
    expect(((await later.json()) as { subscription: { next_plan_id: number } }).subscription.next_plan_id).toBe(6);
    const now = await callApi('/payments/subscription/change/7', { method: 'POST', token: user.tokens.token, body: { when: 'now' } });
    const answer = CheckoutAnswer.parse(await now.json());
    expect((await deliver(await decide(answer, 'approve'))).status).toBe(200);
    const view = (await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { plan_id: number; next_plan_id: number | null };
    expect(view).toMatchObject({ plan_id: 7, next_plan_id: null });
  });

  it('20 parallel posts of one checkout form (its attempt): one transaction, the same answer to each', async () => {
    const user = await registeredUser();
    const attempt = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: user.tokens.token, body: { currency: 'MAD', method: 'cash', attempt } });
        expect(res.status).toBe(200);
        return CheckoutAnswer.parse(await res.json());
      }),
    );
    expect(new Set(answers.map((a) => a.transaction.id)).size).toBe(1);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM transactions WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    // Another attempt (a new page) is another checkout.
    const other = await startCheckout(user.tokens.token, PLAN_WEEK, { currency: 'MAD', method: 'cash', attempt: crypto.randomUUID() });
    expect(other.transaction.id).not.toBe(answers[0]?.transaction.id);
  });

  it('a refused checkout posted twice (its attempt) is refused twice with its reason, never a 500', async () => {
    const user = await registeredUser();
    const attempt = crypto.randomUUID();
    for (const _ of [1, 2]) {
      const res = await callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token: user.tokens.token, body: { currency: 'MAD', method: 'coupon', coupon: 'NO-SUCH-CODE', attempt } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/^COUPON_NOT_FOUND/);
    }
  });
});

describe('the billing clock over a simulated year', () => {
  /** The cron's next run with work to do: half a day on, or straight to half a day before the next charge. */
  const nextRun = async (clock: number, userId: string): Promise<number> => {
    const renewal = Date.parse((await userRow(userId))?.subscription_renewal ?? '');
    return Math.max(clock + DAY / 2, Number.isNaN(renewal) ? 0 : renewal - DAY / 2);
  };

  it('trial → 12 monthly renewals → a failed renewal → past due → expired, profiles hidden then restored', async () => {
    const user = await registeredUser();
    const t0 = new Date();
    await pay(user.tokens.token, PLAN_MONTHLY_TRIAL, 'approve', { card: freshCardNumber() });
    // Three more profiles while premium.
    for (const name of ['B', 'C', 'D']) expect((await callApi('/auth/profiles', { method: 'POST', token: user.tokens.token, body: { name } })).status).toBe(201);
    let clock = t0.getTime();
    let renewals = 0;
    // Run the cron over 13 months of simulated time, from one moment it has work to the next.
    while (clock < t0.getTime() + 395 * DAY) {
      clock = await nextRun(clock, user.id);
      await runBilling(billingDeps(env), new Date(clock));
      renewals = (await invoicesOf(user.id)).length;
      if (renewals === 12) break;
    }
    expect(renewals).toBe(12);
    expect(await invoicesOf(user.id)).toHaveLength(12);
    const row = await userRow(user.id);
    expect(row?.subscription_id).toBe(PLAN_MONTHLY_TRIAL);
    // 30 trial days + 12 × 30 days.
    expect(Math.round((Date.parse(row?.subscription_end ?? '') - t0.getTime()) / DAY)).toBe(390);
    // The card now declines renewals.
    await env.CACHE.put(`sandbox:customer:sbx_cus_${user.id}`, JSON.stringify({ number: '4000000000000341', card: { brand: 'visa', last4: '0341', expMonth: 12, expYear: 2030 } }));
    let sawPastDue = false;
    while (clock < t0.getTime() + 400 * DAY) {
      clock = await nextRun(clock, user.id);
      await runBilling(billingDeps(env), new Date(clock));
      const view = (await (await callApi('/payments/subscription', { token: user.tokens.token, headers: { 'x-test-now': new Date(clock).toISOString() } })).json()) as { state: string };
      if (view.state === 'past_due') sawPastDue = true;
      if (view.state === 'expired') break;
    }
    expect(sawPastDue).toBe(true);
    const ended = await userRow(user.id);
    expect(ended?.subscription_id).toBeNull();
    expect(ended?.subscription_error).toBe('CARD_DECLINED');
    // Profiles beyond the first are hidden, not deleted.
    const hidden = (await (await callApi('/auth/profiles', { token: user.tokens.token })).json()) as unknown[];
    expect(hidden).toHaveLength(1);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles WHERE user_id = ?').bind(user.id).first<{ n: number }>())?.n).toBe(4);
    // Subscribing again brings them back.
    await pay(user.tokens.token, PLAN_WEEK);
    const back = (await (await callApi('/auth/profiles', { token: user.tokens.token })).json()) as unknown[];
    expect(back).toHaveLength(4);
  }, 60_000);

  it('a cancelled subscription is not renewed and expires back to the free offer after its end', async () => {
    const user = await registeredUser();
    const t0 = Date.now();
    await pay(user.tokens.token, PLAN_WEEK);
    await callApi('/payments/subscription', { method: 'DELETE', token: user.tokens.token });
    await runBilling(billingDeps(env), new Date(t0 + 7 * DAY));
    expect(await invoicesOf(user.id)).toHaveLength(1);
    expect((await userRow(user.id))?.subscription_id).toBe(PLAN_WEEK); // still active on its last day
    await runBilling(billingDeps(env), new Date(t0 + 8 * DAY + 1000));
    expect((await userRow(user.id))?.subscription_id).toBeNull();
  });

  it('two billing runs at once charge a renewal once', async () => {
    const user = await registeredUser();
    const t0 = Date.now();
    await pay(user.tokens.token, PLAN_WEEK);
    const at = new Date(t0 + 6.5 * DAY);
    await Promise.all([runBilling(billingDeps(env), at), runBilling(billingDeps(env), at), runBilling(billingDeps(env), at)]);
    expect(await invoicesOf(user.id)).toHaveLength(2);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND purpose = 'renew'").bind(user.id).first<{ n: number }>())?.n).toBe(1);
  });
});
