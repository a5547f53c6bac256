import { useI18n } from '../../i18n';
import { Axes, ChartFrame, ChartTable, describe, geometry, type ChartProps, type ChartSeries } from './Chart';
import { bucketLabel, formatValue } from './format';

/**
 * A bar per bucket (revenue of a day, loans of a month): bars grow from zero, down for a negative
 * value (a day when more was refunded than sold). Server-rendered SVG (see Chart.tsx).
 */
export function BarChart({ series, ...props }: ChartProps & { series: ChartSeries }) {
  const { lang, dir, t } = useI18n();
  const { points } = series;
  const buckets = points.map((p) => p.bucket);
  const g = geometry(dir, points.length, points.map((p) => p.value), props.unit, 'slots');
  const width = Math.max(1, g.step * 0.7);
  const zero = g.y(0);
  return (
    <ChartFrame
      title={props.title}
      description={describe(lang, t, { summary: 'sum', ...props }, [series])}
      table={<ChartTable title={props.title} unit={props.unit} granularity={props.granularity} series={[series]} shown={props.table === 'shown'} />}
    >
      <Axes g={g} unit={props.unit} buckets={buckets} granularity={props.granularity} dir={dir} />
      <g className="chart__bars">
        {points.map((p, i) => {
          const top = Math.min(zero, g.y(p.value));
          return (
            <rect key={p.bucket} className={p.value < 0 ? 'chart__bar chart__bar--negative' : 'chart__bar'} x={g.x(i) - width / 2} y={top} width={width} height={Math.abs(g.y(p.value) - zero)}>
              <title>{`${bucketLabel(lang, t, p.bucket, props.granularity, 'long')}: ${formatValue(lang, props.unit, p.value)}`}</title>
            </rect>
          );
        })}
      </g>
    </ChartFrame>
  );
}
