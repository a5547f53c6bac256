import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { formatMoney } from '../../rules/money';
import { payAtAgency } from '../../api/payments/testing';
import { call, html, post, quietConsole, registered, userByEmail } from '../../test/site';

/**
 * What the pages and emails after a payment say, by what was bought (a plan or a ticket pack):
 * the voucher page's rows and state, the voucher email, the bravo page's heading and toast.
 */

const en = translate('en');
const PLAN_WEEK = 2;
const PACK_5 = 9;
const txIdOf = (location: string | null): string => /([0-9a-f-]{36})/.exec(location ?? '')?.[1] ?? '';
const voucherRef = async (id: string) => (await env.DB.prepare('SELECT voucher_ref FROM transactions WHERE id = ?').bind(id).first<{ voucher_ref: string }>())?.voucher_ref ?? '';
const mailTo = async (email: string, like: string) =>
  (await env.DB.prepare('SELECT body FROM outbox WHERE recipient = ? AND subject LIKE ? ORDER BY rowid DESC').bind(email, like).first<{ body: string }>())?.body ?? '';

quietConsole();

describe('after paying, every message names what was bought', () => {
  it('a ticket pack by cash voucher: the voucher names the pack and says tickets come, its email too; once paid "Amount paid"; the bravo toast is about tickets', async () => {
    const { email, jar } = await registered();
    const started = await post('/subscription?lang=en', { plan: String(PACK_5), method: 'cash', currency: 'MAD' }, jar);
    expect(started.res.status).toBe(303);
    const id = txIdOf(started.res.headers.get('location'));
    expect(id).not.toBe('');

    const waiting = (await call(`/payments/voucher/${id}?lang=en`, {}, jar)).html;
    expect(waiting).toContain(`<dt>${html(en('VOUCHER_PACK'))}</dt><dd>5 tickets</dd>`);
    expect(waiting).toContain(html(en('VOUCHER_WAITING_TICKETS', { days: 4 })));
    expect(waiting).not.toContain(html(en('VOUCHER_WAITING', { days: 4 })));
    expect(waiting).toContain(html(en('VOUCHER_AMOUNT')));
    expect(waiting).toContain(formatMoney('en', 5900, 'MAD').replace(/\s/g, '\u00a0'));

    const lang = (await userByEmail(email))?.lang ?? 'en';
    const mail = await mailTo(email, '%voucher%');
    expect(mail, lang).not.toMatch(/Premium/);

    await payAtAgency(await voucherRef(id));
    const paid = (await call(`/payments/voucher/${id}?lang=en`, {}, jar)).html;
    expect(paid).toContain(html(en('VOUCHER_AMOUNT_PAID')));
    expect(paid).not.toContain(`<dt>${html(en('VOUCHER_AMOUNT'))}</dt>`);
    expect(paid).toContain(html(en('VOUCHER_PAID_TICKETS')));

    const bravo = (await call(`/bravoPage?tx=${id}&lang=en`, {}, jar)).html;
    expect(bravo).toContain(html(en('TICKETS_ADDED_TITLE')));
    expect(bravo).toContain(html(en('TICKETS_ADDED_TOAST')));
    expect(bravo).toContain(html(en('TICKETS_ADDED', { count: 5, credits: 5 })));
    expect(bravo).not.toContain(html(en('YOU_SUBSCRIBED')));
  }, 30_000);

  it('a plan by cash voucher: the voucher names the plan and says Premium comes; the bravo page welcomes to Premium', async () => {
    const { email, jar } = await registered();
    const started = await post('/subscription?lang=en', { plan: String(PLAN_WEEK), method: 'cash', currency: 'MAD' }, jar);
    const id = txIdOf(started.res.headers.get('location'));
    const waiting = (await call(`/payments/voucher/${id}?lang=en`, {}, jar)).html;
    expect(waiting).toMatch(new RegExp(`<dt>${html(en('VOUCHER_PLAN'))}</dt><dd>[^<]+</dd>`));
    expect(waiting).toContain(html(en('VOUCHER_WAITING', { days: 4 })));
    expect(await mailTo(email, '%voucher%')).toMatch(/Premium|المميز/);
    await payAtAgency(await voucherRef(id));
    const bravo = (await call(`/bravoPage?tx=${id}&lang=en`, {}, jar)).html;
    expect(bravo).toContain(html(en('BRAVO_TITLE')));
    expect(bravo).toContain(html(en('YOU_SUBSCRIBED')));
    expect(bravo).not.toContain(html(en('TICKETS_ADDED_TOAST')));
  }, 30_000);
});
