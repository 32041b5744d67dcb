import { useWidth } from '../../components/use-width';

interface DailyCount {
  date: string;
  count: number;
}

interface UsageChartProps {
  /** 'YYYY-MM' */
  month: string;
  /** Days with requests (others count 0). */
  daily: DailyCount[];
}

const HEIGHT = 180;
const PAD = { top: 14, right: 8, bottom: 22, left: 44 };

function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** A bar per day of the month, in plain SVG drawn at the container's width (so text keeps its size). */
export function UsageChart({ month, daily }: UsageChartProps) {
  const { ref, width } = useWidth<HTMLElement>(640);
  const days = daysInMonth(month);
  const counts = Array.from({ length: days }, () => 0);
  for (const day of daily) {
    const index = Number(day.date.slice(8, 10)) - 1;
    if (day.date.startsWith(month) && index >= 0 && index < days) counts[index] = day.count;
  }
  const max = Math.max(1, ...counts);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const busiest = counts.indexOf(Math.max(...counts));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / days;
  const barWidth = Math.max(2, step * 0.7);
  const labelEvery = step < 14 ? 10 : 5;
  const summary =
    total === 0
      ? `No requests in ${month}.`
      : `${total.toLocaleString()} requests in ${month}; busiest day ${month}-${String(busiest + 1).padStart(2, '0')} with ${counts[busiest].toLocaleString()}.`;

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
        <line
          className="axis"
          x1={PAD.left}
          x2={width - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
        />
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {max.toLocaleString()}
        </text>
        <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end">
          0
        </text>
        {counts.map((count, index) => {
          const height = (count / max) * plotHeight;
          const x = PAD.left + index * step + (step - barWidth) / 2;
          const day = index + 1;
          return (
            <g key={day}>
              {count > 0 && (
                <rect
                  className="bar"
                  x={x}
                  y={HEIGHT - PAD.bottom - height}
                  width={barWidth}
                  height={height}
                  rx={1}
                >
                  <title>{`${month}-${String(day).padStart(2, '0')}: ${count.toLocaleString()} requests`}</title>
                </rect>
              )}
              {(day === 1 || day % labelEvery === 0) && (
                <text x={PAD.left + index * step + step / 2} y={HEIGHT - 6} textAnchor="middle">
                  {day}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="small muted">{summary}</figcaption>
    </figure>
  );
}
