import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { decide, deliver, makeCoupon } from '../../api/payments/testing';
import { CheckoutAnswer } from '../../api/payments/schemas';
import { translate } from '../../i18n';
import { call, flashOf, hasTag, html, post, quietConsole, registered, type Jar } from '../../test/site';

/**
 * The checkout and the member's subscription pages through the whole worker, as a browser without
 * JavaScript: what was chosen survives refusals and switches; the coupon method's field; asking
 * before cancelling and before spending a ticket; mobile payment's numbers; the tab's renewal price
 * and method; one pending plan change at a time.
 */

quietConsole();
// Whole journeys through the worker on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });
const en = translate('en');
const PLAN_WEEK = 2;
const PLAN_3_MONTHS = 5;
const TITLE = '/content/salt-of-essaouira';

/** Posts a plan's form as the page renders it; answers the response. */
const checkout = (jar: Jar, form: Record<string, string>) => post('/subscription', { currency: 'MAD', method: 'card', ...form }, jar);

/** The sandbox decides a checkout the page sent the browser to (its Location). */
async function sandboxDecides(location: string, outcome: 'approve' | 'decline', cardNumber?: string): Promise<string> {
  const answer = CheckoutAnswer.parse({ transaction: { id: '00000000-0000-0000-0000-000000000000', state: 'created' }, checkout: { method: 'GET', url: location } });
  expect((await deliver(await decide(answer, outcome, cardNumber))).status).toBe(200);
  const ref = new URL(location).pathname.split('/').pop() ?? '';
  const row = await env.DB.prepare('SELECT id FROM transactions WHERE provider_ref = ?').bind(ref).first<{ id: string }>();
  return row?.id ?? '';
}

/** A member who paid 3 months (no trial) by card (sandbox), with the test card that ends in 4242. */
async function subscriber(): Promise<Jar> {
  const { jar } = await registered();
  const started = await checkout(jar, { plan: String(PLAN_3_MONTHS) });
  expect(started.res.status).toBe(303);
  await sandboxDecides(started.res.headers.get('location') ?? '', 'approve', '4242424242424242');
  return jar;
}

