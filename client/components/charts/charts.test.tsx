// The report charts rendered as the server renders them (react-dom/server): an image named and
// described in the page's language, a table of the same figures, bars and lines where the values
// put them, the time axis running from the right in Arabic, numbers and money written the
// language's way, and no script.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../../worker/i18n';
import { I18nProvider, type Lang } from '../../i18n';
import { BarChart } from './BarChart';
import type { ChartSeries } from './Chart';
import { LineChart } from './LineChart';
import { niceTicks } from './scale';

const render = (lang: Lang, node: React.ReactNode): string =>
  renderToString(
    <I18nProvider lang={lang} dict={dictionaries[lang]}>
      {node}
    </I18nProvider>,
  );

/** Plain text of a fragment (tags dropped, entities React writes decoded, no-break spaces as spaces). */
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replace(/[\u00a0\u202f]/g, ' ');
const attr = (html: string, tag: string, name: string): string[] => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');
const inside = (html: string, tag: string): string[] => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => text(m[1] ?? ''));

const revenue: ChartSeries = {
  name: 'MAD',
  points: [
    { bucket: '2031-03-01', value: 0 },
    { bucket: '2031-03-02', value: 2180050 },
    { bucket: '2031-03-03', value: 590000 },
    { bucket: '2031-03-04', value: -200000 },
  ],
};

describe('BarChart', () => {
  it('is a named image with a summary, and a table of the same figures for screen readers', () => {
    const html = render('en', <BarChart title="Net revenue in MAD" unit={{ kind: 'money', currency: 'MAD' }} granularity="day" series={revenue} />);
    expect(html).not.toContain('<script');
    const [labelledBy] = attr(html, 'svg', 'aria-labelledby');
    expect(attr(html, 'svg', 'role')).toEqual(['img']);
    const [titleId, descId] = (labelledBy ?? '').split(' ');
    expect(html).toContain(`<title id="${titleId}">Net revenue in MAD</title>`);
    expect(inside(html, 'desc')).toEqual([
      'From 1 March 2031 to 4 March 2031. Total MAD 25,700.50; highest MAD 21,800.50 (2 March 2031), lowest -MAD 2,000.00 (4 March 2031).',
    ]);
    expect(html).toContain(`id="${descId}"`);
    // The table: unseen, read by screen readers; a row per day with the amount in full.
    expect(attr(html, 'table', 'class')).toEqual(['chart-table visually-hidden']);
    expect(inside(html, 'caption')).toEqual(['Net revenue in MAD']);
    expect(inside(html, 'tr').slice(1)).toEqual(['1 March 2031MAD 0.00', '2 March 2031MAD 21,800.50', '3 March 2031MAD 5,900.00', '4 March 2031-MAD 2,000.00']);
    expect(inside(html, 'th').slice(0, 2)).toEqual(['Day', 'MAD']);
  });

  it('draws a bar per day from zero, the highest the tallest, a negative one below the zero line', () => {
    const html = render('en', <BarChart title="t" unit={{ kind: 'money', currency: 'MAD' }} granularity="day" series={revenue} table="shown" />);
    const heights = attr(html, 'rect', 'height').map(Number);
    const ys = attr(html, 'rect', 'y').map(Number);
    expect(heights).toHaveLength(4);
    expect(heights[0]).toBe(0);
    expect(Math.max(...heights)).toBe(heights[1]);
    expect((heights[1] ?? 0) / (heights[2] ?? 1)).toBeCloseTo(2180050 / 590000, 1);
    // The zero line: where the first (empty) bar sits; the negative bar starts there and goes down.
    const [zero] = [...html.matchAll(/<line class="chart__zero"[^>]*y1="([^"]+)"/g)].map((m) => Number(m[1]));
    expect(ys[3]).toBeCloseTo(zero ?? NaN, 5);
    expect(attr(html, 'rect', 'class')[3]).toBe('chart__bar chart__bar--negative');
    expect(attr(html, 'table', 'class')).toEqual(['chart-table']);
    // Axis: round amounts in few characters.
    expect(inside(html, 'text')).toContain('MAD 20K');
    // Each bar says its day and amount on hover.
    expect(inside(html, 'rect')[1]).toBe('2 March 2031: MAD 21,800.50');
  });

  it('runs the time axis from the right in Arabic, with the value axis on the right, amounts and dates in Arabic with Latin digits', () => {
    const en = render('en', <BarChart title="t" unit={{ kind: 'money', currency: 'MAD' }} granularity="day" series={revenue} />);
    const ar = render('ar', <BarChart title="الإيرادات" unit={{ kind: 'money', currency: 'MAD' }} granularity="day" series={revenue} />);
    const centre = (html: string) => attr(html, 'rect', 'x').map((x, i) => Number(x) + Number(attr(html, 'rect', 'width')[i]) / 2);
    const ltr = centre(en);
    const rtl = centre(ar);
    expect(ltr).toEqual([...ltr].sort((a, b) => a - b));
    expect(rtl).toEqual([...rtl].sort((a, b) => b - a));
    // Mirrored: the first day sits as far from the right edge in Arabic as from the left in English.
    expect(640 - (rtl[0] ?? 0)).toBeCloseTo(ltr[0] ?? 0, 5);
    expect(attr(ar, 'svg', 'direction')).toEqual(['rtl']);
    const tickXs = [...ar.matchAll(/<text class="chart__tick" x="([^"]+)"[^>]*dominant-baseline/g)].map((m) => Number(m[1]));
    const barEdges = attr(ar, 'rect', 'x').map((x, i) => Number(x) + Number(attr(ar, 'rect', 'width')[i]));
    expect(tickXs.length).toBeGreaterThan(2);
    expect(tickXs.every((x) => x > Math.max(...barEdges))).toBe(true);
    expect(inside(ar, 'desc')[0]).toContain('21,800.50 د.م.');
    expect(inside(ar, 'desc')[0]).toContain('2 مارس 2031');
    expect(inside(ar, 'desc')[0]).not.toMatch(/[\u0660-\u0669]/);
  });

  it('says when a period has nothing to show', () => {
    const html = render('fr', <BarChart title="t" unit={{ kind: 'count' }} granularity="month" series={{ name: 'n', points: [{ bucket: '2031-03', value: 0 }] }} />);
    expect(inside(html, 'desc')).toEqual(['Aucun chiffre sur cette période.']);
  });
});

