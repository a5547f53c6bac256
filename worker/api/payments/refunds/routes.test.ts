// Refunds and credit notes in the back office (issue 32), through the routes the console calls
// (/admin/refunds): permissions, exactly one refund under parallel requests, never more than was
// captured, a provider's refusal that changes nothing, gap-free credit notes and their PDFs,
// manual refunds, the subscription's effect and the refund-due queue of event orders.
import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../../../test/accounts';
import { OrderAnswer } from '../../events/schemas';
import { festival } from '../../events/testing';
import { SANDBOX_CARDS } from '../providers/sandbox';
import { decide, deliver, pay, payAtAgency, startCheckout, userRow } from '../testing';
import { PaymentDetail, PaymentSearch, RefundAnswer, RefundDueQueue, RefundList } from './schemas';
import { adminRefunds, staffMember } from './testing';

type Account = Awaited<ReturnType<typeof registeredUser>>;
/** 3 months, 159.00 MAD (the seed's plans). */
const PLAN_3_MONTHS = 5;
const PRICE = 15900;

/** A customer who paid the 3-month plan by card through the sandbox: the account and the transaction id. */
async function cardPayment(options: { card?: string; lang?: string } = {}): Promise<{ customer: Account; tx: string }> {
  const customer = await registeredUser();
  await env.DB.prepare('UPDATE users SET lang = ? WHERE id = ?').bind(options.lang ?? 'en', customer.id).run();
  const { answer, callback } = await pay(customer.tokens.token, PLAN_3_MONTHS, 'approve', { currency: 'MAD', ...(options.card ? { card: options.card } : {}) });
  expect(callback.status).toBe(200);
  return { customer, tx: answer.transaction.id };
}

const refundBody = (tx: string, amount: number, more: Record<string, unknown> = {}) => ({
  transactionId: tx, amount, currency: 'MAD', reason: 'Customer asked: service outage', effect: 'keep', idempotencyKey: crypto.randomUUID(), ...more,
});

