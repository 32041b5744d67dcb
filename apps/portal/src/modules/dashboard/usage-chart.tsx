import { BarChart } from '../../components/bar-chart';
import { shortNumber } from '../../components/chart-scale';
import { everyDay, plural, usageSummary, type DailyCount } from './usage-days';

interface UsageChartProps {
  /** 'YYYY-MM' */
  month: string;
  /** Days with requests (others count 0). */
  daily: DailyCount[];
}

/** A bar per day of the month, successes below and errors stacked on top in their own colour. */
export function UsageChart({ month, daily }: UsageChartProps) {
  const days = everyDay(month, daily);
  const summary = usageSummary(month, days);
  return (
    // The outcome summary above the chart is its legend (the same swatches).
    <BarChart
      yTitle="Requests"
      tickLabel={shortNumber}
      label={`Daily requests. ${summary}`}
      summary={summary}
      bars={days.map((day, index) => ({
        key: day.date,
        label: index + 1,
        parts: [{ value: day.success }, { value: day.errors, className: 'errors' }],
        title: `${day.date}: ${plural(day.count, 'request')} (${day.success.toLocaleString()} successful, ${plural(day.errors, 'error')})`,
      }))}
    />
  );
}
