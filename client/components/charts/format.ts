import { formatNumber, type Lang, type Translate } from '../../i18n';
import { formatMoney, formatMoneyShort } from '../../../worker/rules/money';
import type { Granularity } from '../../../worker/rules/reports';
import type { Currency } from '../../../worker/rules/subscription';
import { intlLocale } from '../../../worker/rules/translate';

/** What a chart's values are: a count, an amount of one currency (minor units), or a ratio (0.25 = 25 %). */
export type ChartUnit = { kind: 'count' } | { kind: 'money'; currency: Currency } | { kind: 'ratio' };

/** A value in full, as the table and the description write it: "1,234", "MAD 1,234.50", "12.5%". */
export function formatValue(lang: Lang, unit: ChartUnit, value: number): string {
  if (unit.kind === 'money') return formatMoney(lang, value, unit.currency);
  if (unit.kind === 'ratio') return formatNumber(lang, value, { style: 'percent', maximumFractionDigits: 1 });
  return formatNumber(lang, value);
}

/** A value in few characters, for the axis: "1.2K", "MAD 1.2K", "25%". */
export function formatTick(lang: Lang, unit: ChartUnit, value: number): string {
  if (unit.kind === 'money') return formatMoneyShort(lang, value, unit.currency);
  if (unit.kind === 'ratio') return formatNumber(lang, value, { style: 'percent', maximumFractionDigits: 0 });
  return formatNumber(lang, value, { notation: 'compact', maximumFractionDigits: 1 });
}

const date = (lang: Lang, day: string, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00.000Z`));

/**
 * A bucket's name (worker/rules/reports.ts keys: YYYY-MM-DD, the Monday of a week, YYYY-MM): short
 * on the axis ("3 Mar", "Mar 26"), long in the table and description ("3 March 2026", "Week of
 * 2 March 2026", "March 2026").
 */
export function bucketLabel(lang: Lang, t: Translate, bucket: string, granularity: Granularity, form: 'short' | 'long'): string {
  if (granularity === 'month') return date(lang, `${bucket}-01`, form === 'short' ? { month: 'short', year: '2-digit' } : { month: 'long', year: 'numeric' });
  const day = date(lang, bucket, form === 'short' ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'long', year: 'numeric' });
  return granularity === 'week' && form === 'long' ? t('ADMIN_REPORTS_WEEK_OF', { date: day }) : day;
}
