import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { LANGS, type Lang } from '../../rules/lang';
import { billingEmail, type BillingEmail } from './emails';

type WithPlan = Extract<BillingEmail, { plan: string }>;

/** The amount as the reader's language writes it (worker/rules/money.ts). */
const MAD_59: Record<Lang, RegExp> = { en: /MAD\s59\.00/, fr: /59,00\sMAD/, ar: /59\.00\sد\.م\./, es: /59,00\sMAD/ };

it.each(LANGS)('a ticket pack receipt in %s says the tickets added and the balance, in words that agree with the count', (lang) => {
  const { text } = billingEmail(lang, { kind: 'tickets_receipt', pack: '5 tickets', amount: 5900, currency: 'MAD', tickets: 5, credits: 7, invoice: 'TAF-2026-000050' }, 'https://tafrij.ma');
  expect(text).toMatch(MAD_59[lang]);
  expect(text).toContain(translate(lang)('TICKETS_ADDED', { count: 5, credits: 7 }));
  expect(text).not.toMatch(/\(s\)|MAD\s*\d.*MAD/);
  expect(text).toContain('7');
  expect(text).toContain('TAF-2026-000050');
  expect(text).toMatch(new RegExp(`https://tafrij\\.ma/settings/billingActivity\\?lang=${lang}`));
});

const EMAILS: WithPlan[] = [
  { kind: 'receipt', plan: '3 mois', amount: 15900, currency: 'MAD', end: '2027-02-22T10:00:00.000Z', invoice: 'TAF-2026-000042' },
  { kind: 'trial_ending', plan: 'Monthly', end: '2026-12-24T10:00:00.000Z', amount: 699, currency: 'EUR', charged: true },
  { kind: 'trial_ending', plan: 'Monthly', end: '2026-12-24T10:00:00.000Z', amount: 5900, currency: 'MAD', charged: false },
  { kind: 'renewal_reminder', plan: 'Yearly', end: '2027-11-24T10:00:00.000Z' },
  { kind: 'payment_failed', plan: 'Monthly', reason: 'CARD_DECLINED' },
  { kind: 'ended', plan: 'Monthly' },
  { kind: 'agent_recorded', plan: 'Monthly', bought: 'plan', amount: 5900, currency: 'MAD', agent: 'Agence Derb Sultan' },
  { kind: 'voucher', plan: 'Monthly', bought: 'plan', amount: 5900, currency: 'MAD', reference: '482109375512', end: '2026-11-29T10:00:00.000Z', agencies: 'Wafacash, Cash Plus', transactionId: '7b0c3c7e-8d0e-4a43-9d35-4c1f0e3b2a10' },
];