describe('LineChart', () => {
  const series: ChartSeries[] = [
    { name: 'Paying', points: [{ bucket: '2031-01', value: 1200 }, { bucket: '2031-02', value: 1350 }, { bucket: '2031-03', value: 1500 }] },
    { name: 'In a trial', points: [{ bucket: '2031-01', value: 300 }, { bucket: '2031-02', value: 250 }, { bucket: '2031-03', value: 400 }] },
  ];

  it('draws a line per series told apart by class (colour and dash), a legend, and a table with a column per series', () => {
    const html = render('fr', <LineChart title="Abonnés actifs" unit={{ kind: 'count' }} granularity="month" series={series} />);
    expect(attr(html, 'g', 'class').filter((c) => c.startsWith('chart__series'))).toEqual(['chart__series chart__series--1', 'chart__series chart__series--2']);
    expect(attr(html, 'polyline', 'points')).toHaveLength(2);
    expect(inside(html, 'li')).toEqual(['Paying', 'In a trial']);
    expect(html).toMatch(/<ul class="chart__legend" aria-hidden="true">/);
    expect(inside(html, 'th').slice(0, 3)).toEqual(['Mois', 'Paying', 'In a trial']);
    expect(inside(html, 'tr')[3]).toBe('mars 20311 500400');
    expect(inside(html, 'desc')[0]).toBe(
      'Du janvier 2031 au mars 2031. Paying: De 1 200 à 1 500 ; maximum 1 500 (mars 2031), minimum 1 200 (janvier 2031). In a trial: De 300 à 400 ; maximum 400 (mars 2031), minimum 250 (février 2031).',
    );
  });

  it('puts the higher value higher, the first month on the left in English and on the right in Arabic', () => {
    const en = render('en', <LineChart title="t" unit={{ kind: 'count' }} granularity="month" series={series.slice(0, 1)} />);
    const ar = render('ar', <LineChart title="t" unit={{ kind: 'count' }} granularity="month" series={series.slice(0, 1)} />);
    const points = (html: string) => (attr(html, 'polyline', 'points')[0] ?? '').split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    const [first, , last] = points(en);
    expect((first?.[0] ?? 0) < (last?.[0] ?? 0)).toBe(true);
    expect((last?.[1] ?? 0) < (first?.[1] ?? 0)).toBe(true);
    const [arFirst, , arLast] = points(ar);
    expect((arFirst?.[0] ?? 0) > (arLast?.[0] ?? 0)).toBe(true);
    // A single series needs no legend; weeks are named by their Monday.
    expect(en).not.toContain('chart__legend');
    const weeks = render('en', <LineChart title="t" unit={{ kind: 'ratio' }} granularity="week" series={[{ name: 'Churn', points: [{ bucket: '2031-03-03', value: 0.125 }, { bucket: '2031-03-10', value: 0.25 }] }]} />);
    expect(inside(weeks, 'tr')[1]).toBe('Week of 3 March 203112.5%');
    expect(inside(weeks, 'text')).toContain('25%');
  });
});

describe('niceTicks', () => {
  it('gives round steps that hold every value and zero', () => {
    expect(niceTicks([0, 2180050, 590000])).toEqual([0, 500000, 1000000, 1500000, 2000000, 2500000]);
    expect(niceTicks([-200000, 2180050])).toEqual([-500000, 0, 500000, 1000000, 1500000, 2000000, 2500000]);
    expect(niceTicks([3], 5, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks([0], 5, true)).toEqual([0, 1]);
    expect(niceTicks([0])).toEqual([0, 0.2]);
    expect(niceTicks([0.125, 0.25])).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25]);
  });
});
