/**
 * Charts of the back office's reports (issue 32), drawn on the server as plain SVG.
 *
 * Why no chart library: a report page is read, not played with. These charts are markup the server
 * writes once, so the page ships no JavaScript for them (a chart library draws in the browser:
 * tens of kilobytes, and nothing to see until it has run), they print, they follow the site's CSS
 * variables and the page's direction like the rest of the page, and an assistive technology gets a
 * named image with a summary and the same figures as a table. What they need (a value axis with
 * round ticks, a time axis, bars, lines) is a hundred lines.
 *
 * Right to left: the time axis runs from the right in Arabic (the first bucket on the right), the
 * value axis stands on the right; text is laid out in the page's direction. Numbers, amounts and
 * dates are written as the page's language writes them (worker/rules/money.ts, Intl, Latin digits).
 */
import { useId, type ReactNode } from 'react';
import { useI18n, type Lang, type Translate } from '../../i18n';
import type { Granularity } from '../../../worker/rules/reports';
import { bucketLabel, formatTick, formatValue, type ChartUnit } from './format';
import { labelEvery, niceTicks } from './scale';

/** One line (or the bars) of a chart: a value per bucket, in bucket order. */
export type ChartSeries = { name: string; points: readonly { bucket: string; value: number }[] };

export type ChartProps = {
  title: string;
  unit: ChartUnit;
  granularity: Granularity;
  /** 'sum': the values add up (revenue, loans: the description gives the total); 'level': each is a state (subscribers: it gives the first and last). */
  summary?: 'sum' | 'level';
  /** The table of the figures: unseen but read by screen readers (default), or shown under the chart. */
  table?: 'hidden' | 'shown';
};

/** The drawing's size (the SVG scales to its box; text stays in proportion). */
export const WIDTH = 640;
export const HEIGHT = 260;
const TOP = 12;
const BOTTOM = 40;
/** Room for the value axis's labels, on the left (on the right in Arabic). */
const AXIS = 76;
const FAR = 12;

/** Where things go: the plot's box, the place of bucket `i` of `n` along the time axis, the height of a value. */
export type Geometry = { left: number; right: number; top: number; bottom: number; x: (i: number) => number; step: number; y: (value: number) => number; ticks: number[] };

export function geometry(dir: 'ltr' | 'rtl', buckets: number, values: readonly number[], unit: ChartUnit, placement: 'slots' | 'points'): Geometry {
  const left = dir === 'rtl' ? FAR : AXIS;
  const right = WIDTH - (dir === 'rtl' ? AXIS : FAR);
  const top = TOP;
  const bottom = HEIGHT - BOTTOM;
  // Counts and amounts (minor units) are whole numbers: no tick between two of them.
  const ticks = niceTicks(values, 5, unit.kind !== 'ratio');
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const width = right - left;
  const step = placement === 'slots' ? width / Math.max(1, buckets) : buckets > 1 ? width / (buckets - 1) : width;
  const offset = (i: number) => (placement === 'slots' ? step * (i + 0.5) : buckets > 1 ? step * i : width / 2);
  return {
    left,
    right,
    top,
    bottom,
    step,
    x: (i) => (dir === 'rtl' ? right - offset(i) : left + offset(i)),
    y: (value) => top + ((high - value) / (high - low || 1)) * (bottom - top),
    ticks,
  };
}

