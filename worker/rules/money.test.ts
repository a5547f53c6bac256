import { describe, expect, it } from 'vitest';
import { formatMoney as format, formatMoneyShort } from './money';
import type { Lang } from './lang';
import type { Currency } from './subscription';

/** The amount with its (no-break) spaces as plain spaces. */
const formatMoney = (lang: Lang, minor: number, currency: Currency): string => format(lang, minor, currency).replace(/\s/g, ' ');

describe('formatMoney (worker/rules/money)', () => {
  it('writes an amount the way of each language, Latin digits, the dirham in Arabic letters in Arabic', () => {
    expect(formatMoney('en', 1500, 'MAD')).toBe('MAD 15.00');
    expect(formatMoney('en', 749, 'USD')).toBe('$7.49');
    expect(formatMoney('fr', 1500, 'MAD')).toBe('15,00 MAD');
    expect(formatMoney('fr', 699, 'EUR')).toBe('6,99 €');
    expect(formatMoney('es', 5900, 'MAD')).toBe('59,00 MAD');
    expect(formatMoney('ar', 1500, 'MAD')).toBe('15.00 د.م.');
    expect(formatMoney('ar', 1500, 'MAD')).not.toMatch(/MAD|[\u200e\u200f\u0660-\u0669]/);
    expect(formatMoney('ar', 699, 'EUR')).toMatch(/^6\.99\s€$/);
  });

  it('keeps the minor units exact', () => {
    expect(formatMoney('en', 29899, 'MAD')).toBe('MAD 298.99');
    expect(formatMoney('en', 0, 'MAD')).toBe('MAD 0.00');
    expect(formatMoney('en', 123456, 'USD')).toBe('$1,234.56');
  });
});

describe('formatMoneyShort (worker/rules/money)', () => {
  it('writes an axis amount in few characters, whole when it is, one decimal at most, Latin digits', () => {
    const short = (lang: Lang, minor: number, currency: Currency) => formatMoneyShort(lang, minor, currency).replace(/\s/g, ' ');
    expect(short('en', 3_000_000, 'MAD')).toBe('MAD 30K');
    expect(short('en', 125_000_000, 'USD')).toBe('$1.3M');
    expect(short('en', 0, 'EUR')).toBe('€0');
    expect(short('fr', 3_000_000, 'EUR')).toBe('30 k €');
    expect(short('ar', 3_000_000, 'MAD')).toBe('30 ألف د.م.');
  });
});
