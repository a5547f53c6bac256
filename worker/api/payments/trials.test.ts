// One free trial per card: the same card on another account (a new email, cleared cookies) pays from the first day.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../../test/accounts';
import { freshCardNumber } from './providers/sandbox';
import { runBilling } from './renewals';
import { billingDeps } from './deps';
import { decide, deliver, invoicesOf, pay, startCheckout, userRow } from './testing';

const PLAN_MONTHLY_TRIAL = 4;
const DAY = 86_400_000;

type View = { state: string | null; trial_end: string | null; end: string | null };
const viewOf = async (token: string): Promise<View> => (await (await callApi('/payments/subscription', { token })).json()) as View;
const trialDaysOf = async (transactionId: string) => (await env.DB.prepare('SELECT trial_days FROM transactions WHERE id = ?').bind(transactionId).first<{ trial_days: number }>())?.trial_days;

describe('one free trial per card', () => {
  it('the same card on a second account: no free days, the tab says so, and the billing clock charges the card at once', async () => {
    const card = freshCardNumber();
    const first = await registeredUser();
    await pay(first.tokens.token, PLAN_MONTHLY_TRIAL, 'approve', { card });
    expect((await viewOf(first.tokens.token)).state).toBe('trialing');

    const second = await registeredUser();
    const { answer } = await pay(second.tokens.token, PLAN_MONTHLY_TRIAL, 'approve', { card });
    const row = await userRow(second.id);
    expect(row?.free_subscriptions).toBe(0);
    expect(row?.subscription_end?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(await trialDaysOf(answer.transaction.id)).toBe(0);
    const view = await viewOf(second.tokens.token);
    expect([view.state, view.trial_end]).toEqual(['active', null]);
    expect(await invoicesOf(second.id)).toEqual([]);

    // The next billing run charges the saved card for the plan: one invoice, a month from now.
    const at = new Date();
    await runBilling(billingDeps(env), at);
    expect(await invoicesOf(second.id)).toHaveLength(1);
    const paid = await userRow(second.id);
    expect(Math.round((Date.parse(paid?.subscription_end ?? '') - at.getTime()) / DAY)).toBe(30);
    expect((await viewOf(second.tokens.token)).state).toBe('active');
    // The first account keeps its trial.
    expect((await viewOf(first.tokens.token)).state).toBe('trialing');
  }, 60_000);

  it('a different card is a trial of its own', async () => {
    const [a, b] = [await registeredUser(), await registeredUser()];
    await pay(a.tokens.token, PLAN_MONTHLY_TRIAL, 'approve', { card: freshCardNumber() });
    await pay(b.tokens.token, PLAN_MONTHLY_TRIAL, 'approve', { card: freshCardNumber() });
    expect([(await viewOf(a.tokens.token)).state, (await viewOf(b.tokens.token)).state]).toEqual(['trialing', 'trialing']);
    expect([(await userRow(a.id))?.free_subscriptions, (await userRow(b.id))?.free_subscriptions]).toEqual([1, 1]);
  });

  it('12 accounts settle trials with the same card at once (each callback twice): exactly one trial', async () => {
    const card = freshCardNumber();
    const users = await Promise.all(Array.from({ length: 12 }, () => registeredUser()));
    const callbacks = await Promise.all(users.map(async (u) => decide(await startCheckout(u.tokens.token, PLAN_MONTHLY_TRIAL), 'approve', card)));
    const answers = await Promise.all(callbacks.flatMap((callback) => [deliver(callback), deliver(callback)]));
    expect(answers.map((res) => res.status)).toEqual(Array(24).fill(200));
    const states = await Promise.all(users.map(async (u) => (await viewOf(u.tokens.token)).state));
    expect(states.filter((s) => s === 'trialing')).toHaveLength(1);
    expect(states.filter((s) => s === 'active')).toHaveLength(11);
    const rows = await Promise.all(users.map((u) => userRow(u.id)));
    expect(rows.reduce((n, r) => n + (r?.free_subscriptions ?? 0), 0)).toBe(1);
  }, 60_000);
});
