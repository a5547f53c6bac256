// What the refunds' console reads (issue 32): the list of refunds with filters, a payment found by
// its transaction id or invoice number with what it captured and gave back, and the refund-due queue.
import { z } from 'zod';
import { isLang, type Lang } from '../../../rules/lang';
import type { Currency } from '../../../rules/subscription';
import { registeredFulfilments } from '../fulfilment';
import { formatInvoiceNumber } from '../invoices';
import { purchaseName } from '../refund-notice';
import { Transaction } from '../schemas';
import { RefundRow } from './claims';
import { formatCreditNoteNumber } from './credit-notes';
import { MANUAL_METHODS } from './refund';
import type { PaymentView, RefundView } from './schemas';

/** Where the routes are mounted: the credit notes' PDF links are under it. */
export const REFUNDS_BASE = '/admin/refunds';

/** The prefixes of the printed numbers (configuration). */
export type Prefixes = { invoice: string; creditNote: string | undefined };

const RefundJoined = RefundRow.extend({
  customer_email: z.string().nullable(),
  staff_email: z.string().nullable(),
  credit_note_number: z.number().nullable(),
  credit_note_issued_at: z.string().nullable(),
});

const REFUND_SELECT = `SELECT r.*, u.email AS customer_email, s.email AS staff_email, c.number AS credit_note_number, c.issued_at AS credit_note_issued_at
  FROM refunds r JOIN users u ON u.id = r.user_id LEFT JOIN users s ON s.id = r.staff_id LEFT JOIN credit_notes c ON c.refund_id = r.id`;

function refundView(raw: unknown, prefixes: Prefixes): RefundView {
  const r = RefundJoined.parse(raw);
  const number = r.credit_note_number !== null && r.credit_note_issued_at ? formatCreditNoteNumber(prefixes.creditNote, r.credit_note_number, r.credit_note_issued_at) : null;
  return {
    id: r.id,
    transaction_id: r.transaction_id,
    amount: r.amount,
    currency: r.currency,
    state: r.state,
    effect: r.effect,
    reason: r.reason,
    manual: r.manual,
    provider: r.provider,
    method: r.method,
    provider_ref: r.provider_ref,
    error: r.error,
    created_at: r.created_at,
    decided_at: r.decided_at,
    customer: { id: r.user_id, email: r.customer_email },
    staff: { id: r.staff_id, email: r.staff_email },
    credit_note: number && r.credit_note_issued_at ? { number, issued_at: r.credit_note_issued_at, pdf: `${REFUNDS_BASE}/credit-notes/${number}.pdf` } : null,
  };
}

export const refundViewById = async (db: D1Database, id: string, prefixes: Prefixes): Promise<RefundView | null> => {
  const row = await db.prepare(`${REFUND_SELECT} WHERE r.id = ?`).bind(id).first();
  return row ? refundView(row, prefixes) : null;
};

/** The list's filters (all optional): a time range of creation [from, to), provider, method, currency, staff member (id or email), state (default done). */
export type RefundFilters = {
  from?: string | undefined;
  to?: string | undefined;
  provider?: string | undefined;
  method?: string | undefined;
  currency?: Currency | undefined;
  staff?: string | undefined;
  state?: RefundRow['state'] | undefined;
};