describe('checkout: what was chosen survives', () => {
  it('the currency switch keeps the plan and the way back to the title', async () => {
    const { jar } = await registered();
    const page = await call(`/subscription?currency=USD&plan=${PLAN_WEEK}&returnTo=${encodeURIComponent(TITLE)}`, {}, jar);
    expect(page.html).toContain(`href="/subscription?currency=MAD&amp;plan=${PLAN_WEEK}&amp;returnTo=${encodeURIComponent(TITLE)}"`);
    const mad = await call(`/subscription?currency=MAD&plan=${PLAN_WEEK}&returnTo=${encodeURIComponent(TITLE)}`, {}, jar);
    expect(hasTag(mad.html, 'input', { name: 'returnTo', value: TITLE })).toBe(true);
    expect(hasTag(mad.html, 'input', { name: 'method', value: 'cash' })).toBe(true);
  });

  it('a declined card on a dirham plan comes back in dirhams, with the plan, the card method, the way back and the cash and mobile options', async () => {
    const { jar } = await registered();
    const started = await checkout(jar, { plan: String(PLAN_WEEK), returnTo: TITLE });
    const tx = await sandboxDecides(started.res.headers.get('location') ?? '', 'decline');
    const back = await call(`/subscription?tx=${tx}`, {}, jar);
    expect(back.html).toContain(html(en('PAYMENT_ERROR_CARD_DECLINED')));
    expect(back.html).toMatch(/class="plan plan--chosen"><h2 class="plan__name" id="plan-2"/);
    expect(hasTag(back.html, 'input', { name: 'currency', value: 'MAD' })).toBe(true);
    expect(hasTag(back.html, 'input', { name: 'returnTo', value: TITLE })).toBe(true);
    for (const method of ['cash', 'mobile']) expect(hasTag(back.html, 'input', { name: 'method', value: method })).toBe(true);
    // The week plan's card method is the checked one.
    const start = back.html.indexOf('id="plan-2"');
    const week = back.html.slice(start, back.html.indexOf('</form>', start));
    expect(week).toContain('<input type="radio" name="method" checked="" value="card"/>');
  });

  it('the coupon method with no code: "a code is required" at the field, the plan and method kept', async () => {
    const { jar } = await registered();
    const res = await checkout(jar, { plan: String(PLAN_3_MONTHS), method: 'coupon', coupon: '  ', returnTo: TITLE });
    expect(res.res.status).toBe(400);
    expect(res.html).toContain(`<p id="coupon-5-message" class="field__error" role="alert">${html(en('COUPON_REQUIRED'))}</p>`);
    expect(res.html).toContain('aria-describedby="coupon-5-message"');
    expect(res.html).not.toContain(html(en('COUPON_NOT_FOUND')));
    expect(res.html).toMatch(/class="plan plan--chosen"><h2 class="plan__name" id="plan-5"/);
    expect(hasTag(res.html, 'input', { name: 'returnTo', value: TITLE })).toBe(true);
    // A code that does not exist says so at the same field.
    const wrong = await checkout(jar, { plan: String(PLAN_3_MONTHS), method: 'coupon', coupon: 'NOPE-NOPE' });
    expect(wrong.html).toContain(`<p id="coupon-5-message" class="field__error" role="alert">${html(en('COUPON_NOT_FOUND'))}</p>`);
  });

  it('the same form posted twice (a double press) starts one checkout and sends both to the same voucher', async () => {
    const { jar } = await registered();
    const form = { plan: String(PLAN_WEEK), method: 'cash', attempt: crypto.randomUUID() };
    const [a, b] = await Promise.all([checkout(jar, form), checkout(new Map(jar), form)]);
    expect(a.res.headers.get('location')).toMatch(/^\/payments\/voucher\//);
    expect(b.res.headers.get('location')).toBe(a.res.headers.get('location'));
    // A free coupon posted twice: premium once, and no "already used" for the second press.
    const code = await makeCoupon({ kind: 'percent', value: 100 });
    const free = { plan: String(PLAN_3_MONTHS), method: 'coupon', coupon: code, attempt: crypto.randomUUID() };
    const [c, d] = await Promise.all([checkout(jar, free), checkout(new Map(jar), free)]);
    expect(c.res.headers.get('location')).toMatch(/^\/bravoPage\?tx=/);
    expect(d.res.headers.get('location')).toBe(c.res.headers.get('location'));
  });
});

describe('mobile payment takes what Moroccan operators take', () => {
  it('no country picker; "06…" pays (the 0 dropped); a French number and a landline say why not', async () => {
    const { jar } = await registered();
    const ask = await checkout(jar, { plan: String(PLAN_WEEK), method: 'mobile' });
    expect(ask.html).not.toContain('<select');
    expect(ask.html).toContain(html(en('MOBILE_PAY_NUMBER_HINT')));
    for (const [typed, key] of [['+33 6 12 34 56 78', 'MOBILE_PAY_MOROCCAN_ONLY'], ['05 22 12 34 56', 'MOBILE_PAY_NOT_MOBILE'], ['06 12', 'MOBILE_PAY_NUMBER_LENGTH']] as const) {
      const refused = await checkout(jar, { plan: String(PLAN_WEEK), method: 'mobile', phone_national: typed });
      expect(refused.res.status).toBe(400);
      expect(refused.html).toContain(html(en(key)));
      expect(refused.html).not.toContain(html(en('PHONE_NOT_VERIFIABLE')));
    }
    const national = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`;
    const sent = await checkout(jar, { plan: String(PLAN_WEEK), method: 'mobile', phone_national: `0${national}` });
    expect(sent.res.status).toBe(303);
    expect(sent.res.headers.get('location')).toMatch(/^\/payments\/mobile\/[0-9a-f-]{36}$/);
    const id = sent.res.headers.get('location')?.split('/').pop() ?? '';
    expect((await env.DB.prepare('SELECT payer_phone FROM transactions WHERE id = ?').bind(id).first<{ payer_phone: string }>())?.payer_phone).toBe(`+212${national}`);
  });
});

describe("the member's subscription", () => {
  it('the tab shows the renewal price and the card; /subscription shows members no account steps', async () => {
    const jar = await subscriber();
    const tab = await call('/profile?t=subscriptions&lang=en', {}, jar);
    expect(tab.html).toContain(html(en('NEXT_RENEWAL')));
    expect(tab.html).toMatch(/159\.00/);
    expect(tab.html).toContain(html(en('PAID_WITH')));
    expect(tab.html).toContain('•••• 4242');
    const plans = await call('/subscription', {}, jar);
    expect(plans.html).not.toContain('<ol class="steps"');
    const guest = await call('/subscription');
    expect(guest.html).toContain('<ol class="steps"');
  });

  it('cancelling asks first (a bare post goes to the question); then Premium until the end with Resume, and no Subscribe', async () => {
    const jar = await subscriber();
    const bare = await post('/profile?t=subscriptions', { intent: 'cancel-subscription' }, jar);
    expect([bare.res.status, bare.res.headers.get('location')]).toEqual([303, '/profile/cancel-subscription']);
    const question = await call('/profile/cancel-subscription', {}, jar);
    expect(question.html).toContain(html(en('CANCEL_SUBSCRIPTION_CONFIRM_TITLE')));
    expect(hasTag(question.html, 'input', { name: 'confirmed', value: '1' })).toBe(true);
    const before = await call('/profile?t=subscriptions', {}, jar);
    expect(before.html).toContain('data-island="confirm-action"');
    expect(before.html).toContain('href="/profile/cancel-subscription"');
    const done = await post('/profile?t=subscriptions', { intent: 'cancel-subscription', confirmed: '1' }, jar);
    expect(done.res.status).toBe(303);
    expect(flashOf(jar)).toContain('YOU_UNSUBSCRIBED');
    // Pressed twice: the same answer, not an error.
    const twice = await post('/profile?t=subscriptions', { intent: 'cancel-subscription', confirmed: '1' }, jar);
    expect(twice.res.status).toBe(303);
    const tab = await call('/profile?t=subscriptions', {}, jar);
    expect(tab.html).toContain(html(en('PREMIUM_UNTIL_LONG')));
    expect(tab.html).toContain(html(en('RESUME_SUBSCRIPTION')));
    expect(tab.html).not.toContain('top-bar__subscribe');
    expect(tab.html).not.toMatch(/class="button button--primary" href="\/subscription"/);
  });

  it('spending a ticket asks first: a bare post goes to the question page', async () => {
    const { jar } = await registered();
    const bare = await post('/content/salt-of-essaouira/unlock', {}, jar);
    expect([bare.res.status, bare.res.headers.get('location')]).toEqual([303, '/content/salt-of-essaouira/unlock']);
    const question = await call('/content/salt-of-essaouira/unlock', {}, jar);
    expect(question.html).toContain(html(en('UNLOCK_CONFIRM_TITLE')));
    expect(hasTag(question.html, 'form', { method: 'post', action: '/content/salt-of-essaouira/unlock' })).toBe(true);
  });

  it('a scheduled change is stated; switching now says it cancels it; scheduling another says it replaces it', async () => {
    const jar = await subscriber();
    expect((await post('/settings/changeSubscription', { plan: '6', when: 'period_end' }, jar)).res.status).toBe(303);
    const page = await call('/settings/changeSubscription', {}, jar);
    expect(page.html).toContain(html(en('NEXT_PLAN')));
    expect(page.html).toContain(html(en('CHANGE_NOW_CANCELS_SCHEDULED', { plan: '6 months' })));
    expect(page.html).toContain(html(en('CHANGE_REPLACES_SCHEDULED', { plan: '6 months' })));
    await post('/settings/changeSubscription', { plan: '7', when: 'period_end' }, jar);
    expect(flashOf(jar)).toContain('SUBSCRIPTION_CHANGE_REPLACED');
  });
});
