import { useWidth } from '../../components/use-width';
import { daysInMonth, shortNumber, yTicks } from './chart-scale';

export interface DailyCount {
  date: string;
  count: number;
  success: number;
  errors: number;
}

interface UsageChartProps {
  /** 'YYYY-MM' */
  month: string;
  /** Days with requests (others count 0). */
  daily: DailyCount[];
}

const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 58 };

/**
 * A bar per day of the month, successes below and errors stacked on top, over a labelled y-axis; plain SVG drawn
 * at the container's width so that text keeps its size.
 */
export function UsageChart({ month, daily }: UsageChartProps) {
  const { ref, width } = useWidth<HTMLElement>(640);
  const days = daysInMonth(month);
  const byDay: DailyCount[] = Array.from({ length: days }, (_, i) => ({
    date: `${month}-${String(i + 1).padStart(2, '0')}`,
    count: 0,
    success: 0,
    errors: 0,
  }));
  for (const day of daily) {
    const index = Number(day.date.slice(8, 10)) - 1;
    if (day.date.startsWith(month) && index >= 0 && index < days) byDay[index] = day;
  }
  const counts = byDay.map((day) => day.count);
  const ticks = yTicks(Math.max(...counts));
  const top = ticks[ticks.length - 1];
  const total = counts.reduce((sum, n) => sum + n, 0);
  const errors = byDay.reduce((sum, day) => sum + day.errors, 0);
  const busiest = counts.indexOf(Math.max(...counts));

  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const baseline = HEIGHT - PAD.bottom;
  const y = (value: number) => baseline - (value / top) * plotHeight;
  const step = plotWidth / days;
  const barWidth = Math.max(2, step * 0.7);
  const labelEvery = step < 14 ? 10 : 5;
  const summary =
    total === 0
      ? `No requests in ${month}.`
      : `${plural(total, 'request')} in ${month} (${(total - errors).toLocaleString()} successful, ${plural(errors, 'error')}); busiest day ${byDay[busiest].date} with ${counts[busiest].toLocaleString()}.`;

  return (
    <figure className="chart-figure" ref={ref}>
      <svg
        className="chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`Daily requests. ${summary}`}
      >
        <text
          className="axis-title"
          textAnchor="middle"
          transform={`translate(12 ${PAD.top + plotHeight / 2}) rotate(-90)`}
        >
          Requests
        </text>
        {ticks.map((tick) => (
          <g key={tick} className="y-tick">
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {shortNumber(tick)}
            </text>
          </g>
        ))}
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={baseline} />
        <line className="axis" x1={PAD.left} x2={width - PAD.right} y1={baseline} y2={baseline} />
        {byDay.map((day, index) => {
          const x = PAD.left + index * step + (step - barWidth) / 2;
          const number = index + 1;
          const title = `${day.date}: ${plural(day.count, 'request')} (${day.success.toLocaleString()} successful, ${plural(day.errors, 'error')})`;
          return (
            <g key={day.date}>
              {day.success > 0 && (
                <rect
                  className="bar"
                  x={x}
                  y={y(day.success)}
                  width={barWidth}
                  height={baseline - y(day.success)}
                >
                  <title>{title}</title>
                </rect>
              )}
              {day.errors > 0 && (
                <rect
                  className="bar errors"
                  x={x}
                  y={y(day.count)}
                  width={barWidth}
                  height={y(day.success) - y(day.count)}
                >
                  <title>{title}</title>
                </rect>
              )}
              {(number === 1 || number % labelEvery === 0) && (
                <text x={PAD.left + index * step + step / 2} y={HEIGHT - 6} textAnchor="middle">
                  {number}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* The outcome summary above the chart is its legend (the same swatches). */}
      <figcaption className="small muted">{summary}</figcaption>
    </figure>
  );
}

/** "1 error", "2 errors". */
function plural(count: number, noun: string): string {
  return `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;
}
