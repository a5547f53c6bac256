// A credit note's PDF read back (issue 32): the amount refunded, its number in the credit notes'
// series, the invoice it refers to, in the customer's language. Latin text is read through the
// fonts' ToUnicode maps; Arabic words, drawn in their shaped forms, are found as the glyphs the
// Arabic font gives them (worker/api/payments/invoices/pdf-reading.ts says why).
import fontkit from '@pdf-lib/fontkit';
import arabicTtf from '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf';
import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n';
import { registeredUser } from '../../../test/accounts';
import { pdfLanguage, pdfRuns } from '../invoices/pdf-reading';
import { pay } from '../testing';
import { RefundAnswer } from './schemas';
import { adminRefunds, staffMember } from './testing';

/** The 3-month plan's 159.00 MAD, half of it refunded. */
const PLAN_3_MONTHS = 5;
const HALF = 7950;

/** A card payment of a customer speaking `lang`, half refunded by finance: the credit note's number, the invoice's, and the PDF. */
async function creditNote(lang: 'en' | 'ar') {
  const finance = await staffMember(['finance']);
  const customer = await registeredUser();
  await env.DB.prepare('UPDATE users SET lang = ? WHERE id = ?').bind(lang, customer.id).run();
  const { answer } = await pay(customer.tokens.token, PLAN_3_MONTHS, 'approve', { currency: 'MAD' });
  const body = { transactionId: answer.transaction.id, amount: HALF, currency: 'MAD', reason: 'Half the period', effect: 'keep', idempotencyKey: crypto.randomUUID() };
  const { refund } = RefundAnswer.parse(await (await adminRefunds(finance.token, '/', { method: 'POST', body })).json());
  const number = refund.credit_note?.number ?? '';
  const invoice = await env.DB.prepare('SELECT number, issued_at FROM invoices WHERE transaction_id = ?').bind(answer.transaction.id).first<{ number: number; issued_at: string }>();
  const res = await adminRefunds(finance.token, `/credit-notes/${number}.pdf`);
  expect(res.status).toBe(200);
  return { number, invoice: `TAF-${invoice?.issued_at.slice(0, 4)}-${String(invoice?.number).padStart(6, '0')}`, invoiceDay: invoice?.issued_at.slice(0, 10).split('-').reverse().join('/') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('the credit note PDF, read back', () => {
  it('in English: title, its number, the invoice it refers to and the amount refunded, as text', async () => {
    const note = await creditNote('en');
    expect(note.number).toMatch(/^AV-\d{4}-\d{6}$/);
    const doc = await PDFDocument.load(note.bytes);
    expect([doc.getTitle(), pdfLanguage(doc)]).toEqual([`Credit note ${note.number}`, 'en']);
    const texts = (await pdfRuns(note.bytes)).flatMap((run) => (run.font === 'latin' ? [run.text] : []));
    expect(texts).toContain('Credit note');
    expect(texts).toContain(`No. ${note.number}`);
    expect(texts).toContain(`Refers to invoice ${note.invoice} of ${note.invoiceDay}`);
    // The line and the total are the refunded half, not the 159.00 paid; net + VAT make it up.
    expect(texts.filter((t) => t === 'MAD 79.50')).toHaveLength(2);
    expect(texts).toEqual(expect.arrayContaining(['Total including tax', 'MAD 66.25', 'MAD 13.25']));
    expect(texts.some((t) => t.includes('159'))).toBe(false);
  });

  it('in Arabic: the Arabic title and labels in their shaped forms, the number, invoice and amounts left to right', async () => {
    const note = await creditNote('ar');
    const doc = await PDFDocument.load(note.bytes);
    const t = translate('ar');
    expect([doc.getTitle(), pdfLanguage(doc)]).toEqual([`${t('ADMIN_REFUNDS_PDF_TITLE')} ${note.number}`, 'ar']);
    const runs = await pdfRuns(note.bytes);
    const texts = runs.flatMap((run) => (run.font === 'latin' ? [run.text.trim()] : []));
    // Numbers, references and amounts are Latin runs, each left to right.
    expect(texts).toEqual(expect.arrayContaining([note.number, note.invoice, note.invoiceDay, '79.50', '66.25', '13.25']));
    expect(texts.filter((text) => text === '79.50')).toHaveLength(2);
    expect(texts.some((text) => text.includes('159'))).toBe(false);
    // Arabic words: each drawn run is the shaping (joined forms, in visual order) of the expected words.
    const shaper = fontkit.create(new Uint8Array(arabicTtf));
    const drawn = runs.flatMap((run) => (run.font === 'arabic' ? [run.glyphs.join(',')] : []));
    const shaped = (words: string) => shaper.layout(words).glyphs.map((g) => g.id).join(',');
    expect(drawn).toContain(shaped(t('ADMIN_REFUNDS_PDF_TITLE')));
    expect(drawn).toContain(shaped(t('INVOICE_TOTAL')));
    expect(drawn).toContain(shaped(t('ADMIN_REFUNDS_PDF_NOTE')));
    // "يتعلّق بالفاتورة {invoice} بتاريخ {date}": the words around the invoice's number and date.
    const [before = '', between = ''] = t('ADMIN_REFUNDS_PDF_INVOICE', { invoice: '\u0000', date: '\u0000' }).split('\u0000');
    expect(drawn).toContain(shaped(before));
    expect(drawn).toContain(shaped(between));
    // Shaped, not isolated letters: the title's joined forms differ from its letters one by one.
    expect(shaped(t('ADMIN_REFUNDS_PDF_TITLE'))).not.toBe([...t('ADMIN_REFUNDS_PDF_TITLE')].reverse().map((ch) => shaper.layout(ch).glyphs[0]?.id).join(','));
  });
});
