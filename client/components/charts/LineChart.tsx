import { useI18n } from '../../i18n';
import { Axes, ChartFrame, ChartTable, describe, geometry, type ChartProps, type ChartSeries } from './Chart';
import { bucketLabel, formatValue } from './format';

/** Markers on each point while they stay apart. */
const MARKERS_UP_TO = 40;

/**
 * Lines over time (subscribers, MRR, a rate), up to four of one unit, told apart by colour and by
 * dash (so they differ without colour too), named in a legend. Server-rendered SVG (see Chart.tsx).
 */
export function LineChart({ series, ...props }: ChartProps & { series: readonly ChartSeries[] }) {
  const { lang, dir, t } = useI18n();
  const shown = series.slice(0, 4);
  const buckets = shown[0]?.points.map((p) => p.bucket) ?? [];
  const g = geometry(dir, buckets.length, shown.flatMap((s) => s.points.map((p) => p.value)), props.unit, 'points');
  return (
    <ChartFrame
      title={props.title}
      description={describe(lang, t, { summary: 'level', ...props }, shown)}
      legend={
        shown.length > 1 ? (
          <ul className="chart__legend" aria-hidden="true">
            {shown.map((s, n) => (
              <li key={s.name} className={`chart__key chart__series--${n + 1}`}>
                {s.name}
              </li>
            ))}
          </ul>
        ) : null
      }
      table={<ChartTable title={props.title} unit={props.unit} granularity={props.granularity} series={shown} shown={props.table === 'shown'} />}
    >
      <Axes g={g} unit={props.unit} buckets={buckets} granularity={props.granularity} dir={dir} />
      {shown.map((s, n) => (
        <g key={s.name} className={`chart__series chart__series--${n + 1}`}>
          <polyline className="chart__line" points={s.points.map((p, i) => `${round(g.x(i))},${round(g.y(p.value))}`).join(' ')} />
          {s.points.length <= MARKERS_UP_TO &&
            s.points.map((p, i) => (
              <circle key={p.bucket} className="chart__point" cx={round(g.x(i))} cy={round(g.y(p.value))} r={3}>
                <title>{`${s.name}, ${bucketLabel(lang, t, p.bucket, props.granularity, 'long')}: ${formatValue(lang, props.unit, p.value)}`}</title>
              </circle>
            ))}
        </g>
      ))}
    </ChartFrame>
  );
}

const round = (n: number): number => Math.round(n * 10) / 10;
