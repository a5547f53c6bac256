// The refunds' console pages (issue 32) through the whole worker, as a browser without JavaScript
// uses them: a payment found by its invoice number, refunded in part after a confirmation, its credit
// note's PDF opened through the console, the refund listed, filtered and exported; a provider's
// refusal shown with its reason; the refund-due queue; 403 for staff without the permissions (a
// support agent is refused the refund form's POST).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../../test/accounts';
import { OrderAnswer } from '../../api/events/schemas';
import { festival } from '../../api/events/testing';
import { SANDBOX_CARDS } from '../../api/payments/providers/sandbox';
import { decide, deliver, pay } from '../../api/payments/testing';
import { translate } from '../../i18n';
import { call, flashOf, html, post, type Jar } from '../../test/site';
import { staffMember } from '../../test/staff';
import { minorOf } from './refunds';

const en = translate('en');
/** The seed's 3-month plan: 159.00 MAD. */
const PLAN_3_MONTHS = 5;

async function console_(roles: string[]): Promise<{ id: string; jar: Jar }> {
  const staff = await staffMember(roles);
  return { id: staff.id, jar: new Map([['staff', staff.token]]) };
}

async function cardPayment(card?: string): Promise<{ email: string; tx: string }> {
  const customer = await registeredUser();
  const { answer, callback } = await pay(customer.tokens.token, PLAN_3_MONTHS, 'approve', { currency: 'MAD', ...(card ? { card } : {}) });
  expect(callback.status).toBe(200);
  return { email: customer.email, tx: answer.transaction.id };
}

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;
const invoiceOf = async (tx: string) => (await env.DB.prepare('SELECT number FROM invoices WHERE transaction_id = ?').bind(tx).first<{ number: number }>())?.number ?? 0;

describe('amounts typed in the form', () => {
  it('reads major units with a dot or a comma, at most two decimals', () => {
    expect(minorOf('79.50')).toBe(7950);
    expect(minorOf('79,5')).toBe(7950);
    expect(minorOf(' 159 ')).toBe(15900);
    expect(minorOf('0.05')).toBe(5);
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '1.2.3']) expect(minorOf(bad), bad).toBeNull();
  });
});