describe('billing emails', () => {
  it.each(LANGS)('every kind in %s: a subject, the plan, a link to the right page on the public origin, escaped html', (lang) => {
    for (const email of EMAILS) {
      const { subject, text, html } = billingEmail(lang, { ...email, plan: `${email.plan} <b>` }, 'https://tafrij.ma');
      expect(subject.length).toBeGreaterThan(5);
      expect(text).toContain(`${email.plan} <b>`);
      expect(html).not.toContain(`${email.plan} <b>`);
      expect(html).toContain(`${email.plan} &lt;b&gt;`);
      expect(text).toMatch(new RegExp(`https://tafrij\\.ma/(subscription|profile|settings|payments/voucher)[^\\s]*lang=${lang}`));
      expect(html).toContain(`lang="${lang}"`);
      expect(`${subject}${text}`).not.toMatch(/undefined|NaN/);
    }
  });

  it('a voucher gives its reference in groups, the amount, its end in Morocco’s time and where to pay; its expiry says nothing was charged', () => {
    const { text } = billingEmail('fr', EMAILS[7] as BillingEmail, 'https://tafrij.ma');
    expect(text).toContain('4821 0937 5512');
    expect(text).toMatch(MAD_59.fr);
    expect(text).toMatch(/29 novembre 2026 à 1[01]:00/); // Morocco's clock: UTC+1 outside Ramadan (as the runtime's time zone data has it)
    expect(text).toContain('Wafacash, Cash Plus');
    for (const lang of LANGS) {
      const expired = billingEmail(lang, { kind: 'voucher_expired' }, 'https://tafrij.ma');
      expect(expired.text).toMatch(new RegExp(`https://tafrij\\.ma/subscription\\?lang=${lang}`));
      expect(expired.text).toContain('4');
    }
  });

  it('says the amount and the date in the reader’s terms', () => {
    const { text } = billingEmail('fr', EMAILS[0] as BillingEmail, 'https://tafrij.ma');
    expect(text).toMatch(/159,00\sMAD/);
    expect(text).toContain('22 février 2027');
    expect(text).toContain('TAF-2026-000042');
  });

  it('a failed payment says why in words, never as a code', () => {
    const { text } = billingEmail('ar', { kind: 'payment_failed', plan: 'شهري', reason: 'CARD_DECLINED' }, 'https://tafrij.ma');
    expect(text).not.toContain('CARD_DECLINED');
    expect(text).toContain(translate('ar')('PAYMENT_ERROR_CARD_DECLINED'));
    expect(billingEmail('en', { kind: 'payment_failed', plan: 'Monthly', reason: 'PROVIDER_ERROR: socket hang up' }, 'https://tafrij.ma').text).toContain(translate('en')('PAYMENT_FAILED'));
  });

  it.each(LANGS)('a voucher and an agent’s record in %s say what comes once paid: Premium for a plan, tickets for a pack', (lang) => {
    const premium = { en: /Premium starts/, fr: /Premium commence/, ar: /يبدأ الاشتراك المميز/, es: /Premium empieza/ }[lang];
    const tickets = { en: /Your tickets are added/, fr: /Vos tickets sont ajoutés/, ar: /تُضاف تذاكرك/, es: /Tus entradas se añaden/ }[lang];
    for (const email of [EMAILS[6], EMAILS[7]] as Extract<BillingEmail, { kind: 'voucher' | 'agent_recorded' }>[]) {
      const plan = billingEmail(lang, email, 'https://tafrij.ma').text;
      expect(plan).toMatch(premium);
      expect(plan).not.toMatch(tickets);
      const pack = billingEmail(lang, { ...email, plan: '5 tickets', bought: 'tickets' }, 'https://tafrij.ma').text;
      expect(pack).toMatch(tickets);
      expect(pack).not.toMatch(premium);
    }
  });

  it.each(LANGS)('a trial ending in %s names the plan as a plan', (lang) => {
    const { text } = billingEmail(lang, EMAILS[1] as BillingEmail, 'https://tafrij.ma');
    expect(text).toMatch({ en: /free trial of the Monthly plan/, fr: /essai gratuit de l'offre Monthly/, ar: /لباقة Monthly/, es: /prueba gratuita del plan Monthly/ }[lang]);
  });

  it('writes amounts the reader’s way: the dirham in Arabic letters in Arabic', () => {
    for (const lang of LANGS) expect(billingEmail(lang, EMAILS[0] as BillingEmail, 'https://tafrij.ma').text).toMatch({ en: /MAD\s159\.00/, fr: /159,00\sMAD/, ar: /159\.00\sد\.م\./, es: /159,00\sMAD/ }[lang]);
    expect(billingEmail('ar', EMAILS[0] as BillingEmail, 'https://tafrij.ma').text).not.toContain('MAD');
  });

  it.each(LANGS)('money taken for nothing delivered, in %s: the amount, what was bought (a plan, a ticket pack, event seats), that it will be refunded', (lang) => {
    const says = {
      en: { plan: 'the Monthly plan', tickets: 'the ticket pack 5 tickets', order: 'seats for Opening night', refund: /will be refunded/ },
      fr: { plan: "l'offre Monthly", tickets: 'le pack de tickets 5 tickets', order: 'des places pour Opening night', refund: /vous sera remboursée/ },
      ar: { plan: 'باقة Monthly', tickets: 'حزمة التذاكر 5 tickets', order: 'مقاعد لعرض Opening night', refund: /سيُردّ إليك المبلغ/ },
      es: { plan: 'el plan Monthly', tickets: 'el paquete de entradas 5 tickets', order: 'entradas para Opening night', refund: /Te devolveremos/ },
    }[lang];
    for (const [bought, what] of [['plan', 'Monthly'], ['tickets', '5 tickets'], ['order', 'Opening night']] as const) {
      const { subject, text, html } = billingEmail(lang, { kind: 'refund_due', bought, what, amount: 5900, currency: 'MAD' }, 'https://tafrij.ma');
      expect(subject.length).toBeGreaterThan(5);
      expect(text).toContain(says[bought]);
      expect(text).toMatch(MAD_59[lang]);
      expect(text).toMatch(says.refund);
      expect(text).toMatch(new RegExp(`https://tafrij\\.ma/${bought === 'order' ? 'my-tickets' : 'settings/billingActivity'}\\?lang=${lang}`));
      expect(html).toContain(`lang="${lang}"`);
      expect(`${subject}${text}`).not.toMatch(/undefined|NaN/);
    }
  });
});

it.each(LANGS)('a refund in %s says how much of what, its credit note and invoice, how the money comes back and what became of the subscription', (lang) => {
  const t = translate(lang);
  const base = { kind: 'refunded', bought: 'plan', what: '3 mois', amount: 5900, currency: 'MAD', creditNote: 'AV-2026-000007', invoice: 'TAF-2026-000042', manual: false } as const;
  const kept = billingEmail(lang, { ...base, subscription: { ended: false, until: '2027-02-22T10:00:00.000Z' } }, 'https://tafrij.ma');
  expect(kept.subject).toMatch(MAD_59[lang]);
  expect(kept.text).toMatch(MAD_59[lang]);
  expect(kept.text).toContain('3 mois');
  expect(kept.text).toContain(t('ADMIN_REFUNDS_MAIL_CREDIT_NOTE', { number: 'AV-2026-000007', invoice: 'TAF-2026-000042' }));
  expect(kept.text).toContain(t('ADMIN_REFUNDS_MAIL_CARD'));
  expect(kept.text).toContain('2027');
  expect(kept.text).toMatch(new RegExp(`https://tafrij\\.ma/settings/billingActivity\\?lang=${lang}`));
  const ended = billingEmail(lang, { ...base, bought: 'order', manual: true, invoice: null, subscription: { ended: true } }, 'https://tafrij.ma');
  expect(ended.text).toContain(t('ADMIN_REFUNDS_MAIL_MANUAL'));
  expect(ended.text).toContain(t('ADMIN_REFUNDS_MAIL_CREDIT_NOTE_ONLY', { number: 'AV-2026-000007' }));
  expect(ended.text).toContain(t('ADMIN_REFUNDS_MAIL_ENDED'));
  expect(ended.text).toMatch(/\/my-tickets\?lang=/);
  expect(billingEmail(lang, { ...base, subscription: null }, 'https://tafrij.ma').text).not.toContain(t('ADMIN_REFUNDS_MAIL_ENDED'));
});
