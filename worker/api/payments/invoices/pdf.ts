// Invoice PDFs made in the Worker (issue 13): pdf-lib with fontkit, Noto Naskh Arabic for Arabic
// (shaped and ordered by ./text.ts) and Noto Sans for Latin text and numbers, in the user's language,
// laid out right to left in Arabic, with the seller's legal identifiers and the tax lines. A credit
// note (a refund of an invoice's payment, issue 32) is the same page with its own title, the invoice
// it corrects and how the money went back.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import arabicTtf from '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf';
import latinTtf from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
import { translate } from '../../../i18n';
import { dirOf, type Lang } from '../../../rules/lang';
import { formatMoney } from '../../../rules/money';
import type { Currency } from '../../../rules/subscription';
import { drawLine, lineWidth, type Fonts } from './text';

export type InvoiceDocument = {
  /** Formatted by the caller, e.g. "TAF-2026-000042". */
  number: string;
  issuedAt: string;
  lang: Lang;
  seller: { name: string; address: string; ice: string; rc: string; if: string; patente: string; vat: string; email: string };
  buyer: { name: string | null; contact: string };
  line: { description: string; periodStart: string; periodEnd: string };
  currency: Currency;
  /** Minor units, tax included. */
  total: number;
  /** Percent (TVA), e.g. 20. */
  taxRate: number;
  /** How it was paid (a credit note: how it is refunded, the refund's reference and date). */
  payment: { method: string; reference: string; paidAt: string };
  /** A credit note: the invoice it corrects (its number and date; null when the payment had none). */
  credit?: { invoice: string | null; invoiceDate: string | null };
};

/** Tax included in a total: exact integers, net + tax = total. */
export function taxOf(total: number, rate: number): { net: number; tax: number } {
  const tax = rate > 0 ? Math.round((total * rate) / (100 + rate)) : 0;
  return { net: total - tax, tax };
}

/** DD/MM/YYYY with Latin digits (spec §9 dates). */
const day = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('/');

const BRAND = rgb(0.78, 0, 0.15);
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.47);
const RULE = rgb(0.86, 0.86, 0.88);
const W = 595.28;
const H = 841.89;
const M = 48;