describe('a partial refund from the console', () => {
  it('finds the payment by invoice number, confirms, refunds half through the sandbox, links the credit note PDF; audited and listed', async () => {
    const finance = await console_(['finance']);
    const { tx } = await cardPayment();
    const found = await call(`/admin/refunds?q=${await invoiceOf(tx)}`, {}, finance.jar);
    expect(found.res.status).toBe(303);
    expect(found.res.headers.get('location')).toBe(`/admin/refunds/payments/${tx}`);

    const page = await call(`/admin/refunds/payments/${tx}`, {}, finance.jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toMatch(/MAD\s159\.00/);
    // The whole refundable amount is the default.
    expect(page.html).toMatch(/name="amount"[^>]*value="159.00"|value="159.00"[^>]*name="amount"/);
    const key = /name="key" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    expect(key).toMatch(/^[\w-]{8,}$/);
    // A subscription payment: its refund chooses the subscription's fate.
    expect(page.html).toContain('name="effect" value="end_now"');

    const review = await post(`/admin/refunds/payments/${tx}`, { intent: 'review', amount: '79.50', reason: 'Service outage in November', effect: 'keep', key }, finance.jar);
    expect(review.res.status).toBe(200);
    expect(review.html).toContain(html(en('ADMIN_REFUNDS_CONFIRM_TITLE')));
    expect(review.html).toMatch(/MAD\s79\.50/);
    expect(review.html).toContain(html(en('ADMIN_REFUNDS_EFFECT_KEEP')));
    expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ?', tx)).toBe(0);

    const confirmed = await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', amount: '79.50', reason: 'Service outage in November', effect: 'keep', key }, finance.jar);
    expect(confirmed.res.status, confirmed.html.slice(0, 300)).toBe(303);
    expect(confirmed.res.headers.get('location')).toMatch(new RegExp(`^/admin/refunds/payments/${tx}\\?made=`));
    expect(flashOf(finance.jar)).toContain('ADMIN_REFUNDS_DONE');
    // The same form sent again (a double click) makes no second refund.
    expect((await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', amount: '79.50', reason: 'Service outage in November', effect: 'keep', key }, finance.jar)).res.status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ? AND state = 'done'", tx)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'refund.create' AND entity_id = ? AND staff_id = ?", tx, finance.id)).toBe(1);

    const after = await call(confirmed.res.headers.get('location') ?? '', {}, finance.jar);
    expect(after.html).toMatch(/MAD\s79\.50/);
    const pdf = /href="(\/admin\/refunds\/credit-notes\/[A-Z]+-\d{4}-\d{6}\.pdf)"/.exec(after.html)?.[1] ?? '';
    expect(pdf).not.toBe('');
    // What is left: 79.50 refundable, the form's default.
    expect(after.html).toMatch(/value="79.50"/);

    const file = await call(pdf, {}, finance.jar);
    expect(file.res.status).toBe(200);
    expect(file.res.headers.get('content-type')).toBe('application/pdf');
    expect(file.html.startsWith('%PDF-')).toBe(true);

    const list = await call('/admin/refunds?method=card&currency=MAD', {}, finance.jar);
    expect(list.html).toContain(`/admin/refunds/payments/${tx}`);
    expect(list.html).toContain('Service outage in November');
    const none = await call('/admin/refunds?currency=USD&from=2001-01-01&to=2001-01-02', {}, finance.jar);
    expect(none.html).toContain(html(en('ADMIN_REFUNDS_EMPTY_FILTERED')));
    const csv = await call('/admin/refunds.csv?currency=MAD', {}, finance.jar);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.html).toContain(tx);
  });

  it('refuses more than is refundable before confirming, and shows a provider’s refusal with its reason; nothing is refunded', async () => {
    const finance = await console_(['finance']);
    const { tx } = await cardPayment(SANDBOX_CARDS.refundDeclined);
    const key = crypto.randomUUID();
    const tooMuch = await post(`/admin/refunds/payments/${tx}`, { intent: 'review', amount: '200', reason: 'Too much', effect: 'keep', key }, finance.jar);
    expect(tooMuch.res.status).toBe(409);
    expect(tooMuch.html).toContain(html(en('ADMIN_REFUNDS_ERROR_REFUND_TOO_LARGE')));
    const noReason = await post(`/admin/refunds/payments/${tx}`, { intent: 'review', amount: '10', reason: ' ', effect: 'keep', key }, finance.jar);
    expect(noReason.res.status).toBe(400);
    expect(noReason.html).toContain(html(en('ADMIN_REFUNDS_ERROR_REASON_REQUIRED')));
    const declined = await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', amount: '50', reason: 'Customer asked', effect: 'end_now', key }, finance.jar);
    // The kit answers an API's client error as 400 (worker/pages/kit/failures.ts).
    expect(declined.res.status).toBe(400);
    expect(declined.html).toContain(html(en('ADMIN_REFUNDS_ERROR_PROVIDER_REFUSED', { reason: 'REFUND_DECLINED_BY_ISSUER' })));
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ? AND state = 'done'", tx)).toBe(0);
  });
});

describe('the refund-due queue', () => {
  it('lists an event order paid after its seats were gone; a refund from its payment page resolves it', async () => {
    const finance = await console_(['finance']);
    const made = await festival(1);
    const [first, second] = [await registeredUser(), await registeredUser()];
    const T0 = Date.now();
    const order = async (token: string, when: number) => {
      const res = await callApi('/events/orders', { method: 'POST', token, body: { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD', method: 'card' }, headers: { 'x-test-now': new Date(when).toISOString() } });
      expect(res.status, await res.clone().text()).toBe(200);
      return OrderAnswer.parse(await res.json());
    };
    // The first buyer's hold lapses, a second buyer takes the only seat, then the first payment arrives.
    const early = await order(first.tokens.token, T0);
    await order(second.tokens.token, T0 + 11 * 60_000);
    const callback = await decide({ transaction: early.transaction as never, checkout: early.checkout }, 'approve');
    expect((await deliver(callback, new Date(T0 + 12 * 60_000))).status).toBe(200);
    const tx = early.transaction.id;

    const queue = await call('/admin/refunds/due', {}, finance.jar);
    expect(queue.res.status).toBe(200);
    expect(queue.html).toContain(`href="/admin/refunds/payments/${tx}"`);
    expect(queue.html).toContain('Opening night');
    // An event order has no subscription: its form asks nothing about one, and keeps it as it is.
    const page = await call(`/admin/refunds/payments/${tx}`, {}, finance.jar);
    expect(page.html).not.toContain('name="effect" value="end_now"');
    expect(page.html).toContain('<input type="hidden" name="effect" value="keep"/>');
    expect(page.html).not.toContain(en('ADMIN_REFUNDS_EFFECT'));
    const key = crypto.randomUUID();
    const form = { amount: '150.00', reason: 'Seats gone when the payment came', effect: 'keep', key };
    expect((await post(`/admin/refunds/payments/${tx}`, { intent: 'review', ...form }, finance.jar)).res.status).toBe(200);
    expect((await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', ...form }, finance.jar)).res.status).toBe(303);
    const after = await call('/admin/refunds/due', {}, finance.jar);
    expect(after.html).not.toContain(`href="/admin/refunds/payments/${tx}"`);
    // Its audit entry records the payment and the refund, nothing of a subscription the refund did not touch.
    const entry = await env.DB.prepare("SELECT before_json, after_json FROM audit_log WHERE action = 'refund.create' AND entity_id = ?").bind(tx).first<{ before_json: string; after_json: string }>();
    expect(JSON.parse(entry?.before_json ?? '{}')).toEqual({ payment: { state: 'accepted', captured: 15000, currency: 'MAD' } });
    expect(Object.keys(JSON.parse(entry?.after_json ?? '{}'))).toEqual(['refund']);
  });
});

describe('permissions', () => {
  it('refuses every refunds page to support (403) and its refund POST makes nothing; the events desk reads but may not refund', async () => {
    const { tx } = await cardPayment();
    const support = await console_(['support']);
    for (const path of ['/admin/refunds', `/admin/refunds/payments/${tx}`, '/admin/refunds/due', '/admin/refunds.csv', '/admin/refunds/credit-notes/1.pdf']) {
      expect((await call(path, {}, support.jar)).res.status, path).toBe(403);
    }
    const refused = await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', amount: '10', reason: 'Not mine to do', effect: 'keep', key: crypto.randomUUID() }, support.jar);
    expect(refused.res.status).toBe(403);
    const desk = await console_(['events']);
    const seen = await call(`/admin/refunds/payments/${tx}`, {}, desk.jar);
    expect(seen.res.status).toBe(200);
    expect(seen.html).not.toContain('name="intent" value="review"');
    const deskPost = await post(`/admin/refunds/payments/${tx}`, { intent: 'confirm', amount: '10', reason: 'Not mine to do', effect: 'keep', key: crypto.randomUUID() }, desk.jar);
    expect(deskPost.res.status).toBe(403);
    expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ?', tx)).toBe(0);
    expect((await call('/admin/refunds')).res.status).toBe(303);
  });
});