/** The value axis (ticks and grid lines) and the time axis (a label every few buckets). */
export function Axes({ g, unit, buckets, granularity, dir }: { g: Geometry; unit: ChartUnit; buckets: readonly string[]; granularity: Granularity; dir: 'ltr' | 'rtl' }) {
  const { lang, t } = useI18n();
  const every = labelEvery(buckets.length);
  // Text anchored at its end: the right end in English (left of the plot), the left end in Arabic (right of it).
  const tickX = dir === 'rtl' ? g.right + 8 : g.left - 8;
  return (
    <g className="chart__axes">
      {g.ticks.map((tick) => (
        <g key={tick}>
          <line className={tick === 0 ? 'chart__zero' : 'chart__grid'} x1={g.left} x2={g.right} y1={g.y(tick)} y2={g.y(tick)} />
          <text className="chart__tick" x={tickX} y={g.y(tick)} textAnchor="end" dominantBaseline="middle">
            {formatTick(lang, unit, tick)}
          </text>
        </g>
      ))}
      {buckets.map((bucket, i) =>
        i % every === 0 ? (
          <text key={bucket} className="chart__tick" x={g.x(i)} y={g.bottom + 18} textAnchor="middle">
            {bucketLabel(lang, t, bucket, granularity, 'short')}
          </text>
        ) : null,
      )}
    </g>
  );
}

/**
 * What the image says in words: the period, then per series its highest and lowest bucket and its
 * total ('sum') or first and last value ('level').
 */
export function describe(lang: Lang, t: Translate, props: Pick<ChartProps, 'unit' | 'granularity' | 'summary'>, series: readonly ChartSeries[]): string {
  const buckets = series[0]?.points.map((p) => p.bucket) ?? [];
  if (buckets.length === 0 || series.every((s) => s.points.every((p) => p.value === 0))) return t('ADMIN_REPORTS_CHART_EMPTY');
  const label = (bucket: string) => bucketLabel(lang, t, bucket, props.granularity, 'long');
  const value = (v: number) => formatValue(lang, props.unit, v);
  const period = t('ADMIN_REPORTS_CHART_PERIOD', { first: label(buckets[0] as string), last: label(buckets[buckets.length - 1] as string) });
  const parts = series.map((s) => {
    const max = s.points.reduce((a, b) => (b.value > a.value ? b : a));
    const min = s.points.reduce((a, b) => (b.value < a.value ? b : a));
    const first = s.points[0] ?? max;
    const last = s.points[s.points.length - 1] ?? max;
    const extremes = { max: value(max.value), maxLabel: label(max.bucket), min: value(min.value), minLabel: label(min.bucket) };
    const text =
      props.summary === 'level'
        ? t('ADMIN_REPORTS_CHART_LEVEL', { first: value(first.value), last: value(last.value), ...extremes })
        : t('ADMIN_REPORTS_CHART_SUM', { total: value(s.points.reduce((sum, p) => sum + p.value, 0)), ...extremes });
    return series.length > 1 ? `${s.name}: ${text}` : text;
  });
  return [period, ...parts].join(' ');
}

/** The figures of a chart as a table: a row per bucket, a column per series. */
export function ChartTable({ title, unit, granularity, series, shown }: { title: string; unit: ChartUnit; granularity: Granularity; series: readonly ChartSeries[]; shown: boolean }) {
  const { lang, t } = useI18n();
  const buckets = series[0]?.points.map((p) => p.bucket) ?? [];
  return (
    <table className={shown ? 'chart-table' : 'chart-table visually-hidden'}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t(PERIOD_HEADERS[granularity])}</th>
          {series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket, i) => (
          <tr key={bucket}>
            <th scope="row">{bucketLabel(lang, t, bucket, granularity, 'long')}</th>
            {series.map((s) => (
              <td key={s.name}>{formatValue(lang, unit, s.points[i]?.value ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const PERIOD_HEADERS: Record<Granularity, string> = { day: 'ADMIN_REPORTS_COLUMN_DAY', week: 'ADMIN_REPORTS_COLUMN_WEEK', month: 'ADMIN_REPORTS_COLUMN_MONTH' };

/** The figure around a chart: its visible title, the image (named by its title, described by its summary), a legend, the table. */
export function ChartFrame({ title, description, legend, table, children }: { title: string; description: string; legend?: ReactNode; table: ReactNode; children: ReactNode }) {
  const { dir } = useI18n();
  const id = useId();
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <svg className="chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} direction={dir}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
      {legend}
      {table}
    </figure>
  );
}
