// An accepted payment's invoice: its data from D1 and the seller's identifiers from configuration.
import type { Bindings } from '../../../env';
import { isLang, type Lang } from '../../../rules/lang';
import { isCurrency } from '../../../rules/subscription';
import { translate } from '../../../i18n';
import { findPlan } from '../plans';
import type { InvoiceDocument } from './pdf';

/** "TAF-2026-000042": the prefix, the year of issue and the number of the one continuous series. */
export const formatInvoiceNumber = (prefix: string, number: number, issuedAt: string): string => `${prefix || 'INV'}-${issuedAt.slice(0, 4)}-${String(number).padStart(6, '0')}`;


/** The invoice's line names what was bought: a plan, a ticket pack, event seats. */
const INVOICE_LINES = { plan: 'INVOICE_PLAN_LINE', tickets: 'INVOICE_TICKETS_LINE', order: 'INVOICE_ORDER_LINE' } as const;

/** What an invoice prints from configuration: the seller's identifiers, the tax rate and the numbers' prefix. */
export type InvoiceSettings = Pick<
  Bindings,
  'INVOICE_PREFIX' | 'INVOICE_TAX_RATE' | 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_ICE' | 'SELLER_RC' | 'SELLER_IF' | 'SELLER_PATENTE' | 'SELLER_VAT' | 'SELLER_EMAIL'
>;

/** The columns every billing document reads of its payment and buyer (joined as `t`, `u` and `p`: BUYER_JOIN). */
export const DOCUMENT_COLUMNS = `t.id AS transaction_id, t.plan_id, t.purpose, t.provider_ref, t.method, t.coupon_code, u.email, u.phone, p.first_name, p.last_name`;
/** The buyer's name is their first profile's. */
export const BUYER_JOIN = `JOIN users u ON u.id = t.user_id LEFT JOIN profiles p ON p.id = (SELECT MIN(id) FROM profiles WHERE user_id = u.id)`;

export type DocumentRow = {
  transaction_id: string; plan_id: number; purpose: string; provider_ref: string | null; method: string; coupon_code: string | null;
  email: string | null; phone: string | null; first_name: string | null; last_name: string | null;
};

/**
 * What an invoice and a credit note of a payment print alike, in `lang`: the seller and the tax rate
 * from configuration, the buyer, the line naming what was bought, and how it was paid.
 */
export async function documentParts(db: D1Database, settings: InvoiceSettings, row: DocumentRow, lang: Lang): Promise<Pick<InvoiceDocument, 'seller' | 'buyer' | 'taxRate'> & { description: string; method: string }> {
  const t = translate(lang);
  const plan = await findPlan(db, row.plan_id);
  const rate = Number.parseFloat(settings.INVOICE_TAX_RATE);
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    seller: { name: settings.SELLER_NAME, address: settings.SELLER_ADDRESS, ice: settings.SELLER_ICE, rc: settings.SELLER_RC, if: settings.SELLER_IF, patente: settings.SELLER_PATENTE, vat: settings.SELLER_VAT, email: settings.SELLER_EMAIL },
    buyer: { name: name || null, contact: row.email ?? row.phone ?? '' },
    taxRate: Number.isFinite(rate) && rate >= 0 && rate < 100 ? rate : 0,
    description: `${t(INVOICE_LINES[row.purpose === 'tickets' || row.purpose === 'order' ? row.purpose : 'plan'], { plan: plan?.name[lang] ?? '' })}${row.coupon_code ? ` (${t('COUPON_CODE')} ${row.coupon_code})` : ''}`,
    method: t(`PAYMENT_METHOD_${row.method.toUpperCase()}`),
  };
}

/** The invoice of `number` if it belongs to `userId`, else null. */
export async function invoiceDocument(db: D1Database, settings: InvoiceSettings, userId: string, number: number): Promise<InvoiceDocument | null> {
  const row = await db.prepare(
    `SELECT i.number, i.issued_at, i.lang, i.period_start, i.period_end, t.amount, t.currency, t.updated_at, ${DOCUMENT_COLUMNS}
     FROM invoices i JOIN transactions t ON t.id = i.transaction_id ${BUYER_JOIN}
     WHERE i.number = ? AND i.user_id = ?`,
  )
    .bind(number, userId)
    .first<DocumentRow & { number: number; issued_at: string; lang: string; period_start: string; period_end: string; amount: number; currency: string; updated_at: string }>();
  if (!row || !isCurrency(row.currency)) return null;
  const lang = isLang(row.lang) ? row.lang : 'en';
  const { description, method, ...parts } = await documentParts(db, settings, row, lang);
  return {
    number: formatInvoiceNumber(settings.INVOICE_PREFIX, row.number, row.issued_at),
    issuedAt: row.issued_at,
    lang,
    ...parts,
    line: { description, periodStart: row.period_start, periodEnd: row.period_end },
    currency: row.currency,
    total: row.amount,
    payment: { method, reference: row.provider_ref ?? row.transaction_id, paidAt: row.updated_at },
  };
}

/**
 * An issued document's PDF (an invoice, a credit note: it never changes): made once, then kept in R2
 * under private/{folder}/ (outside the signed /media prefixes). pdf-lib, fontkit and the fonts (about
 * 3 MB) load with the first document made, not with every Worker start.
 */
export async function documentPdf(media: R2Bucket, folder: 'invoices' | 'credit-notes', doc: InvoiceDocument): Promise<Response> {
  const headers = { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${doc.number}.pdf"`, 'Cache-Control': 'private, no-store' };
  const key = `private/${folder}/${doc.number}.pdf`;
  const stored = await media.get(key);
  if (stored) return new Response(stored.body, { headers });
  const { renderInvoicePdf } = await import('./pdf');
  const pdf = await renderInvoicePdf(doc);
  await media.put(key, pdf, { httpMetadata: { contentType: 'application/pdf' } });
  return new Response(new Uint8Array(pdf), { headers });
}
