import { labelEvery, yTicks } from './chart-scale';
import { useWidth } from './use-width';

/** One part of a bar, stacked from the baseline up in the order given. */
export interface BarPart {
  value: number;
  /** Added to `bar` for its colour (e.g. `errors`); the first part has the plain bar colour. */
  className?: string;
}

export interface Bar {
  /** Unique among the bars (a date, a value). */
  key: string;
  /** The x label under the bar, shown when it fits (see `labelEvery`). */
  label: number;
  parts: BarPart[];
  /** The bar's exact figures, shown on hover (the axis rounds them). */
  title: string;
}

interface BarChartProps {
  bars: Bar[];
  /** The y-axis title ("Requests", "% of draws"). */
  yTitle: string;
  /** The x-axis title; none when the labels say it (the days of a month). */
  xTitle?: string;
  tickLabel: (tick: number) => string;
  /** The chart's accessible name: what it shows, then the summary. */
  label: string;
  /** The chart in one sentence, shown under it: what a screen reader reads instead of the bars. */
  summary: string;
  className?: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, left: 58 };

/**
 * The portal's bar chart (usage per day, draws per number): bars over a labelled y-axis of round ticks, drawn as
 * plain SVG at the container's width so that text keeps its size. It is an image with a name and a caption that
 * sum it up; the pages give the exact figures beside it (the outcome summary and token table, the stats table).
 */
export function BarChart({ bars, yTitle, xTitle, tickLabel, label, summary, className }: BarChartProps) {
  const { ref, width } = useWidth<HTMLElement>(640);
  const totals = bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0));
  const ticks = yTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1];
  const bottom = xTitle ? 36 : 24;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - bottom;
  const baseline = HEIGHT - bottom;
  const y = (value: number) => baseline - (value / top) * plotHeight;
  const step = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(1, step * 0.7);
  const every = labelEvery(step);

  return (
    <figure className={`chart-figure ${className ?? ''}`} ref={ref}>
      <svg
        className="chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={label}
      >
        <text
          className="axis-title"
          textAnchor="middle"
          transform={`translate(12 ${PAD.top + plotHeight / 2}) rotate(-90)`}
        >
          {yTitle}
        </text>
        {ticks.map((tick) => (
          <g key={tick} className="y-tick">
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tickLabel(tick)}
            </text>
          </g>
        ))}
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={baseline} />
        <line className="axis" x1={PAD.left} x2={width - PAD.right} y1={baseline} y2={baseline} />
        {bars.map((bar, index) => {
          const center = PAD.left + index * step + step / 2;
          let below = 0;
          return (
            <g key={bar.key}>
              {bar.parts.map((part, partIndex) => {
                const from = below;
                below += part.value;
                if (part.value <= 0) return null;
                return (
                  <rect
                    key={partIndex}
                    className={part.className ? `bar ${part.className}` : 'bar'}
                    x={center - barWidth / 2}
                    y={y(below)}
                    width={barWidth}
                    height={y(from) - y(below)}
                  >
                    <title>{bar.title}</title>
                  </rect>
                );
              })}
              {(every === 1 || bar.label === 1 || bar.label % every === 0) && (
                <text x={center} y={baseline + 16} textAnchor="middle">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
        {xTitle && (
          <text className="axis-title" x={PAD.left + plotWidth / 2} y={HEIGHT - 4} textAnchor="middle">
            {xTitle}
          </text>
        )}
      </svg>
      <figcaption className="small muted">{summary}</figcaption>
    </figure>
  );
}
