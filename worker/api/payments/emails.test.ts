import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { LANGS } from '../../rules/lang';
import { billingEmail, type BillingEmail } from './emails';

const EMAILS: BillingEmail[] = [
  { kind: 'receipt', plan: '3 mois', amount: 15900, currency: 'MAD', end: '2027-02-22T10:00:00.000Z', invoice: 'TAF-2026-000042' },
  { kind: 'trial_ending', plan: 'Monthly', end: '2026-12-24T10:00:00.000Z', amount: 699, currency: 'EUR', charged: true },
  { kind: 'trial_ending', plan: 'Monthly', end: '2026-12-24T10:00:00.000Z', amount: 5900, currency: 'MAD', charged: false },
  { kind: 'renewal_reminder', plan: 'Yearly', end: '2027-11-24T10:00:00.000Z' },
  { kind: 'payment_failed', plan: 'Monthly', reason: 'CARD_DECLINED' },
  { kind: 'ended', plan: 'Monthly' },
];

describe('billing emails', () => {
  it.each(LANGS)('every kind in %s: a subject, the plan, a link to the right page on the public origin, escaped html', (lang) => {
    for (const email of EMAILS) {
      const { subject, text, html } = billingEmail(lang, { ...email, plan: `${email.plan} <b>` }, 'https://tafrij.ma');
      expect(subject.length).toBeGreaterThan(5);
      expect(text).toContain(`${email.plan} <b>`);
      expect(html).not.toContain(`${email.plan} <b>`);
      expect(html).toContain(`${email.plan} &lt;b&gt;`);
      expect(text).toMatch(new RegExp(`https://tafrij\\.ma/(subscription|profile|settings)[^\\s]*lang=${lang}`));
      expect(html).toContain(`lang="${lang}"`);
      expect(`${subject}${text}`).not.toMatch(/undefined|NaN/);
    }
  });

  it('says the amount and the date in the reader’s terms', () => {
    const { text } = billingEmail('fr', EMAILS[0] as BillingEmail, 'https://tafrij.ma');
    expect(text).toContain('159.00 MAD');
    expect(text).toContain('22 février 2027');
    expect(text).toContain('TAF-2026-000042');
  });

  it('a failed payment says why in words, never as a code', () => {
    const { text } = billingEmail('ar', { kind: 'payment_failed', plan: 'شهري', reason: 'CARD_DECLINED' }, 'https://tafrij.ma');
    expect(text).not.toContain('CARD_DECLINED');
    expect(text).toContain(translate('ar')('PAYMENT_ERROR_CARD_DECLINED'));
    expect(billingEmail('en', { kind: 'payment_failed', plan: 'Monthly', reason: 'PROVIDER_ERROR: socket hang up' }, 'https://tafrij.ma').text).toContain(translate('en')('PAYMENT_FAILED'));
  });
});
