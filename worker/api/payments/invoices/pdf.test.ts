import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../rules/lang';
import { renderInvoicePdf, taxOf, type InvoiceDocument } from './pdf';
import { visualRuns } from './text';

const doc = (lang: InvoiceDocument['lang'], total = 4900): InvoiceDocument => ({
  number: 'TAF-2026-000042',
  issuedAt: '2026-11-24T10:00:00.000Z',
  lang,
  seller: { name: 'Tafrij SARL', address: 'Casablanca', ice: '001234567000089', rc: '123456', if: '7654321', patente: '3456789', vat: '', email: 'billing@tafrij.ma' },
  buyer: { name: 'Amina El Idrissi', contact: 'amina@example.com' },
  line: { description: lang === 'ar' ? 'تفرّج المميز – 3 أشهر' : 'Tafrij Premium – 3 months', periodStart: '2026-11-24T10:00:00.000Z', periodEnd: '2027-02-22T10:00:00.000Z' },
  currency: 'MAD',
  total,
  taxRate: 20,
  payment: { method: 'Card (sandbox)', reference: 'sbx_123', paidAt: '2026-11-24T10:00:00.000Z' },
});

describe('invoice PDF', () => {
  it('net + tax = total, exactly, with tax included in the price', () => {
    for (const total of [0, 1, 5, 999, 4900, 15900, 54999]) {
      const { net, tax } = taxOf(total, 20);
      expect(net + tax).toBe(total);
      expect(Number.isInteger(tax)).toBe(true);
    }
    expect(taxOf(4900, 20)).toEqual({ net: 4083, tax: 817 });
    expect(taxOf(4900, 0)).toEqual({ net: 4900, tax: 0 });
  });

  it.each(LANGS)('renders a one-page PDF in %s with the number in its title', async (lang) => {
    const started = performance.now();
    const bytes = await renderInvoicePdf(doc(lang));
    console.log(`invoice ${lang}: ${bytes.length} bytes in ${Math.round(performance.now() - started)} ms`);
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getTitle()).toContain('TAF-2026-000042');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('orders an Arabic line with numbers right to left, numbers kept left to right', () => {
    const runs = visualRuns('المجموع 49.00 MAD', 'rtl').filter((r) => r.text.trim());
    // Read right to left: the word, the amount, the currency (Unicode bidi: "MAD 49.00 المجموع" left to right).
    expect(runs.map((r) => r.text.trim())).toEqual(['MAD', '49.00', 'المجموع']);
    expect(runs.map((r) => r.arabic)).toEqual([false, false, true]);
    expect(visualRuns('رقم TAF-2026-000042', 'rtl').map((r) => r.text.trim()).filter(Boolean)).toEqual(['TAF-2026-000042', 'رقم']);
    expect(visualRuns('Total 49.00 MAD', 'ltr').map((r) => r.text)).toEqual(['Total 49.00 MAD']);
  });
});
