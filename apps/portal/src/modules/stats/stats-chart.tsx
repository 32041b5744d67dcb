import { useWidth } from '../../components/use-width';
import { yTicks } from '../dashboard/chart-scale';
import { highlights, percent, type StatsGroup } from './stats-window';

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 36, left: 52 };

/**
 * A bar per value: how often it was drawn in the window, in per cent of the draws, over a labelled y-axis and
 * the values along x. Plain SVG at the container's width (text keeps its size); the table below is its
 * alternative, value by value.
 */
export function StatsChart({ group, draws }: { group: StatsGroup; draws: number }) {
  const { ref, width } = useWidth<HTMLElement>(640);
  const { values } = group;
  const max = Math.max(0, ...values.map((v) => v.frequency * 100));
  const ticks = yTicks(max);
  const top = ticks[ticks.length - 1];
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const baseline = HEIGHT - PAD.bottom;
  const y = (value: number) => baseline - (value / top) * plotHeight;
  const step = plotWidth / Math.max(1, values.length);
  const barWidth = Math.max(1, step * 0.75);
  // Enough room for the labels: every value, or 1 and every 5th or 10th.
  const labelEvery = step >= 22 ? 1 : step >= 6 ? 5 : 10;
  const { hot, cold } = highlights(values, 1);
  const summary =
    values.length === 0 || draws === 0
      ? `No draw in this window.`
      : `${values.length} values from ${values[0].value} to ${values[values.length - 1].value}; most drawn ${hot[0].value} (${percent(hot[0].frequency)} of draws), least drawn ${cold[0].value} (${percent(cold[0].frequency)}).`;

  return (
    <figure className="chart-figure stats-chart" ref={ref}>
      <svg
        className="chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`How often each ${group.name === 'Main numbers' ? 'main number' : group.name} was drawn. ${summary}`}
      >
        <text
          className="axis-title"
          textAnchor="middle"
          transform={`translate(12 ${PAD.top + plotHeight / 2}) rotate(-90)`}
        >
          % of draws
        </text>
        {ticks.map((tick) => (
          <g key={tick} className="y-tick">
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick} %
            </text>
          </g>
        ))}
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={baseline} />
        <line className="axis" x1={PAD.left} x2={width - PAD.right} y1={baseline} y2={baseline} />
        {values.map((v, index) => {
          const height = baseline - y(v.frequency * 100);
          const center = PAD.left + index * step + step / 2;
          return (
            <g key={v.value}>
              <rect
                className="bar"
                x={center - barWidth / 2}
                y={baseline - height}
                width={barWidth}
                height={height}
              >
                <title>{`${v.value}: drawn ${v.count.toLocaleString()} times (${percent(v.frequency)})`}</title>
              </rect>
              {(labelEvery === 1 || v.value === 1 || v.value % labelEvery === 0) && (
                <text x={center} y={baseline + 14} textAnchor="middle">
                  {v.value}
                </text>
              )}
            </g>
          );
        })}
        <text className="axis-title" x={PAD.left + plotWidth / 2} y={HEIGHT - 4} textAnchor="middle">
          Number
        </text>
      </svg>
      <figcaption className="small muted">{summary} Every value's figures are in the table below.</figcaption>
    </figure>
  );
}
