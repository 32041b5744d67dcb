import { BarChart } from '../../components/bar-chart';
import { highlights, percent, type StatsGroup } from './stats-window';

/**
 * A bar per value: how often it was drawn in the window, in per cent of the draws; the table below is its
 * alternative, value by value.
 */
export function StatsChart({ group, draws }: { group: StatsGroup; draws: number }) {
  const { values } = group;
  const { hot, cold } = highlights(values, 1);
  const summary =
    values.length === 0 || draws === 0
      ? `No draw in this window.`
      : `${values.length} values from ${values[0].value} to ${values[values.length - 1].value}; most drawn ${hot[0].value} (${percent(hot[0].frequency)} of draws), least drawn ${cold[0].value} (${percent(cold[0].frequency)}).`;
  const what = group.name === 'Main numbers' ? 'main number' : group.name;
  return (
    <BarChart
      className="stats-chart"
      yTitle="% of draws"
      xTitle="Number"
      tickLabel={(tick) => `${tick} %`}
      label={`How often each ${what} was drawn. ${summary}`}
      summary={`${summary} Every value's figures are in the table below.`}
      bars={values.map((v) => ({
        key: String(v.value),
        label: v.value,
        parts: [{ value: v.frequency * 100 }],
        title: `${v.value}: drawn ${v.count.toLocaleString()} times (${percent(v.frequency)})`,
      }))}
    />
  );
}
