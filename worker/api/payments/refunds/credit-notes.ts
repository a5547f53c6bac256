// A refund's credit note: its data from D1, printed by the invoices' PDF (worker/api/payments/invoices/pdf.ts)
// in the customer's language, referring to the invoice of the payment it corrects.
import { isLang } from '../../../rules/lang';
import { isCurrency } from '../../../rules/subscription';
import { translate } from '../../../i18n';
import { BUYER_JOIN, DOCUMENT_COLUMNS, documentParts, formatInvoiceNumber, type DocumentRow, type InvoiceSettings } from '../invoices';
import type { InvoiceDocument } from '../invoices/pdf';

/** What a credit note prints from configuration: the invoices' settings and its own series' prefix. */
export type CreditNoteSettings = InvoiceSettings & { CREDIT_NOTE_PREFIX?: string | undefined };

/** The credit notes' prefix when none is set: "AV" (avoir). */
export const DEFAULT_CREDIT_NOTE_PREFIX = 'AV';

/** "AV-2026-000007": the prefix, the year of issue and the number of the credit notes' own continuous series. */
export const formatCreditNoteNumber = (prefix: string | undefined, number: number, issuedAt: string): string => formatInvoiceNumber(prefix || DEFAULT_CREDIT_NOTE_PREFIX, number, issuedAt);

/** The number of a credit note as typed or printed ("AV-2026-000007", "7"), or null. */
export function creditNoteNumberOf(text: string): number | null {
  const match = /^(?:[A-Za-z0-9]{1,12}-\d{4}-)?(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

type Row = DocumentRow & {
  number: number; issued_at: string; lang: string; amount: number; currency: string; invoice_number: number | null; invoice_issued_at: string | null;
  period_start: string | null; period_end: string | null; paid_at: string; manual: number; refund_ref: string | null; refund_id: string;
};

/** The credit note of `number`, ready for the PDF, or null when there is none. */
export async function creditNoteDocument(db: D1Database, settings: CreditNoteSettings, number: number): Promise<InvoiceDocument | null> {
  const row = await db
    .prepare(
      `SELECT c.number, c.issued_at, c.lang, c.amount, c.currency, c.invoice_number, i.issued_at AS invoice_issued_at, i.period_start, i.period_end,
              t.updated_at AS paid_at, r.manual, r.provider_ref AS refund_ref, r.id AS refund_id, ${DOCUMENT_COLUMNS}
       FROM credit_notes c JOIN refunds r ON r.id = c.refund_id JOIN transactions t ON t.id = c.transaction_id ${BUYER_JOIN}
       LEFT JOIN invoices i ON i.number = c.invoice_number
       WHERE c.number = ?`,
    )
    .bind(number)
    .first<Row>();
  if (!row || !isCurrency(row.currency)) return null;
  const lang = isLang(row.lang) ? row.lang : 'en';
  const { description, method, ...parts } = await documentParts(db, settings, row, lang);
  return {
    number: formatCreditNoteNumber(settings.CREDIT_NOTE_PREFIX, row.number, row.issued_at),
    issuedAt: row.issued_at,
    lang,
    ...parts,
    line: { description, periodStart: row.period_start ?? row.paid_at, periodEnd: row.period_end ?? row.paid_at },
    currency: row.currency,
    total: row.amount,
    payment: { method: row.manual === 1 ? translate(lang)('ADMIN_REFUNDS_PDF_MANUAL', { method }) : method, reference: row.refund_ref ?? row.refund_id, paidAt: row.issued_at },
    credit: {
      invoice: row.invoice_number === null || !row.invoice_issued_at ? null : formatInvoiceNumber(settings.INVOICE_PREFIX, row.invoice_number, row.invoice_issued_at),
      invoiceDate: row.invoice_issued_at,
    },
  };
}