/** The texts that differ between an invoice and a credit note. */
function labelsOf(doc: InvoiceDocument, t: ReturnType<typeof translate>) {
  const credit = doc.credit;
  if (!credit) return { title: t('INVOICE_TITLE'), paidBy: t('INVOICE_PAID_BY'), refers: null, closing: t('INVOICE_THANKS') };
  return {
    title: t('ADMIN_REFUNDS_PDF_TITLE'),
    paidBy: t('ADMIN_REFUNDS_PDF_REFUNDED_BY'),
    refers: credit.invoice ? t('ADMIN_REFUNDS_PDF_INVOICE', { invoice: credit.invoice, date: day(credit.invoiceDate ?? doc.issuedAt) }) : t('ADMIN_REFUNDS_PDF_NO_INVOICE'),
    closing: t('ADMIN_REFUNDS_PDF_NOTE'),
  };
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const t = translate(doc.lang);
  const labels = labelsOf(doc, t);
  const dir = dirOf(doc.lang);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${labels.title} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setSubject(doc.line.description);
  pdf.setLanguage(doc.lang);
  pdf.setCreationDate(new Date(doc.issuedAt));
  const fonts: Fonts = {
    latin: await pdf.embedFont(latinTtf),
    arabic: await pdf.embedFont(arabicTtf),
    arabicShaper: fontkit.create(new Uint8Array(arabicTtf)),
  };
  const page = pdf.addPage([W, H]);
  // Positions are written for left-to-right; `start(x)` mirrors them in Arabic.
  const start = (x: number) => (dir === 'rtl' ? W - x : x);
  const line = (text: string, x: number, y: number, size = 10, options: { color?: ReturnType<typeof rgb>; align?: 'start' | 'end' } = {}) =>
    drawLine(page, fonts, text, start(x), y, { size, direction: dir, color: options.color ?? INK, ...(options.align ? { align: options.align } : {}) });
  const rule = (y: number) => page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.8, color: RULE });
  const money = (minor: number) => formatMoney(doc.lang, minor, doc.currency);

  // Header: the brand, then the title and number on the far side.
  page.drawRectangle({ x: 0, y: H - 8, width: W, height: 8, color: BRAND });
  line('Tafrij', M, H - 64, 26, { color: BRAND });
  line(labels.title, W - M, H - 58, 20, { align: 'end' });
  line(`${t('INVOICE_NUMBER')} ${doc.number}`, W - M, H - 78, 10, { align: 'end', color: MUTED });
  line(`${t('INVOICE_DATE')} ${day(doc.issuedAt)}`, W - M, H - 92, 10, { align: 'end', color: MUTED });
  if (labels.refers) line(labels.refers, W - M, H - 106, 10, { align: 'end', color: BRAND });
  rule(labels.refers ? H - 116 : H - 110);

  // Seller and customer.
  let y = H - 134;
  line(t('INVOICE_SELLER'), M, y, 9, { color: MUTED });
  line(t('INVOICE_CUSTOMER'), W / 2 + 10, y, 9, { color: MUTED });
  y -= 16;
  const seller = [
    doc.seller.name,
    doc.seller.address,
    doc.seller.ice && `ICE ${doc.seller.ice}`,
    [doc.seller.rc && `RC ${doc.seller.rc}`, doc.seller.if && `IF ${doc.seller.if}`].filter(Boolean).join(' · '),
    [doc.seller.patente && `${t('INVOICE_PATENTE')} ${doc.seller.patente}`, doc.seller.vat && `${t('INVOICE_VAT_ID')} ${doc.seller.vat}`].filter(Boolean).join(' · '),
    doc.seller.email,
  ].filter((s): s is string => Boolean(s));
  const buyer = [doc.buyer.name, doc.buyer.contact].filter((s): s is string => Boolean(s));
  // Each column is half the page: a longer value (an email address) is set smaller to stay inside it.
  const column = W / 2 - 10 - M;
  const fit = (text: string, size: number) => {
    let fitted = size;
    while (fitted > 6 && lineWidth(fonts, text, fitted, dir) > column) fitted -= 0.5;
    return fitted;
  };
  for (let i = 0; i < Math.max(seller.length, buyer.length); i++) {
    if (seller[i]) line(seller[i] ?? '', M, y, fit(seller[i] ?? '', 10));
    if (buyer[i]) line(buyer[i] ?? '', W / 2 + 10, y, fit(buyer[i] ?? '', 10));
    y -= 15;
  }

  // The line: description, period, amount.
  y -= 18;
  page.drawRectangle({ x: M, y: y - 8, width: W - 2 * M, height: 24, color: rgb(0.96, 0.96, 0.97) });
  line(t('INVOICE_DESCRIPTION'), M + 8, y, 9, { color: MUTED });
  line(t('INVOICE_PERIOD'), M + 250, y, 9, { color: MUTED });
  line(t('INVOICE_AMOUNT'), W - M - 8, y, 9, { color: MUTED, align: 'end' });
  y -= 30;
  line(doc.line.description, M + 8, y, 11);
  line(`${day(doc.line.periodStart)} – ${day(doc.line.periodEnd)}`, M + 250, y, 10);
  line(money(doc.total), W - M - 8, y, 11, { align: 'end' });
  y -= 18;
  rule(y);

  // Totals: net, tax, total (tax included in the price).
  const { net, tax } = taxOf(doc.total, doc.taxRate);
  const totals: [string, string, number][] = [
    [t('INVOICE_NET'), money(net), 10],
    [t('INVOICE_TAX', { rate: doc.taxRate }), money(tax), 10],
    [t('INVOICE_TOTAL'), money(doc.total), 13],
  ];
  y -= 22;
  for (const [label, value, size] of totals) {
    line(label, W / 2 + 10, y, size, size > 10 ? {} : { color: MUTED });
    line(value, W - M - 8, y, size, { align: 'end' });
    y -= size + 9;
  }

  // Payment.
  y -= 14;
  rule(y + 6);
  y -= 14;
  line(`${labels.paidBy} ${doc.payment.method} · ${day(doc.payment.paidAt)}`, M, y, 10);
  y -= 15;
  line(`${t('INVOICE_REFERENCE')} ${doc.payment.reference}`, M, y, 9, { color: MUTED });
  y -= 34;
  line(labels.closing, M, y, 11, { color: BRAND });

  // Footer: the seller's legal line.
  line([doc.seller.name, doc.seller.ice && `ICE ${doc.seller.ice}`, doc.seller.email].filter(Boolean).join(' · '), M, 40, 8, { color: MUTED });
  return pdf.save();
}
