import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decide, deliver } from '../../api/payments/testing';
import { festival } from '../../api/events/testing';
import { translate } from '../../i18n';
import { call, fetchSite, html, post, quietConsole, registered } from '../../test/site';

/**
 * The events pages (issue 17) through the whole worker, as a browser without JavaScript: the hub,
 * a show's purchase form (errors come back translated with the form filled), the checkout it
 * starts, My tickets and an order's page.
 */

const fr = translate('fr');
const ar = translate('ar');

quietConsole();

describe('/events', () => {
  it('shows a festival: lineup, shows with seats left and prices, in the page language', async () => {
    const made = await festival(100);
    const { res, html: page } = await call(`/events/${made.slug}?lang=fr`);
    expect(res.status).toBe(200);
    expect(page).toContain('Test festival (fr)');
    expect(page).toContain('Yassine Amrani');
    expect(page).toContain('Opening night (fr)');
    expect(page).toContain(html(fr('EVENT_SEATS_LEFT', { n: 100 })));
    expect(page).toContain(`href="/events/${made.slug}/${made.showSlug}"`);
    expect((await call('/events/no-such-festival')).res.status).toBe(404);
    expect((await call('/events/Bad_Slug')).res.status).toBe(404);
  });

  it('a show page offers the purchase form, right to left in Arabic, and says cash is not offered', async () => {
    const made = await festival(100);
    const { res, html: page } = await call(`/events/${made.slug}/${made.showSlug}?lang=ar`);
    expect(res.status).toBe(200);
    expect(page).toMatch(/<html[^>]*dir="rtl"/);
    expect(page).toContain(`action="/events/${made.slug}/${made.showSlug}"`);
    expect(page).toContain(html(ar('EVENT_CASH_NOT_OFFERED')));
    expect(page).toContain(`name="qty_${made.venue}"`);
    // A guest is asked to log in to buy.
    expect(page).toContain(html(ar('EVENT_LOGIN_TO_BUY')));
  });

  it('the purchase form: dirhams for a visitor in Morocco, the running total and the amount on Pay, the phone only for mobile payment', async () => {
    const made = await festival(100);
    const { jar } = await registered();
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetchSite(`http://localhost/events/${made.slug}/${made.showSlug}?lang=en`, { headers: { cookie }, cf: { country: 'MA' } } as RequestInit);
    const page = await res.text();
    expect(page).toMatch(/<option value="MAD" selected="">MAD<\/option>/);
    expect(page).toContain('data-island="ticket-total"');
    expect(page).toMatch(/Total(<!-- -->)?: <bdi class="money">MAD\s0\.00<\/bdi>/);
    expect(page).toContain('<div class="ticket-form__phone">');
    // A form that comes back keeps its total and names it on the button.
    const back = await post(`/events/${made.slug}/${made.showSlug}?lang=fr`, { [`qty_${made.venue}`]: '2', currency: 'MAD', method: 'cash' }, jar);
    expect(back.res.status).toBe(400);
    expect(back.html).toMatch(new RegExp(`${html(fr('EVENT_PAY_AMOUNT', { amount: '' })).trim()} \\d`));
  });

  it('a posted form with no ticket comes back 400 with the translated message and what was typed; with tickets it goes to the payment', async () => {
    const made = await festival(100);
    const { jar } = await registered();
    const path = `/events/${made.slug}/${made.showSlug}?lang=fr`;
    const none = await post(path, { [`qty_${made.venue}`]: '0', [`holders_${made.venue}`]: 'Salma Alaoui', currency: 'MAD', method: 'card' }, jar);
    expect(none.res.status).toBe(400);
    expect(none.html).toContain(html(fr('TICKETS_NONE_CHOSEN')));
    expect(none.html).toContain('Salma Alaoui');
    const cash = await post(path, { [`qty_${made.venue}`]: '1', currency: 'MAD', method: 'cash' }, jar);
    expect(cash.res.status).toBe(400);
    expect(cash.html).toContain(html(fr('PAYMENT_METHOD_NOT_FOR_TICKETS')));
    const tooMany = await post(path, { [`qty_${made.venue}`]: '9', currency: 'MAD', method: 'card' }, jar);
    expect(tooMany.res.status).toBe(400);
    expect(tooMany.html).toContain(html(fr('TICKETS_OVER_MAX')));
    const bought = await post(path, { [`qty_${made.venue}`]: '2', [`holders_${made.venue}`]: 'Salma Alaoui\nYoussef Alaoui', currency: 'MAD', method: 'card' }, jar);
    expect(bought.res.status).toBe(303);
    const sandboxUrl = bought.res.headers.get('location') ?? '';
    expect(sandboxUrl).toMatch(/\/payments\/sandbox\/sbx_/);
    // Declined on the provider's page: the browser's way back lands on the order, which says so.
    const callback = await decide({ transaction: { id: '', state: 'created' }, checkout: { method: 'GET', url: sandboxUrl } }, 'decline');
    expect((await deliver(callback)).status).toBe(200);
    const tx = await env.DB.prepare('SELECT id, order_id FROM transactions WHERE provider_ref = ?').bind(sandboxUrl.split('/').pop()).first<{ id: string; order_id: string }>();
    const back = await call(`/payments/return/sandbox/fail?tx=${tx?.id}`, {}, jar);
    const plans = await call(back.res.headers.get('location') ?? '', {}, jar);
    expect(plans.res.headers.get('location')).toBe(`/events/orders/${tx?.order_id}`);
    const order = await call(`/events/orders/${tx?.order_id}?lang=fr`, {}, jar);
    expect(order.res.status).toBe(200);
    expect(order.html).toContain(html(fr('ORDER_STATE_FAILED')));
  });

  it('a guest posting the form goes to log in; My tickets and orders are for members', async () => {
    const made = await festival(100);
    const guest = await post(`/events/${made.slug}/${made.showSlug}`, { [`qty_${made.venue}`]: '1', currency: 'MAD', method: 'card' });
    expect(guest.res.status).toBe(303);
    expect(guest.res.headers.get('location')).toMatch(/^\/login\?redirect=/);
    expect((await call('/my-tickets')).res.status).toBe(302);
    const { jar } = await registered();
    const mine = await call('/my-tickets?lang=fr', {}, jar);
    expect(mine.res.status).toBe(200);
    expect(mine.html).toContain(html(fr('MY_TICKETS_NONE')));
    expect((await call(`/events/orders/${crypto.randomUUID()}`, {}, jar)).res.status).toBe(404);
  });
});

describe('the purchase form posted twice (no script, a second press)', () => {
  it('carries an attempt: both posts go to the one checkout of one order', async () => {
    const made = await festival(100);
    const { jar } = await registered();
    const path = `/events/${made.slug}/${made.showSlug}?lang=en`;
    const form = await call(path, {}, jar);
    const attempt = /name="attempt" value="([0-9a-f-]{36})"/.exec(form.html)?.[1];
    expect(attempt).toBeDefined();
    const fields = { [`qty_${made.venue}`]: '1', currency: 'MAD', method: 'card', attempt: attempt ?? '' };
    const [first, second] = await Promise.all([post(path, fields, jar), post(path, fields, jar)]);
    expect([first.res.status, second.res.status]).toEqual([303, 303]);
    expect(first.res.headers.get('location')).toMatch(/\/payments\/sandbox\/sbx_/);
    expect(second.res.headers.get('location')).toBe(first.res.headers.get('location'));
  });
});
