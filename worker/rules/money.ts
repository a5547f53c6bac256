import type { Lang } from './lang';
import type { Currency } from './subscription';

/** Bidirectional marks Intl puts around Arabic amounts: the page isolates amounts itself (<bdi>), and PDF fonts have no glyph for them. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Every amount a person reads (pages, emails, SMS, vouchers, invoices), on the server and in the
 * browser: one Intl.NumberFormat rule, the language's own way with Latin digits — "MAD 15.00" and
 * "$7.49" in English, "15,00 MAD" and "6,99 €" in French and Spanish, "15.00 د.م." in Arabic (the
 * dirham in Arabic letters). Minor units in.
 */
export function formatMoney(lang: Lang, minor: number, currency: Currency): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, numberingSystem: 'latn' }).format(minor / 100).replace(BIDI_MARKS, '');
}

/**
 * An amount in few characters, for a chart's axis: "MAD 1.2K", "1,2 k MAD", "1.2 ألف د.م." (one
 * decimal at most, Latin digits). Minor units in.
 */
export function formatMoneyShort(lang: Lang, minor: number, currency: Currency): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1, numberingSystem: 'latn' }).format(minor / 100).replace(BIDI_MARKS, '');
}