/** A page's position: the last row's creation time and id (keyset: the next page starts after it). */
const Cursor = z.tuple([z.string(), z.string()]);
export const encodeCursor = (row: { created_at: string; id: string }): string => btoa(JSON.stringify([row.created_at, row.id]));
function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const parsed = Cursor.safeParse(JSON.parse(atob(cursor)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Refunds newest first, filtered, `limit` of them after `cursor` (the state and time indexes of refunds serve it). */
export async function listRefunds(db: D1Database, filters: RefundFilters, page: { limit: number; cursor?: string | undefined }, prefixes: Prefixes): Promise<{ refunds: RefundView[]; next_cursor: string | null }> {
  const where: string[] = ['r.state = ?'];
  const args: unknown[] = [filters.state ?? 'done'];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    args.push(value);
  };
  if (filters.from) add('r.created_at >= ?', filters.from);
  if (filters.to) add('r.created_at < ?', filters.to);
  if (filters.provider) add('r.provider = ?', filters.provider);
  if (filters.method) add('r.method = ?', filters.method);
  if (filters.currency) add('r.currency = ?', filters.currency);
  // A staff member by account id, or by email (the id looked up once through the users' email index).
  if (filters.staff?.includes('@')) add('r.staff_id = (SELECT id FROM users WHERE email = ?)', filters.staff.toLowerCase());
  else if (filters.staff) add('r.staff_id = ?', filters.staff);
  const after = decodeCursor(page.cursor);
  if (after) {
    where.push('(r.created_at < ? OR (r.created_at = ? AND r.id < ?))');
    args.push(after[0], after[0], after[1]);
  }
  const { results } = await db
    .prepare(`${REFUND_SELECT} WHERE ${where.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC LIMIT ?`)
    .bind(...args, page.limit + 1)
    .all();
  const refunds = results.slice(0, page.limit).map((row) => refundView(row, prefixes));
  const last = refunds[refunds.length - 1];
  return { refunds, next_cursor: results.length > page.limit && last ? encodeCursor(last) : null };
}

/** A payment's refunds, newest first (its history). */
async function refundsOf(db: D1Database, transactionId: string, prefixes: Prefixes): Promise<RefundView[]> {
  const { results } = await db.prepare(`${REFUND_SELECT} WHERE r.transaction_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 100`).bind(transactionId).all();
  return results.map((row) => refundView(row, prefixes));
}

const PaymentRow = Transaction.extend({
  user_id: z.string(),
  provider_ref: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lang: z.string().nullable(),
  invoice_issued_at: z.string().nullable(),
  refunded: z.number(),
  held: z.number(),
});

const PAYMENT_SELECT = `SELECT t.*, i.number AS invoice_number, i.issued_at AS invoice_issued_at, u.email, u.phone, u.lang,
    (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.transaction_id = t.id AND r.state = 'done') AS refunded,
    (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.transaction_id = t.id AND r.state = 'claimed') AS held
  FROM transactions t JOIN users u ON u.id = t.user_id LEFT JOIN invoices i ON i.transaction_id = t.id`;

async function paymentView(db: D1Database, raw: unknown, lang: Lang, prefixes: Prefixes): Promise<PaymentView> {
  const t = PaymentRow.parse(raw);
  const refundable = t.state === 'accepted' || t.state === 'refund_due' ? Math.max(0, t.amount - t.refunded - t.held) : 0;
  return {
    id: t.id,
    customer: { id: t.user_id, email: t.email, phone: t.phone, lang: isLang(t.lang) ? t.lang : 'ar' },
    purpose: t.purpose,
    what: await purchaseName(db, t, lang),
    provider: t.provider,
    method: t.method,
    state: t.state,
    currency: t.currency,
    captured: t.amount,
    refunded: t.refunded,
    held: t.held,
    refundable,
    manual: MANUAL_METHODS.includes(t.method),
    provider_ref: t.provider_ref,
    created_at: t.created_at,
    updated_at: t.updated_at,
    invoice: t.invoice_number !== null && t.invoice_issued_at ? { number: formatInvoiceNumber(prefixes.invoice, t.invoice_number, t.invoice_issued_at), issued_at: t.invoice_issued_at } : null,
  };
}

/** A payment with its refunds, or null. */
export async function paymentDetail(db: D1Database, transactionId: string, lang: Lang, prefixes: Prefixes): Promise<(PaymentView & { refunds: RefundView[] }) | null> {
  const row = await db.prepare(`${PAYMENT_SELECT} WHERE t.id = ?`).bind(transactionId).first();
  if (!row) return null;
  return { ...(await paymentView(db, row, lang, prefixes)), refunds: await refundsOf(db, transactionId, prefixes) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payments a search names: a transaction id, or an invoice number as printed ("TAF-2026-000042")
 * or typed ("42"). Both are primary keys.
 */
export async function findPayments(db: D1Database, q: string, lang: Lang, prefixes: Prefixes): Promise<PaymentView[]> {
  const text = q.trim();
  let row: unknown = null;
  if (UUID.test(text)) row = await db.prepare(`${PAYMENT_SELECT} WHERE t.id = ?`).bind(text.toLowerCase()).first();
  else {
    const invoice = /^(?:[A-Za-z0-9]{1,12}-\d{4}-)?0*(\d{1,9})$/.exec(text);
    if (invoice) row = await db.prepare(`${PAYMENT_SELECT} WHERE t.id = (SELECT transaction_id FROM invoices WHERE number = ?)`).bind(Number(invoice[1])).first();
  }
  return row ? [await paymentView(db, row, lang, prefixes)] : [];
}

/** How many owed payments each selling area is asked for (the queue is short by nature). */
const OWED_LIMIT = 500;

/**
 * The refund-due queue, oldest first: payments that are refund_due themselves (money taken for a
 * checkout closed here) and those a selling area says are owed (an event order paid after its seats
 * were gone), until refunded in whole.
 */
export async function refundDueQueue(db: D1Database, page: { limit: number; offset: number }, lang: Lang, prefixes: Prefixes) {
  const owed = (await Promise.all(registeredFulfilments().map((handlers) => handlers.owed(db, OWED_LIMIT)))).flat();
  const { results } = await db
    .prepare(
      `${PAYMENT_SELECT} WHERE t.state = 'refund_due' OR (t.state = 'accepted' AND t.id IN (SELECT value FROM json_each(?1)))
       ORDER BY t.updated_at, t.id LIMIT ?2 OFFSET ?3`,
    )
    .bind(JSON.stringify(owed), page.limit + 1, page.offset)
    .all();
  const items = await Promise.all(
    results.slice(0, page.limit).map(async (row) => {
      const view = await paymentView(db, row, lang, prefixes);
      return { ...view, kind: view.purpose === 'order' ? ('order' as const) : ('payment' as const), since: view.updated_at };
    }),
  );
  return { items, next_offset: results.length > page.limit ? page.offset + page.limit : null };
}

/** A refund's credit note and the invoice it refers to, as printed (for the customer's email). */
export async function creditNoteOf(db: D1Database, refundId: string, prefixes: Prefixes): Promise<{ number: string; invoice: string | null } | null> {
  const row = await db
    .prepare('SELECT c.number, c.issued_at, c.invoice_number, i.issued_at AS invoice_issued_at FROM credit_notes c LEFT JOIN invoices i ON i.number = c.invoice_number WHERE c.refund_id = ?')
    .bind(refundId)
    .first<{ number: number; issued_at: string; invoice_number: number | null; invoice_issued_at: string | null }>();
  if (!row) return null;
  return {
    number: formatCreditNoteNumber(prefixes.creditNote, row.number, row.issued_at),
    invoice: row.invoice_number !== null && row.invoice_issued_at ? formatInvoiceNumber(prefixes.invoice, row.invoice_number, row.invoice_issued_at) : null,
  };
}