const postRefund = (token: string, body: Record<string, unknown>) => adminRefunds(token, '/', { method: 'POST', body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const detail = async (token: string, tx: string) => PaymentDetail.parse(await (await adminRefunds(token, `/payments/${tx}`)).json());
const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;
const refundMails = (email: string) => count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND channel = 'email' AND subject LIKE '%refunded%'", email);

describe('permissions', () => {
  it('needs a console session (401) and the refunds permissions (403): support has none, the events desk reads but cannot refund', async () => {
    const { tx } = await cardPayment();
    expect((await adminRefunds('no-such-session-token-0000000000000000000', '/')).status).toBe(401);
    const support = await staffMember(['support']);
    for (const [method, path] of [['GET', '/'], ['GET', '/payments?q=1'], ['GET', `/payments/${tx}`], ['GET', '/refund-due'], ['GET', '/credit-notes/1.pdf'], ['POST', '/']] as const) {
      const res = await adminRefunds(support.token, path, { method, ...(method === 'POST' ? { body: refundBody(tx, 100) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await messageOf(res)).toMatch(/^STAFF_FORBIDDEN: refunds\.(read|create)$/);
    }
    const desk = await staffMember(['events']);
    expect((await adminRefunds(desk.token, `/payments/${tx}`)).status).toBe(200);
    expect((await postRefund(desk.token, refundBody(tx, 100))).status).toBe(403);
    expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ?', tx)).toBe(0);
  });
});

describe('a refund through the sandbox', () => {
  it('refunds half of a card payment: the provider, a credit note referring to the invoice, one audit entry, one email, the subscription kept to its end', async () => {
    const finance = await staffMember(['finance']);
    const { customer, tx } = await cardPayment();
    const before = await userRow(customer.id);
    const found = PaymentSearch.parse(await (await adminRefunds(finance.token, `/payments?q=${tx}`)).json());
    expect(found.payments).toMatchObject([{ id: tx, captured: PRICE, refunded: 0, refundable: PRICE, manual: false, provider: 'sandbox', method: 'card' }]);
    const invoice = found.payments[0]?.invoice?.number ?? '';
    expect(invoice).toMatch(/^[A-Z]+-\d{4}-\d{6}$/);
    // The same payment by its invoice number, as printed or as typed.
    expect(PaymentSearch.parse(await (await adminRefunds(finance.token, `/payments?q=${invoice}`)).json()).payments.map((p) => p.id)).toEqual([tx]);
    expect(PaymentSearch.parse(await (await adminRefunds(finance.token, `/payments?q=${Number(invoice.slice(-6))}`)).json()).payments.map((p) => p.id)).toEqual([tx]);

    const res = await postRefund(finance.token, refundBody(tx, PRICE / 2));
    expect(res.status, await res.clone().text()).toBe(201);
    const { refund, replayed } = RefundAnswer.parse(await res.json());
    expect(replayed).toBe(false);
    expect(refund).toMatchObject({ transaction_id: tx, amount: PRICE / 2, currency: 'MAD', state: 'done', manual: false, provider_ref: `sbx_re_${refund.id}`, staff: { id: finance.id, email: finance.email }, customer: { id: customer.id } });
    expect(refund.credit_note?.number).toMatch(/^AV-\d{4}-\d{6}$/);

    const after = await detail(finance.token, tx);
    expect(after).toMatchObject({ state: 'accepted', captured: PRICE, refunded: PRICE / 2, held: 0, refundable: PRICE / 2 });
    expect(after.refunds.map((r) => r.id)).toEqual([refund.id]);
    const note = await env.DB.prepare('SELECT c.invoice_number, i.transaction_id FROM credit_notes c JOIN invoices i ON i.number = c.invoice_number WHERE c.refund_id = ?').bind(refund.id).first();
    expect(note).toMatchObject({ transaction_id: tx });
    // keep: premium to the period's end, no renewal.
    const row = await userRow(customer.id);
    expect(row).toMatchObject({ subscription_id: PLAN_3_MONTHS, subscription_end: before?.subscription_end, cancel_subscription: 1, subscription_renewal: null });
    const audit = await env.DB.prepare("SELECT staff_id, staff_roles, reason, before_json, after_json FROM audit_log WHERE action = 'refund.create' AND entity = 'transaction' AND entity_id = ?").bind(tx).all<{ staff_id: string; staff_roles: string; reason: string; before_json: string; after_json: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ staff_id: finance.id, staff_roles: 'finance', reason: 'Customer asked: service outage' });
    expect(JSON.parse(audit.results[0]?.before_json ?? '{}')).toMatchObject({ payment: { state: 'accepted', captured: PRICE }, subscription: { cancel_subscription: 0 } });
    expect(JSON.parse(audit.results[0]?.after_json ?? '{}')).toMatchObject({ refund: { id: refund.id, amount: PRICE / 2, effect: 'keep' }, subscription: { cancel_subscription: 1 } });
    const mail = await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ? AND subject LIKE '%refunded%'").bind(customer.email).all<{ subject: string; body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]?.body).toContain(refund.credit_note?.number ?? '?');
    expect(mail.results[0]?.body).toContain(invoice);
  });

  it('20 parallel posts of one refund form make one refund, one credit note, one audit entry and one email', async () => {
    const finance = await staffMember(['finance']);
    const { customer, tx } = await cardPayment();
    const body = refundBody(tx, 5000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postRefund(finance.token, body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const views = await Promise.all(answers.map(async (a) => RefundAnswer.parse(await a.json())));
    expect(new Set(views.map((v) => v.refund.id)).size).toBe(1);
    expect(views.filter((v) => !v.replayed)).toHaveLength(1);
    expect(await count('SELECT COUNT(*) AS n FROM refunds WHERE transaction_id = ?', tx)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM credit_notes WHERE transaction_id = ?', tx)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'refund.create' AND entity_id = ?", tx)).toBe(1);
    expect(await refundMails(customer.email)).toBe(1);
    expect((await detail(finance.token, tx)).refunded).toBe(5000);
    // The same key for another amount is another refund: refused.
    const reused = await postRefund(finance.token, { ...body, amount: 100 });
    expect(reused.status).toBe(409);
    expect(await messageOf(reused)).toMatch(/^REFUND_KEY_REUSED/);
  });

  it('20 parallel partial refunds never give back more than was captured', async () => {
    const finance = await staffMember(['finance']);
    const { tx } = await cardPayment();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postRefund(finance.token, refundBody(tx, 1000))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status === 409)) expect(await messageOf(refused)).toMatch(/^REFUND_TOO_LARGE/);
    const after = await detail(finance.token, tx);
    expect(after).toMatchObject({ refunded: 15000, held: 0, refundable: PRICE - 15000, state: 'accepted' });
    const tooMuch = await postRefund(finance.token, refundBody(tx, PRICE - 15000 + 1));
    expect(tooMuch.status).toBe(409);
    expect(await messageOf(tooMuch)).toBe(`REFUND_TOO_LARGE: at most ${PRICE - 15000} of ${PRICE} MAD can be refunded now`);
    // The rest, in full: the payment is refunded, and nothing more can be taken from it.
    expect((await postRefund(finance.token, refundBody(tx, PRICE - 15000))).status).toBe(201);
    expect((await detail(finance.token, tx)).state).toBe('refunded');
    const closed = await postRefund(finance.token, refundBody(tx, 1));
    expect(closed.status).toBe(409);
    expect(await messageOf(closed)).toMatch(/^PAYMENT_NOT_REFUNDABLE/);
  });

  it('numbers credit notes without a gap under parallel refunds of several customers, each referring to its own invoice', async () => {
    const finance = await staffMember(['finance']);
    const payments = await Promise.all(Array.from({ length: 6 }, () => cardPayment()));
    const answers = await Promise.all(payments.flatMap(({ tx }) => Array.from({ length: 3 }, () => postRefund(finance.token, refundBody(tx, 2000)))));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(18).fill(201));
    const all = await env.DB.prepare('SELECT c.number, c.transaction_id, c.invoice_number, i.transaction_id AS invoiced FROM credit_notes c LEFT JOIN invoices i ON i.number = c.invoice_number ORDER BY c.number').all<{ number: number; transaction_id: string; invoiced: string }>();
    // The file's whole series: 1, 2, 3… with no gap and no duplicate.
    expect(all.results.map((r) => r.number)).toEqual(all.results.map((_, i) => i + 1));
    for (const row of all.results) expect(row.invoiced).toBe(row.transaction_id);
    const numbers = await Promise.all(answers.map(async (a) => RefundAnswer.parse(await a.json()).refund.credit_note?.number));
    expect(new Set(numbers).size).toBe(18);
  });

  it('a refund the provider refuses changes nothing and answers the provider\'s reason', async () => {
    const finance = await staffMember(['finance']);
    const { customer, tx } = await cardPayment({ card: SANDBOX_CARDS.refundDeclined });
    const before = { user: await userRow(customer.id), payment: await detail(finance.token, tx), notes: await count('SELECT COUNT(*) AS n FROM credit_notes') };
    const res = await postRefund(finance.token, refundBody(tx, 5000, { effect: 'end_now' }));
    expect(res.status).toBe(422);
    expect(await messageOf(res)).toBe('PROVIDER_REFUSED: REFUND_DECLINED_BY_ISSUER');
    const after = await detail(finance.token, tx);
    expect(after).toMatchObject({ state: 'accepted', refunded: 0, held: 0, refundable: PRICE });
    expect(await userRow(customer.id)).toEqual(before.user);
    expect(await count('SELECT COUNT(*) AS n FROM credit_notes')).toBe(before.notes);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'refund.create' AND entity_id = ?", tx)).toBe(0);
    expect(await refundMails(customer.email)).toBe(0);
    // The attempt stays in the payment's history, refused with its reason.
    expect(after.refunds).toMatchObject([{ state: 'refused', error: 'REFUND_DECLINED_BY_ISSUER', amount: 5000 }]);
  });

  it('end_now ends the subscription today; refusals speak their code', async () => {
    const finance = await staffMember(['finance']);
    const { customer, tx } = await cardPayment();
    const wrong = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await postRefund(finance.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await messageOf(res)).toMatch(new RegExp(`^${code}`));
    };
    await wrong(refundBody(tx, 100, { currency: 'EUR' }), 400, 'REFUND_CURRENCY');
    await wrong(refundBody(tx, 100, { reason: ' ' }), 400, 'REASON_REQUIRED');
    await wrong({ ...refundBody(tx, 100), reason: undefined }, 400, 'REASON_REQUIRED');
    await wrong(refundBody(tx, 0), 400, 'REFUND_AMOUNT');
    await wrong(refundBody(tx, 10.5), 400, 'REFUND_AMOUNT');
    await wrong(refundBody(tx, PRICE + 1), 409, 'REFUND_TOO_LARGE');
    await wrong(refundBody(crypto.randomUUID(), 100), 404, 'PAYMENT_NOT_FOUND');
    await wrong(refundBody(tx, 100, { effect: 'later' }), 400, 'BAD_REQUEST');
    expect((await adminRefunds(finance.token, `/payments/${crypto.randomUUID()}`)).status).toBe(404);
    const at = new Date();
    const res = await postRefund(finance.token, refundBody(tx, PRICE, { effect: 'end_now' }));
    expect(res.status).toBe(201);
    const row = await userRow(customer.id);
    expect(row?.subscription_id).toBeNull();
    expect(Date.parse(row?.subscription_end ?? '')).toBeGreaterThanOrEqual(at.getTime() - 1000);
    expect(Date.parse(row?.subscription_end ?? '')).toBeLessThanOrEqual(Date.now());
    expect((await detail(finance.token, tx)).state).toBe('refunded');
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%refunded%'").bind(customer.email).first<{ body: string }>();
    expect(mail?.body).toContain('Your Premium subscription has ended.');
  });
});

describe('manual refunds and credit note PDFs', () => {
  it('records a cash voucher\'s refund by hand (no provider call), with its credit note', async () => {
    const finance = await staffMember(['finance']);
    const customer = await registeredUser();
    const answer = await startCheckout(customer.tokens.token, PLAN_3_MONTHS, { currency: 'MAD', method: 'cash' });
    const voucher = await env.DB.prepare('SELECT voucher_ref FROM transactions WHERE id = ?').bind(answer.transaction.id).first<{ voucher_ref: string }>();
    expect((await payAtAgency(voucher?.voucher_ref ?? '')).status).toBe(200);
    const payment = await detail(finance.token, answer.transaction.id);
    expect(payment).toMatchObject({ method: 'cash', manual: true, refundable: PRICE });
    const res = await postRefund(finance.token, refundBody(answer.transaction.id, PRICE));
    expect(res.status).toBe(201);
    expect(RefundAnswer.parse(await res.json()).refund).toMatchObject({ manual: true, provider_ref: null, state: 'done', method: 'cash' });
  });

  it.each(['en', 'ar'] as const)('serves the credit note PDF in the customer\'s language (%s), and lists and exports the refunds', async (lang) => {
    const finance = await staffMember(['finance']);
    const { tx } = await cardPayment({ lang });
    const { refund } = RefundAnswer.parse(await (await postRefund(finance.token, refundBody(tx, 4000))).json());
    const number = refund.credit_note?.number ?? '';
    expect(refund.credit_note?.pdf).toBe(`/admin/refunds/credit-notes/${number}.pdf`);
    const pdf = await adminRefunds(finance.token, `/credit-notes/${number}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const parsed = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getTitle()).toBe(`${lang === 'ar' ? 'إشعار دائن' : 'Credit note'} ${number}`);
    // Kept once made: the second download is the same file.
    expect(new Uint8Array(await (await adminRefunds(finance.token, `/credit-notes/${number}.pdf`)).arrayBuffer()).length).toBeGreaterThan(1000);
    expect((await adminRefunds(finance.token, '/credit-notes/999999.pdf')).status).toBe(404);

    const list = RefundList.parse(await (await adminRefunds(finance.token, `/?staff=${encodeURIComponent(finance.email)}&currency=MAD&method=card&provider=sandbox&from=${refund.created_at.slice(0, 10)}&to=${refund.created_at.slice(0, 10)}`)).json());
    expect(list.refunds.map((r) => r.id)).toEqual([refund.id]);
    expect(RefundList.parse(await (await adminRefunds(finance.token, `/?staff=${finance.id}&currency=EUR`)).json()).refunds).toEqual([]);
    const csv = await adminRefunds(finance.token, `/?staff=${finance.id}&format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM spreadsheets read UTF-8 by
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('created_at,refund,transaction,credit_note,')).toBe(true);
    expect(text).toContain(`${refund.id},${tx},${number},`);
    expect(text).toContain(',MAD,4000,40.00,keep,');
    expect((await adminRefunds(finance.token, '/?from=yesterday')).status).toBe(400);
  });

  it('pages the list newest first with a cursor', async () => {
    const finance = await staffMember(['finance']);
    const { tx } = await cardPayment();
    for (let i = 0; i < 3; i++) expect((await postRefund(finance.token, refundBody(tx, 100 + i))).status).toBe(201);
    const first = RefundList.parse(await (await adminRefunds(finance.token, `/?staff=${finance.id}&limit=2`)).json());
    expect(first.refunds.map((r) => r.amount)).toEqual([102, 101]);
    const second = RefundList.parse(await (await adminRefunds(finance.token, `/?staff=${finance.id}&limit=2&cursor=${encodeURIComponent(first.next_cursor ?? '')}`)).json());
    expect(second).toMatchObject({ refunds: [{ amount: 100 }], next_cursor: null });
  });
});

describe('the refund-due queue', () => {
  it('lists an event order paid after its seats were gone until a refund resolves it: the order refunded, its tickets void', async () => {
    const finance = await staffMember(['finance']);
    const made = await festival(1);
    const [first, second] = [await registeredUser(), await registeredUser()];
    const T0 = Date.now();
    const order = async (who: Account, when: number) => {
      const res = await callApi('/events/orders', { method: 'POST', token: who.tokens.token, body: { show: made.showId, items: [{ type: made.venue, quantity: 1 }], currency: 'MAD', method: 'card' }, headers: { 'x-test-now': new Date(when).toISOString() } });
      expect(res.status, await res.clone().text()).toBe(200);
      return OrderAnswer.parse(await res.json());
    };
    const early = await order(first, T0);
    await order(second, T0 + 11 * 60_000);
    const callback = await decide({ transaction: early.transaction as never, checkout: early.checkout }, 'approve');
    expect((await deliver(callback, new Date(T0 + 12 * 60_000))).status).toBe(200);
    const tx = early.transaction.id;

    const queue = RefundDueQueue.parse(await (await adminRefunds(finance.token, '/refund-due')).json());
    expect(queue.items.map((i) => [i.id, i.kind, i.captured, i.refundable])).toContainEqual([tx, 'order', 15000, 15000]);
    expect(queue.items.find((i) => i.id === tx)?.what).toBe('Opening night');
    const res = await postRefund(finance.token, refundBody(tx, 15000, { reason: 'Seats gone when the payment came' }));
    expect(res.status, await res.clone().text()).toBe(201);
    const orderRow = await env.DB.prepare('SELECT state FROM orders WHERE id = ?').bind(early.order.id).first<{ state: string }>();
    expect(orderRow?.state).toBe('refunded');
    expect(await count("SELECT COUNT(*) AS n FROM etickets WHERE order_id = ? AND state != 'void'", early.order.id)).toBe(0);
    const after = RefundDueQueue.parse(await (await adminRefunds(finance.token, '/refund-due')).json());
    expect(after.items.map((i) => i.id)).not.toContain(tx);
  });
});
